/**
 * What the help centre keeps in the web app: the keyboard shortcuts the shell really implements.
 * Articles and their categories are data (help module on the server, docs/domain/help.md).
 */
export type Lang = 'zh' | 'en';
type Text = Record<Lang, string>;

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
