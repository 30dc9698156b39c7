import { useCallback, useRef, useState } from 'react';
import { t } from '../i18n/i18n.ts';
import { ApiError } from './api.ts';

/**
 * Money commands sent once (docs/product-rules.md rule 20, docs/architecture/commands.md). One key per user
 * action: the command is sent with it until the server gives a definite answer (a success, or a refusal
 * other than "still processing" or "too many requests"); an answer that says nothing about the outcome (no
 * answer, a 5xx, a 409 "still being processed", a 429) is asked again, with the same key and body, so the
 * server replays the first outcome instead of moving money twice. A definite answer ends the action: the
 * next submission, even with the same fields, is a new action with a new key. A new key is never used for
 * what may already have happened: when the outcome stays unknown, the key is kept for the manual retry.
 */
export class IdempotencyKeys {
  private current: { fingerprint: string; key: string } | null = null;

  constructor(private readonly newKey: () => string = randomKey) {}

  /** The key for this payload: the pending one when the same payload is sent again, else a new one. */
  keyFor(payload: unknown): string {
    const fingerprint = JSON.stringify(payload);
    if (this.current?.fingerprint === fingerprint) return this.current.key;
    this.current = { fingerprint, key: this.newKey() };
    return this.current.key;
  }

  /** The action has a definite outcome: whatever is sent next is a new action. */
  reset(): void {
    this.current = null;
  }
}

/**
 * Answers after which the server may or may not have acted, so the same request must be asked again with
 * the same key. Other 4xx answers are refusals the server stores against the key (a retry with it would
 * only replay them), or, for a 401, released the key without acting.
 */
export function isUndecided(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status === 429 || error.status >= 500 || isStillProcessing(error);
}

/** A 401 re-authentication refusal (api/http/reauth.ts): the proof is missing or wrong, nothing was done. */
function asksForProof(error: Error): boolean {
  return (
    error instanceof ApiError && error.status === 401 && error.code?.startsWith('reauthentication') === true
  );
}

/** The API's 409 while the first request with this key still runs (api/http/idempotency.ts). */
function isStillProcessing(error: ApiError): boolean {
  return (
    error.status === 409 && (error.retryAfter !== undefined || /still being processed/i.test(error.message))
  );
}

/** What a command came to. `busy`: it was not sent, another send of the same command is in flight. */
export type Outcome<Result> =
  | { kind: 'done'; result: Result }
  | { kind: 'refused'; error: Error }
  | { kind: 'unknown'; error: unknown }
  | { kind: 'busy' };

/** How long and how to wait for an outcome (tests give their own clock). */
export interface OutcomeWait {
  /** Past this many milliseconds of asking again, the outcome is reported unknown. */
  budgetMs: number;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
}

export const OUTCOME_WAIT: OutcomeWait = {
  budgetMs: 30_000,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  now: () => Date.now(),
};

/** Before the n-th retry: 0.5 s, 1 s, 2 s, then 3 s; at least what Retry-After asks, at most 5 s. */
export function retryDelay(retry: number, error: unknown): number {
  const backoff = Math.min(500 * 2 ** (retry - 1), 3000);
  const asked = error instanceof ApiError && error.retryAfter !== undefined ? error.retryAfter * 1000 : 0;
  return Math.min(Math.max(backoff, asked), 5000);
}

/**
 * Runs `attempt` until it gives a definite answer, or until `wait.budgetMs` has passed (`unknown`).
 * `onWaiting` is called before each retry, for the screen to say it is still sending.
 */
export async function untilOutcome<Result>(
  attempt: () => Promise<Result>,
  onWaiting: () => void = () => {},
  wait: OutcomeWait = OUTCOME_WAIT,
): Promise<Exclude<Outcome<Result>, { kind: 'busy' }>> {
  const started = wait.now();
  for (let retry = 1; ; retry++) {
    try {
      return { kind: 'done', result: await attempt() };
    } catch (error) {
      if (!isUndecided(error)) {
        return { kind: 'refused', error: error instanceof Error ? error : new Error(String(error)) };
      }
      const delay = retryDelay(retry, error);
      if (wait.now() + delay - started > wait.budgetMs) return { kind: 'unknown', error };
      onWaiting();
      await wait.sleep(delay);
    }
  }
}

/**
 * One money command of a screen: owns its idempotency key and sends at most one request at a time (a
 * second click while one is in flight is `busy`, sends nothing and shows nothing). `identity` gives what
 * makes two submissions the same command: a withdrawal's password or code is left out, so a retry with a
 * fresh code keeps the key and cannot withdraw twice (the server ignores them too).
 */
export class IdempotentCommand<Input extends { idempotencyKey: string }, Result> {
  private inFlight = false;

  constructor(
    private readonly run: (input: Input) => Promise<Result>,
    private readonly identity: (command: Omit<Input, 'idempotencyKey'>) => unknown = (command) => command,
    private readonly keys: IdempotencyKeys = new IdempotencyKeys(),
    private readonly wait: OutcomeWait = OUTCOME_WAIT,
  ) {}

  get sending(): boolean {
    return this.inFlight;
  }

  async send(command: Omit<Input, 'idempotencyKey'>, onWaiting?: () => void): Promise<Outcome<Result>> {
    if (this.inFlight) return { kind: 'busy' };
    this.inFlight = true;
    try {
      const input = { ...command, idempotencyKey: this.keys.keyFor(this.identity(command)) } as Input;
      const outcome = await untilOutcome(() => this.run(input), onWaiting, this.wait);
      // Unknown: the key stays, so that sending the same command again cannot move the money twice. A
      // refusal for want of a proof (401 reauthentication-*) is no outcome either: the server released the
      // key without acting, and the same action goes on with the proof under the same key.
      if (outcome.kind !== 'unknown' && !(outcome.kind === 'refused' && asksForProof(outcome.error)))
        this.keys.reset();
      return outcome;
    } finally {
      this.inFlight = false;
    }
  }

  /** A new action whatever it carries: the next send gets a new key. */
  reset(): void {
    if (!this.inFlight) this.keys.reset();
  }
}

/** Where a screen's command is: `waiting` while it asks again for the outcome, `unknown` when it gave up. */
export type CommandState = 'idle' | 'sending' | 'waiting' | 'unknown';

/** What to do when an idempotent command has a definite outcome. */
export interface CommandCallbacks<Result = unknown> {
  onSuccess: (result: Result) => void;
  onError: (error: Error) => void;
}

/**
 * A screen's money command (an `IdempotentCommand` held for the component's life, so the form opened anew
 * starts a new action): `send` it with callbacks for the definite outcomes; `pending` while it is in
 * flight (the Confirm button's state), and `notice`, the neutral status to show while it waits for the
 * outcome, or the plain warning when that stayed unknown. `run` is a mutation's `mutateAsync`.
 */
export function useIdempotentCommand<Input extends { idempotencyKey: string }, Result>(
  run: (input: Input) => Promise<Result>,
  identity?: (command: Omit<Input, 'idempotencyKey'>) => unknown,
) {
  const latest = useRef(run);
  latest.current = run;
  const ref = useRef<IdempotentCommand<Input, Result> | null>(null);
  if (ref.current === null) ref.current = new IdempotentCommand((input) => latest.current(input), identity);
  const command = ref.current;
  const [state, setState] = useState<CommandState>('idle');

  const sendAsync = useCallback(
    async (input: Omit<Input, 'idempotencyKey'>): Promise<Outcome<Result>> => {
      if (command.sending) return { kind: 'busy' };
      setState('sending');
      const outcome = await command.send(input, () => setState('waiting'));
      setState(outcome.kind === 'unknown' ? 'unknown' : 'idle');
      return outcome;
    },
    [command],
  );

  const send = useCallback(
    (input: Omit<Input, 'idempotencyKey'>, callbacks: CommandCallbacks<Result>) => {
      void sendAsync(input).then((outcome) => {
        if (outcome.kind === 'done') callbacks.onSuccess(outcome.result);
        else if (outcome.kind === 'refused') callbacks.onError(outcome.error);
      });
    },
    [sendAsync],
  );

  return {
    send,
    sendAsync,
    pending: state === 'sending' || state === 'waiting',
    notice: commandNotice(state),
  };
}

/** The status line for a command's state, if it has one. */
export function commandNotice(state: CommandState): string | undefined {
  if (state === 'waiting') return t('shell.command.waiting');
  if (state === 'unknown') return t('shell.command.unknown');
  return undefined;
}

function randomKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context; plain-HTTP LAN hosts still get a random v4 UUID.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
