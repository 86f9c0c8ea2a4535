/**
 * A second server process for the live-channel test: the app on the database of DATABASE_URL
 * (a PostgreSQL test database), sharing REDIS_URL. Prints {"port": n} once it listens.
 */
import { buildApp } from '../../app';
import { loadConfig } from '../../platform/config';
import { openPostgres } from '../../platform/db';

const config = loadConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent' });
const database = await openPostgres(config.DATABASE_URL as string, 4);
const { app } = await buildApp({ config, database });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`);
const stop = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
