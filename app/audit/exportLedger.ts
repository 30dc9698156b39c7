import { csvCell } from '../../domain/shared/csv.ts';
import type { Asset } from '../../domain/shared/money.ts';
import type { Pool } from '../../infra/postgres/pool.ts';
import { assetsOfAccount, balanceBefore } from '../../projections/ledger/ledger.queries.ts';
import type { PostingBalancesRow } from '../../projections/ledger/receipt.queries.ts';

/**
 * The finance export: one row per posting of the journal (ledger_postings) in [from, to), in log order,
 * read in keyset-paged batches and yielded as it is read, so memory stays flat whatever the log's size.
 * With an account, the export opens and closes with that account's balance per asset — the same figures
 * "balance as of" gives for the period's bounds.
 */
export interface ExportFilter {
  from: Date;
  to: Date;
  asset?: Asset;
  account?: string;
  format: 'csv' | 'jsonl';
}

export const EXPORT_COLUMNS = [
  'position',
  'time',
  'transaction_id',
  'type',
  'asset',
  'amount',
  'debit_account',
  'credit_account',
  'debit_balance_after',
  'credit_balance_after',
  'actor',
  'description',
] as const;

type Row = Record<(typeof EXPORT_COLUMNS)[number], string>;

function csvLine(values: readonly string[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

const BATCH = 5_000;
const FIRST_PAGE = 500;

/** A posting of the journal with its balances after, and what the export adds to locate and name it. */
interface JournalRow extends PostingBalancesRow {
  commit_text: string;
  prepare_text: string;
  leg: number;
  time: string;
  transaction_id: string;
  kind: string;
  actor_id: string | null;
  description: string;
}

/** Yields the export as text chunks: the header, then one chunk per batch of rows. */
export async function* exportLedger(
  pool: Pool,
  filter: ExportFilter,
  /** Rows per query, and in the first one (tests page in small batches to cross page boundaries). */
  { batchSize = BATCH, firstPage = FIRST_PAGE }: { batchSize?: number; firstPage?: number } = {},
): AsyncGenerator<string> {
  const line = (row: Row) =>
    filter.format === 'csv' ? csvLine(EXPORT_COLUMNS.map((c) => row[c])) : `${JSON.stringify(row)}\n`;
  if (filter.format === 'csv') yield csvLine(EXPORT_COLUMNS);

  const assets = filter.account
    ? filter.asset
      ? [filter.asset]
      : await assetsOfAccount(pool, filter.account)
    : [];
  const bound = async (type: 'opening_balance' | 'closing_balance', at: Date) => {
    const out: string[] = [];
    for (const asset of assets) {
      const balance = await balanceBefore(pool, filter.account!, asset, at);
      out.push(
        line({
          position: '',
          time: at.toISOString(),
          transaction_id: '',
          type,
          asset,
          amount: balance,
          debit_account: filter.account!,
          credit_account: '',
          debit_balance_after: balance,
          credit_balance_after: '',
          actor: '',
          description:
            type === 'opening_balance' ? 'Balance before the period' : 'Balance at the end of the period',
        }),
      );
    }
    return out;
  };
  for (const opening of await bound('opening_balance', filter.from)) yield opening;

  const page = async (after: [string, string, number] | null, limit: number) => {
    const params: unknown[] = [filter.from, filter.to, filter.asset ?? null, filter.account ?? null, limit];
    let keyset = '';
    if (after) {
      params.push(...after);
      keyset = 'AND (position_commit, position_prepare, leg) > ($6::numeric, $7::numeric, $8::smallint)';
    }
    const { rows } = await pool.query<JournalRow>(
      // Output names differ from the column names on purpose: ORDER BY a name that is also an output column
      // sorts by the output (text, '1000' < '999') and would page past rows (docs/decisions/0001-order-by-typed-positions.md).
      // Times and SAI's two decimals are written by Postgres (exactly: trunc never rounds, and SAI
      // amounts have no third decimal); the row loop below only quotes cells.
      `SELECT position_commit::text AS commit_text, position_prepare::text AS prepare_text, leg,
              to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS time,
              transaction_id, kind, asset,
              ${decimals('amount')} AS amount, ${decimals('from_balance_after')} AS from_balance_after,
              ${decimals('to_balance_after')} AS to_balance_after,
              from_account, to_account, actor_id, description
       FROM ledger_postings p
       WHERE created_at >= $1 AND created_at < $2
         AND ($3::text IS NULL OR asset = $3)
         AND ($4::text IS NULL OR from_account = $4 OR to_account = $4)
         ${keyset}
       ORDER BY p.position_commit, p.position_prepare, p.leg
       LIMIT $5`,
      params,
    );
    return rows;
  };

  // Read ahead: the next page is asked for as soon as this one has arrived, so Postgres computes it while
  // this one is formatted and written (the two were taking turns on the two cores; see BENCHMARKS.md).
  // At most two pages are in memory at any time.
  // The first page is small, so the download starts at once; the rest go in full batches.
  let limit = Math.min(batchSize, firstPage);
  let next: Promise<JournalRow[]> | null = page(null, limit);
  while (next) {
    const rows: JournalRow[] = await next;
    const last = rows[rows.length - 1];
    next =
      rows.length === limit && last ? page([last.commit_text, last.prepare_text, last.leg], batchSize) : null;
    limit = batchSize;
    // A consumer that stops early leaves the read-ahead unawaited: its failure is not an unhandled one.
    next?.catch(() => {});
    // One chunk per batch: a write per row would cost more than the row itself.
    let chunk = '';
    for (const r of rows) {
      chunk += line({
        position: `${r.commit_text}-${r.prepare_text}`,
        time: r.time,
        transaction_id: r.transaction_id,
        type: r.kind,
        asset: r.asset,
        amount: r.amount,
        debit_account: r.from_account,
        credit_account: r.to_account,
        debit_balance_after: r.from_balance_after,
        credit_balance_after: r.to_balance_after,
        actor: r.actor_id ?? '',
        description: r.description,
      });
    }
    if (chunk) yield chunk;
  }
  for (const closing of await bound('closing_balance', filter.to)) yield closing;
}

/** numeric(30,8) as text with the asset's ledger decimals: SAI 2, crypto 8. */
const decimals = (column: string) =>
  `CASE WHEN asset = 'SAI' THEN trunc(${column}, 2)::text ELSE ${column}::text END`;
