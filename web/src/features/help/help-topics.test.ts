import { describe, expect, it } from 'vitest';
import { FIXED_REDIRECTS, FIXED_ROUTES } from '../../app/registry/fixed-routes';
import { findTopics, HELP_SECTIONS, HELP_TOPICS } from './help-topics';

const known = new Set([...FIXED_ROUTES.map((r) => r.path), ...Object.keys(FIXED_REDIRECTS)]);

describe('help centre content', () => {
  it('has unique topic ids, a known section for each topic and both languages everywhere', () => {
    expect(new Set(HELP_TOPICS.map((t) => t.id)).size).toBe(HELP_TOPICS.length);
    const sections = new Set(HELP_SECTIONS.map((s) => s.key));
    for (const topic of HELP_TOPICS) {
      expect(sections.has(topic.section)).toBe(true);
      expect(topic.title.zh && topic.title.en).toBeTruthy();
      expect(topic.body.zh.length).toBe(topic.body.en.length);
    }
    for (const s of HELP_SECTIONS) expect(HELP_TOPICS.some((t) => t.section === s.key)).toBe(true);
  });

  it('links only to routes of the platform', () => {
    const paths = [...HELP_SECTIONS.map((s) => s.path), ...HELP_TOPICS.flatMap((t) => (t.path ? [t.path] : []))];
    expect(paths.map((p) => p.split('?')[0]).filter((p) => !known.has(p as string))).toEqual([]);
  });

  it('finds topics by every keyword, case-insensitive, within a section', () => {
    expect(findTopics('', 'zh').length).toBe(HELP_TOPICS.length);
    expect(findTopics('审批', 'zh').map((t) => t.id)).toContain('process-todo');
    expect(findTopics('SHORTCUTS workbench', 'en').map((t) => t.id)).toEqual(['workbench-apps']);
    expect(findTopics('', 'en', 'account').every((t) => t.section === 'account')).toBe(true);
    expect(findTopics('no such words here', 'en')).toEqual([]);
  });
});
