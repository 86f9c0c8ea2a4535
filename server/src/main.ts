import { sql } from 'drizzle-orm';
import { buildApp } from './app';
import { isEmpty, upgradeExisting } from './db/seed';
import { initialiseEmptyDatabase } from './first-start';
import { backupServiceOf } from './modules/system/system.routes';
import { type Config, loadConfig } from './platform/config';
import { type Database, openPglite, openPostgres, queryRows } from './platform/db';
import { DRAIN_TIMEOUT_MS } from './platform/http/draining';
import type { Metrics } from './platform/metrics/metrics';
import { SettingError, secretHidden } from './platform/setting-errors';

/**
 * The reason of a failed connection in a few words: the driver's error under Drizzle's wrapper, and
 * the first of an AggregateError (IPv4 and IPv6 attempts), which has no message of its own.
 */
function reasonOf(err: unknown): string {
  let e = err as { message?: string; code?: string; errors?: unknown[]; cause?: unknown };
  while (e.cause && typeof e.cause === 'object') e = e.cause as typeof e;
  const inner = e.errors?.[0] as { message?: string; code?: string } | undefined;
  const message = e.message || inner?.message || String(err);
  const code = e.code ?? inner?.code;
  return code && !message.includes(code) ? `${message} (${code})` : message;
}

/** The database must answer before anything else: an unreachable one is a setting to fix, in one line. */
async function openDatabase(config: Config): Promise<Database> {
  const options = { logSqlFile: config.LOG_SQL_FILE, preparedStatements: config.DATABASE_PREPARED_STATEMENTS === '1' };
  if (!config.DATABASE_URL) return openPglite(config.dataDir, undefined, options);
  const database = await openPostgres(config.DATABASE_URL, config.DATABASE_POOL_SIZE, options);
  try {
    await queryRows(database.db, sql`SELECT 1`);
  } catch (err) {
    await database.close().catch(() => undefined);
    throw new SettingError(
      `Invalid setting: DATABASE_URL=${JSON.stringify(secretHidden('DATABASE_URL', config.DATABASE_URL))}: cannot connect: ${reasonOf(err)} (e.g. DATABASE_URL=postgres://erp:secret@db.example.com:5432/erp)`,
    );
  }
  return database;
}

/** Starts the product: database (embedded or PostgreSQL), migrations, first-start data, HTTP. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  await database.migrate();
  const upgraded = await upgradeExisting(database.db);
  const { app, platform } = await buildApp({ config, database });
  if (upgraded && (upgraded.dictionaries || upgraded.menus)) app.log.info(upgraded, 'reference data brought up to this version');

  if (await isEmpty(database.db)) await initialiseEmptyDatabase(database.db, config, app.log);

  // Phases (docs/operations.md): not ready and refusing new requests with the 503 envelope, the
  // accepted ones finish (at most DRAIN_TIMEOUT_MS), then the HTTP server, sockets and workers
  // close, then the database.
  const shutdown = async (signal: string) => {
    const started = Date.now();
    app.log.info({ signal, inFlight: platform.draining.inFlight }, 'shutting down: finishing the accepted requests');
    const left = await platform.draining.drain(DRAIN_TIMEOUT_MS);
    if (left) {
      app.log.warn({ left }, `requests still running after ${DRAIN_TIMEOUT_MS} ms: closing their connections`);
      app.server.closeAllConnections();
    }
    await app.close();
    await database.close();
    app.log.info({ ms: Date.now() - started }, 'stopped');
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'EADDRINUSE' || code === 'EACCES' || code === 'EADDRNOTAVAIL')
      throw new SettingError(`Invalid setting: PORT=${config.PORT} HOST=${config.HOST}: cannot listen: ${reasonOf(err)} (e.g. PORT=8081)`);
    throw err;
  }
  // The backup command finds a running server (and its database) through this file in DATA_DIR.
  const address = app.server.address();
  const forget = backupServiceOf(platform).announce(config.HOST, typeof address === 'object' && address ? address.port : config.PORT);
  process.once('exit', forget);
  const metrics = platform.services.get('metrics') as Metrics;
  try {
    await metrics.listen();
  } catch (err) {
    throw new SettingError(`Invalid setting: METRICS_PORT=${config.METRICS_PORT}: cannot listen: ${reasonOf(err)} (e.g. METRICS_PORT=9464)`);
  }
}

main().catch((err) => {
  // A setting to fix is one line; anything else is a bug worth its stack.
  if (err instanceof SettingError) process.stderr.write(`${err.message}\n`);
  else console.error(err);
  process.exit(1);
});
