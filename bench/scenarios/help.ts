import type { BenchContext, DataSet, Row, Section } from '../lib';
import { measureProbe, type Probe } from '../probe';

/**
 * Issue 20: the help centre's full-text search (jieba words in a weighted tsvector, ranked, best
 * passage highlighted) and the Xiaode assistant's retrieval, at 32 connections, against a bare
 * Fastify route running the same SQL. Target: help search p99 ≤ 50 ms.
 */
const PROBES: Probe[] = [
  { name: 'help/search (审批待办, 8 hits max)', path: '/base_api/base/help/search', body: { q: '审批待办', limit: 8 }, target: 50, user: 'emp01' },
  {
    name: 'help/search (no hit for every word → any word)',
    path: '/base_api/base/help/search',
    body: { q: '怎么 切换 英文 界面', limit: 8 },
    target: 50,
    user: 'emp01',
  },
  {
    name: 'help/xiaode/ask (年假, offline retrieval)',
    path: '/base_api/base/help/xiaode/ask',
    body: { question: '我还有几天年假？' },
    target: 100,
    user: 'emp01',
  },
];

async function measure(db: DataSet, label: string, duration: number): Promise<Section> {
  const rows: Row[] = [];
  for (const probe of PROBES) rows.push(...(await measureProbe(db, probe, duration)));
  return {
    title: `Help centre search and the Xiaode assistant on ${label}`,
    issue: 20,
    rows,
    notes: [
      'Calls as emp01 (a regular employee), ROOT-wrapped bodies. The help articles are the seeded ones (every database gets them); the words of a query are cut by jieba in the server process, the same way as the index.',
      'A search asks for every word (AND) and, when no article holds them all, for any word (OR), ranked, in one statement: the articles matching any word, kept to those matching every word when there are such. The second probe measures the fallback.',
      'The assistant without AI_BASE_URL answers from retrieval alone: the search (any word, question words dropped) and, for a question about leave, the asker’s own annual-leave figures (their employee row and their leave requests).',
      'Baseline: bare Fastify route running the same SQL statements (captured with LOG_SQL_FILE) through the same driver.',
    ],
  };
}

export default async function help(ctx: BenchContext): Promise<Section[]> {
  const sections: Section[] = [];
  if (ctx.pgUrl) sections.push(await measure({ pgUrl: ctx.pgUrl }, 'PostgreSQL', ctx.duration));
  if (ctx.pgliteDir) sections.push(await measure({ pgliteDir: ctx.pgliteDir }, 'PGlite (embedded)', ctx.duration));
  return sections;
}
