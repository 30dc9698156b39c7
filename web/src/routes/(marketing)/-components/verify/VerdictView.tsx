import type { ReceiptFacts } from '@domain/verifiable/describeReceipt.ts';
import type { Verdict } from '@domain/verifiable/verify.ts';
import { useQuery } from '@tanstack/react-query';
import { CircleCheck, CircleX } from 'lucide-react';
import { currentLocale, t } from '@/i18n/i18n.ts';
import { formatAsset } from '@/lib/assets.ts';
import type { CryptoCurrency } from '@/lib/constants.ts';
import { formatDateTime } from '@/lib/format.ts';
import { publicKeyQuery } from '@/queries/ledgerProofs.queries.ts';
import { visuallyHidden } from '@/styles/layout.css.ts';
import * as publicStyles from '../Public.css.ts';
import * as styles from './Verify.css.ts';

/** A checked file: its verdict, every check with its sentence, and what passing does and does not prove. */
export interface CheckedFile {
  fileName: string;
  verdict: Verdict;
  /** The key id the file's public key has, once the file's "public key" check passed; else null. */
  keyId: string | null;
  /** What a receipt that passed every check shows in the open (what, when, between whom). */
  facts?: ReceiptFacts | null;
}

const KIND_NAMES: Record<Verdict['kind'], string> = {
  'public-key': 'Public key',
  receipt: 'Transaction receipt',
  'liability-proof': 'Liability proof',
  digest: 'Ledger digest',
  unknown: 'Unknown file',
};

/** What a passing file still leaves open, in the product's own limits. */
const DOES_NOT_PROVE: Record<Verdict['kind'], readonly string[]> = {
  receipt: ['Anything about events that are not in this file, or about the log after the digest was signed.'],
  'liability-proof': [
    'That SAI Wallet holds the assets to pay the total: the proof is about what is owed, not what is held.',
    "That other users' balances are counted: each user checks their own proof.",
  ],
  digest: ['Anything about the log after the digest was signed: a later digest, or a receipt, shows more.'],
  'public-key': [],
  unknown: [],
};

/**
 * Whether the file failed because its signer is not a key SAI Wallet publishes (check `signer`): the file
 * may be internally sound, but it is not SAI Wallet's, and the page says so in its own words.
 */
export function notFromSaiWallet(verdict: Verdict): boolean {
  return verdict.checks.find((check) => !check.ok)?.name === 'signer';
}

export function verdictTitle(verdict: Verdict): string {
  const failed = verdict.checks.find((check) => !check.ok);
  if (verdict.ok) return t('verify.verified');
  if (notFromSaiWallet(verdict)) return t('verify.notFromSaiWallet');
  return t('verify.notVerified', { check: failed?.name ?? 'format' });
}

export function VerdictView({ checked }: { checked: CheckedFile }) {
  const { verdict } = checked;
  const title = verdictTitle(verdict);
  const foreign = notFromSaiWallet(verdict);
  return (
    <section className={styles.columns} aria-labelledby="verdict-title" data-testid="verdict">
      <div className={styles.verdict} data-ok={verdict.ok} data-testid="verdict-summary">
        <p className={styles.fileName}>
          {KIND_NAMES[verdict.kind]} · {checked.fileName}
        </p>
        {/* The verdict is in the page's language, the checks under it in the checker's English. */}
        <h2 id="verdict-title" className={styles.verdictTitle} lang={currentLocale()}>
          {verdict.ok ? (
            <CircleCheck size={24} aria-hidden="true" className={styles.passIcon} />
          ) : (
            <CircleX size={24} aria-hidden="true" className={styles.failIcon} />
          )}
          {title}
        </h2>
        {foreign ? (
          <p className={styles.verdictDetail} lang={currentLocale()}>
            {t('verify.notFromSaiWalletWhy')}
          </p>
        ) : null}
        {verdict.failure ? <p className={styles.verdictDetail}>{verdict.failure}</p> : null}
      </div>

      <div className={styles.columns}>
        <h3 className={styles.subheading}>Checks</h3>
        <ol className={styles.checks} aria-label="Checks">
          {verdict.checks.map((check, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is the checker's fixed order, never reordered
            <li key={index} className={styles.check}>
              {check.ok ? (
                <CircleCheck size={18} aria-hidden="true" className={styles.passIcon} />
              ) : (
                <CircleX size={18} aria-hidden="true" className={styles.failIcon} />
              )}
              <span className={styles.checkBody}>
                <span className={styles.checkName}>
                  {check.name}
                  <span className={visuallyHidden}>{check.ok ? ': passed' : ': failed'}</span>
                </span>
                <span className={styles.checkDetail}>{check.detail}</span>
              </span>
            </li>
          ))}
        </ol>
      </div>

      {checked.facts ? <ReceiptFactsView facts={checked.facts} /> : null}

      {verdict.kind === 'unknown' ? null : (
        <>
          <div className={styles.columns}>
            <h3 className={styles.subheading}>What a passing file proves</h3>
            <p className={publicStyles.muted}>{verdict.proves}</p>
          </div>
          <div className={styles.columns}>
            <h3 className={styles.subheading}>What it does not prove</h3>
            <ul className={styles.facts}>
              <li>
                More than this site vouches for. A receipt or a proof is checked against the keys this site
                publishes at{' '}
                <a href="/api/ledger/public-key" target="_blank" rel="noreferrer">
                  /api/ledger/public-key
                </a>
                , never against the key the file carries; compare the key id below with any copy of SAI
                Wallet's key you kept or got another way.
              </li>
              {DOES_NOT_PROVE[verdict.kind].map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <KeyComparison keyId={checked.keyId} />
          </div>
        </>
      )}
    </section>
  );
}

/** The file's key id beside the published one, fetched only to compare (the check itself needs no server). */
function KeyComparison({ keyId }: { keyId: string | null }) {
  const published = useQuery({ ...publicKeyQuery, enabled: keyId !== null });
  if (keyId === null)
    return (
      <p className={publicStyles.muted}>The file's public key could not be read, so it has no key id.</p>
    );
  return (
    <dl className={styles.keys} data-testid="key-ids">
      <dt className={publicStyles.muted}>Key id in this file</dt>
      <dd className={styles.keyId}>{keyId}</dd>
      <dt className={publicStyles.muted}>Key id SAI Wallet publishes</dt>
      <dd className={styles.keyId}>
        {published.isPending
          ? 'Loading…'
          : published.isError
            ? 'Could not be loaded. Open /api/ledger/public-key to compare.'
            : published.data.keyId}
      </dd>
      {published.data ? (
        <dd className={styles.keyMatch}>
          {published.data.keyId === keyId
            ? 'The same key id as the one SAI Wallet publishes.'
            : 'A different key id from the one SAI Wallet publishes today.'}
        </dd>
      ) : null}
    </dl>
  );
}

/** The ledger's event types in words. */
const EVENT_NAMES: Record<string, string> = {
  TokensTransferred: 'Transfer sent',
  TransferReceived: 'Transfer received',
  TokensMinted: 'SAI issued',
  CryptoDepositCredited: 'Crypto deposit credited',
  WithdrawalHoldPlaced: 'Withdrawal: amount held',
  WithdrawalHoldReleased: 'Withdrawal failed: amount returned',
  WithdrawalRequested: 'Withdrawal requested',
  WithdrawalCompleted: 'Withdrawal sent',
  WithdrawalFailed: 'Withdrawal failed',
  BalanceMovedToDormant: 'Balance moved to dormant',
  CryptoDepositDeclared: 'Crypto deposit declared',
  CryptoDepositConfirmed: 'Crypto deposit confirmed',
  PaymentApproved: 'Payment approved',
  CardStakePlaced: 'Card stake placed',
  CardStakeReleased: 'Card stake released',
};

/** A ledger account as a person reads it: a user's by the id the file shows, SAI Wallet's own by role. */
export function accountWords(account: string): string {
  const [kind = '', rest = ''] = account.split(':');
  switch (kind) {
    case 'user':
      return `account ${rest}`;
    case 'issuance':
      return `SAI Wallet (${rest} issued)`;
    case 'custody':
      return `SAI Wallet's ${rest} custody (deposits received)`;
    case 'holds':
      return `funds held (${rest}: withdrawals and card stakes)`;
    case 'outbound':
      return `outside SAI Wallet (${rest} sent out)`;
    case 'fees':
      return `SAI Wallet fees (${rest})`;
    case 'dormant':
      return `dormant balances (${rest})`;
    default:
      return account;
  }
}

/** What a verified receipt shows: each event with its time and what it moved, and the digest it is in. */
function ReceiptFactsView({ facts }: { facts: ReceiptFacts }) {
  return (
    <div className={styles.columns} data-testid="receipt-facts">
      <h3 className={styles.subheading}>What this file shows</h3>
      <p className={publicStyles.muted}>
        Transaction <span className={styles.keyId}>{facts.transactionId}</span>, in the ledger's first{' '}
        {Number(facts.treeSize).toLocaleString('en')} events, under a root signed on{' '}
        <time dateTime={facts.signedAt}>{formatDateTime(facts.signedAt)}</time>.
      </p>
      <ul className={styles.facts}>
        {facts.events.map((event) => (
          <li key={`${event.stream}:${event.type}`}>
            {event.at ? (
              <>
                <time dateTime={event.at}>{formatDateTime(event.at)}</time>:{' '}
              </>
            ) : null}
            {EVENT_NAMES[event.type] ?? event.type}
            {event.movements.map((move) => (
              <span key={`${move.from}>${move.to}`}>
                {' '}
                — {formatAsset(move.amount, move.asset as CryptoCurrency | 'SAI')} {move.asset} from{' '}
                {accountWords(move.from)} to {accountWords(move.to)}
              </span>
            ))}
          </li>
        ))}
      </ul>
      <p className={publicStyles.muted}>
        Names, e-mail addresses and notes are sealed in the file: it shows accounts by their ids, and only the
        ledger can open the rest.
      </p>
    </div>
  );
}
