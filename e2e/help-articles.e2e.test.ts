import type { MenuNode } from '@erp/contract/modules/auth';
import { describe, expect, it } from 'vitest';
import { loadHelpArticles } from '../server/src/modules/help/help-articles';
import { FIXED_ROUTES } from '../web/src/app/registry/fixed-routes';
import { menuPaths, shapeOf } from './axe-sweep';
import { apiCall, apiLogin } from './harness';

/**
 * Issue 37: the help articles kept in the repo name only what the product has. Every article's route
 * and every screen it links to is a screen of the app (a fixed route, a registered screen or one of
 * the administrator's menus), and the questions people ask find the article written for them. No
 * browser: the built server answers (its database was given the articles at start).
 */
const articles = loadHelpArticles();

describe('the help articles in the repo', () => {
  it('link only to screens that exist', async () => {
    const admin = await apiLogin('admin');
    const tree = (await apiCall<MenuNode[]>('/auth/base/api/user/getAllMenuTreeByUser', {}, admin.access_token)).data;
    const menus = new Set(menuPaths(tree));
    const fixed = new Set(FIXED_ROUTES.map((r) => r.path));
    const exists = (route: string) => {
      const path = route.split('?')[0] as string;
      return fixed.has(path) || menus.has(path) || shapeOf(path) !== null;
    };
    const dead = articles.flatMap((a) => a.links.filter((l) => !exists(l)).map((l) => `${a.file}: ${l}`));
    expect(dead).toEqual([]);
    expect(articles.length).toBeGreaterThanOrEqual(20);
  }, 60_000);

  it('are in the help centre, and the questions people ask find them', async () => {
    const { access_token: token } = await apiLogin('emp01');
    const search = async (q: string) => (await apiCall<Array<{ slug: string }>>('/base_api/base/help/search', { q }, token)).data.map((a) => a.slug);
    for (const [q, slug] of [
      ['报销', 'expense-claim'],
      ['报销需要什么材料', 'expense-claim'],
      ['密码', 'forgot-password'],
      ['忘记密码', 'forgot-password'],
      ['工资条', 'payslip'],
      ['离职', 'resignation'],
      ['工时', 'timesheet'],
    ] as const)
      expect(await search(q), q).toContain(slug);
    const ask = async (question: string) =>
      (await apiCall<{ passages: Array<{ slug?: string; title: string }> }>('/base_api/base/help/xiaode/ask', { question }, token)).data.passages.map(
        (p) => p.title,
      );
    expect(await ask('报销需要什么材料？')).toContain('费用报销');
    expect(await ask('忘记密码怎么办？')).toContain('忘记密码怎么办');
  }, 60_000);
});
