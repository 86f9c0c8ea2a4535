import { sanitizeMessageHtml } from '../msg/sanitize';
import { warmSegmenter } from '../recruit/resume-text';
import { loadHelpArticles } from './help-articles';
import { HelpIndex } from './help-index';
import { htmlToText } from './help-text';

/** The search index of the articles shipped in the repo, as the server builds it, without a database (tests, bench/help-offline.ts). */
export async function shippedArticleIndex(): Promise<HelpIndex> {
  await warmSegmenter();
  return new HelpIndex(
    loadHelpArticles().map((a, i) => ({
      id: i + 1,
      slug: a.slug,
      categoryId: 1,
      categoryName: a.category,
      title: a.title,
      bodyText: htmlToText(sanitizeMessageHtml(a.html)),
      path: a.route,
      published: true,
      updatedAt: new Date(),
      sort: a.sort ?? 0,
    })),
  );
}
