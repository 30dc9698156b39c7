import type { Leg, Observed, Remembered, Seen } from './auditLegs.ts';
import { differences, settleOnce, text } from './auditLegs.ts';

/**
 * The money audit's part for withdrawals (docs/ledger.md invariant 10): a hold placed once on its owner's
 * account; a request on the withdrawal's stream that matches its hold, once; a completion or failure that
 * matches the request, once; a release that matches the failure, once. A failed withdrawal's amount is
 * owed back to its user until the release.
 */
export class WithdrawalAudit {
  private readonly holds = new Map<string, Leg & { requested: boolean }>();
  private readonly requests = new Map<string, Leg & { settled: string | null }>();
  private readonly failed = new Map<string, Leg>();

  constructor(private readonly released: Remembered) {}

  /** Invariant 10: a withdrawal's request matches its hold, its settlement the request, a release the failure. */
  observe(o: Observed) {
    const { event, d, where, seen, id, say, owe, leg, onStream } = o;
    switch (event.type) {
      case 'WithdrawalHoldPlaced':
        onStream(`account-${text(d.userId)}`);
        if (this.holds.has(id)) say(`withdrawal ${id} was held before`);
        this.holds.set(id, { ...leg(), requested: false });
        break;
      case 'WithdrawalRequested': {
        const wid = text(d.withdrawalId);
        onStream(`withdrawal-${wid}`);
        const hold = this.holds.get(wid);
        if (!hold) say(`withdrawal ${wid} is requested without its hold (no WithdrawalHoldPlaced before it)`);
        else if (hold.requested) say(`withdrawal ${wid} is requested a second time`);
        else {
          const wrong = differences(d, hold);
          if (wrong.length > 0)
            say(`the withdrawal differs from its hold ${hold.where}: ${wrong.join(', ')}`);
          hold.requested = true;
        }
        if (!this.requests.has(wid)) this.requests.set(wid, { ...leg(), settled: null });
        break;
      }
      case 'WithdrawalCompleted':
      case 'WithdrawalFailed': {
        const wid = text(d.withdrawalId);
        const request = this.requests.get(wid);
        if (!request) say(`withdrawal ${wid} is settled without its request`);
        else if (request.settled) say(`withdrawal ${wid} was settled before ${request.settled}`);
        else {
          const wrong = differences(d, request);
          if (wrong.length > 0)
            say(`the settlement differs from its request ${request.where}: ${wrong.join(', ')}`);
          request.settled = where;
        }
        if (event.type === 'WithdrawalFailed' && request && !this.failed.has(wid)) {
          this.failed.set(wid, { ...request, ...seen });
          owe(request.userId, request.asset, request.units);
        }
        break;
      }
      case 'WithdrawalHoldReleased': {
        const wid = text(d.withdrawalId);
        onStream(`account-${text(d.userId)}`);
        const failure = settleOnce(
          say,
          wid,
          { awaited: this.failed, settled: this.released },
          {
            again: `withdrawal ${wid} is released a second time`,
            without: `withdrawal ${wid} is released without having failed`,
            differs: 'the release differs from its withdrawal',
          },
          (failed) => differences(d, failed),
        );
        if (failure) owe(failure.userId, failure.asset, -failure.units);
        break;
      }
    }
  }

  /** What is still awaited: a hold not yet recorded as requested, a failure not yet released. */
  *pending(): Generator<[Seen, string]> {
    for (const [id, hold] of this.holds)
      if (!hold.requested) yield [hold, `withdrawal ${id} is held, not yet recorded as requested`];
    for (const [id, failure] of this.failed)
      yield [failure, `withdrawal ${id} failed, its hold not yet released`];
  }
}
