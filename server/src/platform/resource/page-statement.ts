import { Column, type DriverValueDecoder, getTableName, is, SQL, type SQLWrapper, StringChunk, sql } from 'drizzle-orm';
import { type PgColumn, PgDialect, type PgTable, QueryBuilder } from 'drizzle-orm/pg-core';
import { type Db, queryRows } from '../db';
import { rowCountLiteral } from '../http/paging';

type Row = Record<string, unknown>;

const dialect = new PgDialect();

/** A field of a list row as the resource declares it: a column, an SQL expression, or one given a name. */
export type Readable = PgColumn | SQL | SQL.Aliased;

export interface PageStatementSource {
  /** What each field of a row is read from. */
  select: Record<string, Readable>;
  table: PgTable;
  /** Left joins, unless `inner`. */
  joins: Array<{ table: PgTable; on: SQL; inner?: boolean }>;
  /**
   * The table's key. With it, a page picks its keys first and joins the names for those rows only
   * (late row lookup): PostgreSQL drops the left joins the WHERE and ORDER BY do not use, so a
   * filter matching thousands of rows no longer joins every one of them before keeping twenty.
   */
  key?: PgColumn;
}

/** What a page asks: the WHERE (filters, data scope…), the ORDER BY, and the window. */
export interface PageQuery {
  where: SQL | undefined;
  order: SQL[];
  limit: number;
  offset: number;
  /**
   * Numbers read along with the rows, each a query answering one number (`SELECT count(*) …`).
   * Default: `total`, the rows matching `where`.
   */
  counts?: Record<string, SQLWrapper>;
}

export interface PageRows<C extends string = 'total'> {
  rows: Row[];
  counts: Record<C, number>;
}

/**
 * The statement of a list page, with its fixed parts (the select list, the FROM with the joins)
 * rendered to text once: only the WHERE and the ORDER BY are rendered per call. Rendering the whole
 * select through Drizzle cost ~150 µs a call on the user list, a quarter of the server's time for the
 * call; this way ~25 µs. The total (and any other count) comes along as a sub-select PostgreSQL runs
 * once (an init plan), so a page is one statement and one round trip; a page without rows, which has
 * none to carry the counts, asks for them alone.
 *
 * The LIMIT is a literal (`rowCountLiteral`), so that PostgreSQL keeps a generic plan for it.
 * Every list page goes through here: resources and the person search.
 */
export class PageStatement {
  private readonly keys: string[];
  private readonly aliases: string[];
  private readonly decoders: Array<DriverValueDecoder<unknown, unknown> | undefined>;
  private readonly selectList: SQL;
  private readonly from: SQL;
  private readonly keyed: { key: SQL; selectList: SQL; from: SQL } | undefined;
  private readonly filtering: FilteringFrom;

  private constructor(
    keys: string[],
    decoders: PageStatement['decoders'],
    selectList: SQL,
    from: SQL,
    keyed: PageStatement['keyed'],
    filtering: FilteringFrom,
  ) {
    this.keys = keys;
    this.aliases = keys.map((_, i) => `f${i}`);
    this.decoders = decoders;
    this.selectList = selectList;
    this.from = from;
    this.keyed = keyed;
    this.filtering = filtering;
  }

  /**
   * The statement of a list. A select list whose fields carry parameters is kept as SQL and rendered
   * on every call (the text alone would not say the values); one without is rendered to text once.
   * Joins must not carry parameters: their conditions belong in the WHERE.
   */
  static of(source: PageStatementSource): PageStatement {
    const keys = Object.keys(source.select);
    const decoders: PageStatement['decoders'] = keys.map((key) => {
      const expression = expressionOf(source.select[key] as Readable);
      // Columns decode driver values (timestamps as Date…); an SQL expression may carry a decoder (mapWith).
      return is(expression, Column) ? expression : (expression as unknown as { decoder?: DriverValueDecoder<unknown, unknown> }).decoder;
    });
    const from = fromText(source.table, source.joins);
    const selectList = selectListOf(keys, (key) => expressionOf(source.select[key] as Readable));
    const filtering = new FilteringFrom(source.table, source.joins);
    if (!source.key) return new PageStatement(keys, decoders, selectList, from, undefined, filtering);
    // The rows of a keyed page read their looked-up names as sub-selects, not joins (see lookupJoins).
    const lookups = lookupJoins(source);
    const keyedSelect = selectListOf(keys, (key) => {
      const expression = expressionOf(source.select[key] as Readable);
      const lookup = is(expression, Column) ? lookups.get(getTableName(expression.table)) : undefined;
      return lookup ? sql`(select ${expression} from ${lookup.from} where ${lookup.on})` : expression;
    });
    const kept = source.joins.filter((j) => !lookups.has(getTableName(j.table)));
    const key = sql.raw(dialect.sqlToQuery(sql`${source.key}`).sql);
    return new PageStatement(keys, decoders, selectList, from, { key, selectList: keyedSelect, from: fromText(source.table, kept) }, filtering);
  }

  /** The number of rows matching `where`, as a query for `counts`. */
  countOf(where: SQL | undefined): SQL {
    return sql`select count(*)::int from ${this.filtering.for(where)} where ${where ?? sql`true`}`;
  }

  async page<C extends string = 'total'>(db: Db, query: PageQuery): Promise<PageRows<C>> {
    const where = query.where ?? sql`true`;
    const counts = Object.entries(query.counts ?? { total: this.countOf(where) });
    const window = sql` limit ${rowCountLiteral(query.limit)}${query.offset > 0 ? sql` offset ${query.offset}` : sql``}`;
    const countColumns = sql.join(
      counts.map(([name, q]) => sql`, (${q}) as ${sql.identifier(`__${name}`)}`),
      sql``,
    );
    const orderBy = query.order.length ? sql` order by ${sql.join(query.order, sql`, `)}` : sql``;
    // A keyed page picks its keys in order first (__n keeps that order), then reads those rows alone.
    const found = await queryRows<Row>(
      db,
      this.keyed
        ? sql`select ${this.keyed.selectList}${countColumns} from ${this.keyed.from} join (select __k, row_number() over () as __n from (select ${this.keyed.key} as __k from ${this.filtering.for(where, ...query.order)} where ${where}${orderBy}${window}) __keys) __page on ${this.keyed.key} = __page.__k order by __page.__n`
        : sql`select ${this.selectList}${countColumns} from ${this.from} where ${where}${orderBy}${window}`,
    );
    const rows = found.map((row) => this.decode(row));
    let source: Row | undefined = found[0];
    // No row to carry the counts: ask for them alone, unless the only one is the total of a first page.
    if (!source && counts.length && (query.counts || query.offset > 0)) {
      [source] = await queryRows<Row>(
        db,
        sql`select ${sql.join(
          counts.map(([name, q]) => sql`(${q}) as ${sql.identifier(`__${name}`)}`),
          sql`, `,
        )}`,
      );
    }
    return { rows, counts: Object.fromEntries(counts.map(([name]) => [name, Number(source?.[`__${name}`] ?? 0)])) as Record<C, number> };
  }

  private decode(row: Row): Row {
    const out: Row = {};
    for (let i = 0; i < this.keys.length; i++) {
      const value = row[this.aliases[i] as string];
      const decoder = this.decoders[i];
      out[this.keys[i] as string] = value === null || value === undefined ? null : decoder ? decoder.mapFromDriverValue(value) : value;
    }
    return out;
  }
}

const expressionOf = (readable: Readable): PgColumn | SQL => (readable instanceof SQL.Aliased ? readable.sql : readable);

/** The select list as text when it carries no parameter (rendered once), else as SQL. */
function selectListOf(keys: string[], expression: (key: string) => PgColumn | SQL): SQL {
  const list = sql.join(
    keys.map((key, i) => sql`${expression(key)} AS ${sql.identifier(`f${i}`)}`),
    sql`, `,
  );
  const rendered = dialect.sqlToQuery(list);
  return rendered.params.length ? list : sql.raw(rendered.sql);
}

/** The FROM with its joins as Drizzle's select writes it (aliased tables as `"org_units" "user_org"`). */
function fromText(table: PgTable, joins: PageStatementSource['joins']): SQL {
  let select = new QueryBuilder().select({ one: sql`1` }).from(table).$dynamic();
  for (const join of joins) select = join.inner ? select.innerJoin(join.table, join.on) : select.leftJoin(join.table, join.on);
  const from = select.toSQL();
  const head = 'select 1 from ';
  if (from.params.length || !from.sql.startsWith(head)) throw new Error('a list join carries parameters: put its condition in the WHERE');
  return sql.raw(from.sql.slice(head.length));
}

/** The names of the tables (or aliases) whose columns an SQL fragment reads; `text` collects its written parts. */
function tablesOf(fragment: unknown, into = new Set<string>(), text?: string[]): Set<string> {
  if (is(fragment, Column)) into.add(getTableName(fragment.table));
  else if (is(fragment, StringChunk)) text?.push(...fragment.value);
  else if (is(fragment, SQL)) for (const chunk of fragment.queryChunks) tablesOf(chunk, into, text);
  else if (fragment instanceof SQL.Aliased) tablesOf(fragment.sql, into, text);
  else if (Array.isArray(fragment)) for (const item of fragment) tablesOf(item, into, text);
  return into;
}

/**
 * The FROM a count or a page's key query needs: the table and only the joins its WHERE and ORDER BY
 * read (inner joins always, and the joins those joins read). PostgreSQL would drop the unread left
 * joins itself, but the count then still read every row's heap tuple (the roster's subtree total:
 * 1,000 heap visits instead of an index-only count). A join named in written SQL text is kept too.
 */
class FilteringFrom {
  private readonly made = new Map<string, SQL>();
  private readonly names: string[];

  constructor(
    private readonly table: PgTable,
    private readonly joins: PageStatementSource['joins'],
  ) {
    this.names = joins.map((j) => getTableName(j.table));
  }

  for(...fragments: Array<SQL | undefined>): SQL {
    const text: string[] = [];
    const read = new Set<string>();
    for (const fragment of fragments) tablesOf(fragment, read, text);
    const written = text.join(' ');
    for (const name of this.names) if (written.includes(name)) read.add(name);
    // Joins reading other joins pull those in, to a fixed point (chains are short).
    const needed = new Set<number>();
    for (let grew = true; grew; ) {
      grew = false;
      for (const [i, join] of this.joins.entries()) {
        if (needed.has(i) || !(join.inner || read.has(this.names[i] as string))) continue;
        needed.add(i);
        for (const name of tablesOf(join.on)) read.add(name);
        grew = true;
      }
    }
    const key = [...needed].sort((a, b) => a - b).join(',');
    let from = this.made.get(key);
    if (!from) {
      from = fromText(
        this.table,
        this.joins.filter((_, i) => needed.has(i)),
      );
      this.made.set(key, from);
    }
    return from;
  }
}

/**
 * The left joins of a list that only look a name up for a row (the join reads the joined table and
 * the list's own table; nothing else reads the joined table but plain columns of the select list).
 * A keyed page reads those columns as sub-selects of their join's condition: for twenty rows that
 * costs PostgreSQL the same index lookups, but planning a statement of eight joined tables cost it
 * several times the run itself (roster: 3.5 ms planned against 0.8 ms run; 0.5 ms planned so).
 * Joins are to-one by nature here: a list joining many rows per row would repeat rows.
 */
function lookupJoins(source: PageStatementSource): Map<string, { from: SQL; on: SQL }> {
  const base = getTableName(source.table);
  const readElsewhere = new Set<string>();
  for (const join of source.joins) for (const name of tablesOf(join.on)) if (name !== getTableName(join.table)) readElsewhere.add(name);
  const written: string[] = [];
  for (const readable of Object.values(source.select)) {
    const expression = expressionOf(readable);
    if (!is(expression, Column)) tablesOf(expression, readElsewhere, written);
  }
  // A field's SQL text may name a joined table itself (not through a column): keep such joins.
  const text = written.join(' ');
  const lookups = new Map<string, { from: SQL; on: SQL }>();
  for (const join of source.joins) {
    const name = getTableName(join.table);
    if (join.inner || name === base || readElsewhere.has(name) || text.includes(name)) continue;
    const reads = tablesOf(join.on);
    if ([...reads].some((t) => t !== name && t !== base)) continue;
    lookups.set(name, { from: fromText(join.table, []), on: join.on });
  }
  return lookups;
}
