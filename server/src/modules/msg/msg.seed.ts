import { MSG_PERM } from '@erp/contract';
import type { ModuleSeed, SeedContext } from '../../db/seed/types';
import { enqueue } from '../../platform/outbox/outbox';
import { MsgRepository } from './msg.repository';
import { plainExcerpt, sanitizeMessageHtml } from './sanitize';

const NOTICES = [
  {
    title: '关于2026年春节放假安排的通知',
    content: '<p>各位同事：</p><p>根据国家规定，公司春节放假时间为<strong>2月16日至2月22日</strong>，共7天。请各部门提前做好工作安排。</p>',
    top: true,
    daysAgo: 1,
  },
  { title: '员工手册（2026版）发布', content: '<p>新版员工手册已发布，请全体员工在本月底前完成阅读并确认。</p>', top: false, daysAgo: 12 },
  { title: '信息安全月活动通知', content: '<p>本月为信息安全月，请勿点击来历不明的链接，密码请定期更换。</p>', top: false, daysAgo: 40 },
  { title: '年度体检安排', content: '<p>年度体检将于下月开始，请留意各部门通知的体检时间。</p>', top: false, daysAgo: 70 },
];

async function seedMessages(ctx: SeedContext): Promise<void> {
  const repo = new MsgRepository(ctx.db);
  const adminId = ctx.userIds.get('admin') ?? null;
  const day = 86_400_000;
  for (const n of NOTICES) {
    const content = sanitizeMessageHtml(n.content);
    const createdAt = new Date(ctx.today.getTime() - n.daysAgo * day);
    const message = await repo.insertMessage({
      msgType: '003',
      title: n.title,
      content,
      summary: plainExcerpt(content),
      senderId: adminId,
      receiverScope: 'all',
      topFlag: n.top,
      createdAt,
      updatedAt: createdAt,
      createdBy: adminId,
    });
    await repo.addReceivers(message, { kind: 'all' });
  }
  // /publish/index looks used: a notice to the finance role that has expired (off the carousel) and
  // one to HR scheduled three days ahead (an outbox item publishes it then).
  const financeRole = ctx.roleIds.get('finance');
  const hrRole = ctx.roleIds.get('hr');
  if (financeRole && hrRole) {
    const expired = sanitizeMessageHtml('<p>11月费用报销请于25日前提交，逾期顺延至下月。</p>');
    const at = new Date(ctx.today.getTime() - 20 * day);
    const m = await repo.insertMessage({
      msgType: '003',
      title: '11月费用报销截止提醒',
      content: expired,
      summary: plainExcerpt(expired),
      senderId: ctx.userIds.get('hr01') ?? adminId,
      receiverScope: 'roles',
      receiverRoleIds: [financeRole],
      expireAt: new Date(ctx.today.getTime() - 5 * day),
      createdAt: at,
      updatedAt: at,
    });
    await repo.addReceivers(m, { kind: 'roles', ids: [financeRole] });
    const later = sanitizeMessageHtml('<p>年度述职将于下周一开始，请各部门负责人提前准备述职材料。</p>');
    const publishAt = new Date(Date.now() + 3 * day);
    const scheduled = await repo.insertMessage({
      msgType: '003',
      title: '年度述职安排',
      content: later,
      summary: plainExcerpt(later),
      senderId: ctx.userIds.get('hr01') ?? adminId,
      receiverScope: 'roles',
      receiverRoleIds: [hrRole],
      publishAt,
      expireAt: new Date(publishAt.getTime() + 14 * day),
    });
    await enqueue(ctx.db, 'msg.publish', { messageId: scheduled.id }, { delayMs: 3 * day });
  }
  const personal: Array<{ user: string; msgType: '001' | '004'; title: string; content: string; link?: string }> = [
    {
      user: 'emp01',
      msgType: '001',
      title: '请补充个人信息',
      content: '<p>您的个人信息尚不完整，请到个人中心补充银行卡和紧急联系人。</p>',
      link: '/PersonalCenter/index',
    },
    { user: 'emp01', msgType: '004', title: '欢迎加入公司', content: '<p>欢迎加入！入职资料已归档。</p>' },
    { user: 'hr01', msgType: '004', title: '入职三周年', content: '<p>感谢您三年来的付出！</p>' },
  ];
  for (const p of personal) {
    const userId = ctx.userIds.get(p.user);
    if (!userId) continue;
    const content = sanitizeMessageHtml(p.content);
    const message = await repo.insertMessage({
      msgType: p.msgType,
      title: p.title,
      content,
      summary: plainExcerpt(content),
      senderId: adminId,
      link: p.link ?? null,
      receiverScope: 'users',
      receiverUserIds: [userId],
    });
    await repo.addReceivers(message, { kind: 'users', ids: [userId] });
  }
}

/** Demo data and menus of the msg module: the MessageManage screen and a few notices and messages. */
export const msgSeed: ModuleSeed = {
  name: 'msg',
  menus: [
    {
      type: 'C',
      name: 'MessageManage',
      title: '消息管理',
      path: 'MessageManage',
      component: 'msg/manage',
      icon: 'NotificationOutlined',
      roles: ['hr', 'hrDirector'],
      children: [{ type: 'F', name: MSG_PERM.manage, title: '发布公告', perms: MSG_PERM.manage, roles: ['hr', 'hrDirector'] }],
    },
  ],
  seed: seedMessages,
};
