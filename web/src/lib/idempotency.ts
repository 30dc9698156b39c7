import { useRef } from 'react';
import { ApiError } from './api.ts';

/**
 * Idempotency keys for money commands (docs/product-rules.md rule 20). One key per user action: the same submission
 * retried after a lost answer (no response, 5xx, rate limited) reuses its key, so the server
 * replays the first outcome instead of moving money twice. A definite answer (success or a refusal)
 * ends the action; the next submission, even with the same fields, is a new action with a new key.
 */
export class IdempotencyKeys {
  private current: { fingerprint: string; key: string } | null = null;

  constructor(private readonly newKey: () => string = randomKey) {}

  /** The key for this payload: the pending one when the same payload is being retried, else a new one. */
  keyFor(payload: unknown): string {
    const fingerprint = JSON.stringify(payload);
    if (this.current?.fingerprint === fingerprint) return this.current.key;
    this.current = { fingerprint, key: this.newKey() };
    return this.current.key;
  }

  /** Call with the command's outcome: `undefined` for success, else the error it failed with. */
  settle(error?: unknown): void {
    if (error === undefined || !isRetryableFailure(error)) this.current = null;
  }
}

/**
 * Failures after which the server may or may not have acted, so a retry must carry the same key. Other
 * 4xx answers are refusals the server stores against the key; retrying with it would only replay them.
 */
export function isRetryableFailure(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status === 429 || error.status >= 500;
}

export function useIdempotencyKeys(): IdempotencyKeys {
  const ref = useRef<IdempotencyKeys | null>(null);
  if (ref.current === null) ref.current = new IdempotencyKeys();
  return ref.current;
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

/** What to do when an idempotent command succeeds or fails. */
export interface CommandCallbacks {
  onSuccess: () => void;
  onError: (error: Error) => void;
}

/**
 * A mutation's `mutate` for a money command, carrying the action's idempotency key from `keys`: the same
 * command retried after a lost answer reuses its key, and the outcome settles it before `callbacks` run.
 * `identity` gives what makes two submissions the same command: a withdrawal's password or code is left
 * out, so a retry with a fresh code keeps the key and cannot withdraw twice (the server ignores them too).
 */
export function withIdempotencyKey<Input extends { idempotencyKey: string }>(
  keys: IdempotencyKeys,
  mutate: (input: Input, options: CommandCallbacks) => void,
  identity: (command: Omit<Input, 'idempotencyKey'>) => unknown = (command) => command,
) {
  return (command: Omit<Input, 'idempotencyKey'>, { onSuccess, onError }: CommandCallbacks) =>
    mutate({ ...command, idempotencyKey: keys.keyFor(identity(command)) } as Input, {
      onSuccess: () => {
        keys.settle();
        onSuccess();
      },
      onError: (error) => {
        keys.settle(error);
        onError(error);
      },
    });
}

/** `withIdempotencyKey` with the component's own keys. */
export function useIdempotentMutate<Input extends { idempotencyKey: string }>(
  mutate: (input: Input, options: CommandCallbacks) => void,
  identity?: (command: Omit<Input, 'idempotencyKey'>) => unknown,
) {
  return withIdempotencyKey(useIdempotencyKeys(), mutate, identity);
}
