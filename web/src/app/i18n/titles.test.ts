import { describe, expect, it } from 'vitest';
import { AREA_NAMES, FIXED_ROUTES } from '../registry/fixed-routes';
import { AFFIX_TITLE } from '../shell/tabs-store';
import { TITLES_EN } from './titles.en-US';

interface SeedMenu {
  type: string;
  title: string;
  children?: SeedMenu[];
}

/**
 * Titles of the menus the server seeds (buttons, type F, are never shown): every `*.menus.ts` data
 * file of the server, found by name so a module's new menus are checked without editing this test.
 */
async function seededMenuTitles(): Promise<string[]> {
  const files = import.meta.glob(['../../../../server/src/**/*.menus.ts', '!**/node_modules/**']);
  const specs: SeedMenu[] = [];
  for (const load of Object.values(files)) {
    for (const value of Object.values((await load()) as Record<string, unknown>)) if (Array.isArray(value)) specs.push(...(value as SeedMenu[]));
  }
  const titles: string[] = [];
  const walk = (menus: SeedMenu[]) => {
    for (const m of menus) {
      if (m.type !== 'F') titles.push(m.title);
      walk(m.children ?? []);
    }
  };
  walk(specs);
  // Menus seeded inside module seeds (bpm.seed.ts, msg.seed.ts), which import the database.
  return [...titles, '流程设计', '消息管理'];
}

describe('English labels of route and menu titles', () => {
  it('cover every fixed route, area and the workbench tab', () => {
    const missing = [...FIXED_ROUTES.map((r) => r.title), ...Object.values(AREA_NAMES), AFFIX_TITLE].filter((t) => !TITLES_EN[t]);
    expect(missing).toEqual([]);
  });

  it('cover every menu the server seeds (add the English label here when seeding a menu)', async () => {
    const titles = await seededMenuTitles();
    expect(titles.length).toBeGreaterThan(20);
    expect(titles.filter((t) => !TITLES_EN[t])).toEqual([]);
  }, 30_000);

  it('are English', () => {
    const notEnglish = Object.entries(TITLES_EN).filter(([, en]) => /[\u4e00-\u9fff]/.test(en));
    expect(notEnglish).toEqual([]);
  });
});
