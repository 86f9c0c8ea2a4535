/** Routes whose path contains one of these show the left sidebar (spec 000 §2). */
export const SIDEBAR_ROUTE_MARKS = ['LargeScreen', 'ProjectManagement', 'RecruitCenter', 'OperateCenter', 'FinancialCenter', 'BaseCenter', 'ReportManage'];
export const showsSidebar = (pathname: string) => SIDEBAR_ROUTE_MARKS.some((m) => pathname.includes(m));

/** The floating AI assistant entry shows only on these routes. */
export const AI_ENTRY_MARKS = ['/WorkBench/index', '/helpCenter/recept', '/helpCenter/list'];
export const showsAiEntry = (pathname: string) => AI_ENTRY_MARKS.some((m) => pathname.includes(m));
export const AI_ASSISTANT_PATH = '/helpCenter/xiaodeAI';

/** The header shows the three workbench tabs on the workbench (or the bare index). */
export const isWorkbench = (pathname: string) => pathname === '/' || pathname === '/WorkBench/index';

/** Routes the top menu never lists (spec 000 §2 header). */
export const TOP_MENU_EXCLUDED = ['*', '/MessageCenter', '/backlog'];
export const inTopMenu = (path: string) => !TOP_MENU_EXCLUDED.some((x) => path === x || path.startsWith(`${x}/`));

export const SIDEBAR_WIDTH = 220;
export const SIDEBAR_COLLAPSED_WIDTH = 80;
export const SIDEBAR_COOKIE = 'sidebarStatus';

export const PLATFORM_TITLE_ZH = '信息管理平台';
/** Page title = route title + " - " + platform name; the platform name alone when the route has none. */
export const pageTitle = (routeTitle: string | undefined, platform: string) => (routeTitle ? `${routeTitle} - ${platform}` : platform);
