import { postingsOf } from '../../domain/ledger/postings.ts';
import type { StreamIntegrityError } from '../../infra/eventStore/eventStore.ts';

/**
 * The freeze of money movements after continuous verification of the log (projections/ledgerTree/) found a
 * mismatch (LEDGER_FREEZE_ON_MISMATCH):
 * - `accounts` (the default): only the accounts the mismatch involves are frozen (the follower writes them
 *   to `ledger_frozen_accounts`); a command whose events would move money into or out of one of them is
 *   refused before it appends anything (LedgerFrozenError, 503 `ledger-frozen`). Everyone else carries on.
 *   An operator lifts it by deleting the account's row once its events are checked
 *   (docs/architecture/operations.md).
 * - `on`: any mismatch freezes every money movement, until the mismatch count is reset.
 * - `off`: mismatches are only reported.
 * What moves no money (signing in, a profile, reading) carries on, and so does /readyz: every replica would
 * go unready at once. Cheap on the hot path: off, one boolean; on, an answer cached for `ttlMs` (and set at
 * once in the process whose follower found the mismatch).
 */
export class LedgerFrozenError extends Error {
  override readonly name = 'LedgerFrozenError';
  constructor(scope: 'ledger' | 'account' = 'ledger') {
    super(
      scope === 'account'
        ? 'Money movements on this account are paused: the ledger found something to check in its records. Please contact support.'
        : 'Money movements are paused: the ledger failed its continuous verification and is being checked. Please try again later.',
    );
  }
}

/**
 * A command refused because a stream it decides on failed its integrity check as it was loaded
 * (app/commands/stateCache.ts, docs/ledger.md "What the write side checks as it loads a stream"): 503
 * `ledger-integrity`, whatever LEDGER_FREEZE_ON_MISMATCH says. Names the stream: a stream name holds
 * generated ids or pseudonyms (docs/architecture/personal-data.md).
 */
export class LedgerIntegrityError extends Error {
  override readonly name = 'LedgerIntegrityError';
  constructor(
    readonly streamName: string,
    options?: ErrorOptions,
  ) {
    super(
      `This operation is paused: the ledger's records of stream ${streamName} failed their integrity check and are being looked at. Please contact support.`,
      options,
    );
  }
}

export type FreezeMode = 'accounts' | 'on' | 'off';

export class LedgerFreeze {
  private cached: { at: number; frozen: boolean } | null = null;
  private reading: Promise<boolean> | null = null;
  private cachedAccounts: { at: number; accounts: ReadonlySet<string> } | null = null;
  private readingAccounts: Promise<ReadonlySet<string>> | null = null;

  constructor(
    private readonly options: {
      mode: FreezeMode;
      /** How many mismatches the state row holds. */
      mismatches: () => Promise<bigint>;
      /** The accounts frozen now (`ledger_frozen_accounts`). */
      frozenAccounts?: () => Promise<ReadonlySet<string>>;
      /**
       * Records a stream the write side found failing as continuous verification records a finding: a
       * mismatch on its state row, logged, the user accounts its event involves frozen
       * (projections/ledgerTree/findings.ts, wired in runtime/services.ts).
       */
      recordStreamFailure?: (failure: StreamIntegrityError) => Promise<void>;
      ttlMs?: number;
    },
  ) {}

  /** The failures already recorded by this process (`event id|kind`): each is recorded once. */
  private readonly streamFailures = new Set<string>();

  get enabled(): boolean {
    return this.options.mode !== 'off';
  }

  get mode(): FreezeMode {
    return this.options.mode;
  }

  private readonly tripped: (() => void)[] = [];

  /** This process's follower has just recorded a mismatch (listeners hear it: `npm start`'s other thread). */
  trip(): void {
    if (!this.enabled) return;
    if (this.options.mode === 'on') this.cached = { at: Date.now(), frozen: true };
    // The accounts are read again at once: the follower has just written them.
    this.cachedAccounts = null;
    for (const listener of this.tripped) listener();
  }

  /** Called on each trip of this freeze: to pass it on to where else commands are decided. */
  onTrip(listener: () => void): void {
    this.tripped.push(listener);
  }

  /**
   * A stream failed its integrity check as a command loaded it (app/commands/stateCache.ts): recorded
   * (`recordStreamFailure`) once per event and problem in this process, whatever the mode (`off` only keeps
   * the freeze from refusing, as for the follower's findings), then tripped, so this process reads the
   * frozen accounts again at once.
   */
  async streamFailed(failure: StreamIntegrityError): Promise<void> {
    const key = `${failure.event.id}|${failure.kind}`;
    if (this.streamFailures.has(key)) return;
    await this.options.recordStreamFailure?.(failure);
    // Bounded: a failure forgotten is recorded once more, which counts it twice and freezes nothing new.
    if (this.streamFailures.size >= 10_000) this.streamFailures.clear();
    this.streamFailures.add(key);
    this.trip();
  }

  async frozen(): Promise<boolean> {
    if (this.options.mode !== 'on') return false;
    const cached = this.cached;
    if (cached && Date.now() - cached.at < (this.options.ttlMs ?? 2_000)) return cached.frozen;
    this.reading ??= this.options
      .mismatches()
      .then((count) => {
        this.cached = { at: Date.now(), frozen: count > 0n };
        return count > 0n;
      })
      .finally(() => {
        this.reading = null;
      });
    return await this.reading;
  }

  private async accounts(): Promise<ReadonlySet<string>> {
    const read = this.options.frozenAccounts;
    if (!read) return new Set();
    const cached = this.cachedAccounts;
    if (cached && Date.now() - cached.at < (this.options.ttlMs ?? 2_000)) return cached.accounts;
    this.readingAccounts ??= read()
      .then((accounts) => {
        this.cachedAccounts = { at: Date.now(), accounts };
        return accounts;
      })
      .finally(() => {
        this.readingAccounts = null;
      });
    return await this.readingAccounts;
  }

  /** Refuses `events` when they move money and the ledger, or an account they touch, is frozen. */
  async check(events: readonly { type: string; data: unknown }[]): Promise<void> {
    if (!this.enabled || !movesMoney(events)) return;
    if (this.options.mode === 'on') {
      if (await this.frozen()) throw new LedgerFrozenError();
      return;
    }
    const frozen = await this.accounts();
    if (frozen.size === 0) return;
    for (const account of accountsOf(events)) if (frozen.has(account)) throw new LedgerFrozenError('account');
  }
}

/** Whether any of the events books a posting (docs/ledger.md "Accounts and double entry"). */
export function movesMoney(events: readonly { type: string; data: unknown }[]): boolean {
  return events.some((event) => postingsOf(event).length > 0);
}

/** The accounts the events' postings move money out of or into (`user:<id>`, `holds:ETH`, …). */
export function accountsOf(events: readonly { type: string; data: unknown }[]): Set<string> {
  const accounts = new Set<string>();
  for (const event of events) {
    for (const posting of postingsOf(event)) {
      accounts.add(posting.from);
      accounts.add(posting.to);
    }
  }
  return accounts;
}
