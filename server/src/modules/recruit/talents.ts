import {
  type Duplicate,
  maskMiddle,
  type Page,
  RECRUIT_MSG,
  type ReScreenInfo,
  type ResumeParsed,
  type ResumePreview,
  type TalentRecord,
  type ZReScreenInput,
  type ZTalentFilters,
  type ZTalentSave,
} from '@erp/contract';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { employees } from '../../db/schema';
import { dataScopeCondition } from '../../platform/auth/data-scope';
import type { Principal } from '../../platform/auth/principal';
import { type Db, queryRows } from '../../platform/db';
import { badRequest, conflict, notFound } from '../../platform/errors';
import type { CallContext } from '../../platform/http/context';
import type { UploadedFile } from '../../platform/http/multipart';
import { pageOfRows, pageWindow, rowCountLiteral } from '../../platform/http/paging';
import { ZipBoundsError } from '../../platform/resource/zip-bounds';
import type { FileService } from '../file/file.service';
import { linkToken, openLink } from './outer-links';
import { recruitResumes, recruitTalents } from './recruit.schema';
import { extractText, findFields, queryWords, resumeKind, searchSource, snippetOf, tsQueryOf } from './resume-text';
import { talentWordShares } from './talent-word-stats';

type TalentFilters = { [K in keyof typeof ZTalentFilters]?: z.output<(typeof ZTalentFilters)[K]> };
type TalentSave = z.output<typeof ZTalentSave>;

/** Beyond this many matches the pool answers "10,000" rather than counting every hit. */
export const TALENT_COUNT_CAP = 10_000;

const fen = (yuan: number | null | undefined) => (yuan === null || yuan === undefined ? null : Math.round(yuan * 100));

/** The select list of a talent as lists show it (one place for page, detail and answers). */
const TALENT_COLUMNS = sql`t.id, t.name, t.gender, t.phone, t.email, t.id_card_no AS "idCardNo", t.city, t.education, t.years,
  t.current_company AS "currentCompany", t.current_title AS "currentTitle", t.expected_salary::float8 / 100 AS "expectedSalary",
  t.skills, t.tags, t.source, t.supply_id AS "supplyId", o.real_name AS "ownerName", t.resume_id IS NOT NULL AS "hasResume",
  (SELECT count(*)::int FROM recruit_candidates c WHERE c.talent_id = t.id AND c.stage < '080') AS "activeCandidates",
  to_char(t.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "updatedAt"`;

type TalentRow = Omit<TalentRecord, 'snippet'> & { resumeText?: string | null };

function scoped(user: Principal | null): SQL {
  return user ? dataScopeCondition(user, { orgId: sql`t.org_id`, ownerUserId: sql`t.owner_user_id` }) : sql`true`;
}

/**
 * The filters on the columns recruit_talents and recruit_talent_words share (same names), for the
 * alias `a`: the same conditions narrow the words' order index or the talents themselves.
 */
function columnConditions(f: TalentFilters, a: 't' | 'w'): SQL[] {
  const c = (name: string) => sql.raw(`${a}.${name}`);
  const where: SQL[] = [];
  if (f.city) where.push(sql`${c('city')} = ${f.city}`);
  if (f.education) where.push(sql`${c('education')} <= ${f.education}`);
  if (f.yearsMin !== undefined && f.yearsMin !== null) where.push(sql`${c('years')} >= ${f.yearsMin}`);
  if (f.yearsMax !== undefined && f.yearsMax !== null) where.push(sql`${c('years')} <= ${f.yearsMax}`);
  if (f.salaryMin !== undefined && f.salaryMin !== null) where.push(sql`${c('expected_salary')} >= ${fen(f.salaryMin)}`);
  if (f.salaryMax !== undefined && f.salaryMax !== null) where.push(sql`${c('expected_salary')} <= ${fen(f.salaryMax)}`);
  if (f.source) where.push(sql`${c('source')} = ${f.source}`);
  return where;
}

/**
 * Conditions of the talent pool's filters (shared with a demand's résumé filter); `words`, when the
 * caller segmented the keyword already, spares segmenting it again. `planOnce` hides
 * the words from the planner (`(SELECT to_tsquery(…))`), so the statement gets the same plan for
 * every keyword and keeps its generic plan instead of being planned on every call: only where that
 * plan (the GIN index) is right whatever the words, i.e. with a rare word among them.
 */
export function talentConditions(f: TalentFilters, opts: { planOnce?: boolean; words?: string[] } = {}): { where: SQL[]; words: string[] } {
  const where: SQL[] = [sql`t.deleted_at IS NULL`];
  const words = opts.words ?? (f.keyword ? queryWords(f.keyword) : []);
  if (words.length) {
    const query = tsQueryOf(words);
    where.push(opts.planOnce ? sql`t.search_doc @@ (SELECT to_tsquery('simple', ${query}))` : sql`t.search_doc @@ to_tsquery('simple', ${query})`);
  }
  if (f.skill) where.push(sql`${f.skill.toLowerCase()} = ANY(SELECT lower(s) FROM unnest(t.skills) s)`);
  if (f.tag) where.push(sql`${f.tag} = ANY(t.tags)`);
  where.push(...columnConditions(f, 't'));
  return { where, words };
}

/**
 * A query word that is surely one lexeme of the `simple` configuration, spelt as the word itself
 * (CJK, lower-case Latin letters, digits): only such words are looked up in recruit_talent_words.
 * Anything else (rare: jieba drops punctuation) takes the GIN path, which parses it as the index did.
 */
const PLAIN_WORD = /^[\p{Script=Han}a-z0-9]+$/u;

/** Up to this many matches a keyword's hits are read whole from the GIN index and ordered here. */
const FEW_HITS = 1000;

/**
 * A word held by fewer than this share of talents makes the GIN index the right way in whatever the
 * other words (its posting list bounds the intersection). Measured over 200,000 talents: with one
 * such word the plan made once is as fast as one made for the words (Java & Kubernetes 2.6 ms
 * against 4.8), and the 0.4 ms of planning per call are gone; with only common words (大学 & 与,
 * each held by most talents) the plan made for them reads the talents in order and stops after
 * 1,001 hits, 3.6 ms, where the GIN index would intersect two huge lists, 20 ms.
 */
const RARE_WORD_SHARE = 0.15;

/**
 * The talent pool: full-text words and filters, newest first (updated_at, id).
 *
 * A keyword is answered from recruit_talent_words, a btree per word in that order holding the
 * filterable columns, so a common word is a bounded index walk and not a ranking of every match:
 * - one word and filters on those columns only: the page walks the word's range backwards and stops
 *   after its rows; the total is an index-only count of the range (capped at TALENT_COUNT_CAP);
 * - otherwise the GIN index finds the hits (an AND of several words is its strength): up to FEW_HITS
 *   of them are ordered and the page read in the same statement; past that the page walks the longest word's
 *   range, each row checked for the other words by the (talent_id, word) key, and the total is the
 *   capped GIN count.
 * Every path keeps the tsvector match on the page's rows, so the rows and totals are those of the
 * plain GIN query (talentPageByScan, used without keyword).
 */
export async function talentPage(
  db: Db,
  user: Principal | null,
  req: TalentFilters & { pageIndex: number; pageSize: number },
  extra: SQL[] = [],
  /** Tests lower it to take the walk on a small pool. */
  fewHits = FEW_HITS,
): Promise<Page<TalentRecord>> {
  const words = req.keyword ? queryWords(req.keyword) : [];
  if (!words.length || !words.every((w) => PLAIN_WORD.test(w))) return talentPageByScan(db, user, req, extra);
  const conditions = (opts: { planOnce?: boolean } = {}) => sql.join([...talentConditions(req, { ...opts, words }).where, ...extra, scoped(user)], sql` AND `);
  const cond = conditions();
  const { limit, offset } = pageWindow(req);
  const onWords = sql.join([...columnConditions(req, 'w'), scopedWords(user)], sql` AND `);
  const talentSide = Boolean(req.skill || req.tag || extra.length);
  const toRecords = (rows: Array<TalentRow & { resumeText: string | null }>) =>
    rows.map(({ resumeText, ...r }) => ({ ...r, snippet: snippetOf(resumeText, words) }));

  if (words.length === 1 && !talentSide) {
    // The capped count and the page in one statement (one round trip). The page's ids come from the
    // words alone, in a subquery with its own LIMIT: every condition is on the words' columns (the
    // word held ⇔ the tsvector matches; deleted talents hold none), so the walk stops after the page
    // whatever the planner estimates. Without that fence a custom plan for a common word (the first
    // executions on a connection are planned with the values) joined every holder through the GIN
    // index: 200 ms instead of 1. The talent's own conditions stay on the page's rows as a safety net.
    const word = words[0] as string;
    const { total, rows } = withTotal(
      await queryRows<PageRow>(
        db,
        sql`WITH n AS (SELECT count(*)::int AS total FROM (SELECT 1 FROM recruit_talent_words w WHERE w.word = ${word} AND ${onWords}
                         LIMIT ${rowCountLiteral(TALENT_COUNT_CAP)}) x),
                 ids AS (SELECT w.talent_id, w.updated_at FROM recruit_talent_words w WHERE w.word = ${word} AND ${onWords}
                         ORDER BY w.updated_at DESC, w.talent_id DESC LIMIT ${rowCountLiteral(limit)} OFFSET ${offset}),
                 page AS (SELECT ${TALENT_COLUMNS}, left(t.resume_text, 20000) AS "resumeText", ids.updated_at AS "_at"
                          FROM ids JOIN recruit_talents t ON t.id = ids.talent_id LEFT JOIN users o ON o.id = t.owner_user_id WHERE ${cond})
            SELECT n.total AS "_total", page.* FROM n LEFT JOIN page ON true ORDER BY page."_at" DESC, page.id DESC`,
      ),
    );
    return pageOfRows(toRecords(rows), total, req);
  }

  // Several words (or a word with conditions only the talent holds): the GIN index finds the hits;
  // when they are few, they are ordered and the page read in the same statement. With a rare word
  // the GIN index is the way in whatever the words, so they are hidden from the planner (one plan
  // for every search); the count and the walk past FEW_HITS keep them visible, as their plans depend
  // on how common the words are (planned blind, the walk would read every hit: 190 ms, not 6).
  const shares = await talentWordShares(db);
  const fewCond = words.some((w) => shares.shareOf(w) < RARE_WORD_SHARE) ? conditions({ planOnce: true }) : cond;
  const few = withTotal(
    await queryRows<PageRow>(
      db,
      sql`WITH hits AS MATERIALIZED (SELECT t.id, t.updated_at FROM recruit_talents t WHERE ${fewCond} LIMIT ${rowCountLiteral(fewHits + 1)}),
               n AS (SELECT count(*)::int AS total FROM hits),
               p AS (SELECT id, updated_at FROM hits ORDER BY updated_at DESC, id DESC LIMIT ${rowCountLiteral(limit)} OFFSET ${offset})
          SELECT n.total AS "_total", page.* FROM n LEFT JOIN (
            SELECT ${TALENT_COLUMNS}, left(t.resume_text, 20000) AS "resumeText", p.updated_at AS "_at"
            FROM p JOIN recruit_talents t ON t.id = p.id LEFT JOIN users o ON o.id = t.owner_user_id) page ON true
          ORDER BY page."_at" DESC, page.id DESC`,
    ),
  );
  if (few.total <= fewHits) return pageOfRows(toRecords(few.rows), few.total, req);
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM recruit_talents t WHERE ${cond} LIMIT ${rowCountLiteral(TALENT_COUNT_CAP)}) x`,
  );
  const drive = words.reduce((a, b) => (Array.from(b).length > Array.from(a).length ? b : a));
  const rows = await walkWords(
    db,
    drive,
    words.filter((w) => w !== drive),
    onWords,
    cond,
    limit,
    offset,
  );
  return pageOfRows(toRecords(rows), count?.n ?? 0, req);
}

type PageRow = Partial<TalentRow & { resumeText: string | null }> & { _total: number; _at?: string | null };

/** Splits the total carried on every row off the page rows (a lone row without id: an empty page). */
function withTotal(rows: PageRow[]): { total: number; rows: Array<TalentRow & { resumeText: string | null }> } {
  const total = rows[0]?._total ?? 0;
  const page = rows.filter((r) => r.id !== null && r.id !== undefined).map(({ _total, _at, ...r }) => r as TalentRow & { resumeText: string | null });
  return { total, rows: page };
}

/**
 * A page read along one word's range of the order index, newest first: the other words are checked
 * per row by the (talent_id, word) key (a scalar subquery, so the planner keeps the ordered walk and
 * stops at the page's end), then the talent's own conditions, the tsvector match included.
 */
function walkSql(word: string, others: string[], onWords: SQL, cond: SQL, limit: number, offset: number): SQL {
  const holdsOthers = others.length
    ? sql`AND (SELECT count(*) FROM recruit_talent_words w2 WHERE w2.talent_id = w.talent_id AND w2.word IN ${others}) = ${others.length}`
    : sql``;
  return sql`SELECT ${TALENT_COLUMNS}, left(t.resume_text, 20000) AS "resumeText", w.updated_at AS "_at"
        FROM recruit_talent_words w JOIN recruit_talents t ON t.id = w.talent_id LEFT JOIN users o ON o.id = t.owner_user_id
        WHERE w.word = ${word} AND ${onWords} ${holdsOthers} AND ${cond}
        ORDER BY w.updated_at DESC, w.talent_id DESC LIMIT ${rowCountLiteral(limit)} OFFSET ${offset}`;
}

async function walkWords(db: Db, word: string, others: string[], onWords: SQL, cond: SQL, limit: number, offset: number) {
  return withTotal(
    await queryRows<PageRow>(
      db,
      sql`SELECT 0 AS "_total", page.* FROM (${walkSql(word, others, onWords, cond, limit, offset)}) page ORDER BY page."_at" DESC, page.id DESC`,
    ),
  ).rows;
}

function scopedWords(user: Principal | null): SQL {
  return user ? dataScopeCondition(user, { orgId: sql`w.org_id`, ownerUserId: sql`w.owner_user_id` }) : sql`true`;
}

/**
 * The pool read from the talents themselves (no keyword, or a word the words table cannot hold as
 * typed): the updated_at index without keyword, the GIN index with one. The total is counted up to
 * TALENT_COUNT_CAP.
 */
export async function talentPageByScan(
  db: Db,
  user: Principal | null,
  req: TalentFilters & { pageIndex: number; pageSize: number },
  extra: SQL[] = [],
): Promise<Page<TalentRecord>> {
  const { where, words } = talentConditions(req);
  const cond = sql.join([...where, ...extra, scoped(user)], sql` AND `);
  const { limit, offset } = pageWindow(req);
  const rows = await queryRows<TalentRow & { resumeText: string | null }>(
    db,
    sql`SELECT ${TALENT_COLUMNS}, ${words.length ? sql`left(t.resume_text, 20000)` : sql`NULL::text`} AS "resumeText"
        FROM recruit_talents t LEFT JOIN users o ON o.id = t.owner_user_id
        WHERE ${cond} ORDER BY t.updated_at DESC, t.id DESC LIMIT ${rowCountLiteral(limit)} OFFSET ${offset}`,
  );
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM recruit_talents t WHERE ${cond} LIMIT ${rowCountLiteral(TALENT_COUNT_CAP)}) x`,
  );
  const records = rows.map(({ resumeText, ...r }) => ({ ...r, snippet: words.length ? snippetOf(resumeText, words) : null }));
  return pageOfRows(records, count?.n ?? 0, req);
}

async function talentRow(db: Db, user: Principal | null, id: number): Promise<TalentRow & { resumeText: string | null }> {
  const [row] = await queryRows<TalentRow & { resumeText: string | null }>(
    db,
    sql`SELECT ${TALENT_COLUMNS}, t.resume_text AS "resumeText" FROM recruit_talents t LEFT JOIN users o ON o.id = t.owner_user_id
        WHERE t.id = ${id} AND t.deleted_at IS NULL AND ${scoped(user)}`,
  );
  if (!row) throw notFound('人才不存在或已删除');
  return row;
}

export async function talentDetail(db: Db, user: Principal | null, id: number) {
  const row = await talentRow(db, user, id);
  return { ...row, snippet: null };
}

export async function talentRecord(db: Db, user: Principal | null, id: number): Promise<TalentRecord> {
  const { resumeText: _t, ...row } = await talentRow(db, user, id);
  return { ...row, snippet: null };
}

/** Talents and employees with the same phone, e-mail or ID number (masked). */
export async function findDuplicates(
  db: Db,
  input: { id?: number | null; phone?: string | null; email?: string | null; idCardNo?: string | null },
): Promise<Duplicate[]> {
  const phone = input.phone || null;
  const email = input.email?.toLowerCase() || null;
  const idCard = input.idCardNo?.toUpperCase() || null;
  if (!phone && !email && !idCard) return [];
  const talents = await queryRows<{ id: number; name: string; phone: string | null; email: string | null; idCardNo: string | null }>(
    db,
    sql`SELECT id, name, phone, email, id_card_no AS "idCardNo" FROM recruit_talents
        WHERE deleted_at IS NULL AND id <> ${input.id ?? 0}
          AND (phone = ${phone} OR lower(email) = ${email} OR id_card_no = ${idCard}) ORDER BY id LIMIT 20`,
  );
  const people = await queryRows<{ id: number; name: string; phone: string | null; email: string | null; idCardNo: string | null }>(
    db,
    sql`SELECT id, name, phone, email, id_card_no AS "idCardNo" FROM employees
        WHERE phone = ${phone} OR lower(email) = ${email} OR upper(id_card_no) = ${idCard} ORDER BY id LIMIT 20`,
  );
  const describe = (kind: Duplicate['kind'], r: (typeof talents)[number]): Duplicate => {
    const matched: string[] = [];
    if (phone && r.phone === phone) matched.push('phone');
    if (email && r.email?.toLowerCase() === email) matched.push('email');
    if (idCard && r.idCardNo?.toUpperCase() === idCard) matched.push('idCardNo');
    const first = matched[0];
    const hint = first === 'phone' ? maskMiddle(r.phone) : first === 'email' ? (r.email ?? '').replace(/^(.).*(@.*)$/, '$1***$2') : maskMiddle(r.idCardNo);
    return { kind, id: r.id, name: r.name, matched, hint: hint ?? '' };
  };
  return [...talents.map((r) => describe('talent', r)), ...people.map((r) => describe('employee', r))];
}

/** Adds or updates a talent; a duplicate is refused unless the user saw the warning (then tagged 疑似重复). */
export async function saveTalent(db: Db, user: Principal, input: TalentSave, ctx: Pick<CallContext, 'audit'>): Promise<TalentRecord> {
  const before = input.id ? await talentRow(db, user, input.id) : null;
  const duplicates = await findDuplicates(db, input);
  if (duplicates.length && !input.ignoreDuplicate) throw conflict(RECRUIT_MSG.duplicate, duplicates);
  let resumeText = before?.resumeText ?? null;
  let resumeId: number | null = null;
  if (input.resumeId) {
    const [resume] = await db
      .select()
      .from(recruitResumes)
      .where(and(eq(recruitResumes.id, input.resumeId), eq(recruitResumes.uploadedBy, user.userId)));
    if (!resume || (resume.talentId && resume.talentId !== input.id)) throw badRequest(RECRUIT_MSG.resumeMissing);
    resumeText = resume.text;
    resumeId = resume.id;
  }
  const tags = new Set(input.tags ?? before?.tags ?? []);
  if (duplicates.length) tags.add('疑似重复');
  const values = {
    name: input.name,
    gender: input.gender ?? null,
    phone: input.phone ?? null,
    email: input.email ?? null,
    idCardNo: input.idCardNo?.toUpperCase() || null,
    city: input.city ?? null,
    education: input.education ?? null,
    years: input.years ?? null,
    currentCompany: input.currentCompany ?? null,
    currentTitle: input.currentTitle ?? null,
    expectedSalary: fen(input.expectedSalary),
    skills: input.skills ?? before?.skills ?? [],
    tags: [...tags],
    source: input.source,
    supplyId: input.supplyId ?? null,
    updatedAt: new Date(),
    updatedBy: user.userId,
  };
  const doc = searchSource([values.name, values.currentTitle, values.currentCompany, values.city, values.skills.join(' '), values.tags.join(' '), resumeText]);
  const id = await db.transaction(async (tx) => {
    let talentId: number;
    if (input.id) {
      await tx
        .update(recruitTalents)
        .set({ ...values, ...(resumeId ? { resumeId, resumeText } : {}), searchDoc: sql`to_tsvector('simple', ${doc})` })
        .where(eq(recruitTalents.id, input.id));
      talentId = input.id;
    } else {
      const [row] = await tx
        .insert(recruitTalents)
        .values({
          ...values,
          resumeId,
          resumeText,
          searchDoc: sql`to_tsvector('simple', ${doc})`,
          orgId: user.orgId,
          ownerUserId: user.userId,
          createdBy: user.userId,
        })
        .returning({ id: recruitTalents.id });
      talentId = (row as { id: number }).id;
    }
    if (resumeId) await tx.update(recruitResumes).set({ talentId }).where(eq(recruitResumes.id, resumeId));
    return talentId;
  });
  const after = await talentRecord(db, null, id);
  ctx.audit({ recordId: id, before: before ? { ...before, resumeText: undefined } : undefined, after });
  return after;
}

/** Stores an uploaded PDF/DOCX résumé, its text and the fields found in it (the form is prefilled from them). */
export async function parseResume(db: Db, files: FileService, user: Principal, uploads: UploadedFile[]): Promise<ResumeParsed> {
  const file = uploads[0];
  if (!file || uploads.length !== 1) throw badRequest('请上传一份简历');
  const kind = resumeKind(file.head, file.filename);
  if (!kind) throw badRequest(RECRUIT_MSG.resumeType);
  if (file.size > 10 * 1024 * 1024) throw badRequest('简历文件不能超过10MB');
  let text: string;
  try {
    text = await extractText(file.tmpPath, kind);
  } catch (err) {
    // A bound of the zip check names itself (文件解压后过大…); anything else is an unreadable file.
    if (err instanceof ZipBoundsError) throw err;
    throw badRequest(RECRUIT_MSG.resumeUnreadable);
  }
  if (!text.trim()) throw badRequest(RECRUIT_MSG.resumeUnreadable);
  const [entry] = await files.upload(user, [file], { moduleName: 'recruit', functionName: 'resume', maxFiles: 1 });
  if (!entry) throw badRequest(RECRUIT_MSG.resumeUnreadable);
  const fields = findFields(text);
  const [row] = await db
    .insert(recruitResumes)
    .values({ fileId: entry.id, fileName: entry.fileName, text, fields: { ...fields }, uploadedBy: user.userId })
    .returning({ id: recruitResumes.id });
  const duplicates = await findDuplicates(db, fields);
  return {
    resumeId: (row as { id: number }).id,
    fileId: entry.id,
    fileName: entry.fileName,
    textLength: text.length,
    excerpt: text.slice(0, 300),
    fields,
    duplicates,
  };
}

export async function resumeRecords(db: Db, user: Principal, talentId: number) {
  await talentRow(db, user, talentId);
  return queryRows<{ id: number; talentId: number | null; fileId: number; fileName: string; textLength: number; uploadedBy: string | null; createdAt: string }>(
    db,
    sql`SELECT r.id, r.talent_id AS "talentId", r.file_id AS "fileId", r.file_name AS "fileName", length(r.text) AS "textLength",
          u.real_name AS "uploadedBy", to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt"
        FROM recruit_resumes r LEFT JOIN users u ON u.id = r.uploaded_by WHERE r.talent_id = ${talentId} ORDER BY r.id DESC`,
  );
}

export async function previewLink(db: Db, user: Principal, talentId: number) {
  await talentRow(db, user, talentId);
  const { token, expiresAt } = await linkToken(db, 'resume', talentId);
  return { token, expiresAt, url: `/#/ResumePreview?token=${encodeURIComponent(token)}` };
}

/** Phones, e-mail addresses and ID numbers in a shared text, masked (the link may be forwarded). */
export function maskContacts(text: string): string {
  return text
    .replace(/(?<![\dA-Za-z])([1-9]\d{5})\d{8}(\d{3}[\dXx])(?![\dA-Za-z])/g, '$1********$2')
    .replace(/(?<!\d)(1[3-9]\d)[- ]?\d{4}[- ]?(\d{4})(?!\d)/g, '$1****$2')
    .replace(/([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]*(@[A-Za-z0-9.-]+\.[A-Za-z]{2,})/g, '$1***$2');
}

/** One résumé by a signed link: only the résumé's facts, no contact data. */
export async function resumePreview(db: Db, token: string): Promise<ResumePreview> {
  const { id, expires } = await openLink(db, 'resume', token);
  const [row] = await db
    .select({ t: recruitTalents, fileName: recruitResumes.fileName })
    .from(recruitTalents)
    .leftJoin(recruitResumes, eq(recruitResumes.id, recruitTalents.resumeId))
    .where(and(eq(recruitTalents.id, id), isNull(recruitTalents.deletedAt)));
  if (!row) throw notFound('简历不存在或已删除');
  const t = row.t;
  return {
    name: t.name,
    city: t.city,
    education: t.education,
    years: t.years,
    currentCompany: t.currentCompany,
    currentTitle: t.currentTitle,
    skills: t.skills,
    text: maskContacts(t.resumeText ?? ''),
    fileName: row.fileName,
    expiresAt: new Date(expires).toISOString(),
  };
}

type ReScreenInput = z.output<typeof ZReScreenInput>;

async function reScreenTalent(db: Db, id: number) {
  const [t] = await db
    .select()
    .from(recruitTalents)
    .where(and(eq(recruitTalents.id, id), isNull(recruitTalents.deletedAt)));
  if (!t) throw notFound('简历不存在或已删除');
  return t;
}

function reScreenView(t: typeof recruitTalents.$inferSelect, expires: number): ReScreenInfo {
  return {
    name: t.name,
    gender: t.gender,
    phone: t.phone,
    email: t.email,
    city: t.city,
    education: t.education,
    years: t.years,
    currentCompany: t.currentCompany,
    currentTitle: t.currentTitle,
    expectedSalary: t.expectedSalary === null ? null : t.expectedSalary / 100,
    skills: t.skills,
    text: t.resumeText ?? '',
    expiresAt: new Date(expires).toISOString(),
  };
}

/**
 * The candidate's own data by the completion link (`candidate/generateReScreenOutChain`, 7 days): a
 * forged, altered, expired or other-kind token answers 401 and reads nothing (openLink).
 */
export async function reScreenInfo(db: Db, token: string): Promise<ReScreenInfo> {
  const { id, expires } = await openLink(db, 'rescreen', token);
  return reScreenView(await reScreenTalent(db, id), expires);
}

/**
 * Saves what the candidate completed or corrected through the link, with the search document, so
 * the talent pool finds the new words at once (the words table follows in the same statement). A
 * phone, e-mail or ID number another talent or employee holds is not refused (that would tell the
 * candidate about someone else): the talent is tagged 疑似重复 for the recruiter, as a forced save is.
 */
export async function reScreenSave(db: Db, token: string, input: ReScreenInput, ctx: Pick<CallContext, 'audit'>): Promise<ReScreenInfo> {
  const { id, expires } = await openLink(db, 'rescreen', token);
  const before = await reScreenTalent(db, id);
  const skills = input.skills ?? before.skills;
  const resumeText = input.text === undefined || input.text === null ? before.resumeText : input.text.trim() || null;
  const duplicates = await findDuplicates(db, { id, phone: input.phone, email: input.email, idCardNo: before.idCardNo });
  const tags = new Set(before.tags);
  if (duplicates.length) tags.add('疑似重复');
  const values = {
    name: input.name,
    gender: input.gender ?? null,
    phone: input.phone ?? null,
    email: input.email ?? null,
    city: input.city ?? null,
    education: input.education ?? null,
    years: input.years ?? null,
    currentCompany: input.currentCompany ?? null,
    currentTitle: input.currentTitle ?? null,
    expectedSalary: fen(input.expectedSalary),
    skills,
    tags: [...tags],
    resumeText,
    updatedAt: new Date(),
    updatedBy: null,
  };
  const doc = searchSource([values.name, values.currentTitle, values.currentCompany, values.city, skills.join(' '), values.tags.join(' '), resumeText]);
  await db
    .update(recruitTalents)
    .set({ ...values, searchDoc: sql`to_tsvector('simple', ${doc})` })
    .where(and(eq(recruitTalents.id, id), isNull(recruitTalents.deletedAt)));
  const after = await reScreenTalent(db, id);
  ctx.audit({ recordId: id, before: { ...reScreenView(before, expires), text: undefined }, after: { ...reScreenView(after, expires), text: undefined } });
  return reScreenView(after, expires);
}

/** Former employees with this ID number or phone (employ/isEntryAgain). */
export async function formerEmployee(db: Db, input: { idCardNo?: string; phone?: string }) {
  if (!input.idCardNo && !input.phone) throw badRequest('请提供证件号或手机号');
  const [row] = await db
    .select({ id: employees.id, code: employees.employeeCode, name: employees.name, leaveDate: employees.leaveDate, state: employees.employState })
    .from(employees)
    .where(
      sql`(${input.idCardNo ? sql`upper(${employees.idCardNo}) = ${input.idCardNo.toUpperCase()}` : sql`false`} OR ${input.phone ? sql`${employees.phone} = ${input.phone}` : sql`false`})`,
    )
    .orderBy(sql`${employees.employState} = '005' DESC`, employees.id)
    .limit(1);
  if (row?.state !== '005') return { again: false, employeeId: null, employeeCode: null, name: null, leaveDate: null };
  return { again: true, employeeId: row.id, employeeCode: row.code, name: row.name, leaveDate: row.leaveDate ? String(row.leaveDate) : null };
}
