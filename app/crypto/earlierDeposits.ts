import { type HolderStatus, txTakenMessage } from '../../domain/crypto/depositTx.ts';
import type { NetworkId } from '../../domain/crypto/networks.ts';
import { canonicalTxHash } from '../../domain/crypto/txHash.ts';
import { ConflictError } from '../../domain/shared/errors.ts';
import { depositsNamingTx } from '../../projections/crypto/crypto.queries.ts';
import type { CommandContext } from '../commands/context.ts';

export const LIVE: readonly HolderStatus[] = ['pending', 'confirmed'];
export const CREDITED: readonly HolderStatus[] = ['confirmed'];

/**
 * Deposits declared before each (network, hash) had a claim stream (depositTx.ts) hold no claim: a log may
 * hold such a deposit, its hash spelled as typed then, and even two of them naming one transaction. The
 * claims are the rule under concurrency; this look-up in the deposits read model is the backstop for that
 * history (long settled in the read model): a declaration is refused while an earlier deposit with the
 * same transaction is pending or confirmed, a confirmation while one is confirmed. A hash that is not
 * valid is left to the domain to refuse.
 */
export async function refuseTxOfEarlierDeposit(
  ctx: Pick<CommandContext, 'pool'>,
  network: NetworkId,
  raw: string,
  depositId: string,
  statuses: readonly HolderStatus[],
): Promise<void> {
  const canonical = canonicalTxHash(network, raw);
  if (canonical === null) return;
  const rows = await depositsNamingTx(ctx.pool, network, canonical);
  // A credited one first: its message ("already credited") is the stronger reason.
  rows.sort((a, b) => Number(b.status === 'confirmed') - Number(a.status === 'confirmed'));
  const earlier = rows.find(
    (row) =>
      row.id !== depositId &&
      statuses.includes(row.status as HolderStatus) &&
      canonicalTxHash(network, row.txHash) === canonical,
  );
  if (earlier) {
    const message = txTakenMessage(network, earlier.status as HolderStatus);
    throw new ConflictError(message, { code: 'tx_hash_taken', ids: { depositId: earlier.id } });
  }
}
