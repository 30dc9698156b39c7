/**
 * `node --import tsx testing/embeddedOwner.ts DATA_DIR`: a process that starts the embedded Postgres
 * on DATA_DIR (durable, as `npm start` runs it), prints one line `ready <url>` and runs until it is killed.
 * The ownership tests kill it with SIGKILL to leave a server behind, as a crashed `npm start` would.
 */
import { startEmbeddedPostgres } from '../infra/postgres/embedded.ts';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: embeddedOwner.ts DATA_DIR');
const server = await startEmbeddedPostgres({ dataDir });
process.stdout.write(`ready ${server.url}\n`);
setInterval(() => {}, 60_000);
