import { describe, expect, it } from 'vitest';
import { HELP_SEED_CATEGORIES } from './help.seed';
import { loadHelpArticles, parseArticle } from './help-articles';

describe('help articles kept as Markdown (issue 37)', () => {
  const articles = loadHelpArticles();

  it('all parse, each slug once, each in a category the help centre has', () => {
    expect(articles.length).toBeGreaterThanOrEqual(100);
    const slugs = articles.map((a) => a.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    const codes = new Set(HELP_SEED_CATEGORIES.map((c) => c.code));
    expect(articles.filter((a) => !codes.has(a.category)).map((a) => a.file)).toEqual([]);
    for (const a of articles) expect(a.slug, a.file).toMatch(/^[a-z][a-z0-9-]{0,63}$/);
  });

  it('renders the body and lists its keywords and links', () => {
    const a = parseArticle(
      'requests/x.md',
      'requests',
      '---\ntitle: 提交离职申请\naudience: [all]\nkeywords: [离职, 辞职]\nroute: /WorkBench/lizhi\n---\n1. 打开 [离职申请](/WorkBench/lizhi?x=1)。\n2. **提交**。\n',
    );
    expect(a).toMatchObject({ slug: 'x', title: '提交离职申请', route: '/WorkBench/lizhi', links: ['/WorkBench/lizhi', '/WorkBench/lizhi?x=1'] });
    expect(a.html).toContain('<ol>');
    expect(a.html).toContain('<strong>提交</strong>');
    expect(a.html).toContain('关键词：离职、辞职');
  });

  it('names the file and the field of wrong front matter', () => {
    expect(() => parseArticle('a/b.md', 'a', '1. no front matter')).toThrow('a/b.md: front matter');
    expect(() => parseArticle('a/b.md', 'a', '---\naudience: [all]\n---\nx')).toThrow(/a\/b\.md: title/);
    expect(() => parseArticle('a/b.md', 'a', '---\ntitle: x\naudience: [all]\nroute: http://evil.example\n---\nx')).toThrow(/route/);
  });
});
