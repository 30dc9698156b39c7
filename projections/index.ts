import { approvalsProjection } from './approvals/approvals.projection.ts';
import { cardsProjection } from './cards/cards.projection.ts';
import { contactProjection } from './contact/contact.projection.ts';
import { cryptoProjection } from './crypto/crypto.projection.ts';
import { ledgerProjection } from './ledger/ledger.projection.ts';
import { notificationsProjection } from './notifications/notifications.projection.ts';
import { paymentsProjection } from './payments/payments.projection.ts';
import type { Projection } from './projection.ts';
import { depositAddressesProjection } from './settings/depositAddresses.projection.ts';
import { settingsProjection } from './settings/settings.projection.ts';
import { transactionEventsProjection } from './transactionEvents/transactionEvents.projection.ts';
import { usersProjection } from './users/users.projection.ts';

/** Every read model, in the order a rebuild runs them. */
export const allProjections: readonly Projection[] = [
  usersProjection,
  ledgerProjection,
  paymentsProjection,
  notificationsProjection,
  cardsProjection,
  cryptoProjection,
  settingsProjection,
  depositAddressesProjection,
  contactProjection,
  approvalsProjection,
  transactionEventsProjection,
];
