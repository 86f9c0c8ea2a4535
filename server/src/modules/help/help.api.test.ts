import type { HelpArticle, HelpArticleItem, HelpCategory, HelpUnanswered, Page, XiaodeAnswer } from '@erp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { BusinessCalendar } from '../../platform/business-time';

const H = '/base_api/base/help/';
let s: TestServer;
const tokens: Record<string, string> = {};
const call = <T = unknown>(who: string, path: string, body: unknown = {}) => s.post<T>(H + path, body, tokens[who]);
const year = new BusinessCalendar().year();

beforeAll(async () => {
  s = await startTestServer();
  for (const u of ['admin', 'emp01', 'user05']) tokens[u] = await s.login(u);
});
afterAll(() => s.close());

describe('help articles are data', () => {
  it('has the seeded categories and articles, old links (slugs) still open', async () => {
    const cats = await call<HelpCategory[]>('emp01', 'category/list');
    expect(cats.data.map((c) => c.code)).toEqual([
      'workbench',
      'process',
      'messages',
      'personal',
      'back-office',
      'account',
      'requests',
      'pay',
      'hr',
      'finance',
      'recruit',
      'assets',
    ]);
    expect(cats.data.find((c) => c.code === 'process')?.articleCount).toBeGreaterThan(10);
    const detail = await call<HelpArticle>('emp01', 'article/detail', { id: 'process-todo' });
    expect(detail.data).toMatchObject({ title: '处理审批待办', categoryName: '流程中心', path: '/backlog/index', published: true });
    expect(detail.data.content).toContain('<li>打开待办后可以同意');
    expect((await call('emp01', 'article/detail', { id: 'nothing-here' })).status).toBe(404);
  });

  it('searches Chinese text: ranked, title words first, the best passage highlighted', async () => {
    const r = await call<HelpArticleItem[]>('emp01', 'search', { q: '审批待办' });
    expect(r.code).toBe('200');
    expect(r.data.slice(0, 3).map((a) => a.slug)).toContain('process-todo');
    expect(r.data[0]?.snippet).toContain('<mark>');
    expect(r.data[0]?.rank).toBeGreaterThan(0);
    // A word no article has does not derail the others.
    const loose = await call<HelpArticleItem[]>('emp01', 'search', { q: '切换 界面 语言 无关词汇' });
    expect(loose.data[0]?.slug).toBe('language');
    const plain = await call<HelpArticleItem[]>('emp01', 'search', { q: '审批 待办' });
    const noisy = await call<HelpArticleItem[]>('emp01', 'search', { q: '审批 待办 量子纠缠' });
    expect(noisy.data[0]?.slug).toBe(plain.data[0]?.slug);
    // The words people use (issue 37): synonyms, a homophone typo, one wrong character, pinyin initials.
    const first = async (q: string) => (await call<HelpArticleItem[]>('emp01', 'search', { q })).data.slice(0, 3).map((a) => a.slug);
    expect(await first('忘了密码登不上')).toContain('forgot-password');
    expect(await first('辞职')).toContain('resignation');
    expect(await first('转证申请')).toContain('probation-confirmation');
    expect(await first('报消')).toContain('expense-claim');
    expect(await first('工资')).toContain('payslip');
    const synonym = (await call<HelpArticleItem[]>('emp01', 'search', { q: '忘了密码' })).data.find((a) => a.slug === 'forgot-password');
    expect(synonym?.snippet).toMatch(/<mark>/);
    const page = await call<Page<HelpArticleItem>>('emp01', 'article/page', { keyword: '快捷入口', pageSize: 5 });
    expect(page.data.records[0]?.slug).toBe('workbench-apps');
    expect(page.data.records[0]?.snippet).toMatch(/<mark>快捷/);
    expect((await call<HelpArticleItem[]>('emp01', 'search', { q: '量子纠缠' })).data).toEqual([]);
    // Markup in a query is text, never HTML in the highlight.
    const odd = await call<HelpArticleItem[]>('emp01', 'search', { q: '<img src=x onerror=alert(1)> 审批' });
    expect(odd.code).toBe('200');
    expect(JSON.stringify(odd.data)).not.toContain('<img');
  });

  it('refuses bad input and non-managers', async () => {
    expect((await call('emp01', 'search', { q: '' })).message).toContain('请输入关键字');
    expect((await call('emp01', 'search', { q: 'x'.repeat(101) })).status).toBe(400);
    expect((await call('emp01', 'article/save', { categoryId: 1, title: 'x', content: '<p>x</p>' })).status).toBe(403);
    expect((await call('emp01', 'category/save', { code: 'x', name: 'x' })).status).toBe(403);
    expect((await call('emp01', 'article/delete', { id: 1 })).status).toBe(403);
    const cats = (await call<HelpCategory[]>('admin', 'category/list')).data;
    const cat = cats[0]?.id as number;
    const bad = async (body: Record<string, unknown>, text: string) => {
      const r = await call('admin', 'article/save', { categoryId: cat, title: '标题', content: '<p>正文</p>', ...body });
      expect(r.status, JSON.stringify(r)).toBe(400);
      expect(r.message).toContain(text);
    };
    await bad({ title: '' }, '请输入标题');
    await bad({ path: 'https://evil.example.com' }, '关联页面必须是本系统的页面路径');
    await bad({ content: '<script>alert(1)</script>' }, '请输入正文');
    await bad({ categoryId: 999999 }, '帮助分类不存在');
    await bad({ fileGroupId: 'nothex' }, '附件编号不正确');
    expect((await call('admin', 'category/save', { code: 'Bad Code', name: 'x' })).message).toContain('分类编码只能是小写字母');
    expect((await call('admin', 'category/save', { code: 'process', name: '重复' })).status).toBe(409);
    expect((await call('admin', 'category/delete', { id: cat })).status).toBe(409);
  });

  it('an administrator edits: HTML sanitised, searchable at once, drafts hidden from everyone else', async () => {
    const cat = await call<HelpCategory>('admin', 'category/save', { code: 'payroll', name: '薪酬福利', summary: '工资条与社保', sort: 70 });
    expect(cat.code).toBe('200');
    const saved = await call<HelpArticle>('admin', 'article/save', {
      categoryId: cat.data.id,
      title: '查看工资条',
      content: '<p onclick="x()">每月10日发放工资条<script>alert(1)</script>，在“我的工资条”中查看。</p><p><a href="javascript:alert(1)">链接</a></p>',
      path: '/Salary/index',
    });
    expect(saved.code).toBe('200');
    expect(saved.data.content).not.toMatch(/script|onclick|javascript/);
    expect((await call<HelpArticleItem[]>('emp01', 'search', { q: '工资条' })).data.map((a) => a.id)).toContain(saved.data.id);

    const draft = await call<HelpArticle>('admin', 'article/save', {
      categoryId: cat.data.id,
      title: '年终奖草稿',
      content: '<p>年终奖发放口令是紫色长颈鹿</p>',
      published: false,
    });
    expect(draft.data.published).toBe(false);
    expect((await call<HelpArticleItem[]>('emp01', 'search', { q: '紫色长颈鹿' })).data).toEqual([]);
    expect((await call<Page<HelpArticleItem>>('emp01', 'article/page', { categoryId: cat.data.id, drafts: true })).data.total).toBe(1);
    expect((await call('emp01', 'article/detail', { id: draft.data.id })).status).toBe(404);
    expect((await call<Page<HelpArticleItem>>('admin', 'article/page', { keyword: '紫色长颈鹿', drafts: true })).data.total).toBe(1);
    expect((await call<HelpCategory[]>('emp01', 'category/list')).data.find((c) => c.code === 'payroll')?.articleCount).toBe(1);

    // Changing the text changes what it is found by.
    await call('admin', 'article/save', { id: saved.data.id, categoryId: cat.data.id, title: '查看工资单', content: '<p>每月发放电子工资单。</p>' });
    const found = (await call<HelpArticleItem[]>('emp01', 'search', { q: '电子工资单' })).data;
    expect(found[0]).toMatchObject({ id: saved.data.id, title: '查看工资单' });
    expect((await call('admin', 'article/delete', { id: saved.data.id })).code).toBe('200');
    expect((await call('emp01', 'article/detail', { id: saved.data.id })).status).toBe(404);
    expect((await call('admin', 'article/delete', { id: saved.data.id })).status).toBe(404);
  });
});

describe('questions that found nothing (issue 37)', () => {
  it('are kept for the help managers, counted, without who asked; managers take them off the list', async () => {
    for (let i = 0; i < 2; i++) expect((await call('emp01', 'search', { q: '火星基地  签证' })).code).toBe('200');
    await call('user05', 'xiaode/ask', { question: '火星基地的签证怎么办？' });
    const page = await call<Page<HelpUnanswered>>('admin', 'unanswered/page', { keyword: '火星', pageSize: 10 });
    expect(page.code).toBe('200');
    const rows = page.data.records;
    expect(rows.map((r) => [r.question, r.source, r.askedCount])).toEqual(
      expect.arrayContaining([
        ['火星基地 签证', 'search', 2],
        ['火星基地的签证怎么办？', 'xiaode', 1],
      ]),
    );
    expect(JSON.stringify(rows)).not.toMatch(/emp01|user05/);
    expect((await call('emp01', 'unanswered/page', {})).status).toBe(403);
    expect((await call('emp01', 'unanswered/delete', { ids: [rows[0]?.id] })).status).toBe(403);
    expect((await call('admin', 'unanswered/delete', { ids: rows.map((r) => r.id) })).code).toBe('200');
    expect((await call<Page<HelpUnanswered>>('admin', 'unanswered/page', { keyword: '火星' })).data.total).toBe(0);
    // A question that finds something is not kept.
    await call('emp01', 'search', { q: '报销' });
    expect((await call<Page<HelpUnanswered>>('admin', 'unanswered/page', { keyword: '报销' })).data.total).toBe(0);
  });
});

describe('the Xiaode assistant offline', () => {
  it('answers a how-to question with the best passages and links', async () => {
    const r = await call<XiaodeAnswer>('emp01', 'xiaode/ask', { question: '怎么处理审批待办？' });
    expect(r.data.source).toBe('retrieval');
    expect(r.data.passages.find((p) => p.slug === 'process-todo')).toMatchObject({ link: '/helpCenter/detail?id=process-todo' });
    expect(r.data.answer).toContain('《处理审批待办》');
    // Better no answer than unrelated ones (issue 37): a question no article answers gets none.
    const off = await call<XiaodeAnswer>('emp01', 'xiaode/ask', { question: '公司食堂今天吃什么？' });
    expect(off.data.passages).toEqual([]);
    expect(off.data.answer).toContain('抱歉，小德没有找到相关的帮助');
    expect(r.data.facts).toEqual([]);
    expect((await call('emp01', 'xiaode/ask', { question: ' ' })).message).toContain('请输入问题');
  });

  it("answers questions about the asker's own leave and requests, and only the asker's", async () => {
    const start = (who: string, title: string, days: number) =>
      s.post<{ processInstanceId: number }>(
        '/bpm_api/bpm/camunda/start',
        { processKey: 'Leave_Process', title, form: { leaveType: '001', startDate: `${year}-12-20`, endDate: `${year}-12-21`, days, reason: '休年假' } },
        tokens[who],
      );
    expect((await start('emp01', '年假两天', 2)).code).toBe('200');
    expect((await start('user05', '别人的秘密年假', 3)).code).toBe('200');
    const leave = await call<XiaodeAnswer>('emp01', 'xiaode/ask', { question: '我还有几天年假？' });
    expect(leave.data.facts).toHaveLength(1);
    expect(leave.data.facts[0]).toMatchObject({ kind: 'leave', link: '/Initiate/index' });
    expect(leave.data.facts[0]?.value).toContain('审批中 2 天');
    expect(leave.data.answer).toContain(leave.data.facts[0]?.value);

    const where = await call<XiaodeAnswer>('emp01', 'xiaode/ask', { question: '我的请假申请到哪一步了？' });
    expect(where.data.facts[0]).toMatchObject({ kind: 'request', label: '请假申请：年假两天' });
    expect(where.data.facts[0]?.value).toContain('当前环节：部门负责人审批');
    // Asking about someone else gets one's own figures, never theirs.
    const other = await call<XiaodeAnswer>('emp01', 'xiaode/ask', { question: 'user05 的请假申请到哪一步了？' });
    expect(JSON.stringify(other.data)).not.toContain('别人的秘密年假');
    const theirs = await call<XiaodeAnswer>('user05', 'xiaode/ask', { question: '请假申请进度' });
    expect(JSON.stringify(theirs.data)).toContain('别人的秘密年假');
    expect(JSON.stringify(theirs.data)).not.toContain('年假两天');
  });

  it('tells the asker when their last payslip came, never its amounts', async () => {
    const r = await call<XiaodeAnswer>('emp01', 'xiaode/ask', { question: '我上个月的工资条发了吗？' });
    expect(r.data.facts[0]).toMatchObject({ kind: 'payslip', link: '/Salary/index' });
    expect(r.data.facts[0]?.value).toMatch(/工资条/);
    expect(JSON.stringify(r.data.facts)).not.toMatch(/\d+\.\d{2}|元/);
  });

  it('streams the offline answer as server-sent events', async () => {
    const res = await fetch(`${s.url}${H}xiaode/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.emp01}` },
      body: JSON.stringify({ question: '如何切换语言' }),
    });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const text = await res.text();
    expect(text).toMatch(/^event: context\ndata: /);
    expect(text).toContain('event: done');
    const done = JSON.parse(/event: done\ndata: (.*)/.exec(text)?.[1] ?? '{}') as XiaodeAnswer;
    expect(done.source).toBe('retrieval');
    expect(done.passages[0]?.slug).toBe('language');
    expect((await fetch(`${s.url}${H}xiaode/stream`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } })).status).toBe(401);
  });
});
