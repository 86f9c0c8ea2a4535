import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, launchBrowser } from './harness';
import { chooseOption, go, signedIn } from './shell-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row:visible');
const dialog = (page: Page) => page.locator('.ant-modal-wrap:visible .ant-modal:not(.ant-modal-confirm)');
const ok = (page: Page) => dialog(page).getByRole('button', { name: /确\s*定/ });
const confirmOk = (page: Page) => page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定/ });
const treeNode = (page: Page, name: string) => page.locator('.ant-tree-node-content-wrapper:visible', { hasText: name }).first();

describe('organisation screen', () => {
  it('shows details, adds a team, refuses a duplicate code and a move under its own child, moves a team', async () => {
    const { page, context, errors, token } = await signedIn(browser, 'admin');
    await go(page, '/BaseCenter/organization');
    await treeNode(page, '信息技术部').click();
    await expect.poll(() => page.getByText('马国强').first().isVisible(), { timeout: 15_000 }).toBe(true);

    await page.getByRole('button', { name: '新增下级' }).click();
    await dialog(page).getByLabel('组织编码').fill('E2E01');
    await dialog(page).getByLabel('组织名称').fill('测试三组');
    await ok(page).click();
    await expect.poll(() => treeNode(page, '测试三组').isVisible(), { timeout: 10_000 }).toBe(true);

    // Duplicate code: the server's message, dialog stays open.
    await treeNode(page, '信息技术部').click();
    await page.getByRole('button', { name: '新增下级' }).click();
    await dialog(page).getByLabel('组织编码').fill('E2E01');
    await dialog(page).getByLabel('组织名称').fill('重复组');
    await ok(page).click();
    await expect.poll(() => page.getByText('组织编码已存在').isVisible(), { timeout: 10_000 }).toBe(true);
    await dialog(page)
      .getByRole('button', { name: /取\s*消/ })
      .click();
    await confirmOk(page).click();

    // Move 信息技术部 under its own team: refused with the product message, dialog stays open.
    const moveTo = async (unit: string, parent: string) => {
      await treeNode(page, unit).click();
      await page.getByRole('button', { name: '移动到…' }).click();
      await chooseOption(page, dialog(page).getByLabel('新的上级组织'), parent, { type: parent, tree: true });
      await ok(page).click();
    };
    await moveTo('信息技术部', '研发一组');
    await expect.poll(() => page.getByText('不能将部门移动到其自身或下级部门之下').isVisible(), { timeout: 10_000 }).toBe(true);
    await dialog(page)
      .getByRole('button', { name: /取\s*消/ })
      .click();

    // The new team moves under 交付中心, by the dialog (dragging a node onto another does the same).
    await moveTo('测试三组', '交付中心');
    await expect.poll(() => page.getByText('已移动').isVisible(), { timeout: 10_000 }).toBe(true);
    const tree = await apiCall<Array<{ code: string; children: unknown[] }>>('/base_api/base/api/org/tree', {}, token);
    const find = (nodes: Array<{ code: string; children: unknown[] }>, code: string): { code: string; children: unknown[] } | undefined =>
      nodes.map((n) => (n.code === code ? n : find(n.children as typeof nodes, code))).find(Boolean);
    const delivery = find(tree.data, 'D005') as { children: Array<{ code: string }> };
    expect(delivery.children.map((c) => c.code)).toContain('E2E01');
    expect(errors.filter((e) => !e.includes('status of 4'))).toEqual([]);
    await context.close();
  });

  it('draws the org chart', async () => {
    const { page, context } = await signedIn(browser, 'emp01');
    await go(page, '/OrganizationChart');
    await expect.poll(() => page.locator('[data-testid=org-chart] canvas').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    // Head counts of the whole organisation, search marks the units found, zoom buttons work.
    await expect.poll(() => page.getByText(/^共 \d+ 人$/).isVisible(), { timeout: 10_000 }).toBe(true);
    await page.getByPlaceholder('搜索部门').fill('研发');
    await page.getByPlaceholder('搜索部门').press('Enter');
    await expect.poll(() => page.getByText(/找到 \d+ 个部门/).isVisible(), { timeout: 10_000 }).toBe(true);
    await page.getByRole('button', { name: /放\s*大/ }).click();
    await page.getByPlaceholder('搜索部门').fill('不存在的部门');
    await page.getByPlaceholder('搜索部门').press('Enter');
    await expect.poll(() => page.getByText('没有名称包含该关键字的部门').isVisible(), { timeout: 10_000 }).toBe(true);
    await context.close();
  });
});

describe('role screen', () => {
  it('creates a role, refuses a duplicate code, grants a menu, sets the data scope and refuses deleting an assigned role', async () => {
    const { page, context, errors, token } = await signedIn(browser, 'admin');
    await go(page, '/BaseCenter/role');
    await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBeGreaterThan(5);
    await page.getByRole('button', { name: '新增角色' }).click();
    await dialog(page).getByLabel('角色编码').fill('e2eRole');
    await dialog(page).getByLabel('角色名称').fill('测试角色');
    await ok(page).click();
    await expect.poll(() => rows(page).filter({ hasText: 'e2eRole' }).count(), { timeout: 10_000 }).toBe(1);

    await page.getByRole('button', { name: '新增角色' }).click();
    await dialog(page).getByLabel('角色编码').fill('E2EROLE');
    await dialog(page).getByLabel('角色名称').fill('重复');
    await ok(page).click();
    await expect.poll(() => page.getByText('角色编码已存在').isVisible(), { timeout: 10_000 }).toBe(true);
    await page.keyboard.press('Escape');
    await confirmOk(page).click();

    // Grant the dictionary screen and its view button.
    const row = rows(page).filter({ hasText: 'e2eRole' });
    await row.getByRole('button', { name: '分配权限' }).click();
    const drawer = page.locator('.ant-drawer:visible');
    await drawer.locator('.ant-tree-treenode', { hasText: '字典管理' }).first().locator('.ant-tree-checkbox').click();
    await drawer.locator('.ant-tree-treenode', { hasText: 'base:dict:list' }).first().locator('.ant-tree-checkbox').click();
    await drawer.getByRole('button', { name: /保\s*存/ }).click();
    await expect.poll(() => page.getByText('权限已保存，用户下一次操作即生效').isVisible(), { timeout: 10_000 }).toBe(true);
    const roles = await apiCall<{ records: Array<{ id: number; code: string }> }>('/base_api/base/api/role/page', { code: 'e2eRole' }, token);
    const roleId = roles.data.records[0]?.id as number;
    const info = await apiCall<{ menuIds: number[] }>('/base_api/base/api/role/info', { id: roleId }, token);
    expect(info.data.menuIds).toHaveLength(2);

    // Data scope: own department.
    await row.getByRole('button', { name: '数据范围' }).click();
    await chooseOption(page, dialog(page).getByLabel('数据范围'), /^本部门$/);
    await ok(page).click();
    await expect.poll(() => page.getByText('数据范围已保存').isVisible(), { timeout: 10_000 }).toBe(true);

    // The manager role is held by mgr01: deleting it is refused with the count.
    const manager = rows(page).filter({ hasText: 'manager' });
    await manager.getByRole('button', { name: '更多' }).hover();
    await page.locator('.ant-dropdown-menu-item:visible', { hasText: '删除' }).click();
    await confirmOk(page).click();
    await expect.poll(() => page.getByText(/该角色已分配给\d+个用户，不能删除/).isVisible(), { timeout: 10_000 }).toBe(true);
    expect(errors.filter((e) => !e.includes('status of 4'))).toEqual([]);
    await context.close();
  });
});

describe('dictionary screen', () => {
  it('creates a type and a coloured value, refuses a duplicate value, disables it and forms stop offering it', async () => {
    const { page, context, errors, token } = await signedIn(browser, 'admin');
    await go(page, '/BaseCenter/dict');
    await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBeGreaterThan(5);
    await page.getByRole('button', { name: '新增字典类型' }).click();
    await dialog(page).getByLabel('字典类型').fill('E2ELEVEL');
    await dialog(page).getByLabel('字典名称').fill('测试等级');
    await ok(page).click();
    await expect.poll(() => page.getByText('请选择左侧的字典类型').isVisible(), { timeout: 10_000 }).toBe(false);

    const addItem = async (code: string, name: string) => {
      await page.getByRole('button', { name: '新增字典项' }).click();
      await dialog(page).getByLabel('字典编码').fill(code);
      await dialog(page).getByLabel('字典名称').fill(name);
      await ok(page).click();
    };
    await addItem('001', '高');
    await expect.poll(() => rows(page).filter({ hasText: '高' }).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await addItem('001', '又高');
    await expect.poll(() => page.getByText('字典编码已存在').isVisible(), { timeout: 10_000 }).toBe(true);
    await page.keyboard.press('Escape');
    await confirmOk(page).click();

    // Search the types.
    await page.getByPlaceholder('字典类型').fill('E2ELEV');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => rows(page).filter({ hasText: 'E2ELEVEL' }).count()).toBe(1);

    await page.getByRole('switch', { name: '高 状态' }).click();
    await expect
      .poll(
        async () => (await apiCall<{ dictOutDtos: unknown[] }>('/base_api/base/dictType/getDict', { codeType: 'E2ELEVEL' }, token)).data.dictOutDtos.length,
        { timeout: 10_000 },
      )
      .toBe(0);
    const labels = await apiCall<{ dictOutDtos: Array<{ code: string; enabled: boolean }> }>(
      '/base_api/base/dictType/getDictInfo',
      { codeType: 'E2ELEVEL' },
      token,
    );
    expect(labels.data.dictOutDtos).toEqual([expect.objectContaining({ code: '001', enabled: false })]);
    expect(errors.filter((e) => !e.includes('status of 4'))).toEqual([]);
    await context.close();
  });
});

describe('company control settings', () => {
  it('the administrator turns the four-eyes rule off and on from 内控设置 on the audit log, and reads the read log’s retention', async () => {
    const { page, context, errors, token } = await signedIn(browser, 'admin');
    const settings = async () => (await apiCall<{ fourEyes: boolean }>('/base_api/base/api/controls/settings', {}, token)).data.fourEyes;
    const toggle = async (expected: boolean) => {
      await page.getByRole('button', { name: '内控设置' }).click();
      const box = page.getByRole('dialog', { name: '内控设置' });
      const sw = box.getByRole('switch', { name: '四眼原则' });
      await expect.poll(() => sw.getAttribute('aria-checked')).toBe(String(!expected));
      await sw.click();
      await box.getByRole('button', { name: /确\s*定/ }).click();
      await box.waitFor({ state: 'hidden' });
      await expect.poll(settings).toBe(expected);
    };
    await go(page, '/BaseCenter/audit');
    await toggle(false);
    await toggle(true);

    await go(page, '/BaseCenter/personalDataReads');
    await page.getByRole('button', { name: '保留期限' }).click();
    const retention = page.getByRole('dialog', { name: '查阅记录保留期限' });
    await expect.poll(() => retention.getByLabel('保留天数').inputValue()).toBe('1095');
    await retention.getByRole('button', { name: /取\s*消/ }).click();
    await retention.waitFor({ state: 'hidden' });
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  it('hr01 has no 内控设置 and its call is refused', async () => {
    const { page, context, token } = await signedIn(browser, 'hr01');
    expect((await apiCall('/base_api/base/api/controls/saveSettings', { fourEyes: false }, token)).code).toBe('403');
    expect(await page.getByRole('button', { name: '内控设置' }).count()).toBe(0);
    await context.close();
  }, 60_000);
});
