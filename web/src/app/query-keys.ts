/**
 * Query keys shared across features. Keys other features invalidate live here so the
 * live channel, the header and the screens agree on them.
 */
export const queryKeys = {
  session: {
    all: ['session'] as const,
    user: () => ['session', 'user'] as const,
    menus: () => ['session', 'menus'] as const,
    functions: (menuId: number) => ['session', 'functions', menuId] as const,
  },
  /** Unread message counts (msg module getMsgAllNumber); invalidated by the live channel. */
  msgUnread: ['msg', 'unread'] as const,
  /** Workbench notices (msg module, type 003). */
  msgNotices: ['msg', 'notices'] as const,
  /** To-do totals (bpm module getAllUserTaskTotal: sum, ccTotal); invalidated by the live channel. */
  bpmTotal: ['bpm', 'total'] as const,
  /** The user's workbench shortcuts (base module getAppIndexCustomList). */
  workbenchShortcuts: ['base', 'appIndexCustom'] as const,
} as const;
