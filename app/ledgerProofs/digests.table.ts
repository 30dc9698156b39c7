import { DIGEST_FORMAT, type LedgerDigest } from '../../domain/verifiable/formats.ts';
import type { Pool, PoolClient } from '../../infra/postgres/pool.ts';
import type { TableOwner } from '../tables.ts';

/**
 * `ledger_digests`: every statement on the catalogue. The signing, the files and the publishing are beside
 * it (digests.ts).
 */

interface DigestRow {
  id: string;
  tree_size: string;
  root: string;
  time: Date;
  key_id: string;
  signature: string;
  blocks: LedgerDigest['blocks'] | null;
}

const COLUMNS = 'id::text, tree_size::text, root, time, key_id, signature, blocks';

function digestOf(row: DigestRow): LedgerDigest {
  return {
    format: DIGEST_FORMAT,
    version: 1,
    treeSize: row.tree_size,
    root: row.root,
    time: row.time.toISOString(),
    keyId: row.key_id,
    signature: row.signature,
    ...(row.blocks ? { blocks: row.blocks } : {}),
  };
}

/** Published digests, newest first; `cursor` is the previous page's `nextCursor`. */
export async function listDigests(
  db: Pool | PoolClient,
  limit: number,
  cursor: string | null = null,
): Promise<{ items: LedgerDigest[]; nextCursor: string | null }> {
  const { rows } = await db.query<DigestRow>(
    `SELECT ${COLUMNS} FROM ledger_digests WHERE ($1::bigint IS NULL OR id < $1::bigint)
      ORDER BY id DESC LIMIT $2`,
    [cursor, limit + 1],
  );
  const page = rows.slice(0, limit);
  return {
    items: page.map(digestOf),
    nextCursor: rows.length > limit ? page[page.length - 1]!.id : null,
  };
}

/** One advisory lock serialises publishing across processes (any number of them, scheduled or on demand). */
const PUBLISH_LOCK = "hashtextextended('sai:ledger-digest', 0)";

/** Takes the publishing lock until the transaction ends. */
export async function lockPublishing(client: PoolClient): Promise<void> {
  await client.query(`SELECT pg_advisory_xact_lock(${PUBLISH_LOCK})`);
}

/** Which of these digest files the catalogue lists. */
export async function listedDigestFiles(
  client: PoolClient,
  fileNames: readonly string[],
): Promise<Set<string>> {
  const { rows } = await client.query<{ file_name: string }>(
    'SELECT file_name FROM ledger_digests WHERE file_name = ANY($1::text[])',
    [fileNames],
  );
  return new Set(rows.map((row) => row.file_name));
}

export async function insertDigest(
  client: PoolClient,
  digest: LedgerDigest,
  fileName: string,
): Promise<void> {
  await client.query(
    `INSERT INTO ledger_digests (tree_size, root, time, key_id, signature, blocks, file_name)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      digest.treeSize,
      digest.root,
      digest.time,
      digest.keyId,
      digest.signature,
      digest.blocks ? JSON.stringify(digest.blocks) : null,
      fileName,
    ],
  );
}

export async function latestDigest(db: Pool | PoolClient, withBlocks = true): Promise<LedgerDigest | null> {
  const { rows } = await db.query<DigestRow>(
    `SELECT ${withBlocks ? COLUMNS : COLUMNS.replace(', blocks', ', NULL AS blocks')} FROM ledger_digests ORDER BY id DESC LIMIT 1`,
  );
  return rows[0] ? digestOf(rows[0]) : null;
}

/** `ledger_digests`: signed digests of the log, kept for good (nothing personal); neither purged nor erased. */
export const ledgerDigestsTable: TableOwner = { table: 'ledger_digests' };
