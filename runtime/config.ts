import { createPrivateKey } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { parseThresholds } from '../domain/approvals/thresholds.ts';
import { parseAddress } from '../domain/crypto/addresses.ts';
import type { NetworkId } from '../domain/crypto/networks.ts';
import { parseAllowedHost } from './hostName.ts';

function depositAddress(network: NetworkId) {
  return z.string().superRefine((value, ctx) => {
    const parsed = parseAddress(network, value);
    if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.reason });
  });
}

/** Every setting, read once from the environment, with local defaults (README "Configuration"). */
const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Existing Postgres for log and read models; unset = embedded Postgres under DATA_DIR. */
  DATABASE_URL: z.string().url().optional(),
  /**
   * Where the API's reads of the read models go: a replica endpoint (docs/architecture/replica-reads.md).
   * Unset = DATABASE_URL. Writes, sessions, LISTEN and the projections stay on DATABASE_URL.
   */
  READ_DATABASE_URL: z.string().url().optional(),
  /**
   * 'transaction': DATABASE_URL is a transaction-mode pooler (PgBouncer): no named prepared statements,
   * and what needs a session of its own (LISTEN, session advisory locks, migrations) goes to
   * DATABASE_SESSION_URL instead (docs/architecture/pgbouncer.md).
   */
  DATABASE_POOLER: z.enum(['none', 'transaction']).default('none'),
  /** The same database by a route that keeps a session (not the pooler); required with DATABASE_POOLER. */
  DATABASE_SESSION_URL: z.string().url().optional(),
  /**
   * How long a read waits for the replica to replay this browser's last write before it is answered from
   * DATABASE_URL instead (`X-Read-From: primary`), in milliseconds.
   */
  READ_REPLICA_WAIT_MS: z.coerce.number().int().min(0).max(10_000).default(500),
  DATA_DIR: z.string().default('.data'),
  /**
   * Connections this process's pool may open (it also opens one for LISTEN and, running projections, one
   * for their locks): the connection budget, docs/architecture/scaling.md.
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(1000).default(40),
  EVENT_STORE: z.enum(['postgres', 'eventstoredb']).default('postgres'),
  EVENTSTORE_URL: z.string().optional(),
  /** HMAC key for session JWTs (>= 32 chars). Unset outside production: generated once under DATA_DIR. */
  SESSION_SECRET: z.string().min(32).optional(),
  /**
   * The master key that wraps every person's data key (docs/decisions/0014-crypto-shredding.md): base64
   * of 32 random bytes, or PERSONAL_DATA_KEY_FILE, a file holding it. Required in production; outside
   * production, unset = generated once into DATA_DIR/keys (runtime/privacyKeys.ts).
   */
  PERSONAL_DATA_KEY: z.string().optional(),
  PERSONAL_DATA_KEY_FILE: z.string().optional(),
  /**
   * The HMAC key of the pseudonyms that replace e-mails and usernames in stream names: base64 of 32
   * random bytes, or PSEUDONYM_KEY_FILE. Never rotated (the decision record says why). Required in
   * production; outside production generated like PERSONAL_DATA_KEY.
   */
  PSEUDONYM_KEY: z.string().optional(),
  PSEUDONYM_KEY_FILE: z.string().optional(),
  /**
   * The ledger's Ed25519 signing key (docs/architecture/verifiable-ledger.md), PKCS#8 PEM text, or
   * LEDGER_SIGNING_KEY_FILE, a file holding it. It signs the log's digests and never enters the database.
   * Required in production; outside production, unset = generated once into DATA_DIR/keys
   * (runtime/ledgerSigningKey.ts).
   */
  LEDGER_SIGNING_KEY: z.string().optional(),
  LEDGER_SIGNING_KEY_FILE: z.string().optional(),
  /**
   * A file holding the private key LEDGER_SIGNING_KEY replaces, for the first start after a key change
   * only: it signs the new key into the key history (app/ledgerProofs/keyHistory.ts). Remove it after.
   */
  LEDGER_PREVIOUS_SIGNING_KEY_FILE: z.string().optional(),
  /** How often a signed digest of the log is published, in seconds, once across processes; 0 = never. */
  DIGEST_INTERVAL: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 3600)
    .default(3600),
  /**
   * How often a liabilities statement (the proof of liabilities users check their balance against) is
   * made, in seconds, once across processes; 0 = only when an admin asks. Never on a user's request:
   * docs/architecture/verifiable-ledger.md says why daily.
   */
  LIABILITIES_INTERVAL: z.coerce
    .number()
    .int()
    .min(0)
    .max(31 * 24 * 3600)
    .default(24 * 3600),
  /** Where the published digests are written (files an auditor copies elsewhere); default DATA_DIR/digests. */
  DIGEST_DIR: z.string().optional(),
  /** 'auto': Secure/__Host- cookies and HSTS unless the request is to localhost over plain HTTP. */
  SECURE_COOKIES: z.enum(['auto', 'on', 'off']).default('auto'),
  /**
   * Where users reach the app, e.g. https://wallet.example (an origin: scheme, host, optional port). Its host
   * is allowed by default and its origin may send state-changing requests. Default http://localhost:$PORT.
   */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .refine((value) => {
      if (!URL.canParse(value)) return true; // reported above
      const url = new URL(value);
      return url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
    }, 'must be an origin only (no path, query, fragment or credentials): the app is served at its root')
    .optional(),
  /**
   * Where mail goes (password reset, e-mail change): an smtp:// or smtps:// URL with its credentials, e.g.
   * smtps://user:pass@mail.example:465. Unset outside production: mail waits in a development outbox the
   * page offers to open; unset in production: the features that mail say they are unavailable.
   */
  SMTP_URL: z
    .string()
    .refine((value) => /^smtps?:\/\/[^/]/.test(value), 'must be an smtp:// or smtps:// URL')
    .optional(),
  /** The sender of that mail, e.g. "SAI Wallet <no-reply@wallet.example>". */
  MAIL_FROM: z.string().min(3).default('SAI Wallet <no-reply@localhost>'),
  /**
   * Host names this server answers to (comma-separated, any port); any other Host gets 421 before routing.
   * Default: localhost, 127.0.0.1, ::1 and PUBLIC_URL's host.
   */
  ALLOWED_HOSTS: z.string().optional(),
  /** Extra origins allowed to send state-changing requests (comma-separated), e.g. the Vite dev server. */
  ALLOWED_ORIGINS: z.string().default(''),
  TRUST_PROXY: z.enum(['0', '1']).default('0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** 'off' disables rate limits (load tests); else overrides like "login=10/60,register=5/3600". */
  RATE_LIMITS: z.string().default(''),
  /**
   * Above these amounts an admin money action waits for a second admin (docs/security.md, "Admin
   * re-authentication and four-eyes"): overrides of the defaults per asset, e.g. "SAI=5000,BTC=0.05".
   */
  FOUR_EYES_THRESHOLDS: z
    .string()
    .default('')
    .transform((value, ctx) => {
      try {
        return parseThresholds(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: error instanceof Error ? error.message : String(error) });
        return z.NEVER;
      }
    }),
  /**
   * Where the rate limits count: 'postgres' shares them between every process on the database (the
   * `rate_limits` table), 'memory' counts per process. 'auto': postgres with DATABASE_URL (processes may
   * be several), memory with the embedded Postgres (one process owns it).
   */
  RATE_LIMIT_STORE: z.enum(['auto', 'memory', 'postgres']).default('auto'),
  /** An API request not answered within this many milliseconds gets a 503 Problem (streamed bodies excepted). */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1).max(600_000).default(10_000),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  DEMO_USERS: z.enum(['on', 'off']).default('on'),
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().positive().default(12),
  SESSION_REMEMBER_DAYS: z.coerce.number().int().positive().default(30),
  /**
   * Seeds for our deposit addresses (docs/product-rules.md rule 21), one per network family: ETH serves
   * the EVM networks (Ethereum, Arbitrum, Optimism, Base, BNB Chain), TRX the Tron ones. At start each
   * seeds, as an event, every (currency, network) of its family that no event has touched yet; after that
   * the addresses are admin settings. Checked against the family's address format, checksum included.
   */
  DEPOSIT_ADDRESS_ETH: depositAddress('ethereum').optional(),
  DEPOSIT_ADDRESS_BTC: depositAddress('bitcoin').optional(),
  DEPOSIT_ADDRESS_SOL: depositAddress('solana').optional(),
  DEPOSIT_ADDRESS_XRP: depositAddress('xrpl').optional(),
  DEPOSIT_ADDRESS_TRX: depositAddress('tron').optional(),
  /** Bearer token for GET /metrics; unset = /metrics answers only to loopback (127.0.0.1, ::1). */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** Build web/dist on start when it is missing. */
  BUILD_WEB: z.enum(['auto', 'off']).default('auto'),
  /**
   * A read model built by another version of its projection: 'on' rebuilds it (blue-green) before this
   * process serves; 'off' refuses to start, naming it and the rebuild to run (projections/versions.ts).
   */
  AUTO_REBUILD: z.enum(['on', 'off']).default('on'),
  /**
   * Where the read models are built (one active worker per projection across processes either way):
   * 'on' (the default): in a worker thread of this process (runtime/projectionThread.ts), beside the HTTP
   * server's event loop; 'inline': on the HTTP server's own event loop; 'off': this process serves HTTP
   * only and a separate `npm run projections:worker` builds them.
   */
  PROJECTIONS: z.enum(['on', 'inline', 'off']).default('on'),
  /**
   * 'on': once continuous verification of the log has found a mismatch (projections/ledgerTree/), commands
   * that move money answer 503 `ledger-frozen` until it is resolved. Never affects /readyz.
   */
  LEDGER_FREEZE_ON_MISMATCH: z.enum(['accounts', 'on', 'off']).default('accounts'),
  /**
   * `/api/health` answers "degraded" (503, as for a failing projection) while any projection is more than
   * this many events behind the log's head; 0 = never for lag. `/readyz` is not affected.
   */
  PROJECTION_LAG_DEGRADED_EVENTS: z.coerce.number().int().min(0).max(100_000).default(1000),
  /**
   * How often the stored tree's next block of 4096 leaves is checked against the log, in ms, where the
   * tree follower leads (projections/ledgerTree/storedTreeCheck.ts); 0 = never (the tests' default).
   */
  LEDGER_TREE_CHECK_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(10_000),
  /**
   * How long a request holding an Idempotency-Key keeps it before a retry may take it over. A retry of a
   * request whose process died waits this long (409 with Retry-After meanwhile); taking over a request
   * still running is safe, since both append the same event ids, but wasteful.
   */
  IDEMPOTENCY_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** On SIGTERM: how long /readyz answers 503 while requests are still served, before the listener closes. */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  /** On SIGTERM: how long requests in flight get to finish before open connections are cut. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /** Idempotency keys are kept this long for replays, then purged (app/maintenance/purge.ts). */
  IDEMPOTENCY_RETENTION_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 365)
    .default(24),
  /** How often expired rows are purged, once across all processes; 0 = never (infra/postgres/scheduledJobs.ts). */
  PURGE_INTERVAL_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 60)
    .default(60),
});

/** Every variable the configuration reads (`.env.example` must list each one: config.unit.test.ts). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(schema.shape);

export type Config = Omit<z.infer<typeof schema>, 'PUBLIC_URL' | 'ALLOWED_HOSTS'> & {
  dataDir: string;
  /** PUBLIC_URL as an origin, e.g. `https://wallet.example` (no trailing slash). */
  PUBLIC_URL: string;
  /** ALLOWED_HOSTS in canonical form (hostName.ts), with PUBLIC_URL's host. */
  ALLOWED_HOSTS: string[];
};

/** The hosts allowed when ALLOWED_HOSTS is unset: this machine by name and address, and PUBLIC_URL's host. */
const LOCAL_HOST_NAMES = ['localhost', '127.0.0.1', '::1'];

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = parsed.data;
  if (config.EVENT_STORE === 'eventstoredb' && !config.EVENTSTORE_URL) {
    throw new Error(
      'Invalid configuration: EVENT_STORE=eventstoredb needs EVENTSTORE_URL (e.g. esdb://localhost:2113?tls=false)',
    );
  }
  if (config.READ_DATABASE_URL && !config.DATABASE_URL) {
    throw new Error(
      'Invalid configuration: READ_DATABASE_URL names a replica of DATABASE_URL; the embedded database has none',
    );
  }
  if (config.DATABASE_POOLER === 'transaction' && (!config.DATABASE_URL || !config.DATABASE_SESSION_URL)) {
    throw new Error(
      'Invalid configuration: DATABASE_POOLER=transaction needs DATABASE_URL (the pooler) and DATABASE_SESSION_URL ' +
        '(the same database without it, for LISTEN and session locks)',
    );
  }
  if (config.NODE_ENV === 'production' && !config.SESSION_SECRET) {
    throw new Error('Invalid configuration: SESSION_SECRET (32+ characters) is required in production');
  }
  if (config.NODE_ENV === 'production' && /change-me|placeholder/i.test(config.SESSION_SECRET ?? '')) {
    throw new Error(
      'Invalid configuration: SESSION_SECRET is still the public placeholder; set a random value',
    );
  }
  for (const name of ['PERSONAL_DATA_KEY', 'PSEUDONYM_KEY'] as const) {
    const value = config[name];
    const file = config[`${name}_FILE`];
    if (value !== undefined && file !== undefined) {
      throw new Error(`Invalid configuration: set ${name} or ${name}_FILE, not both`);
    }
    if (value !== undefined && !isKey32(value)) {
      throw new Error(
        `Invalid configuration: ${name} must be the base64 of 32 random bytes (e.g. \`openssl rand -base64 32\`)`,
      );
    }
    if (config.NODE_ENV === 'production' && value === undefined && file === undefined) {
      throw new Error(
        `Invalid configuration: ${name} (or ${name}_FILE) is required in production: the base64 of 32 random ` +
          'bytes (`openssl rand -base64 32`), kept outside the database and its backups ' +
          '(docs/decisions/0014-crypto-shredding.md)',
      );
    }
  }
  if (config.LEDGER_SIGNING_KEY !== undefined && config.LEDGER_SIGNING_KEY_FILE !== undefined) {
    throw new Error('Invalid configuration: set LEDGER_SIGNING_KEY or LEDGER_SIGNING_KEY_FILE, not both');
  }
  if (
    config.LEDGER_SIGNING_KEY !== undefined &&
    !isEd25519Pem(config.LEDGER_SIGNING_KEY.replaceAll('\\n', '\n'))
  ) {
    throw new Error(
      'Invalid configuration: LEDGER_SIGNING_KEY must be an Ed25519 private key in PEM (PKCS#8), e.g. ' +
        '`openssl genpkey -algorithm ed25519`',
    );
  }
  if (
    config.NODE_ENV === 'production' &&
    config.LEDGER_SIGNING_KEY === undefined &&
    config.LEDGER_SIGNING_KEY_FILE === undefined
  ) {
    throw new Error(
      'Invalid configuration: LEDGER_SIGNING_KEY (or LEDGER_SIGNING_KEY_FILE) is required in production: an ' +
        'Ed25519 private key in PEM (`openssl genpkey -algorithm ed25519`), kept outside the database and ' +
        'its backups (docs/architecture/verifiable-ledger.md)',
    );
  }
  const publicUrl = new URL(config.PUBLIC_URL ?? `http://localhost:${config.PORT}`);
  let allowedHosts: string[];
  try {
    allowedHosts = (config.ALLOWED_HOSTS?.split(',') ?? LOCAL_HOST_NAMES)
      .filter((entry) => entry.trim() !== '')
      .map(parseAllowedHost);
  } catch (error) {
    throw new Error(`Invalid configuration:\n  ALLOWED_HOSTS: ${(error as Error).message}`);
  }
  // The app's own public address always answers: its links and passkeys name it.
  const publicHost = parseAllowedHost(publicUrl.hostname);
  if (!allowedHosts.includes(publicHost)) allowedHosts.push(publicHost);
  return {
    ...config,
    PUBLIC_URL: publicUrl.origin,
    ALLOWED_HOSTS: allowedHosts,
    dataDir: path.resolve(config.DATA_DIR),
  };
}

/** Whether `text` is a PEM Ed25519 private key (LEDGER_SIGNING_KEY's form). */
export function isEd25519Pem(text: string): boolean {
  try {
    return createPrivateKey(text).asymmetricKeyType === 'ed25519';
  } catch {
    return false;
  }
}

/** Whether `text` is the base64 (or base64url) of exactly 32 bytes: a key of PERSONAL_DATA_KEY's form. */
export function isKey32(text: string): boolean {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) return false;
  return Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64').length === 32;
}

/** The `DEPOSIT_ADDRESS_*` seeds by variable name (app/settings/depositAddresses.service.ts). */
export function depositAddressSeeds(config: Config): Partial<Record<string, string>> {
  return {
    DEPOSIT_ADDRESS_ETH: config.DEPOSIT_ADDRESS_ETH,
    DEPOSIT_ADDRESS_BTC: config.DEPOSIT_ADDRESS_BTC,
    DEPOSIT_ADDRESS_SOL: config.DEPOSIT_ADDRESS_SOL,
    DEPOSIT_ADDRESS_XRP: config.DEPOSIT_ADDRESS_XRP,
    DEPOSIT_ADDRESS_TRX: config.DEPOSIT_ADDRESS_TRX,
  };
}
