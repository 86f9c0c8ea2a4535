import { type BenchContext, type DataSet, type Row, type Section } from '../lib';
import { measureExport, measureProbe, type Probe } from '../probe';

/**
 * Issue 4: the person search (dimQueryUser with a keyword on 50,000 users) and the organisation
 * tree (2,000 departments), each against a bare Fastify route running the same SQL (captured from
 * the product with LOG_SQL_FILE); and the streamed xlsx export of every user.
 */
const PROBES: Probe[] = [
  { name: 'dimQueryUser (keyword 王, 20 rows)', path: '/base_api/base/api/user/dimQueryUser', body: { keyword: '王', pageIndex: 1, pageSize: 20 }, target: 50 },
  { name: 'org/tree (whole tree)', path: '/base_api/base/api/org/tree', body: {}, target: 100 },
];

async function measure(db: DataSet, label: string, duration: number): Promise<Section> {
  const rows: Row[] = [];
  for (const probe of PROBES) rows.push(...(await measureProbe(db, probe, duration)));
  rows.push(...(await measureExport(db, { noun: 'user', path: '/base_api/base/api/user/export', user: 'admin', small: { userCode: 'admin' }, all: {} })));
  return {
    title: `Base data: person search, organisation tree and user export on ${label}`,
    issue: 4,
    rows,
    notes: [
      'Calls as hr01 (signed in, login-level calls), ROOT-wrapped bodies; the data set has 50,000 generated people and 2,000 generated departments besides the demo data.',
      'Baseline: bare Fastify route running the same SQL statements (captured from the product with LOG_SQL_FILE) through the same driver, each sent unnamed, as in the foundation benchmark; on PostgreSQL also with its statements prepared, as the product prepares the statements it runs often.',
      'dimQueryUser: a keyword of one or two characters (too short for trigrams) is one piece of user_search_pieces (one row per user and 1–2-character piece of the name, code, pinyin initials and phone, kept by triggers): its holders are read in name order from the btree on (piece, enabled, name, id), so a page reads its 20 rows and the total is an index-only count, in the same statement; exact code or name matches, which come first, are counted along.',
      'org/tree is kept per process (built and serialised) per organisation version, which triggers bump on every change: a call reads that one row, so the captured baseline SQL is that read alone.',
      "Export: the ordered ids in one query, then the rows 5,000 ids at a time into exceljs' streaming writer; the answer is streamed, so memory does not grow with the row count.",
      ...(db.pgUrl
        ? []
        : [
            'On PGlite the database runs inside the server process: its buffers and working memory (WebAssembly memory, which grows and is never given back) count in the RSS, so the export figure is reported, not held to the target set for the server beside PostgreSQL.',
          ]),
    ],
  };
}

export default async function base(ctx: BenchContext): Promise<Section[]> {
  const sections: Section[] = [];
  if (ctx.pgUrl) sections.push(await measure({ pgUrl: ctx.pgUrl }, 'PostgreSQL', ctx.duration));
  sections.push(await measure({ pgliteDir: ctx.pgliteDir }, 'PGlite (embedded)', ctx.duration));
  return sections;
}
