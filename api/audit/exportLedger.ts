import type pg from 'pg';
import type { Asset } from '../../domain/shared/money.ts';
import { assetsOfAccount, balanceBefore } from '../../projections/ledger/ledger.queries.ts';

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

const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * RFC 4180 quoting, plus formula-injection defence: a text cell starting with = + - @ (or a tab or
 * carriage return) is prefixed with a quote so a spreadsheet shows it as text. Plain numbers stay numbers.
 */
export function csvCell(value: string): string {
  let text = value;
  if (!NUMBER.test(text) && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function csvLine(values: readonly string[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

const BATCH = 5_000;

interface JournalRow {
  position_commit: string;
  position_prepare: string;
  leg: number;
  created_at: Date;
  transaction_id: string;
  kind: string;
  asset: string;
  amount: string;
  from_account: string;
  to_account: string;
  from_balance_after: string;
  to_balance_after: string;
  actor_id: string | null;
  description: string;
}

export async function* exportLedger(pool: pg.Pool, filter: ExportFilter): AsyncGenerator<string> {
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

  let after: [string, string, number] | null = null;
  for (;;) {
    const params: unknown[] = [filter.from, filter.to, filter.asset ?? null, filter.account ?? null, BATCH];
    let keyset = '';
    if (after) {
      params.push(...after);
      keyset = 'AND (position_commit, position_prepare, leg) > ($6::numeric, $7::numeric, $8::smallint)';
    }
    const { rows } = await pool.query<JournalRow>(
      `SELECT position_commit::text, position_prepare::text, leg, created_at, transaction_id, kind, asset, amount::text,
              from_account, to_account, from_balance_after::text, to_balance_after::text, actor_id, description
       FROM ledger_postings
       WHERE created_at >= $1 AND created_at < $2
         AND ($3::text IS NULL OR asset = $3)
         AND ($4::text IS NULL OR from_account = $4 OR to_account = $4)
         ${keyset}
       ORDER BY position_commit, position_prepare, leg
       LIMIT $5`,
      params,
    );
    for (const r of rows) {
      yield line({
        position: `${r.position_commit}-${r.position_prepare}`,
        time: r.created_at.toISOString(),
        transaction_id: r.transaction_id,
        type: r.kind,
        asset: r.asset,
        amount: trimAmount(r.amount, r.asset),
        debit_account: r.from_account,
        credit_account: r.to_account,
        debit_balance_after: trimAmount(r.from_balance_after, r.asset),
        credit_balance_after: trimAmount(r.to_balance_after, r.asset),
        actor: r.actor_id ?? '',
        description: r.description,
      });
    }
    if (rows.length < BATCH) break;
    const last = rows[rows.length - 1]!;
    after = [last.position_commit, last.position_prepare, last.leg];
  }
  for (const closing of await bound('closing_balance', filter.to)) yield closing;
}

/** numeric(30,8) text with the asset's ledger decimals: SAI 2, crypto 8. */
function trimAmount(text: string, asset: string): string {
  if (asset !== 'SAI') return text;
  const [whole, fraction = ''] = text.split('.');
  return `${whole}.${fraction.padEnd(2, '0').slice(0, 2)}`;
}
