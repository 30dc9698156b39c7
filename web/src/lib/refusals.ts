/**
 * The API's refusals in the reader's language. The server writes its texts in English, without knowing
 * who reads them; a Problem's `code` (api/http/problemCodes.ts, the one inventory) says which refusal it
 * is, and the client words it here: the server's own text when it is one of the code's known texts (its
 * values, an amount or a network, parsed out of it and said again in the language), else the code's
 * general wording. A text the client cannot place, with no code it knows, is shown as the server wrote it.
 * English readers always get the server's text.
 */

import type { ProblemCode } from '../../../api/http/problemCodes.ts';
import type { MessageId } from '../i18n/catalog.ts';
import { currentLocale, englishText, t } from '../i18n/i18n.ts';
import { formatDecimal } from './format.ts';

/**
 * A text of the server: a fixed one, or one with values, named as the English message names its
 * arguments (each a plain `{name}`, no plural: the value is read out of the text, not chosen by it).
 */
export type ServerText = MessageId | { id: MessageId; values: readonly string[] };

export type Wording =
  /** A refusal a person can meet on a screen: the server's texts for it, and what to say for another. */
  | { texts: readonly ServerText[]; general: MessageId }
  /**
   * One only an operator meets (the admin console, which stays English by decision, a health probe, a
   * request no page of the app makes): the server's English is shown. The string says why.
   */
  | { operators: string };

const ADMIN = 'the admin console, which is English (docs/architecture/i18n.md)';
const MACHINE = 'answered to a probe or a request no page of the app makes';

/** Every code the API can answer (TypeScript refuses a code of api/http/problemCodes.ts missing here). */
export const REFUSALS: Record<ProblemCode, Wording> = {
  account_suspended: { texts: ['shell.api.suspended'], general: 'shell.api.suspended' },
  totp_required: { texts: ['shell.validation.totp'], general: 'shell.validation.totp' },
  totp_invalid: { texts: ['shell.api.totpInvalid'], general: 'shell.api.totpInvalid' },
  passkey_required: { texts: ['shell.api.passkeyRequired'], general: 'shell.api.passkeyRequired' },
  passkey_invalid: {
    texts: ['shell.api.passkeyInvalid', 'shell.api.passkeyUnknown'],
    general: 'shell.api.passkeyInvalid',
  },
  reauthentication_required: {
    texts: ['shell.api.reauthTotp', 'shell.api.reauthPassword'],
    general: 'shell.api.reauthRequired',
  },
  reauthentication_failed: {
    texts: ['shell.api.reauthTotpWrong', 'shell.api.reauthPasswordWrong'],
    general: 'shell.api.reauthWrong',
  },
  ledger_frozen: { texts: ['shell.api.ledgerFrozen'], general: 'shell.api.ledgerFrozen' },
  // Names the stream that failed its check: worded as the account's freeze, which it comes with.
  ledger_integrity: { texts: [], general: 'shell.api.ledgerFrozen' },
  // Says how far the tree is behind: the general wording says what the reader can do.
  receipt_unavailable: { texts: [], general: 'shell.api.receiptUnavailable' },
  ledger_proofs_unavailable: { texts: ['shell.api.proofsDamaged'], general: 'shell.api.proofsDamaged' },
  liability_proof_unavailable: {
    texts: ['shell.api.proofUnavailable'],
    general: 'shell.api.proofUnavailable',
  },
  no_liability_proof: {
    texts: ['shell.api.noStatement', 'shell.api.heldNothing'],
    general: 'shell.api.noStatement',
  },
  liabilities_statement_busy: { operators: ADMIN },
  liabilities_statement_refused: { operators: ADMIN },
  // Lists what must happen first (the screen shows the blockers).
  person_holds_money: { texts: [], general: 'shell.api.personHoldsMoney' },
  mail_unavailable: {
    texts: ['shell.api.mailReset', 'shell.api.mailEmailChange', 'shell.api.mailVerify'],
    general: 'shell.api.mailUnavailable',
  },
  timeout: { texts: ['shell.api.timeout'], general: 'shell.api.timeout' },
  database_out_of_resources: { texts: ['shell.api.shortOfResources'], general: 'shell.api.shortOfResources' },
  csrf: { texts: ['shell.api.csrf'], general: 'shell.api.csrf' },
  host: { operators: MACHINE },
  draining: { operators: MACHINE },
  not_ready: { operators: MACHINE },
  // The domain's refusals (domain/shared/errors.ts), with the field texts api/http/domainErrors.ts gives.
  // Names the field in English and the character's code point: the general wording says what to do.
  text_not_allowed: { texts: [], general: 'shell.api.textNotAllowed' },
  value_taken: {
    texts: ['shell.api.emailTaken', 'shell.api.usernameTaken'],
    general: 'shell.api.valueTaken',
  },
  self_suspension: { operators: ADMIN },
  network_unsupported: {
    texts: [{ id: 'shell.api.networkUnsupported', values: ['currency'] }, 'shell.api.selectNetwork'],
    general: 'shell.api.networkUnavailable',
  },
  // The hash parser's reason for the network: the general wording.
  tx_hash_invalid: { texts: [], general: 'shell.api.txHashInvalid' },
  tx_hash_required: { texts: ['shell.api.txHashRequired'], general: 'shell.api.txHashRequired' },
  tx_hash_mismatch: { texts: ['shell.api.txHashMismatch'], general: 'shell.api.txHashMismatch' },
  tx_hash_taken: {
    texts: [
      { id: 'shell.api.txCredited', values: ['network'] },
      { id: 'shell.api.txDeclared', values: ['network'] },
    ],
    general: 'shell.api.txHashTaken',
  },
  price_not_positive: { operators: ADMIN },
  change_not_percentage: { operators: ADMIN },
  receiver_not_found: {
    texts: ['shell.api.recipientNotFound', 'shell.api.userNotFound'],
    general: 'shell.api.recipientNotFound',
  },
  receiver_suspended: { texts: ['shell.api.receiverSuspended'], general: 'shell.api.receiverSuspended' },
  receiver_unverified: { texts: ['shell.api.receiverUnverified'], general: 'shell.api.receiverUnverified' },
  email_unverified: {
    texts: ['shell.api.secondFactorUnverified'],
    general: 'shell.api.secondFactorUnverified',
  },
  self_transfer: { texts: ['shell.api.selfTransfer'], general: 'shell.api.selfTransfer' },
  amount_not_positive: {
    texts: ['shell.validation.amount', 'shell.validation.cryptoPositive'],
    general: 'shell.validation.amount',
  },
  insufficient_funds: {
    texts: [
      'shell.validation.insufficientBalance',
      { id: 'shell.validation.cryptoInsufficient', values: ['amount', 'currency'] },
      { id: 'shell.api.stakeInsufficient', values: ['tier', 'staked', 'more', 'available'] },
    ],
    general: 'shell.api.insufficientFunds',
  },
  password_incorrect: { texts: ['shell.api.passwordIncorrect'], general: 'shell.api.passwordIncorrect' },
  two_factor_code_invalid: { texts: ['shell.api.totpInvalid'], general: 'shell.api.totpInvalid' },
  fee_rate_invalid: { operators: ADMIN },
  currency_not_priced: {
    texts: [{ id: 'shell.api.currencyNotPriced', values: ['currency'] }],
    general: 'shell.api.notPriced',
  },
  quote_changed: {
    texts: [{ id: 'shell.api.quoteChanged', values: ['fee', 'amount', 'currency'] }],
    general: 'shell.api.quoteStale',
  },
  // The address parser's reason for the network: the general wording.
  address_invalid: { texts: [], general: 'shell.api.addressInvalid' },
  deposit_unavailable: {
    texts: [{ id: 'shell.api.depositUnavailable', values: ['currency', 'network'] }],
    general: 'shell.api.depositsUnavailable',
  },
  link_invalid: {
    texts: ['shell.api.linkInvalid', 'shell.api.alreadyVerified'],
    general: 'shell.api.linkInvalid',
  },
  email_unchanged: { texts: ['shell.api.emailUnchanged'], general: 'shell.api.emailUnchanged' },
  step_up_required: { texts: ['shell.api.stepUp'], general: 'shell.api.stepUp' },
};

/**
 * Fixed texts the server sends without a code (the error boundary's, the rate limit's, the sign-in and
 * mailed-link refusals, a lookup's or a session's "not found", the registration's field messages); the
 * client's own validation texts are the same as the API's checks, so they are known too. Not the 409 of
 * an Idempotency-Key still being processed: lib/idempotency.ts asks again by itself, reading its text.
 */
const UNCODED_TEXTS: readonly ServerText[] = [
  'shell.api.tooMany',
  'shell.api.serverError',
  'shell.api.unavailable',
  'shell.api.busy',
  'shell.api.changed',
  'shell.api.signIn',
  'shell.api.invalidCredentials',
  'shell.api.linkInvalid',
  'shell.api.linkIncomplete',
  'shell.api.alreadyVerified',
  'shell.api.twoFactorOn',
  'shell.api.recipientNotFound',
  'shell.api.receiverSuspended',
  'shell.api.sessionNotFound',
  'shell.api.passkeyNotFound',
  'shell.api.transactionNotFound',
  'shell.api.cardNotFound',
  'shell.api.notificationNotFound',
  'shell.api.depositDeclaredAlready',
  'shell.api.withdrawalRequested',
  { id: 'shell.api.cannotWithdrawOn', values: ['currency', 'network'] },
  'shell.api.selectNetwork',
  'shell.api.invalidCharacters',
  'shell.api.emailTaken',
  'shell.api.usernameTaken',
  'shell.api.usernameCharacters',
  'shell.validation.email',
  'shell.validation.passwordsMatch',
  'shell.validation.terms',
  'shell.validation.totp',
  'shell.validation.amount',
  'shell.validation.amountPrecision',
];

/** Every text the client knows of the server: any of them may also come as a field's message. */
const SERVER_TEXTS: readonly ServerText[] = [
  ...Object.values(REFUSALS).flatMap((wording) => ('texts' in wording ? wording.texts : [])),
  ...UNCODED_TEXTS,
];

// Marks an argument's place in the English text (private-use characters no server text holds).
const OPEN = '\u{E000}';
const CLOSE = '\u{E001}';
const SLOT = new RegExp(`${OPEN}(\\w+)${CLOSE}`, 'u');

/** `text` in the current language if it is `candidate`'s English (its values read out of it), else undefined. */
function wordedAs(text: string, candidate: ServerText): string | undefined {
  if (typeof candidate === 'string') return englishText(candidate) === text ? t(candidate) : undefined;
  const slots = Object.fromEntries(candidate.values.map((name) => [name, `${OPEN}${name}${CLOSE}`]));
  const template = englishText(candidate.id, slots);
  if (template === undefined) return undefined;
  // split() with a group alternates the text between the slots and the slots' names.
  const parts = template.split(SLOT);
  const names = parts.filter((_, index) => index % 2 === 1);
  const pattern = parts
    .map((part, index) => (index % 2 === 1 ? '(.+?)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  const match = new RegExp(`^${pattern}$`, 'su').exec(text);
  if (!match) return undefined;
  const values = Object.fromEntries(names.map((name, index) => [name, localNumber(match[index + 1] ?? '')]));
  return t(candidate.id, values);
}

/** A decimal number of the server's text ("1234.50") in the language's signs, with its digits unchanged. */
function localNumber(value: string): string {
  const number = /^-?\d+(?:\.(\d+))?$/.exec(value);
  return number ? formatDecimal(value, number[1]?.length ?? 0) : value;
}

/**
 * `text`, a fixed English text of the server, in the current language when it is one of `candidates`'
 * English (and as sent otherwise: a text the client does not know is shown as the server wrote it).
 */
export function knownText(text: string, candidates: readonly ServerText[]): string {
  if (currentLocale() === 'en') return text;
  return firstWording(text, candidates) ?? text;
}

function firstWording(text: string, candidates: readonly ServerText[]): string | undefined {
  for (const candidate of candidates) {
    const worded = wordedAs(text, candidate);
    if (worded !== undefined) return worded;
  }
  return undefined;
}

/**
 * A Problem's message, or one of its field messages, in the current language: by the texts of its code
 * first, then by every text the client knows, then by its code's general wording; as sent otherwise.
 */
export function refusalText(message: string, code: string | undefined): string {
  if (currentLocale() === 'en') return message;
  const wording =
    code !== undefined && Object.hasOwn(REFUSALS, code) ? REFUSALS[code as ProblemCode] : undefined;
  const texts = wording && 'texts' in wording ? wording.texts : [];
  const worded = firstWording(message, [...texts, ...SERVER_TEXTS]);
  if (worded !== undefined) return worded;
  return wording && 'general' in wording ? t(wording.general) : message;
}
