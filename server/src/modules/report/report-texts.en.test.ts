import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPORTS } from './report.service';
import { REPORT_EN, reportInEnglish } from './report-texts.en';

const CHINESE = /'([^'\n]*[\u4e00-\u9fa5][^'\n]*)'/g;

describe('English labels of the report centre', () => {
  it('has one for every text the report definitions and the service write', () => {
    const files = ['headcount-reports.ts', 'recruit-reports.ts', 'fact-report.ts', 'report.service.ts'];
    const missing: string[] = [];
    for (const file of files) {
      const source = fs.readFileSync(path.join(import.meta.dirname, file), 'utf8');
      for (const [, text] of source.matchAll(CHINESE)) if (text && !REPORT_EN[text]) missing.push(`${file}: ${text}`);
    }
    expect(missing).toEqual([]);
  });

  it('translates every title a report answers with, and keeps figures and data labels', () => {
    for (const def of REPORTS) {
      for (const group of def.groups) {
        const r = reportInEnglish({
          report: def.code,
          title: def.title,
          description: def.description,
          from: '2026-01',
          to: '2026-02',
          asOf: '2026-02-28',
          groupBy: group.key,
          groupTitle: group.title,
          groups: def.groups.map(({ key, title }) => ({ key, title })),
          categoryDict: def.categoryDict,
          columns: def.measures.map(({ key, title, kind, drill }) => ({ key, title, kind, drill })),
          rows: [{ key: '7', label: '华东事业部', values: { a: 1 } }],
          total: { key: '__total__', label: '合计', values: { a: 1 } },
          charts: def.charts(group.key),
        });
        const texts = [
          r.title,
          r.description,
          r.groupTitle,
          ...r.groups.map((g) => g.title),
          ...r.columns.map((c) => c.title),
          ...r.charts.map((c) => c.title),
        ];
        expect(texts.filter((t) => /[\u4e00-\u9fa5]/.test(t))).toEqual([]);
        expect(r.rows[0]).toEqual({ key: '7', label: '华东事业部', values: { a: 1 } });
        expect(r.total.label).toBe('Total');
      }
    }
  });
});
