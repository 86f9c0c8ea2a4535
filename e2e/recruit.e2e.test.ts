import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin, baseUrl, launchBrowser, newPage } from './harness';
import { go, recordedToasts, recordToasts, seriousA11yViolations, signedIn } from './shell-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const column = (page: Page, stage: string) => page.getByTestId(`stage-${stage}`);
const cards = (page: Page, stage: string) => column(page, stage).locator('[data-testid^="candidate-"]');
/**
 * Drags a card to a column by hand: the drag starts on the card before the target is scrolled into
 * view (locator.dragTo scrolls first, and a far column then slid another card under the pointer),
 * and drops near the column's top, as its centre may lie below the fold.
 */
async function drag(page: Page, source: Locator, target: Locator) {
  await source.hover();
  await page.mouse.down();
  const box = await source.boundingBox();
  if (box) await page.mouse.move(box.x + box.width / 2 + 8, box.y + box.height / 2 + 8, { steps: 2 });
  await target.hover({ position: { x: 60, y: 16 } });
  await page.mouse.up();
}

describe('recruitment pipeline board', () => {
  it('rec01 drags a candidate to the next stage, is refused a skip, and opens the candidate', async () => {
    const { page, context, errors, token } = await signedIn(browser, 'rec01');
    await recordToasts(page);
    await go(page, '/RecruitCenter/candidate');
    await expect.poll(() => cards(page, '010').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const before010 = await cards(page, '010').count();
    const before020 = await cards(page, '020').count();

    // Drag the first new candidate to 初筛通过: the server accepts, the card moves.
    const card = cards(page, '010').first();
    const testId = (await card.getAttribute('data-testid')) as string;
    const name = ((await card.locator('.candidate-name').textContent()) ?? '').trim();
    await drag(page, card, column(page, '020'));
    await expect.poll(() => column(page, '020').getByTestId(testId).count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => cards(page, '010').count()).toBe(before010 - 1);
    expect(await cards(page, '020').count()).toBe(before020 + 1);
    expect((await recordedToasts(page)).some((t) => t.includes(`${name} 已移动`))).toBe(true);
    const id = Number(testId.replace('candidate-', ''));
    const info = await apiCall<{ stage: string }>('/recruit_api/recruit/candidate/getCandidateInfo', { id }, token);
    expect(info.data.stage).toBe('020');

    // A skip (初筛通过 → 面试通过) is refused with the server's message; the card stays.
    await drag(page, column(page, '020').getByTestId(testId), column(page, '040'));
    await expect
      .poll(async () => (await recordedToasts(page)).some((t) => t.includes('候选人不能从「初筛通过」移到「面试通过」')), { timeout: 10_000 })
      .toBe(true);
    expect(await column(page, '020').getByTestId(testId).count()).toBe(1);
    expect(await column(page, '040').getByTestId(testId).count()).toBe(0);

    // Dropping out asks for a reason.
    await drag(page, column(page, '020').getByTestId(testId), column(page, 'out'));
    const modal = page.locator('.ant-modal-wrap:visible');
    await modal.getByPlaceholder('请填写淘汰原因').fill('薪资期望过高');
    await modal.getByRole('button', { name: '确认淘汰' }).click();
    await expect.poll(() => column(page, 'out').getByTestId(testId).count(), { timeout: 10_000 }).toBe(1);

    // The card opens the candidate with the stage history.
    await column(page, 'out').getByTestId(testId).click();
    const drawer = page.locator('.ant-drawer:visible');
    await expect.poll(() => drawer.getByText('阶段记录').isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => drawer.getByText('薪资期望过高', { exact: false }).count()).toBeGreaterThan(0);
    await page.keyboard.press('Escape');

    // The same candidates as a list.
    await page.getByText('列表', { exact: true }).click();
    await expect.poll(() => page.locator('.ant-table-tbody tr.ant-table-row:visible').count(), { timeout: 15_000 }).toBeGreaterThan(5);
    expect(errors.filter((e) => !e.includes('400'))).toEqual([]);
    await context.close();
  });

  it('opens a shared résumé without signing in, and refuses an altered link', async () => {
    const token = (await apiLogin('rec01')).access_token;
    const pool = await apiCall<{ records: Array<{ id: number; name: string }> }>('/recruit_api/recruit/talent/page', { keyword: 'Java' }, token);
    const talent = pool.data.records[0] as { id: number; name: string };
    const link = await apiCall<{ url: string; token: string }>('/recruit_api/recruit/talent/previewLink', { id: talent.id }, token);
    const { page, context } = await newPage(browser);
    await page.goto(`${baseUrl()}/#/ResumePreview?token=${encodeURIComponent(link.data.token)}`);
    await expect.poll(() => page.getByTestId('resume-text').textContent(), { timeout: 20_000 }).toContain('Java');
    expect(await page.getByText(`${talent.name} 的简历`).isVisible()).toBe(true);
    await page.goto(`${baseUrl()}/#/ResumePreview?token=${encodeURIComponent(`${link.data.token}x`)}`);
    await page.reload();
    await expect.poll(() => page.getByText('链接已失效，请联系招聘专员重新发送').isVisible(), { timeout: 20_000 }).toBe(true);
    await context.close();
  });

  it('lets a candidate complete their résumé through the link, without signing in; an altered link is refused', async () => {
    const token = (await apiLogin('rec01')).access_token;
    const list = await apiCall<{ records: Array<{ id: number; talentId: number }> }>(
      '/recruit_api/recruit/candidate/getPageList',
      { pageSize: 5, stage: '030' },
      token,
    );
    const candidate = list.data.records[0] as { id: number; talentId: number };
    const link = await apiCall<{ url: string }>('/recruit_api/recruit/candidate/generateReScreenOutChain', { candidateId: candidate.id }, token);
    const { page, context } = await newPage(browser);
    await page.goto(`${baseUrl()}${link.data.url}`);
    await expect.poll(() => page.getByText('完善个人简历').isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByLabel('现居城市').fill('绍兴');
    await page.getByLabel('简历正文（工作经历、项目经验等）').fill('熟悉Verilog与FPGA时序约束，负责图像处理模块。');
    await page.getByLabel('手机号').fill('123');
    await page.getByRole('button', { name: '提 交' }).click();
    await expect.poll(() => page.getByText('手机号格式不正确').isVisible()).toBe(true);
    await page.getByLabel('手机号').fill('13900001111');
    await page.getByRole('button', { name: '提 交' }).click();
    await expect.poll(() => page.getByTestId('complete-done').isVisible(), { timeout: 10_000 }).toBe(true);
    const pool = await apiCall<{ records: Array<{ id: number; city: string }> }>('/recruit_api/recruit/talent/page', { keyword: 'fpga' }, token);
    expect(pool.data.records.map((r) => [r.id, r.city])).toEqual([[candidate.talentId, '绍兴']]);
    await page.goto(`${baseUrl()}${link.data.url.replace('token=rescreen.', 'token=rescreen.9')}`);
    await page.reload();
    await expect.poll(() => page.getByTestId('complete-refused').isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await page.getByText('链接已失效，请联系招聘专员重新发送').isVisible()).toBe(true);
    await context.close();
  });
});
