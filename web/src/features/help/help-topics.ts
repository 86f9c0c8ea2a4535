/**
 * The help centre's content. There is no help service in the specification, so the topics ship
 * with the web app, in both languages. Each section names the screens it covers (routes of
 * spec 000 §2) so the help centre can link to them.
 */
export type Lang = 'zh' | 'en';
type Text = Record<Lang, string>;

export interface HelpSection {
  key: string;
  title: Text;
  summary: Text;
  /** Where the section's screens start. */
  path: string;
}

export interface HelpTopic {
  id: string;
  section: string;
  title: Text;
  /** Paragraphs or steps. */
  body: Record<Lang, string[]>;
  /** The screen the topic is about, if any. */
  path?: string;
}

export const HELP_SECTIONS: HelpSection[] = [
  {
    key: 'workbench',
    title: { zh: '工作台', en: 'Workbench' },
    summary: { zh: '前台应用、快捷入口、公告与待办概览。', en: 'Front applications, shortcuts, notices and the to-do summary.' },
    path: '/WorkBench/index',
  },
  {
    key: 'process',
    title: { zh: '流程中心', en: 'Process centre' },
    summary: { zh: '审批待办、抄送、我发起的流程与审批进度。', en: 'Approvals to do, copies, your own requests and their progress.' },
    path: '/backlog/index',
  },
  {
    key: 'messages',
    title: { zh: '消息中心', en: 'Message centre' },
    summary: { zh: '系统通知、公告与待办提醒，未读数显示在铃铛上。', en: 'System notices, announcements and to-do reminders; the bell shows unread ones.' },
    path: '/MessageCenter/index',
  },
  {
    key: 'personal',
    title: { zh: '个人中心', en: 'Personal centre' },
    summary: { zh: '个人资料、工作与教育经历、银行卡等信息。', en: 'Your profile, work and education history, bank cards and more.' },
    path: '/PersonalCenter/index',
  },
  {
    key: 'back-office',
    title: { zh: '后台管理', en: 'Back office' },
    summary: {
      zh: '组织、用户、角色、菜单、字典等基础数据（有权限的用户可见）。',
      en: 'Organisation, users, roles, menus and dictionaries (for permitted users).',
    },
    path: '/WorkBench/home',
  },
  {
    key: 'account',
    title: { zh: '账号与使用', en: 'Account and usage' },
    summary: { zh: '登录退出、语言切换、页签与快捷键。', en: 'Signing in and out, language, page tabs and shortcuts.' },
    path: '/helpCenter/list?section=account',
  },
];

export const HELP_TOPICS: HelpTopic[] = [
  {
    id: 'workbench-apps',
    section: 'workbench',
    title: { zh: '使用工作台的前台应用与快捷入口', en: 'Using the workbench applications and shortcuts' },
    body: {
      zh: [
        '工作台列出您有权限使用的前台应用，点击图标即可打开。',
        '点击“编辑快捷入口”，勾选常用应用并保存，它们会显示在“快捷入口”中。',
        '公告栏每 5 秒滚动一条最新公告，点击可在消息中心查看详情。',
      ],
      en: [
        'The workbench lists the front applications you may use; click one to open it.',
        'Choose "Edit shortcuts", tick the applications you use most and save: they appear under "Shortcuts".',
        'The notice bar shows the latest notices, one every 5 seconds; click one to read it in the message centre.',
      ],
    },
    path: '/WorkBench/index',
  },
  {
    id: 'process-todo',
    section: 'process',
    title: { zh: '处理审批待办', en: 'Handling approvals' },
    body: {
      zh: [
        '顶部“流程中心”页签上的数字是您的待办数量，点击会在新窗口打开流程中心。',
        '打开待办后可以同意、驳回（需填写意见，最多 200 字）或转办给其他同事。',
        '流程进度条显示每个审批环节及处理人，可左右滚动查看。',
      ],
      en: [
        'The number on the "Process centre" tab in the header is your count of to-dos; it opens the process centre in a new window.',
        'Open a to-do to pass it, send it back (a comment is required, 200 characters at most) or transfer it to a colleague.',
        'The progress bar shows every approval step and who handles it; scroll it sideways.',
      ],
    },
    path: '/backlog/index',
  },
  {
    id: 'process-mine',
    section: 'process',
    title: { zh: '查看我发起的流程', en: 'Following your own requests' },
    body: {
      zh: ['在“我发起的”中可以查看自己提交的申请、当前环节与审批记录。', '被驳回的申请可以修改后重新提交。'],
      en: [
        '"My requests" lists what you submitted, the current step and the approval record.',
        'A request that was sent back can be changed and submitted again.',
      ],
    },
    path: '/Initiate/index',
  },
  {
    id: 'messages',
    section: 'messages',
    title: { zh: '阅读消息与公告', en: 'Reading messages and notices' },
    body: {
      zh: ['顶部铃铛显示未读消息数量，点击在新窗口打开消息中心。', '新的待办到达时，页面左下角会弹出“待办通知”，点击“去处理”即可打开。'],
      en: [
        'The bell in the header shows your unread messages and opens the message centre in a new window.',
        'When a new to-do arrives, a "To-do notice" pops up at the bottom left; choose "Open" to handle it.',
      ],
    },
    path: '/MessageCenter/index',
  },
  {
    id: 'personal',
    section: 'personal',
    title: { zh: '维护个人信息', en: 'Keeping your details up to date' },
    body: {
      zh: ['从右上角用户菜单进入“个人中心”，可以查看并维护基本信息、经历、家庭成员、银行卡等。'],
      en: ['Open "Personal centre" from the user menu at the top right to view and update your basic information, history, family and bank cards.'],
    },
    path: '/PersonalCenter/index',
  },
  {
    id: 'back-office',
    section: 'back-office',
    title: { zh: '进入后台管理', en: 'Opening the back office' },
    body: {
      zh: [
        '有后台权限的用户在工作台顶部会看到“后台管理”页签，点击在新窗口打开。',
        '后台页面左侧有菜单栏，可以折叠，折叠状态会被记住。',
        '没有权限的功能不会显示；若打开了无权限的页面，会提示“暂无权限访问该数据”。',
      ],
      en: [
        'Users with back-office rights see a "Back office" tab at the top of the workbench; it opens in a new window.',
        'Back-office pages have a side menu that can be collapsed; the choice is remembered.',
        'Functions you may not use are not shown; a page you may not see says you have no permission to access the data.',
      ],
    },
    path: '/WorkBench/home',
  },
  {
    id: 'sign-in',
    section: 'account',
    title: { zh: '登录、退出与登录过期', en: 'Signing in, signing out and expired sessions' },
    body: {
      zh: [
        '勾选“记住我”后，下次登录会自动填入用户名。',
        '从右上角用户菜单选择“退出登录”并确认即可退出，打开的页签会一并关闭。',
        '登录信息过期时会提示重新登录，登录后会回到原来的页面。',
      ],
      en: [
        'With "Remember me" ticked, your user name is filled in the next time.',
        'Choose "Sign out" in the user menu at the top right and confirm; your open tabs close with it.',
        'When your session expires you are asked to sign in again, and come back to the page you were on.',
      ],
    },
  },
  {
    id: 'tabs',
    section: 'account',
    title: { zh: '页签与快捷键', en: 'Page tabs and keyboard shortcuts' },
    body: {
      zh: [
        '打开过的页面显示在页签栏中，切换回去时保留原来的内容（最多 100 个）。',
        '右键页签（或选中后按菜单键、Shift+F10）可关闭当前、其他、左侧、右侧或全部页签。',
        '更多快捷键见帮助中心首页的“快捷键”。',
      ],
      en: [
        'Pages you opened stay in the tab bar and keep their content when you come back (up to 100).',
        'Right-click a tab (or press the menu key or Shift+F10 on it) to close it, the others, those to its left or right, or all.',
        'See "Keyboard shortcuts" on the help centre home page for more.',
      ],
    },
  },
  {
    id: 'language',
    section: 'account',
    title: { zh: '切换语言', en: 'Changing the language' },
    body: {
      zh: ['点击顶部的“English / 中文”按钮切换界面语言，选择会保存在本机，退出登录后仍然有效。'],
      en: ['Use the "English / 中文" button in the header to switch the language; the choice is kept on this device, also after signing out.'],
    },
  },
];

/** Keys people can use anywhere in the shell (what the shell really implements). */
export const SHORTCUTS: Array<{ keys: string; action: Text }> = [
  { keys: 'Tab / Shift+Tab', action: { zh: '在菜单、按钮和输入框之间移动', en: 'Move between menus, buttons and fields' } },
  { keys: 'Enter', action: { zh: '打开选中的菜单、页签或链接', en: 'Open the focused menu, tab or link' } },
  { keys: 'Delete / Backspace', action: { zh: '关闭选中的页签（工作台除外）', en: 'Close the focused page tab (not the workbench)' } },
  { keys: 'Shift+F10', action: { zh: '打开选中页签的右键菜单', en: 'Open the focused tab’s context menu' } },
  { keys: '↑ / ↓ / Home / End', action: { zh: '在弹出菜单中移动', en: 'Move within a pop-up menu' } },
  { keys: 'Esc', action: { zh: '关闭弹出菜单或对话框', en: 'Close a pop-up menu or dialog' } },
];

export const langOf = (language: string): Lang => (language === 'en-US' ? 'en' : 'zh');

/** Topics of a section (all when none) whose title or text contains every word of the query, case-insensitive. */
export function findTopics(query: string, lang: Lang, section?: string): HelpTopic[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return HELP_TOPICS.filter((topic) => {
    if (section && topic.section !== section) return false;
    const text = [topic.title[lang], ...topic.body[lang]].join(' ').toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

export const findTopic = (id: string | null): HelpTopic | undefined => HELP_TOPICS.find((t) => t.id === id);
export const findSection = (key: string | null | undefined): HelpSection | undefined => HELP_SECTIONS.find((s) => s.key === key);
