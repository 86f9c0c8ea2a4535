import type {
  ApplyRecord,
  AssetDetail,
  AssetDocumentSaved,
  AssetRecord,
  InventoryDetail,
  InventoryItem,
  Page,
  PurchaseDetail,
  PurchaseRecord,
} from '@erp/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { assetApplications, assetInventories, assetMovements, assets, finProjects, outbox, users, wfTasks } from '../../db/schema';
import { BusinessCalendar } from '../../platform/business-time';
import { depreciationAt } from './depreciation';

let s: TestServer;
const token = (who: string) => s.tokenOf(who);
const A = '/assets_api/assets/';
const call = async <T = unknown>(who: string, path: string, body: unknown = {}) => s.post<T>(A + path, body, await token(who));
const today = new BusinessCalendar().day();
const month = Number(today.slice(0, 7).replace('-', ''));

/** The holder of the open approval task of an instance. */
async function holder(instanceId: number): Promise<{ code: string; taskId: number }> {
  const [t] = await s.db
    .select()
    .from(wfTasks)
    .where(and(eq(wfTasks.instanceId, instanceId), eq(wfTasks.status, 'pending'), inArray(wfTasks.kind, ['approve', 'resubmit'])));
  if (!t) throw new Error(`no open task on ${instanceId}`);
  const uid = t.assigneeUserId ?? (t.candidateUserIds[0] as number);
  const [u] = await s.db.select({ code: users.userCode }).from(users).where(eq(users.id, uid));
  return { code: u?.code as string, taskId: t.id };
}
/** Passes every step of an instance through instance/dealAgency. */
async function approveAll(instanceId: number) {
  for (let i = 0; i < 5; i++) {
    const [open] = await s.db
      .select()
      .from(wfTasks)
      .where(and(eq(wfTasks.instanceId, instanceId), eq(wfTasks.status, 'pending'), eq(wfTasks.kind, 'approve')));
    if (!open) return;
    const h = await holder(instanceId);
    const r = await call(h.code, 'instance/dealAgency', { taskId: h.taskId, message: '同意' });
    expect(r.code, JSON.stringify(r)).toBe('200');
  }
}

/** The notice queued for a user about an instance that links to the record's detail page. */
async function detailNotice(instanceId: number, processKey: string) {
  const link = `/DetailsPage?processKey=${processKey}&processInstanceId=${instanceId}`;
  const [row] = await s.db.select({ payload: outbox.payload }).from(outbox).where(sql`${outbox.topic} = 'notify' AND ${outbox.payload}->>'link' = ${link}`);
  return row?.payload as { receiverUserIds: number[]; title: string; content: string; link: string } | undefined;
}
const userId = async (code: string) => (await s.db.select({ id: users.id }).from(users).where(eq(users.userCode, code)))[0]?.id as number;

const hrId = async () => (await s.db.select({ id: users.id }).from(users).where(eq(users.userCode, 'hr01')))[0]?.id as number;
const assetForm = async (extra: Record<string, unknown> = {}) => ({
  name: '笔记本电脑',
  category: '001',
  kind: '001',
  brandModel: 'ThinkPad X1 Carbon',
  location: '006',
  keeperUserId: await hrId(),
  purchaseDate: today,
  purchaseValue: 1_199_900,
  usefulLifeMonths: 36,
  residualRateBp: 500,
  ...extra,
});

beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

describe('the register (asset/*)', () => {
  it('has the demo: 300 assets in 6 locations, depreciation that reconciles', async () => {
    const page = await call<Page<AssetRecord>>('hr01', 'asset/page', { pageSize: 50 });
    expect(page.code).toBe('200');
    expect(page.data.total).toBeGreaterThanOrEqual(300);
    for (const r of page.data.records) {
      expect(r.accumulatedDepreciation + r.netValue).toBe(r.purchaseValue);
      expect(depreciationAt(r, month).netValue).toBe(r.netValue);
    }
    const locations = new Set((await s.db.select({ l: assets.location }).from(assets)).map((r) => r.l));
    expect(locations.size).toBe(6);
    const summary = await call<{
      rows: Array<{ purchaseValue: number; accumulatedDepreciation: number; netValue: number; count: number }>;
      total: { count: number; purchaseValue: number; netValue: number; accumulatedDepreciation: number };
    }>('fin01', 'asset/summary');
    expect(summary.code).toBe('200');
    const t = summary.data.total;
    expect(t.purchaseValue).toBe(t.accumulatedDepreciation + t.netValue);
    expect(summary.data.rows.reduce((n, r) => n + r.count, 0)).toBe(t.count);
    const filtered = await call<Page<AssetRecord>>('hr01', 'asset/page', { location: '003', status: '001' });
    expect(filtered.data.records.every((r) => r.location === '003' && r.status === '001')).toBe(true);
  });

  it('refuses other roles and bad input', async () => {
    expect((await call('emp01', 'asset/page', {})).status).toBe(403);
    expect((await call('fin01', 'asset/add', await assetForm())).status).toBe(403);
    const bad = async (body: unknown, text: string) => {
      const r = await call('hr01', 'asset/add', body);
      expect(r.status, JSON.stringify(r)).toBe(400);
      expect(r.message).toContain(text);
    };
    await bad(await assetForm({ name: ' ' }), '请输入资产名称');
    await bad(await assetForm({ purchaseValue: -1 }), '金额不能为负数');
    await bad(await assetForm({ purchaseValue: 12.5 }), '金额以分为单位');
    await bad(await assetForm({ purchaseValue: 'abc' }), 'purchaseValue');
    await bad(await assetForm({ usefulLifeMonths: 0 }), '使用年限至少1个月');
    await bad(await assetForm({ residualRateBp: 10001 }), '残值率不能超过100%');
    await bad(await assetForm({ quantity: 201 }), '一次最多登记200件');
    await bad(await assetForm({ name: 'x'.repeat(5000) }), '资产名称不能超过100个字符');
    await bad(await assetForm({ purchaseDate: '2099-01-01' }), '购置日期不能晚于今天');
    await bad(await assetForm({ kind: '009' }), '请选择资产性质');
  });

  it('registers several at once with their own codes, shows history and plan, and changes and scraps', async () => {
    const r = await call<{ ids: number[]; assetCodes: string[] }>('hr01', 'asset/add', await assetForm({ quantity: 3 }));
    expect(r.code, JSON.stringify(r)).toBe('200');
    expect(r.data.ids).toHaveLength(3);
    expect(new Set(r.data.assetCodes).size).toBe(3);
    expect(r.data.assetCodes[0]).toMatch(/^ZC\d{12}$/);
    const id = r.data.ids[0] as number;
    const info = await call<AssetDetail>('hr01', 'asset/info', { id });
    expect(info.data.status).toBe('001');
    expect(info.data.accumulatedDepreciation).toBe(0);
    expect(info.data.movements.map((m) => m.kind)).toEqual(['001']);
    expect(info.data.schedule[0]?.charge).toBe(Math.floor((1_199_900 - 59_995) / 36));
    expect(info.data.schedule.at(-1)?.net).toBe(59_995);
    const up = await call<AssetRecord>('hr01', 'asset/update', { id, name: '笔记本电脑（研发）', keeperUserId: await hrId(), location: '001' });
    expect(up.data.location).toBe('001');
    const scrap = await call<AssetRecord>('hr01', 'asset/scrap', { id: r.data.ids[2], remark: '进水损坏' });
    expect(scrap.data.status).toBe('005');
    const again = await call('hr01', 'asset/scrap', { id: r.data.ids[2], remark: '进水损坏' });
    expect(again.status).toBe(409);
    expect((await call('hr01', 'asset/info', { id: 99999999 })).status).toBe(404);
  });

  it('asset/available: any employee sees up to 50 in-stock assets, by category and code or name', async () => {
    type Available = Array<{ id: number; assetCode: string; name: string; category: string; location: string }>;
    const all = await call<Available>('emp01', 'asset/available', {});
    expect(all.code, JSON.stringify(all)).toBe('200');
    expect(all.data.length).toBeGreaterThan(0);
    expect(all.data.length).toBeLessThanOrEqual(50);
    const rows = await s.db
      .select({ status: assets.status })
      .from(assets)
      .where(
        inArray(
          assets.id,
          all.data.map((a) => a.id),
        ),
      );
    expect(rows.every((r) => r.status === '001')).toBe(true);
    const phones = await call<Available>('emp01', 'asset/available', { category: '003' });
    expect(phones.data.length).toBeGreaterThan(0);
    expect(phones.data.every((a) => a.category === '003')).toBe(true);
    const first = all.data[0] as Available[number];
    const byCode = await call<Available>('emp01', 'asset/available', { keyword: first.assetCode.toLowerCase() });
    expect(byCode.data.map((a) => a.id)).toEqual([first.id]);
    // An asset in use is never offered, even asked for by its code.
    const [inUse] = await s.db.select().from(assets).where(eq(assets.status, '002')).limit(1);
    expect((await call<Available>('emp01', 'asset/available', { keyword: inUse?.assetCode })).data).toEqual([]);
    expect((await call('emp01', 'asset/available', { keyword: 'x'.repeat(65) })).status).toBe(400);
  });

  it('exports the filtered register as xlsx', async () => {
    const res = await s.raw(`${A}asset/export`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await token('fin01')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ location: '002' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheet');
    expect((await call('emp01', 'asset/export', {})).status).toBe(403);
  });
});

describe('purchase demands (purchase/*)', () => {
  let id = 0;
  let instanceId = 0;
  it('refuses bad input', async () => {
    const bad = async (body: Record<string, unknown>, text: string) => {
      const r = await call('emp01', 'purchase/add', {
        category: '001',
        itemName: '显示器',
        quantity: 2,
        unitPrice: 199900,
        reason: '双屏',
        expectedDate: today,
        ...body,
      });
      expect(r.status, JSON.stringify(r)).toBe(400);
      expect(r.message).toContain(text);
    };
    await bad({ quantity: 0 }, '数量至少为1');
    await bad({ quantity: 1.5 }, '数量必须是整数');
    await bad({ reason: '' }, '请输入采购理由');
    await bad({ unitPrice: 1e13 }, '金额过大');
    await bad({ expectedDate: '2026-02-30' }, '日期');
  });

  it('goes through approval; the process centre reads it by instance; others do not see it', async () => {
    const r = await call<AssetDocumentSaved>('emp01', 'purchase/add', {
      category: '002',
      itemName: '显示器',
      spec: '27英寸 2K',
      quantity: 2,
      unitPrice: 199900,
      reason: '研发双屏办公',
      expectedDate: today,
    });
    expect(r.code, JSON.stringify(r)).toBe('200');
    expect(r.data.documentNo).toMatch(/^CGXQ\d{12}$/);
    expect(r.data.state).toBe('approving');
    id = r.data.id;
    instanceId = r.data.processInstanceId as number;
    const byIns = await call<PurchaseDetail>('mgr01', 'purchase/getPurchaseDetailsByProIns', { processInstanceId: instanceId });
    expect(byIns.code, JSON.stringify(byIns)).toBe('200');
    expect(byIns.data.amount).toBe(399800);
    expect((await call('emp02', 'purchase/info', { id })).status).toBe(404);
    const mine = await call<Page<PurchaseRecord>>('emp01', 'purchase/page', { mine: true });
    expect(mine.data.records.every((x) => x.userName === mine.data.records[0]?.userName)).toBe(true);
    expect(mine.data.records.some((x) => x.id === id)).toBe(true);
    const all = await call<Page<PurchaseRecord>>('fin01', 'purchase/page', {});
    expect(all.data.total).toBeGreaterThanOrEqual(20);
    // Someone else's task cannot be passed; a rejection needs a message.
    const h = await holder(instanceId);
    expect((await call('emp02', 'instance/dealAgency', { taskId: h.taskId })).status).toBeGreaterThanOrEqual(400);
    expect((await call(h.code, 'instance/reject', { taskId: h.taskId, message: '' })).status).toBe(400);
    await approveAll(instanceId);
    expect((await call<PurchaseDetail>('emp01', 'purchase/info', { id })).data.state).toBe('passed');
  });

  it('receives assets against the passed demand, never more than asked, in number or in value', async () => {
    // Issue 34 §3: 2 × 2,500.00 against a demand of 2 × 1,999.00.
    const dearer = await call(
      'hr01',
      'asset/add',
      await assetForm({ name: '显示器', category: '002', quantity: 2, demandId: id, purchaseValue: 250000, usefulLifeMonths: 60 }),
    );
    expect(dearer.status).toBe(409);
    expect(dearer.message).toBe('入库金额超出采购需求金额：需求金额3,998.00元，已入库0.00元，本次5,000.00元，请按实际金额重新提交采购需求');
    const r = await call<{ ids: number[] }>(
      'hr01',
      'asset/add',
      await assetForm({ name: '显示器', category: '002', quantity: 2, demandId: id, purchaseValue: 199900, usefulLifeMonths: 60 }),
    );
    expect(r.code, JSON.stringify(r)).toBe('200');
    const more = await call('hr01', 'asset/add', await assetForm({ name: '显示器', category: '002', quantity: 1, demandId: id }));
    expect(more.status).toBe(409);
    expect(more.message).toBe('入库数量超过采购需求的剩余数量');
    const d = await call<PurchaseDetail>('emp01', 'purchase/info', { id });
    expect(d.data.receivedQty).toBe(2);
    expect(d.data.assets).toHaveLength(2);
  });

  it('takes quotes as attachments the approvers can open; someone else’s files cannot be attached', async () => {
    const upload = async (who: string) => {
      const f = new FormData();
      f.append('file', new Blob([new Uint8Array(Buffer.from('%PDF-1.4\n%quote\n'))], { type: 'application/pdf' }), '报价单.pdf');
      f.append('moduleName', 'assets');
      const res = await s.raw('/file_api/file/fileUrl/upload', { method: 'POST', body: f, headers: { authorization: `Bearer ${await token(who)}` } });
      expect(res.code, JSON.stringify(res)).toBe('200');
      return res.data as { id: number; fileId: string };
    };
    const mine = await upload('emp01');
    const theirs = await upload('emp02');
    const form = { category: '004', itemName: '投影仪', quantity: 1, unitPrice: 469900, reason: '会议室', expectedDate: today };
    const foreign = await call('emp01', 'purchase/add', { ...form, fileGroupId: theirs.fileId });
    expect(foreign.status).toBe(403);
    expect(foreign.message).toBe('只能附上自己上传的文件');
    const r = await call<AssetDocumentSaved>('emp01', 'purchase/add', { ...form, fileGroupId: mine.fileId });
    expect(r.code, JSON.stringify(r)).toBe('200');
    const h = await holder(r.data.processInstanceId as number);
    const open = async (who: string) => s.post('/file_api/file/fileUrl/previewFile', { id: mine.id }, await token(who));
    expect((await open(h.code)).code).toBe('200');
    expect((await open('emp02')).status).toBeGreaterThanOrEqual(403);
  });

  it('lets the applicant revoke, nobody else', async () => {
    const r = await call<AssetDocumentSaved>('emp01', 'purchase/add', {
      category: '008',
      itemName: '加密U盘',
      quantity: 1,
      unitPrice: 39900,
      reason: '报送',
      expectedDate: today,
    });
    expect((await call('emp02', 'purchase/revoke', { id: r.data.id })).status).toBe(404);
    expect((await call('emp01', 'purchase/revoke', { id: r.data.id })).code).toBe('200');
    expect((await call<PurchaseDetail>('emp01', 'purchase/info', { id: r.data.id })).data.state).toBe('revoked');
    const draft = await call<AssetDocumentSaved>('emp01', 'purchase/add', {
      category: '008',
      itemName: '加密U盘',
      quantity: 1,
      unitPrice: 39900,
      reason: '报送',
      expectedDate: today,
      submit: false,
    });
    expect(draft.data.state).toBe('draft');
    expect(
      (
        await call('emp02', 'purchase/update', {
          id: draft.data.id,
          category: '008',
          itemName: 'x',
          quantity: 1,
          unitPrice: 1,
          reason: 'x',
          expectedDate: today,
        })
      ).status,
    ).toBe(404);
    const sent = await call<AssetDocumentSaved>('emp01', 'purchase/update', {
      id: draft.data.id,
      category: '008',
      itemName: '加密U盘',
      quantity: 2,
      unitPrice: 39900,
      reason: '报送',
      expectedDate: today,
    });
    expect(sent.data.state).toBe('approving');
  });
});

describe('use applications, issue and return', () => {
  let stockId = 0;
  let applyId = 0;

  beforeAll(async () => {
    const r = await call<{ ids: number[] }>('hr01', 'asset/add', await assetForm({ quantity: 2 }));
    stockId = r.data.ids[0] as number;
  });

  it('refuses bad input and unavailable assets', async () => {
    const bad = async (body: Record<string, unknown>, text: string, status = 400) => {
      const r = await call('emp01', 'useApply/add', { applyType: '001', category: '001', reason: '新员工入职', ...body });
      expect(r.status, JSON.stringify(r)).toBe(status);
      expect(r.message).toContain(text);
    };
    await bad({ applyType: '002' }, '借用和项目借出必须填写预计归还日期');
    await bad({ applyType: '002', expectedReturnDate: '2020-01-01' }, '预计归还日期不能早于今天');
    await bad({ applyType: '003', expectedReturnDate: '2099-01-01' }, '项目借出请选择项目');
    await bad({ applyType: '007' }, '请选择申请类型');
    await bad({ reason: 'x'.repeat(501) }, '申请理由不能超过500个字符');
    const [lent] = await s.db.select().from(assets).where(eq(assets.status, '003')).limit(1);
    await bad({ category: lent?.category, assetId: lent?.id }, '该资产已借出，不能申请', 409);
    await bad({ category: '004', assetId: stockId }, '发放的资产类别与申请不一致');
  });

  it('request → approve → issue; a second issue or a racing issue never double-issues', async () => {
    const r = await call<AssetDocumentSaved>('emp01', 'useApply/add', { applyType: '001', category: '001', assetId: stockId, reason: '新员工入职领用' });
    expect(r.code, JSON.stringify(r)).toBe('200');
    applyId = r.data.id;
    const early = await call('hr01', 'claim/issue', { applyId, assetId: stockId });
    expect(early.status).toBe(409);
    expect(early.message).toBe('申请未审批通过，不能发放');
    const byIns = await call<ApplyRecord>('mgr01', 'claim/getClaimApplyInfoByProIns', { processInstanceId: r.data.processInstanceId });
    expect(byIns.data.applyType).toBe('001');
    await approveAll(r.data.processInstanceId as number);
    const waiting = await call<ApplyRecord>('emp01', 'useApply/info', { id: applyId });
    expect(waiting.data.state).toBe('passed');
    expect(waiting.data.issueState).toBe('001');
    expect((await call('emp01', 'claim/issue', { applyId, assetId: stockId })).status).toBe(403);
    // Two clicks at once: one issue, one clear refusal.
    const [a1, a2] = await Promise.all([
      call('hr01', 'claim/issue', { applyId, assetId: stockId }),
      call('hrd01', 'claim/issue', { applyId, assetId: stockId }),
    ]);
    expect([a1.status, a2.status].sort()).toEqual([200, 409]);
    const asset = await call<AssetRecord>('hr01', 'asset/info', { id: stockId });
    expect(asset.data.status).toBe('002');
    expect(asset.data.holderName).not.toBe('');
    const moves = await s.db
      .select()
      .from(assetMovements)
      .where(and(eq(assetMovements.assetId, stockId), eq(assetMovements.kind, '002')));
    expect(moves).toHaveLength(1);
    const done = await call<ApplyRecord>('emp01', 'useApply/info', { id: applyId });
    expect(done.data.issueState).toBe('002');
    expect(done.data.issuedAssetId).toBe(stockId);
  });

  it('two applications racing for one asset: one gets it', async () => {
    const ids: number[] = [];
    for (const who of ['emp01', 'emp02']) {
      const r = await call<AssetDocumentSaved>(who, 'useApply/add', {
        applyType: '002',
        category: '001',
        reason: '出差演示',
        expectedReturnDate: '2099-01-01',
      });
      await approveAll(r.data.processInstanceId as number);
      ids.push(r.data.id);
    }
    const [free] = await s.db
      .select()
      .from(assets)
      .where(and(eq(assets.status, '001'), eq(assets.category, '001')))
      .limit(1);
    const answers = await Promise.all(ids.map((applyId) => call('hr01', 'claim/issue', { applyId, assetId: free?.id })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const [row] = await s.db
      .select()
      .from(assets)
      .where(eq(assets.id, free?.id as number));
    expect(row?.status).toBe('003');
    const issued = await s.db
      .select()
      .from(assetApplications)
      .where(eq(assetApplications.issuedAssetId, free?.id as number));
    expect(issued).toHaveLength(1);
  });

  it('returns an asset that is out, once; refuses one that is not out', async () => {
    const back = await call<AssetRecord>('hr01', 'claim/return', { assetId: stockId, location: '002', remark: '离职归还' });
    expect(back.code, JSON.stringify(back)).toBe('200');
    expect(back.data.status).toBe('001');
    expect(back.data.location).toBe('002');
    const twice = await call('hr01', 'claim/return', { assetId: stockId });
    expect(twice.status).toBe(409);
    expect(twice.message).toBe('该资产未领用或借出，不能归还');
    const app = await call<ApplyRecord>('emp01', 'useApply/info', { id: applyId });
    expect(app.data.issueState).toBe('003');
    expect((await call('emp01', 'claim/return', { assetId: stockId })).status).toBe(403);
    expect((await call('hr01', 'claim/return', { assetId: 'abc' })).status).toBe(400);
  });

  it('lists my applications, and all of them for the asset staff; hides others’ records', async () => {
    const mine = await call<Page<ApplyRecord>>('emp02', 'useApply/page', {});
    const emp02 = (await s.db.select({ id: users.id }).from(users).where(eq(users.userCode, 'emp02')))[0]?.id;
    expect(mine.data.records.every((r) => r.userId === emp02)).toBe(true);
    expect((await call('emp02', 'useApply/info', { id: applyId })).status).toBe(404);
    const waiting = await call<Page<ApplyRecord>>('hr01', 'useApply/page', { issueState: '001' });
    expect(waiting.data.total).toBeGreaterThan(0);
    expect(waiting.data.records.every((r) => r.issueState === '001')).toBe(true);
    expect((await call<Page<ApplyRecord>>('hr01', 'useApply/page', {})).data.total).toBeGreaterThanOrEqual(20);
  });

  it('lends to a project in execution and lists what each project holds', async () => {
    const [project] = await s.db.select().from(finProjects).where(eq(finProjects.phase, '002')).limit(1);
    const r = await call<AssetDocumentSaved>('emp01', 'useApply/add', {
      applyType: '003',
      category: '001',
      projectId: project?.id,
      reason: '驻场项目需要',
      expectedReturnDate: '2099-06-30',
    });
    expect(r.code, JSON.stringify(r)).toBe('200');
    const list = await s.get<Array<{ id: number; lentCount: number }>>(`${A}outApply/getProjectList`, await token('emp01'));
    expect(list.code).toBe('200');
    expect(list.data.some((p) => p.id === project?.id)).toBe(true);
    expect(list.data.reduce((n, p) => n + p.lentCount, 0)).toBeGreaterThan(0);
    const [closed] = await s.db.select().from(finProjects).where(eq(finProjects.phase, '001')).limit(1);
    if (closed) {
      const refused = await call('emp01', 'useApply/add', {
        applyType: '003',
        category: '001',
        projectId: closed.id,
        reason: 'x',
        expectedReturnDate: '2099-06-30',
      });
      expect(refused.message).toBe('项目不在执行中');
    }
  });

  it('useApply/revoke: the applicant withdraws one in approval, nobody else, once', async () => {
    const r = await call<AssetDocumentSaved>('emp01', 'useApply/add', { applyType: '001', category: '004', reason: '打印合同' });
    expect(r.data.state).toBe('approving');
    const other = await call('emp02', 'useApply/revoke', { id: r.data.id });
    expect(other.status).toBe(404);
    expect((await call('hr01', 'useApply/revoke', { id: r.data.id })).status).toBe(404);
    expect((await call('emp01', 'useApply/revoke', { id: r.data.id })).code).toBe('200');
    const info = await call<ApplyRecord>('emp01', 'useApply/info', { id: r.data.id });
    expect(info.data.state).toBe('revoked');
    expect(info.data.issueState).toBe('000');
    const twice = await call('emp01', 'useApply/revoke', { id: r.data.id });
    expect(twice.status).toBe(409);
    expect(twice.message).toBe('只有审批中的单据可以撤回');
    // Nobody is left with a task on it.
    const open = await s.db
      .select()
      .from(wfTasks)
      .where(and(eq(wfTasks.instanceId, r.data.processInstanceId as number), eq(wfTasks.status, 'pending')));
    expect(open).toEqual([]);
    expect((await call('emp01', 'useApply/revoke', { id: 99999999 })).status).toBe(404);
  });

  it('useApply/update: a draft is changed and submitted; a sent-back one is changed and resubmitted; nothing else', async () => {
    const form = { applyType: '002', category: '001', reason: '出差', expectedReturnDate: '2099-01-01' };
    const draft = await call<AssetDocumentSaved>('emp01', 'useApply/add', { ...form, submit: false });
    expect(draft.data.state).toBe('draft');
    expect(draft.data.processInstanceId).toBeNull();
    // Someone else's, bad input, still a draft after saving again.
    expect((await call('emp02', 'useApply/update', { ...form, id: draft.data.id })).status).toBe(404);
    const bad = await call('emp01', 'useApply/update', { ...form, id: draft.data.id, expectedReturnDate: null });
    expect(bad.status).toBe(400);
    expect(bad.message).toBe('借用和项目借出必须填写预计归还日期');
    const kept = await call<AssetDocumentSaved>('emp01', 'useApply/update', { ...form, id: draft.data.id, reason: '出差演示', submit: false });
    expect(kept.data.state).toBe('draft');
    const sent = await call<AssetDocumentSaved>('emp01', 'useApply/update', { ...form, id: draft.data.id, reason: '出差客户演示' });
    expect(sent.code, JSON.stringify(sent)).toBe('200');
    expect(sent.data.state).toBe('approving');
    expect(sent.data.documentNo).toMatch(/^ZCLY\d{12}$/);
    const instanceId = sent.data.processInstanceId as number;
    // In approval it cannot be changed.
    const approving = await call('emp01', 'useApply/update', { ...form, id: draft.data.id });
    expect(approving.status).toBe(400);
    expect(approving.message).toBe('只有草稿或退回的单据可以修改');

    // The department leader sends it back to the applicant, who changes it to a claim and resubmits.
    const h = await holder(instanceId);
    const back = await s.post('/bpm_api/bpm/camunda/task/rollback', { taskId: h.taskId, message: '借用改为领用' }, await token(h.code));
    expect(back.code, JSON.stringify(back)).toBe('200');
    expect((await call<ApplyRecord>('emp01', 'useApply/info', { id: draft.data.id })).data.state).toBe('returned');
    expect((await call('emp02', 'useApply/update', { ...form, id: draft.data.id })).status).toBe(404);
    const again = await call<AssetDocumentSaved>('emp01', 'useApply/update', {
      id: draft.data.id,
      applyType: '001',
      category: '001',
      reason: '长期驻场使用',
      expectedReturnDate: '2099-01-01',
      submit: false,
    });
    expect(again.code, JSON.stringify(again)).toBe('200');
    expect(again.data).toMatchObject({ state: 'approving', processInstanceId: instanceId, documentNo: sent.data.documentNo });
    const info = await call<ApplyRecord>('emp01', 'useApply/info', { id: draft.data.id });
    expect(info.data).toMatchObject({ applyType: '001', reason: '长期驻场使用', expectedReturnDate: null });
    const resubmitted = await s.db
      .select()
      .from(wfTasks)
      .where(and(eq(wfTasks.instanceId, instanceId), eq(wfTasks.kind, 'resubmit')));
    expect(resubmitted.map((t) => t.status)).toEqual(['done']);
    await approveAll(instanceId);
    expect((await call<ApplyRecord>('emp01', 'useApply/info', { id: draft.data.id })).data).toMatchObject({ state: 'passed', issueState: '001' });
    expect((await call('emp01', 'useApply/update', { ...form, id: draft.data.id })).status).toBe(400);
  });

  it('instance/reject: the approver rejects with a message; nothing is issued; the applicant is told with a link to the record', async () => {
    const r = await call<AssetDocumentSaved>('emp01', 'useApply/add', { applyType: '001', category: '003', reason: '测试机' });
    const instanceId = r.data.processInstanceId as number;
    const h = await holder(instanceId);
    const refused = await call(h.code, 'instance/reject', { taskId: h.taskId });
    expect(refused.status).toBe(400);
    expect((await call('emp02', 'instance/reject', { taskId: h.taskId, message: '不同意' })).status).toBeGreaterThanOrEqual(400);
    const done = await call(h.code, 'instance/reject', { taskId: h.taskId, message: '部门已有备用测试机' });
    expect(done.code, JSON.stringify(done)).toBe('200');
    const info = await call<ApplyRecord>('emp01', 'useApply/info', { id: r.data.id });
    expect(info.data).toMatchObject({ state: 'rejected', issueState: '000', issuedAssetId: null });
    const [task] = await s.db.select().from(wfTasks).where(eq(wfTasks.id, h.taskId));
    expect(task).toMatchObject({ outcome: 'reject', message: '部门已有备用测试机' });
    const issue = await call('hr01', 'claim/issue', { applyId: r.data.id, assetId: stockId });
    expect(issue.status).toBe(409);
    // A rejected task cannot be acted on again.
    expect((await call(h.code, 'instance/reject', { taskId: h.taskId, message: '再驳回' })).status).toBe(409);
    expect((await call(h.code, 'instance/dealAgency', { taskId: h.taskId })).status).toBe(409);
    const notice = await detailNotice(instanceId, 'AssetApply_Process');
    expect(notice).toMatchObject({ receiverUserIds: [await userId('emp01')], title: expect.stringMatching(/已驳回$/) });
  });

  it('instance/dealAgency refuses tasks of other processes', async () => {
    const [other] = await s.db
      .select()
      .from(wfTasks)
      .where(and(eq(wfTasks.status, 'pending'), eq(wfTasks.kind, 'approve')))
      .limit(200);
    const { wfInstances } = await import('../../db/schema');
    const rows = await s.db
      .select({ id: wfTasks.id, key: wfInstances.processKey })
      .from(wfTasks)
      .innerJoin(wfInstances, eq(wfInstances.id, wfTasks.instanceId))
      .where(eq(wfTasks.status, 'pending'));
    const foreign = rows.find((x) => !x.key.startsWith('Asset'));
    expect(other).toBeDefined();
    if (foreign) {
      const r = await call('admin', 'instance/dealAgency', { taskId: foreign.id });
      expect(r.status).toBe(400);
      expect(r.message).toBe('该任务不是资产流程的任务');
    }
    expect((await call('admin', 'instance/dealAgency', { taskId: 99999999 })).status).toBe(404);
  });
});

describe('inventory counts (inventory/*)', () => {
  let sheet: InventoryDetail;
  it('opens one sheet per location with what the register has there', async () => {
    expect((await call('emp01', 'inventory/add', { location: '003' })).status).toBe(403);
    const r = await call<InventoryDetail>('hr01', 'inventory/add', { location: '003', remark: '季度盘点' });
    expect(r.code, JSON.stringify(r)).toBe('200');
    sheet = r.data;
    const onRegister = await s.db
      .select()
      .from(assets)
      .where(and(eq(assets.location, '003'), inArray(assets.status, ['001', '002', '004'])));
    expect(sheet.expectedCount).toBe(onRegister.length);
    expect(sheet.items.every((i) => i.result === 'unchecked')).toBe(true);
    const again = await call('fin01', 'inventory/add', { location: '003' });
    expect(again.status).toBe(409);
    expect(again.message).toBe('该地点已有进行中的盘点单');
    expect((await call('hr01', 'inventory/add', { location: '999' })).status).toBe(400);
  });

  it('scans and ticks items; an asset from elsewhere is surplus; a forged code is refused', async () => {
    const first = sheet.items[0] as InventoryItem;
    const scanned = await call<InventoryItem>('hr01', 'inventory/scan', { id: sheet.id, assetCode: first.assetCode.toLowerCase() });
    expect(scanned.data.result).toBe('ok');
    const [elsewhere] = await s.db
      .select()
      .from(assets)
      .where(and(eq(assets.location, '004'), eq(assets.status, '001')))
      .limit(1);
    const surplus = await call<InventoryItem>('hr01', 'inventory/scan', { id: sheet.id, assetCode: elsewhere?.assetCode });
    expect(surplus.data.result).toBe('surplus');
    const unknown = await call('hr01', 'inventory/scan', { id: sheet.id, assetCode: 'ZC000000000000' });
    expect(unknown.status).toBe(404);
    expect(unknown.message).toBe('资产编码不存在');
    const rest = sheet.items.slice(1);
    const missing = rest[0] as InventoryItem;
    const tick = await call('hr01', 'inventory/tick', { id: sheet.id, items: rest.map((i) => ({ assetId: i.assetId, found: i.assetId !== missing.assetId })) });
    expect(tick.code, JSON.stringify(tick)).toBe('200');
    expect((await call('hr01', 'inventory/tick', { id: sheet.id, items: [{ assetId: 99999999, found: true }] })).message).toBe('该资产不在本盘点单中');
    expect((await call('hr01', 'inventory/tick', { id: sheet.id, items: [] })).status).toBe(400);
    const info = await call<InventoryDetail>('hr01', 'inventory/info', { id: sheet.id });
    expect(info.data.lossCount).toBe(1);
    expect(info.data.surplusCount).toBe(1);
    expect(info.data.uncheckedCount).toBe(0);
    expect((await call('emp01', 'inventory/info', { id: sheet.id })).status).toBe(404);

    const sent = await call<AssetDocumentSaved>('hr01', 'inventory/submit', { id: sheet.id });
    expect(sent.code, JSON.stringify(sent)).toBe('200');
    expect(sent.data.documentNo).toMatch(/^ZCPD/);
    expect((await call('hr01', 'inventory/scan', { id: sheet.id, assetCode: first.assetCode })).status).toBe(409);
    const byIns = await call<InventoryDetail>('fin01', 'inventory/getInventoryByProIns', { processInstanceId: sent.data.processInstanceId });
    expect(byIns.code).toBe('200');
    await approveAll(sent.data.processInstanceId as number);
    const [lost] = await s.db.select().from(assets).where(eq(assets.id, missing.assetId));
    expect(lost?.status).toBe('006');
    const [moved] = await s.db
      .select()
      .from(assets)
      .where(eq(assets.id, elsewhere?.id as number));
    expect(moved?.location).toBe('003');
    const list = await call<Page<{ id: number }>>('fin01', 'inventory/page', { location: '003' });
    expect(list.data.records.some((r) => r.id === sheet.id)).toBe(true);
  });

  it('a rejected count leaves the register as it was; the location can be counted again', async () => {
    const r = await call<InventoryDetail>('hr01', 'inventory/add', { location: '005', remark: '月度盘点' });
    expect(r.code, JSON.stringify(r)).toBe('200');
    const [missing, ...rest] = r.data.items;
    const [elsewhere] = await s.db
      .select()
      .from(assets)
      .where(and(eq(assets.location, '004'), eq(assets.status, '001')))
      .limit(1);
    expect((await call<InventoryItem>('hr01', 'inventory/scan', { id: r.data.id, assetCode: elsewhere?.assetCode })).data.result).toBe('surplus');
    await call('hr01', 'inventory/tick', {
      id: r.data.id,
      items: [{ assetId: missing?.assetId, found: false }, ...rest.map((i) => ({ assetId: i.assetId, found: true }))],
    });
    const ids = [missing?.assetId as number, elsewhere?.id as number];
    const register = async () =>
      s.db
        .select({ id: assets.id, status: assets.status, location: assets.location, updatedAt: assets.updatedAt })
        .from(assets)
        .where(inArray(assets.id, ids))
        .orderBy(assets.id);
    const before = await register();
    const sent = await call<AssetDocumentSaved>('hr01', 'inventory/submit', { id: r.data.id });
    const instanceId = sent.data.processInstanceId as number;
    const h = await holder(instanceId);
    const rejected = await call(h.code, 'instance/reject', { taskId: h.taskId, message: '盘亏资产需复核后重新盘点' });
    expect(rejected.code, JSON.stringify(rejected)).toBe('200');
    const info = await call<InventoryDetail>('hr01', 'inventory/info', { id: r.data.id });
    expect(info.data.state).toBe('rejected');
    expect(info.data).toMatchObject({ lossCount: 1, surplusCount: 1 });
    expect(await register()).toEqual(before);
    const moves = await s.db.select().from(assetMovements).where(eq(assetMovements.inventoryId, r.data.id));
    expect(moves).toEqual([]);
    const [row] = await s.db.select().from(assetInventories).where(eq(assetInventories.id, r.data.id));
    expect(row?.state).toBe('rejected');
    expect((await detailNotice(instanceId, 'AssetInventory_Process'))?.receiverUserIds).toEqual([await hrId()]);
    const next = await call<InventoryDetail>('hr01', 'inventory/add', { location: '005' });
    expect(next.code, JSON.stringify(next)).toBe('200');
  });
});
