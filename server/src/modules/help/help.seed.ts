import { sql } from 'drizzle-orm';
import type { ModuleSeed, SeedContext } from '../../db/seed/types';
import { queryRows } from '../../platform/db';
import { warmSegmenter } from '../recruit/resume-text';
import { helpArticles, helpCategories } from './help.schema';
import { searchDocSql } from './help.service';
import { htmlToText } from './help-text';

/**
 * The help centre's first content (what shipped with the web app before articles became data),
 * given to every database once: a database whose categories an administrator already edits is
 * left alone.
 */

interface SeedCategory {
  code: string;
  name: string;
  summary: string;
  path: string;
}

interface SeedArticle {
  slug: string;
  category: string;
  title: string;
  steps: string[];
  path?: string;
}

export const HELP_SEED_CATEGORIES: SeedCategory[] = [
  { code: 'workbench', name: '工作台', summary: '前台应用、快捷入口、公告与待办概览。', path: '/WorkBench/index' },
  { code: 'process', name: '流程中心', summary: '审批待办、抄送、我发起的流程与审批进度。', path: '/backlog/index' },
  { code: 'messages', name: '消息中心', summary: '系统通知、公告与待办提醒，未读数显示在铃铛上。', path: '/MessageCenter/index' },
  { code: 'personal', name: '个人中心', summary: '个人资料、工作与教育经历、银行卡、请假与年假等信息。', path: '/PersonalCenter/index' },
  { code: 'back-office', name: '后台管理', summary: '组织、用户、角色、菜单、字典等基础数据（有权限的用户可见）。', path: '/WorkBench/home' },
  { code: 'account', name: '账号与使用', summary: '登录退出、语言切换、页签与快捷键、小德助手。', path: '' },
];

export const HELP_SEED_ARTICLES: SeedArticle[] = [
  {
    slug: 'workbench-apps',
    category: 'workbench',
    title: '使用工作台的前台应用与快捷入口',
    steps: [
      '工作台列出您有权限使用的前台应用，点击图标即可打开。',
      '点击“编辑快捷入口”，勾选常用应用并保存，它们会显示在“快捷入口”中。',
      '公告栏每 5 秒滚动一条最新公告，点击可在消息中心查看详情。',
    ],
    path: '/WorkBench/index',
  },
  {
    slug: 'process-todo',
    category: 'process',
    title: '处理审批待办',
    steps: [
      '顶部“流程中心”页签上的数字是您的待办数量，点击会在新窗口打开流程中心。',
      '打开待办后可以同意、驳回（需填写意见，最多 200 字）或转办给其他同事。',
      '流程进度条显示每个审批环节及处理人，可左右滚动查看。',
    ],
    path: '/backlog/index',
  },
  {
    slug: 'process-mine',
    category: 'process',
    title: '查看我发起的流程',
    steps: [
      '在“我发起的”中可以查看自己提交的申请、当前环节与审批记录。',
      '被驳回的申请可以修改后重新提交。',
      '申请在哪个环节、由谁处理，也可以直接问小德助手，例如“我的请假申请到哪一步了”。',
    ],
    path: '/Initiate/index',
  },
  {
    slug: 'process-time-limit',
    category: 'process',
    title: '审批时限与超时提醒',
    steps: [
      '流程管理员可以在流程设计中为每个审批环节设置办理时限（小时）。',
      '待办超过时限仍未处理时，系统每天通过消息和邮件提醒处理人一次，直到处理完毕。',
      '审批分析统计每个流程、环节和审批人的办理时长、超时数、退回率和驳回率，可以逐级查看到具体的流程实例。',
    ],
    path: '/backlog/index',
  },
  {
    slug: 'messages',
    category: 'messages',
    title: '阅读消息与公告',
    steps: ['顶部铃铛显示未读消息数量，点击在新窗口打开消息中心。', '新的待办到达时，页面左下角会弹出“待办通知”，点击“去处理”即可打开。'],
    path: '/MessageCenter/index',
  },
  {
    slug: 'personal',
    category: 'personal',
    title: '维护个人信息',
    steps: ['从右上角用户菜单进入“个人中心”，可以查看并维护基本信息、经历、家庭成员、银行卡等。'],
    path: '/PersonalCenter/index',
  },
  {
    slug: 'leave',
    category: 'personal',
    title: '请假与年假',
    steps: [
      '在“我发起的”中发起请假申请，选择请假类型、起止日期和天数并填写事由；超过 3 天需人力资源审批。',
      '年假天数按国家规定根据累计工作年限计算：满 1 年不满 10 年 5 天，满 10 年不满 20 年 10 天，满 20 年 15 天。',
      '想知道今年还剩几天年假，可以问小德助手“我还有几天年假”，它会按您已通过的年假申请计算。',
    ],
    path: '/Initiate/index',
  },
  {
    slug: 'back-office',
    category: 'back-office',
    title: '进入后台管理',
    steps: [
      '有后台权限的用户在工作台顶部会看到“后台管理”页签，点击在新窗口打开。',
      '后台页面左侧有菜单栏，可以折叠，折叠状态会被记住。',
      '没有权限的功能不会显示；若打开了无权限的页面，会提示“暂无权限访问该数据”。',
    ],
    path: '/WorkBench/home',
  },
  {
    slug: 'sign-in',
    category: 'account',
    title: '登录、退出与登录过期',
    steps: [
      '勾选“记住我”后，下次登录会自动填入用户名。',
      '从右上角用户菜单选择“退出登录”并确认即可退出，打开的页签会一并关闭。',
      '登录信息过期时会提示重新登录，登录后会回到原来的页面。',
    ],
  },
  {
    slug: 'tabs',
    category: 'account',
    title: '页签与快捷键',
    steps: [
      '打开过的页面显示在页签栏中，切换回去时保留原来的内容（最多 100 个）。',
      '右键页签（或选中后按菜单键、Shift+F10）可关闭当前、其他、左侧、右侧或全部页签。',
      '更多快捷键见帮助中心首页的“快捷键”。',
    ],
  },
  {
    slug: 'language',
    category: 'account',
    title: '切换语言',
    steps: ['点击顶部的“English / 中文”按钮切换界面语言，选择会保存在本机，退出登录后仍然有效。'],
  },
  {
    slug: 'xiaode',
    category: 'account',
    title: '使用小德助手',
    steps: [
      '在工作台或帮助中心右下角点击小德图标，输入问题即可，例如“怎么处理审批待办”。',
      '小德会给出帮助中心里最相关的段落和链接；问到您自己的年假或申请进度时，会给出数字和对应页面。',
      '小德只使用您本人有权查看的数据，不会回答其他同事的信息。',
    ],
    path: '/helpCenter/xiaodeAI',
  },
];

const htmlOf = (steps: string[]) => `<ol>${steps.map((s) => `<li>${s}</li>`).join('')}</ol>`;

async function seedHelp(ctx: SeedContext): Promise<void> {
  const [any] = await queryRows<{ id: number }>(ctx.db, sql`SELECT id FROM help_categories LIMIT 1`);
  if (any) return;
  await warmSegmenter();
  const ids = new Map<string, number>();
  for (const [i, c] of HELP_SEED_CATEGORIES.entries()) {
    const [row] = await ctx.db
      .insert(helpCategories)
      .values({ ...c, sort: (i + 1) * 10 })
      .returning({ id: helpCategories.id });
    if (row) ids.set(c.code, row.id);
  }
  const rows = HELP_SEED_ARTICLES.map((a, i) => {
    const content = htmlOf(a.steps);
    const text = htmlToText(content);
    return {
      slug: a.slug,
      categoryId: ids.get(a.category) as number,
      title: a.title,
      content,
      bodyText: text,
      path: a.path ?? '',
      published: true,
      sort: (i + 1) * 10,
      searchDoc: searchDocSql(a.title, text),
    };
  });
  await ctx.db.insert(helpArticles).values(rows).onConflictDoNothing();
}

/** Every database gets the help content (reference data); the demo adds nothing more. */
export const helpSeed: ModuleSeed = { name: 'help', reference: seedHelp };
