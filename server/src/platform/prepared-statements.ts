import pg from 'pg';

/**
 * Server-side prepared statements for the statements a process runs again and again, as PgJDBC does
 * on its own (prepareThreshold): node-postgres sends every parameterised statement unnamed, so
 * PostgreSQL parses, analyses and plans it on every call. For the short reads that make up most
 * calls, planning costs more than executing (the user page: ~1 ms of planning against ~0.2 ms of
 * execution). A named statement is parsed once per connection and, after five executions,
 * PostgreSQL keeps a generic plan when it is no worse than the custom ones (plan_cache_mode auto).
 *
 * A statement text gets a name once this process has run it `threshold` times; each connection
 * keeps at most `perConnection` named statements (later ones run unnamed, as before), so a stream of
 * one-off texts (IN lists of varying length, bulk inserts) cannot fill a backend's memory. Names are
 * never reused for another text, so a connection never meets a name it knows with a different text.
 */
export interface StatementCacheOptions {
  /** Runs of a text in this process before it is prepared (PgJDBC's prepareThreshold is 5 too). */
  threshold: number;
  /** Named statements kept by one connection at most. */
  perConnection: number;
  /** Texts counted while below the threshold, and texts named, each at most (oldest forgotten first). */
  trackedTexts: number;
}

export const DEFAULT_STATEMENT_CACHE: StatementCacheOptions = { threshold: 5, perConnection: 200, trackedTexts: 2000 };

/** Adds to a map that keeps at most `max` keys, forgetting the oldest one first (Map keeps insertion order). */
function setBounded<V>(map: Map<string, V>, key: string, value: V, max: number): void {
  if (map.size >= max) {
    const oldest = map.keys().next().value;
    if (oldest !== undefined) map.delete(oldest);
  }
  map.set(key, value);
}

/** Counts the runs of each statement text in the process and names the frequent ones. */
export class StatementNamer {
  /** Texts that have a name: one lookup on the hot path. */
  private readonly named = new Map<string, string>();
  /** Runs so far of texts below the threshold. */
  private readonly counting = new Map<string, number>();
  private issued = 0;

  constructor(private readonly options: Pick<StatementCacheOptions, 'threshold' | 'trackedTexts'> = DEFAULT_STATEMENT_CACHE) {}

  /** The name to prepare `text` under, or undefined while it is not yet run often enough. */
  nameFor(text: string): string | undefined {
    const name = this.named.get(text);
    if (name !== undefined) return name;
    const runs = (this.counting.get(text) ?? 0) + 1;
    if (runs < this.options.threshold) {
      if (runs === 1) setBounded(this.counting, text, runs, this.options.trackedTexts);
      else this.counting.set(text, runs);
      return undefined;
    }
    this.counting.delete(text);
    this.issued += 1;
    // A text forgotten and named again gets a new name: a name never stands for two texts.
    const issued = `erp_${this.issued.toString(36)}`;
    setBounded(this.named, text, issued, this.options.trackedTexts);
    return issued;
  }
}

/** A plain query config (not a Query or cursor object, which carry their own protocol handling). */
function isPlainConfig(value: unknown): value is pg.QueryConfig {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { text?: unknown }).text === 'string' &&
    typeof (value as { submit?: unknown }).submit !== 'function' &&
    (value as { name?: unknown }).name === undefined
  );
}

/** A node-postgres Client class for `new pg.Pool({ Client })` that prepares the frequent statements. */
export function preparingClient(options: StatementCacheOptions = DEFAULT_STATEMENT_CACHE): typeof pg.Client {
  const namer = new StatementNamer(options);
  return class PreparingClient extends pg.Client {
    /** Names this connection has prepared (or is preparing). */
    readonly preparedNames = new Set<string>();

    constructor(config?: string | pg.ClientConfig) {
      super(config);
      const query = this.query.bind(this) as (...args: unknown[]) => unknown;
      this.query = ((...args: unknown[]) => query(...this.withName(args))) as pg.Client['query'];
    }

    private withName(args: unknown[]): unknown[] {
      const [first, second] = args;
      // Text with values, as `query(text, values)` or `query({ text, values })`; statements without
      // parameters (BEGIN, COMMIT, migrations) keep the simple protocol.
      const config = typeof first === 'string' ? { text: first, values: second } : first;
      if (!isPlainConfig(config)) return args;
      const values = config.values ?? (Array.isArray(second) ? second : undefined);
      if (!Array.isArray(values) || values.length === 0) return args;
      const name = namer.nameFor(config.text);
      if (!name) return args;
      if (!this.preparedNames.has(name)) {
        if (this.preparedNames.size >= options.perConnection) return args;
        this.preparedNames.add(name);
      }
      const named: pg.QueryConfig = { ...config, values, name };
      return typeof first === 'string' ? [named, ...args.slice(2)] : [named, ...args.slice(1)];
    }
  } as unknown as typeof pg.Client;
}
