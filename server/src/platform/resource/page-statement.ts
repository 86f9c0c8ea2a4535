import { Column, type DriverValueDecoder, is, SQL, type SQLWrapper, sql } from 'drizzle-orm';
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
  private readonly key: SQL | undefined;

  private constructor(keys: string[], decoders: PageStatement['decoders'], selectList: SQL, from: string, key: string | undefined) {
    this.keys = keys;
    this.aliases = keys.map((_, i) => `f${i}`);
    this.decoders = decoders;
    this.selectList = selectList;
    this.from = sql.raw(from);
    this.key = key === undefined ? undefined : sql.raw(key);
  }

  /**
   * The statement of a list. A select list whose fields carry parameters is kept as SQL and rendered
   * on every call (the text alone would not say the values); one without is rendered to text once.
   * Joins must not carry parameters: their conditions belong in the WHERE.
   */
  static of(source: PageStatementSource): PageStatement {
    const keys = Object.keys(source.select);
    const fields: SQL[] = [];
    const decoders: PageStatement['decoders'] = [];
    for (const [i, key] of keys.entries()) {
      const readable = source.select[key] as Readable;
      const expression = readable instanceof SQL.Aliased ? readable.sql : readable;
      fields.push(sql`${expression} AS ${sql.identifier(`f${i}`)}`);
      // Columns decode driver values (timestamps as Date…); an SQL expression may carry a decoder (mapWith).
      decoders.push(is(expression, Column) ? expression : (expression as unknown as { decoder?: DriverValueDecoder<unknown, unknown> }).decoder);
    }
    const list = sql.join(fields, sql`, `);
    const rendered = dialect.sqlToQuery(list);
    const selectList = rendered.params.length ? list : sql.raw(rendered.sql);
    // The FROM as Drizzle's select writes it (aliased tables as `"org_units" "user_org"`).
    let select = new QueryBuilder().select({ one: sql`1` }).from(source.table).$dynamic();
    for (const join of source.joins) select = join.inner ? select.innerJoin(join.table, join.on) : select.leftJoin(join.table, join.on);
    const from = select.toSQL();
    const head = 'select 1 from ';
    if (from.params.length || !from.sql.startsWith(head)) throw new Error('a list join carries parameters: put its condition in the WHERE');
    const key = source.key ? dialect.sqlToQuery(sql`${source.key}`).sql : undefined;
    return new PageStatement(keys, decoders, selectList, from.sql.slice(head.length), key);
  }

  /** The number of rows matching `where`, as a query for `counts`. */
  countOf(where: SQL | undefined): SQL {
    return sql`select count(*)::int from ${this.from} where ${where ?? sql`true`}`;
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
    const found = await queryRows<Row>(
      db,
      this.key
        ? sql`select ${this.selectList}${countColumns} from ${this.from} join (select ${this.key} as __k from ${this.from} where ${where}${orderBy}${window}) __page on ${this.key} = __page.__k${orderBy}`
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
