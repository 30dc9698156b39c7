import { serve } from '@hono/node-server';
import pg from 'pg';
import { createReferenceApp, createReferenceSchema } from './plainSqlWallet.ts';

/**
 * The plain-SQL reference wallet as its own process (the bench starts it like the API, with the API's
 * node flags, so it does not share the load generator's event loop): DATABASE_URL, PORT; DATABASE_POOL_SIZE
 * as the product's (default 40). Prints "reference listening" once it answers.
 */
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DATABASE_POOL_SIZE ?? 40),
});
await createReferenceSchema(pool);
const server = serve(
  { fetch: createReferenceApp(pool).fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' },
  () => process.stdout.write('reference listening\n'),
);
const stop = () => {
  server.close(() => void pool.end().then(() => process.exit(0)));
  (server as unknown as { closeAllConnections(): void }).closeAllConnections();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
