import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PERSONAL_FIELDS } from './personalFields.ts';

/**
 * Event types reviewed and found to hold nothing personal (ids, amounts, assets, times, statuses, hashes,
 * the platform's own settings): docs/architecture/personal-data.md gives the reason for each. A new event
 * type must be put here or in PERSONAL_FIELDS, or this test fails.
 */
const NOTHING_PERSONAL = new Set([
  'UserPromotedToAdmin',
  // Ids and an amount only: the distribution's description stays on its mint (sealed there).
  'DistributionRecorded',
  // Ids, admins and times only (the request's reason is sealed on ApprovalRequested).
  'ApprovalGranted',
  'ApprovedActionApplied',
  'ApprovedActionRefused',
  'PasswordChanged',
  'PreferencesUpdated',
  'TwoFactorEnabled',
  'PasskeyAdded',
  'MailSent',
  'PasskeyRemoved',
  'TwoFactorDisabled',
  'UserSuspended',
  'UserReactivated',
  'PersonErased',
  'CryptoDepositCredited',
  'WithdrawalHoldReleased',
  'TransferReceived',
  'BalanceMovedToDormant',
  // A card stake: the tier, the amounts and ids; nothing a person wrote.
  'CardStakePlaced',
  'CardStakeReleased',
  'CardStaked',
  // How and when the address was proven (a link, a reclaim); never the address or the link.
  'EmailVerified',
  'AccountClosed',
  'AccountReopened',
  'CryptoDepositDeclared',
  'CryptoDepositConfirmed',
  'DepositTxClaimed',
  'DepositTxReleased',
  'WithdrawalCompleted',
  'CardPaymentSubmitted',
  'CardActivated',
  'CardDelivered',
  'CardFrozen',
  'CardUnfrozen',
  'CardPinChanged',
  'CardTierUpgraded',
  'CardUpgraded',
  'PaymentApproved',
  'NotificationMarkedRead',
  'AllNotificationsMarkedRead',
  'FeeRateSet',
  'CryptoPriceSet',
  'TokenPriceSet',
  'DepositAddressSet',
  'DepositAddressCleared',
  'DepositAddressSeeded',
]);

/** Every `*_EVENT_TYPES` list the domain exports: the event types that exist. */
async function domainEventTypes(): Promise<Set<string>> {
  const root = path.resolve(import.meta.dirname, '../../domain');
  const types = new Set<string>();
  for (const entry of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    if (!entry.endsWith('.ts') || entry.includes('.test.')) continue;
    const module = (await import(path.join(root, entry))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module))
      if (name.endsWith('_EVENT_TYPES') && Array.isArray(value)) for (const type of value) types.add(type);
  }
  return types;
}

describe('personal fields', () => {
  it('classifies every event type the domain has: sealed fields, or reviewed as holding nothing personal', async () => {
    const types = await domainEventTypes();
    expect(types.size).toBeGreaterThan(30);
    const unclassified = [...types].filter((type) => !PERSONAL_FIELDS[type] && !NOTHING_PERSONAL.has(type));
    expect(unclassified).toEqual([]);
    const stale = Object.keys(PERSONAL_FIELDS).filter((type) => !types.has(type));
    expect(stale).toEqual([]);
  });
});
