import { type Decider, eventGuard } from '../shared/decider.ts';
import type { UserId } from '../shared/ids.ts';

/**
 * A sign-in is a fact of its own (the bell says "New sign-in from Chrome on macOS"), kept out of the user's
 * stream so that loading a user never replays sign-ins: each session's sign-in is the one event of its own
 * stream, named by the session's public id (a hash, never the session key). The device and address are the
 * person's data: they are sealed in the log with the user's key (app/privacy/personalFields.ts).
 */
export const signInStream = (sessionPublicId: string) => `signIn-${sessionPublicId}`;

/** The session and device a sign-in is about: what the command carries and the event records. */
type SignInFacts = {
  userId: UserId;
  /** The session's public id (app/auth/sessions.ts publicSessionId). */
  sessionId: string;
  browser: string;
  os: string;
  address: string;
};

export type SignInEvent = {
  type: 'SignedIn';
  data: SignInFacts & {
    signedInAt: string;
    /**
     * False when the account had signed in before from the same browser and OS on the same network
     * (docs/security.md, "Sign-in notifications"): the bell then says nothing. Absent on events from
     * before the rule, which count as new. A plain flag: it tells nothing of the device or the place.
     */
    newDevice?: boolean;
  };
};

export type SignInCommand = {
  type: 'RecordSignIn';
  data: SignInFacts & { newDevice: boolean };
  now: Date;
};

/** Every SignInEvent type: the one list the type guard below is built from. */
export const SIGN_IN_EVENT_TYPES = ['SignedIn'] as const;
export const isSignInEvent = eventGuard<SignInEvent>()(SIGN_IN_EVENT_TYPES);

export const signInDecider: Decider<{ recorded: boolean }, SignInCommand, SignInEvent> = {
  initialState: () => ({ recorded: false }),
  isEvent: isSignInEvent,
  // Recorded once: a retried command finds the stream written and adds nothing.
  decide: (command, state) =>
    state.recorded
      ? []
      : [{ type: 'SignedIn', data: { ...command.data, signedInAt: command.now.toISOString() } }],
  evolve: (state, event) => (isSignInEvent(event) ? { recorded: true } : state),
};
