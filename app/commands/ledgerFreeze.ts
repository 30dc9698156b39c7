import { postingRulesOf } from '../../domain/ledger/postingRules.ts';

/**
 * The optional freeze of money movements (LEDGER_FREEZE_ON_MISMATCH): once continuous verification of the log
 * (projections/ledgerTree/) has recorded a mismatch, a command whose events would move money is refused
 * before it appends anything (LedgerFrozenError, 503 `ledger-frozen`), until the mismatch is resolved. What
 * moves no money (signing in, a profile, reading) carries on, and so does /readyz: every replica would go
 * unready at once. Cheap on the hot path: off, one boolean; on, an answer cached for `ttlMs` (and set at once
 * in the process whose follower found the mismatch).
 */
export class LedgerFrozenError extends Error {
  override readonly name = 'LedgerFrozenError';
  constructor() {
    super(
      'Money movements are paused: the ledger failed its continuous verification and is being checked. Please try again later.',
    );
  }
}

export class LedgerFreeze {
  private cached: { at: number; frozen: boolean } | null = null;
  private reading: Promise<boolean> | null = null;

  constructor(
    private readonly options: {
      enabled: boolean;
      /** How many mismatches the state row holds. */
      mismatches: () => Promise<bigint>;
      ttlMs?: number;
    },
  ) {}

  get enabled(): boolean {
    return this.options.enabled;
  }

  private readonly tripped: (() => void)[] = [];

  /** This process's follower has just recorded a mismatch (listeners hear it: `npm start`'s other thread). */
  trip(): void {
    if (!this.options.enabled) return;
    this.cached = { at: Date.now(), frozen: true };
    for (const listener of this.tripped) listener();
  }

  /** Called on each trip of this freeze: to pass it on to where else commands are decided. */
  onTrip(listener: () => void): void {
    this.tripped.push(listener);
  }

  async frozen(): Promise<boolean> {
    if (!this.options.enabled) return false;
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

  /** Refuses `events` when they move money and the ledger is frozen. */
  async check(events: readonly { type: string }[]): Promise<void> {
    if (!this.options.enabled || !movesMoney(events)) return;
    if (await this.frozen()) throw new LedgerFrozenError();
  }
}

/** Whether any of the events books a posting (docs/ledger.md "Accounts and double entry"). */
export function movesMoney(events: readonly { type: string }[]): boolean {
  return events.some((event) => postingRulesOf(event.type).length > 0);
}
