import { credentialsTable } from './auth/credentials.table.ts';
import { passkeysTable, webauthnChallengesTable } from './auth/passkeys.table.ts';
import { sessionsTable } from './auth/sessions.table.ts';
import { totpSecretsTable } from './auth/totp.table.ts';
import { cardPinsTable } from './cards/cardPins.table.ts';
import { anonymousContactMessages } from './contact/anonymousMessages.table.ts';
import { idempotencyKeysTable } from './idempotency/idempotencyKeys.table.ts';
import { ledgerDigestsTable } from './ledgerProofs/digests.table.ts';
import { ledgerSigningKeysTable } from './ledgerProofs/keyHistory.table.ts';
import { ledgerLiabilitiesTable, ledgerLiabilityLeavesTable } from './ledgerProofs/liabilities.table.ts';
import { rateLimitsTable } from './limits/rateLimits.table.ts';
import { accountTokensTable } from './mail/accountTokens.table.ts';
import { personalDataKeysTable } from './privacy/personalDataKeys.table.ts';
import type { TableOwner } from './tables.ts';
import { approvalFollowUpsDueTable } from './workflows/approvalFollowUpsDue.table.ts';
import { ledgerFollowUpsDueTable } from './workflows/ledgerFollowUpsDue.table.ts';

/**
 * Every table outside the log that app/ keeps, by its owner (tables.ts); tableOwners.int.test.ts holds it to
 * the schema. The order is the erasure's, inside its one transaction: the sessions end first, so that the
 * next request of the person is signed out while the rest goes.
 */
export const tableOwners: readonly TableOwner[] = [
  sessionsTable,
  credentialsTable,
  totpSecretsTable,
  passkeysTable,
  webauthnChallengesTable,
  accountTokensTable,
  cardPinsTable,
  idempotencyKeysTable,
  rateLimitsTable,
  anonymousContactMessages,
  personalDataKeysTable,
  ledgerDigestsTable,
  ledgerSigningKeysTable,
  ledgerLiabilitiesTable,
  ledgerLiabilityLeavesTable,
  // The follow-ups' own state: nothing personal, a due row is gone within seconds.
  ledgerFollowUpsDueTable,
  approvalFollowUpsDueTable,
];
