import { buildApp } from './app';
import { isEmpty, seedDemo, seedMinimal, upgradeExisting } from './db/seed';
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

  if (await isEmpty(database.db)) {
    if (!config.DATABASE_URL || config.SEED_DEMO === '1') {
      app.log.info('empty database: loading the demo data');
      await seedDemo(database.db, new Date(), undefined, config.BUSINESS_TIME_ZONE);
    } else if (config.ADMIN_PASSWORD) {
      app.log.info('empty database: creating the administrator');
      await seedMinimal(database.db, config.ADMIN_PASSWORD);
    } else {
      app.log.warn('empty database and no ADMIN_PASSWORD: nobody can sign in until it is set (or SEED_DEMO=1)');
    }
  }

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
