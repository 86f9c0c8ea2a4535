import { describe, expect, it } from 'vitest';
import { safeRedirect } from '../session/redirect';
import { rolesFromAuths } from '../session/session-store';
import { inTopMenu, pageTitle, showsAiEntry, showsSidebar } from './layout-rules';
import { tabsClosedBy } from './tab-actions';
import type { VisitedTab } from './tabs-store';
import { unreadTotal } from './unread';

describe('layout rules (spec 000 §2)', () => {
  it('shows the sidebar only on the listed route families', () => {
    expect(showsSidebar('/BaseCenter/user')).toBe(true);
    expect(showsSidebar('/RecruitCenter/TalentPool')).toBe(true);
    expect(showsSidebar('/OperateCenter/salaryComp')).toBe(true);
    expect(showsSidebar('/WorkBench/index')).toBe(false);
    expect(showsSidebar('/backlog/index')).toBe(false);
  });

  it('shows the AI entry on the workbench and the help pages only', () => {
    expect(showsAiEntry('/WorkBench/index')).toBe(true);
    expect(showsAiEntry('/helpCenter/list')).toBe(true);
    expect(showsAiEntry('/helpCenter/detail')).toBe(false);
    expect(showsAiEntry('/WorkBench/home')).toBe(false);
  });

  it('keeps /MessageCenter and /backlog out of the top menu', () => {
    expect(inTopMenu('/MessageCenter')).toBe(false);
    expect(inTopMenu('/MessageCenter/list')).toBe(false);
    expect(inTopMenu('/backlog/index')).toBe(false);
    expect(inTopMenu('/BaseCenter')).toBe(true);
  });

  it('titles pages "<route> - <platform>", the platform alone without a route title', () => {
    expect(pageTitle('工作台', '信息管理平台')).toBe('工作台 - 信息管理平台');
    expect(pageTitle(undefined, '信息管理平台')).toBe('信息管理平台');
  });
});

describe('session rules', () => {
  it('takes roles from auth strings containing ROLE, without the first 5 characters', () => {
    expect(rolesFromAuths(['ROLE_admin', 'base:user:list', 'ROLE_hr'])).toEqual(['admin', 'hr']);
  });

  it('accepts only in-app redirects', () => {
    expect(safeRedirect('/Salary/index?x=1')).toBe('/Salary/index?x=1');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('/entry?redirect=/x')).toBe('/');
    expect(safeRedirect(null)).toBe('/');
  });

  it('counts unread messages of all types with 002 forced to 0', () => {
    expect(
      unreadTotal([
        { msgType: '001', unReadNum: 2 },
        { msgType: '002', unReadNum: 9 },
        { msgType: '003', unReadNum: 1 },
        { msgType: '004', unReadNum: 3 },
      ]),
    ).toBe(6);
  });
});

describe('tabs bar actions', () => {
  const tabs: VisitedTab[] = ['/WorkBench/index', '/a', '/b', '/c'].map((path) => ({ path, search: '', title: path }));
  it('never closes the workbench tab', () => {
    expect(tabsClosedBy('closeAll', tabs, '/b')).toEqual(['/a', '/b', '/c']);
    expect(tabsClosedBy('closeOthers', tabs, '/b')).toEqual(['/a', '/c']);
    expect(tabsClosedBy('close', tabs, '/WorkBench/index')).toEqual([]);
  });
  it('closes to the left and to the right of a tab', () => {
    expect(tabsClosedBy('closeLeft', tabs, '/b')).toEqual(['/a']);
    expect(tabsClosedBy('closeRight', tabs, '/b')).toEqual(['/c']);
  });
});
