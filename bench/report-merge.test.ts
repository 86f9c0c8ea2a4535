import { describe, expect, it } from 'vitest';
import { mergeReports } from './report-merge';

const head = (run: string) => `# Benchmark report\n\nRun ${run}.\n\n`;
const block = (title: string, file: string | null, figure: string) => `## ${title}\n${file ? `<!-- scenario: ${file} -->\n` : ''}\n| a | ${figure} |\n\n`;

describe('a partial bench run', () => {
  it('replaces the sections of the scenarios it ran and keeps the others', () => {
    const previous = head('old') + block('Base', 'base.ts', '1') + block('HR roster', 'hr.ts', '2') + block('Legacy', null, '3');
    const fresh = head('new') + block('HR roster', 'hr.ts', '20');
    const merged = mergeReports(previous, fresh, ['hr.ts']);
    expect(merged).toContain('Run new.');
    expect(merged).toContain('Partial run of hr.ts');
    expect(merged).toContain('| a | 1 |');
    expect(merged).toContain('| a | 3 |');
    expect(merged).toContain('| a | 20 |');
    expect(merged).not.toContain('| a | 2 |');
  });

  it('replaces an unmarked section of an older report by its title', () => {
    const previous = head('old') + block('HR roster', null, '2');
    const merged = mergeReports(previous, head('new') + block('HR roster', 'hr.ts', '20'), ['hr.ts']);
    expect(merged.match(/## HR roster/g)).toHaveLength(1);
    expect(merged).toContain('| a | 20 |');
  });
});
