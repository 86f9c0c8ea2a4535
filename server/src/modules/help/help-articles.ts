import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { marked } from 'marked';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';

/*
 * The help centre's articles kept in the repo (issue 37): one Markdown file per article under
 * `articles/<category>/<slug>.md`, with front matter, reviewed like code and given to every database
 * as reference data (help.seed.ts). docs/domain/help.md says how to write one.
 */

const ZFrontMatter = z.object({
  title: z.string().min(1).max(100),
  /** Audience roles (role codes, or 'all'): whom the article is written for. */
  audience: z.array(z.string().min(1)).min(1),
  /** Words people ask with (转正, 试用期): listed under the article, so search and 小德 find it. */
  keywords: z.array(z.string().min(1)).default([]),
  /** The screen the article is about (a route of the app, query allowed), or none. */
  route: z
    .string()
    .regex(/^\/[A-Za-z]/, 'route 须以 / 开头')
    .optional(),
  sort: z.number().int().optional(),
});

export interface HelpArticleFile {
  slug: string;
  category: string;
  title: string;
  audience: string[];
  keywords: string[];
  route: string;
  sort: number | null;
  /** The body as HTML (the help centre's content), with the keywords as its last line. */
  html: string;
  /** Every route the body links to (`](/WorkBench/lizhi)`), for the test that follows them. */
  links: string[];
  file: string;
}

const here = path.dirname(fileURLToPath(import.meta.url));

/** The articles' folder: next to this file in the sources, `help-articles` beside the bundle when built. */
export function articlesFolder(): string {
  const candidates = [path.join(here, 'articles'), path.join(here, 'help-articles'), path.join(here, 'modules/help/articles')];
  const found = candidates.find((dir) => fs.existsSync(dir));
  if (!found) throw new Error(`help articles not found (looked in ${candidates.join(', ')})`);
  return found;
}

const FRONT = /^---\n([\s\S]*?)\n---\n?([\s\S]*)$/;

/** One file as an article; throws naming the file when its front matter is wrong. */
export function parseArticle(file: string, category: string, source: string): HelpArticleFile {
  const m = FRONT.exec(source.replace(/\r\n/g, '\n'));
  if (!m) throw new Error(`${file}: front matter (--- … ---) missing`);
  const parsed = ZFrontMatter.safeParse(parseYaml(m[1] ?? ''));
  if (!parsed.success) throw new Error(`${file}: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
  const front = parsed.data;
  const body = (m[2] ?? '').trim();
  const links = [...body.matchAll(/\]\((\/[^)\s]*)\)/g)].map((l) => l[1] as string);
  const keywords = front.keywords.length ? `\n\n<p class="help-keywords">关键词：${front.keywords.join('、')}</p>` : '';
  return {
    slug: path.basename(file, '.md'),
    category,
    title: front.title,
    audience: front.audience,
    keywords: front.keywords,
    route: front.route ?? '',
    sort: front.sort ?? null,
    html: `${marked.parse(body, { async: false, gfm: true })}${keywords}`,
    links: front.route ? [front.route, ...links] : links,
    file,
  };
}

let shipped: HelpArticleFile[] | null = null;

/**
 * Every article of the folder, by category folder and file name. The shipped folder is read once
 * per process (the help seed runs at every start, and a test process starts many servers).
 */
export function loadHelpArticles(dir?: string): HelpArticleFile[] {
  if (dir === undefined) {
    shipped ??= readFolder(articlesFolder());
    return shipped;
  }
  return readFolder(dir);
}

function readFolder(dir: string): HelpArticleFile[] {
  const out: HelpArticleFile[] = [];
  for (const category of fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()) {
    for (const name of fs
      .readdirSync(path.join(dir, category))
      .filter((f) => f.endsWith('.md'))
      .sort()) {
      const file = path.join(dir, category, name);
      out.push(parseArticle(path.join(category, name), category, fs.readFileSync(file, 'utf8')));
    }
  }
  return out;
}
