import { CARD_PROCESS_KEY, CERT_PROCESS_KEY, EMPLOY_STATE, WO_PROCESS_KEY } from '@erp/contract';
import { and, desc, eq, gt, inArray, isNotNull, like, ne, sql } from 'drizzle-orm';
import { employees, outbox, users, wfDefinitions, wfTasks } from '../../db/schema';
import type { ModuleSeed, SeedContext } from '../../db/seed/types';
import type { Principal } from '../../platform/auth/principal';
import { nextDocumentNumber } from '../../platform/document/document-number';
import * as engine from '../../workflow/engine';
import { CARD_PROCESS_XML, cardDefaults, cardDocument } from './card';
import { CERT_PROCESS_XML, proveDocument } from './certificate';
import { frontMenus } from './front.menus';
import { cardRequests, proveRequests, suggestionOwners, suggestions, workOrders } from './front.schema';
import { WORK_ORDER_XML } from './work-order';

/** The certificate process: every database gets it, at first start and on upgrade. */
async function reference(ctx: SeedContext): Promise<void> {
  for (const [key, xml] of [
    [CERT_PROCESS_KEY, CERT_PROCESS_XML],
    [WO_PROCESS_KEY, WORK_ORDER_XML],
    [CARD_PROCESS_KEY, CARD_PROCESS_XML],
  ]) {
    const [any] = await ctx.db
      .select({ id: wfDefinitions.id })
      .from(wfDefinitions)
      .where(eq(wfDefinitions.key, key as string))
      .limit(1);
    if (!any) await engine.deploy(ctx.db, xml as string, ctx.userIds.get('admin') ?? null);
  }
}

const PURPOSES = ['办理房屋贷款', '办理签证', '子女入学', '办理信用卡', '租房', '落户申请'];

/** 24 certificate requests of employed staff: most issued (with codes), some waiting for HR, a few rejected. */
async function seed(ctx: SeedContext): Promise<void> {
  const db = ctx.db;
  const [mark] = await db.select({ id: sql<number>`coalesce(max(${outbox.id}), 0)::int` }).from(outbox);
  // Generated staff only: the demo accounts start with no request, so their first one is theirs to make.
  const staff = (
    await db
      .select({ e: employees })
      .from(employees)
      .innerJoin(users, eq(users.id, employees.userId))
      .where(and(like(users.userCode, 'user%'), isNotNull(employees.salaryCents), ne(employees.employState, EMPLOY_STATE.resigned)))
      .orderBy(employees.id)
      .limit(24)
  ).map((r) => r.e);
  for (const [n, e] of staff.entries()) {
    const certType = n % 3 === 0 ? '002' : '001';
    const [row] = await db
      .insert(proveRequests)
      .values({
        userId: e.userId as number,
        employeeId: e.id,
        orgId: e.orgId,
        certType,
        purpose: PURPOSES[n % PURPOSES.length] as string,
        createdBy: e.userId,
        updatedBy: e.userId,
      })
      .returning();
    if (!row) continue;
    const { instanceId } = await proveDocument.submit(db, {
      id: row.id,
      userId: e.userId as number,
      title: `${e.name} ${certType === '002' ? '收入证明' : '在职证明'}`,
      vars: { orgId: e.orgId },
    });
    if (n % 4 === 3) continue; // waiting for HR
    const [task] = await db
      .select()
      .from(wfTasks)
      .where(and(eq(wfTasks.instanceId, instanceId), eq(wfTasks.status, 'pending'), inArray(wfTasks.kind, ['approve'])));
    if (!task) continue;
    const userId = task.assigneeUserId ?? (task.candidateUserIds[0] as number);
    if (n % 8 === 5) await engine.reject(db, { taskId: task.id, userId, message: '用途不明确，请补充说明' });
    else await engine.pass(db, { taskId: task.id, userId, message: '同意' });
  }
  await seedSuggestions(ctx);
  await seedWorkOrders(ctx);
  await seedCards(ctx);
  await db.delete(outbox).where(and(eq(outbox.topic, 'notify'), gt(outbox.id, Number(mark?.id ?? 0))));
}

const SUGGESTIONS: Array<[string, string, string]> = [
  ['001', '12层茶水间饮水机经常断水', '建议增加一台饮水机，或安排行政每天上午检查一次水桶。'],
  ['002', '报销审批节点太多', '500元以下的差旅报销是否可以只需部门负责人审批？现在要等一周以上。'],
  ['003', 'VPN经常断线', '在客户现场驻场时VPN每半小时断一次，影响提交代码，希望IT排查。'],
  ['004', '希望增加年度体检项目', '建议体检增加甲状腺B超和幽门螺杆菌检测。'],
  ['001', '会议室预订冲突', '15层大会议室经常被重复预订，建议在系统里做会议室预订。'],
  ['005', '建议组织季度技术分享', '各交付组经验可以互相学习，建议每季度一次内部技术分享。'],
  ['003', '工时填报页面在手机上显示不全', '手机上无法看到提交按钮，只能回到电脑上填。'],
  ['004', '加班餐补标准偏低', '晚上九点后的加班餐补标准建议从20元调整到30元。'],
];

/** Suggestions of generated staff: named and anonymous, open, replied and closed. */
async function seedSuggestions(ctx: SeedContext): Promise<void> {
  const db = ctx.db;
  const staff = await db.select({ id: users.id, orgId: users.orgId }).from(users).where(like(users.userCode, 'user%')).orderBy(users.id).limit(24);
  const hr = ctx.userIds.get('hr01') ?? null;
  for (const [n, u] of staff.entries()) {
    const [category, title, content] = SUGGESTIONS[n % SUGGESTIONS.length] as [string, string, string];
    const anonymous = n % 3 === 1;
    const state = n % 4 === 0 ? '002' : n % 7 === 6 ? '003' : '001';
    const [row] = await db
      .insert(suggestions)
      .values({
        category,
        title,
        content,
        anonymous,
        authorUserId: anonymous ? null : u.id,
        orgId: anonymous ? null : u.orgId,
        state,
        reply: state === '001' ? null : '感谢您的建议，已转相关部门处理，预计两周内给出改进方案。',
        repliedBy: state === '001' ? null : hr,
        repliedAt: state === '001' ? null : new Date(ctx.today.getTime() - n * 86_400_000),
        createdAt: new Date(ctx.today.getTime() - (n + 3) * 86_400_000),
        createdBy: anonymous ? null : u.id,
      })
      .returning({ id: suggestions.id });
    if (row) await db.insert(suggestionOwners).values({ suggestionId: row.id, userId: u.id });
  }
}

const ORDERS: Array<[string, string, string, string, string]> = [
  ['001', '003', '笔记本无法开机', '按电源键无反应，充电指示灯不亮，下午有客户演示。', '北京总部 12层 A区'],
  ['001', '002', '邮箱无法收取外部邮件', '从昨天下午开始收不到客户发来的邮件。', '上海分公司'],
  ['002', '002', '会议室空调不制冷', '15层大会议室空调开到18度仍然很热。', '北京总部 15层'],
  ['001', '001', '申请安装设计软件', '需要安装 Visio 用于画流程图。', '成都交付中心'],
  ['002', '003', '工位电源插座冒火花', '12层B区第三排插座插入时有火花，已停用。', '北京总部 12层 B区'],
  ['001', '002', '打印机卡纸', '前台打印机频繁卡纸，打印合同受影响。', '深圳分公司'],
  ['002', '001', '门禁卡失效', '新换的工牌刷不开15层门禁。', '北京总部 15层'],
  ['001', '002', 'VPN账号过期', 'VPN提示账号已过期，驻场无法访问内网。', '客户现场'],
];

/** Work orders of generated staff in every status; assigned ones run the handling process (handlers' to-dos). */
async function seedWorkOrders(ctx: SeedContext): Promise<void> {
  const db = ctx.db;
  const staff = await db.select({ id: users.id, orgId: users.orgId }).from(users).where(like(users.userCode, 'user%')).orderBy(users.id).limit(24);
  const it = ctx.userIds.get('mgr01');
  const admin = ctx.userIds.get('hr01');
  if (!it || !admin) return;
  for (const [n, u] of staff.entries()) {
    const [orderType, priority, title, description, place] = ORDERS[n % ORDERS.length] as [string, string, string, string, string];
    const status = ['001', '002', '003', '004', '005', '002'][n % 6] as string;
    const handlerUserId = status === '001' ? null : orderType === '001' ? it : admin;
    const [row] = await db
      .insert(workOrders)
      .values({
        orderNo: await nextDocumentNumber(db, 'GD', new Date(ctx.today.getTime() - (24 - n) * 3_600_000 * 5)),
        orderType,
        priority,
        title,
        description,
        place,
        reporterUserId: u.id,
        orgId: u.orgId,
        handlerUserId,
        status,
        resolution: status === '004' || status === '005' ? '已更换配件，测试正常。' : null,
        rating: status === '005' ? 4 + (n % 2) : null,
        assignedAt: handlerUserId ? ctx.today : null,
        resolvedAt: status === '004' || status === '005' ? ctx.today : null,
        createdBy: u.id,
        updatedBy: u.id,
      })
      .returning({ id: workOrders.id });
    if (!row || !handlerUserId) continue;
    const { instance } = await engine.start(db, {
      processKey: WO_PROCESS_KEY,
      businessId: String(row.id),
      title: `工单：${title}`,
      initiatorUserId: u.id,
      vars: { orgId: u.orgId },
      chosen: { handle: [handlerUserId] },
    });
    if (status === '004' || status === '005') {
      const [task] = await db
        .select()
        .from(wfTasks)
        .where(and(eq(wfTasks.instanceId, instance.id), eq(wfTasks.status, 'pending')));
      if (task) await engine.pass(db, { taskId: task.id, userId: handlerUserId, message: '已处理' });
    }
  }
}

/** Card requests of 20 generated staff: most printed, some waiting for administration. */
async function seedCards(ctx: SeedContext): Promise<void> {
  const db = ctx.db;
  const staff = (
    await db
      .select({ e: employees })
      .from(employees)
      .innerJoin(users, eq(users.id, employees.userId))
      .where(and(like(users.userCode, 'user%'), ne(employees.employState, EMPLOY_STATE.resigned)))
      .orderBy(desc(employees.id))
      .limit(20)
  ).map((r) => r.e);
  for (const [n, e] of staff.entries()) {
    const face = await cardDefaults(db, { userId: e.userId } as Principal);
    const [row] = await db
      .insert(cardRequests)
      .values({
        ...face,
        address: n % 2 ? '北京市朝阳区望京街10号' : null,
        boxes: 1 + (n % 3),
        userId: e.userId as number,
        employeeId: e.id,
        orgId: e.orgId,
        createdBy: e.userId,
      })
      .returning();
    if (!row) continue;
    const { instanceId } = await cardDocument.submit(db, { id: row.id, userId: e.userId as number, title: `${e.name} 名片申请`, vars: { orgId: e.orgId } });
    if (n % 4 === 3) continue;
    const [task] = await db
      .select()
      .from(wfTasks)
      .where(and(eq(wfTasks.instanceId, instanceId), eq(wfTasks.status, 'pending')));
    if (task) await engine.pass(db, { taskId: task.id, userId: task.assigneeUserId ?? (task.candidateUserIds[0] as number), message: '同意，已送印' });
  }
}

export const frontSeed: ModuleSeed = { name: 'front', menus: frontMenus, reference, seed };
