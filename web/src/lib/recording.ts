/**
 * Whether the person's latest change is still being recorded: some read answered `X-Read-Your-Writes:
 * behind` (api/http/session.ts) to the last of apiRequest's tries, so what it shows is from before the
 * session's own last write. The signed-in layout reads this (useSyncExternalStore) to say so and to ask
 * again until the answers catch up.
 *
 * Kept per path: a path stays behind until a later read of the same path answers without the header, so
 * one up-to-date answer (say, the price list) does not hide that another (the balance) is still old. Each
 * try is numbered when it is sent; an answer to an older try than the one a path last heard from is
 * ignored, so two reads of one path crossing on the way back keep the newer one's word. A path that is no
 * longer read (its screen was left) is dropped by `forgetReadsUpTo`, after a round of asking again.
 */

interface Heard {
  /** The number of the try that answered. */
  readonly sent: number;
  readonly behind: boolean;
}

let sentCount = 0;
let forgottenUpTo = 0;
const heard = new Map<string, Heard>();
const listeners = new Set<() => void>();
let recording = false;

function update(): void {
  let next = false;
  for (const entry of heard.values()) if (entry.behind) next = true;
  if (next === recording) return;
  recording = next;
  for (const listener of listeners) listener();
}

/** A read is about to be sent: its number, for `readAnswered`. */
export function readSent(): number {
  sentCount += 1;
  return sentCount;
}

/** The final answer to read number `sent` of `path`: behind the session's own write, or not. */
export function readAnswered(path: string, sent: number, behind: boolean): void {
  if (sent <= forgottenUpTo) return;
  const previous = heard.get(path);
  if (previous && previous.sent > sent) return;
  heard.set(path, { sent, behind });
  update();
}

/** How many reads have been sent so far: a mark for `forgetReadsUpTo`. */
export function readsSent(): number {
  return sentCount;
}

/** Drops what reads 1 to `count` said (and says they will say): the paths no later read asked for. */
export function forgetReadsUpTo(count: number): void {
  forgottenUpTo = Math.max(forgottenUpTo, count);
  for (const [path, entry] of heard) if (entry.sent <= count) heard.delete(path);
  update();
}

/** For React's useSyncExternalStore. */
export function subscribeRecording(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while some read's last answer was behind the session's own latest write. */
export function isRecording(): boolean {
  return recording;
}

/** Back to nothing heard (tests). */
export function resetRecording(): void {
  forgetReadsUpTo(sentCount);
}
