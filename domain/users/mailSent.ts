import { type Decider, eventGuard } from '../shared/decider.ts';
import type { UserId } from '../shared/ids.ts';

/**
 * That the product mailed a user (a password reset link, an e-mail change's confirmation or notice), as a
 * fact an admin can see in the audit (docs/architecture/security.md, "Mail"): which kind of mail and when,
 * never the address, the text or the link (a link is a credential). One stream per user, `userMail-<id>`,
 * outside the user's own stream so that loading a user never replays mail.
 */
export const userMailStream = (userId: UserId) => `userMail-${userId}`;

/** What a mail was for: the only thing about it the log keeps. */
export const MAIL_PURPOSES = [
  'password_reset',
  'email_change',
  'email_change_notice',
  'email_verification',
  'security_notice',
] as const;
export type MailPurpose = (typeof MAIL_PURPOSES)[number];

export type MailEvent = {
  type: 'MailSent';
  data: { userId: UserId; mailId: string; purpose: MailPurpose; sentAt: string };
};

export type MailCommand = {
  type: 'RecordMailSent';
  data: { userId: UserId; mailId: string; purpose: MailPurpose };
  now: Date;
};

/** Every MailEvent type: the one list the type guard below is built from. */
export const MAIL_EVENT_TYPES = ['MailSent'] as const;
export const isMailEvent = eventGuard<MailEvent>()(MAIL_EVENT_TYPES);

export const mailSentDecider: Decider<{ lastMailId: string | null }, MailCommand, MailEvent> = {
  initialState: () => ({ lastMailId: null }),
  isEvent: isMailEvent,
  // A retried command (same mail id) finds its event written and adds nothing.
  decide: (command, state) =>
    state.lastMailId === command.data.mailId
      ? []
      : [{ type: 'MailSent', data: { ...command.data, sentAt: command.now.toISOString() } }],
  evolve: (state, event) => (isMailEvent(event) ? { lastMailId: event.data.mailId } : state),
};
