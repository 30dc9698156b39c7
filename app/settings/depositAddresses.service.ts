import { randomBytes } from 'node:crypto';
import type { NetworkId } from '../../domain/crypto/networks.ts';
import {
  DEPOSIT_ADDRESSES_STREAM,
  type DepositAddressCommand,
  DepositUnavailableError,
  depositAddressDecider,
  pairKey,
  unavailableMessage,
} from '../../domain/settings/depositAddresses.ts';
import type { EventMetadata } from '../../infra/eventStore/eventStore.ts';
import type { CommandContext } from '../commands/context.ts';
import { handleCommand } from '../commands/handleCommand.ts';
import { loadState } from '../commands/stateCache.ts';
import { requestMetadata } from '../context.ts';

/** An admin sets or clears one (currency, network)'s address; a bad address is refused, nothing written. */
export async function changeDepositAddress(
  ctx: CommandContext,
  command: Extract<DepositAddressCommand, { type: 'SetDepositAddress' | 'ClearDepositAddress' }>,
  metadata: EventMetadata,
) {
  return await handleCommand(ctx, DEPOSIT_ADDRESSES_STREAM, depositAddressDecider, command, metadata);
}

/**
 * At start: the `DEPOSIT_ADDRESS_*` variables seed every pair of their family that no event has touched
 * (set, seeded or cleared), so a restart appends nothing and an admin's change is never overwritten.
 * Processes starting together are safe: the second one decides again on the first one's events.
 */
export async function seedDepositAddresses(
  ctx: CommandContext,
  variables: Partial<Record<string, string>>,
): Promise<number> {
  if (Object.values(variables).every((value) => value === undefined)) return 0;
  const result = await handleCommand(
    ctx,
    DEPOSIT_ADDRESSES_STREAM,
    depositAddressDecider,
    { type: 'SeedDepositAddresses', data: { variables }, now: ctx.now() },
    requestMetadata(null, `bootstrap-${randomBytes(6).toString('hex')}`),
  );
  return result.events.length;
}

/**
 * The address deposits of `currency` on `network` go to, read from the settings stream itself (the write
 * side: an address an admin has just set counts at once); refuses with 422 when none is set. `attribute`
 * names the form field the refusal is about.
 */
export async function requireDepositAddress(
  ctx: CommandContext,
  currency: string,
  network: NetworkId,
  attribute: string,
): Promise<string> {
  const { state } = await loadState(ctx, DEPOSIT_ADDRESSES_STREAM, depositAddressDecider);
  const address = state.addresses[pairKey(currency, network)];
  if (!address) {
    throw new DepositUnavailableError(unavailableMessage(currency, network), {
      code: 'deposit_unavailable',
      attribute,
    });
  }
  return address;
}
