import { buildApp } from './app';
import { isEmpty, upgradeExisting } from './db/seed';
import { initialiseEmptyDatabase } from './first-start';
import { loadConfig } from './platform/config';
import { openPglite, openPostgres } from './platform/db';

/** Starts the product: database (embedded or PostgreSQL), migrations, first-start data, HTTP. */
async function main() {
  const config = loadConfig();
  const options = { logSqlFile: config.LOG_SQL_FILE, preparedStatements: config.DATABASE_PREPARED_STATEMENTS === '1' };
  const database = config.DATABASE_URL
    ? await openPostgres(config.DATABASE_URL, config.DATABASE_POOL_SIZE, options)
    : await openPglite(config.dataDir, undefined, options);
  await database.migrate();
  const upgraded = await upgradeExisting(database.db);
  const { app } = await buildApp({ config, database });
  if (upgraded && (upgraded.dictionaries || upgraded.menus)) app.log.info(upgraded, 'reference data brought up to this version');

  if (await isEmpty(database.db)) await initialiseEmptyDatabase(database.db, config, app.log);

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
