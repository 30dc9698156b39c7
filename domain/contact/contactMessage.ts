import { assertNever, type Decider, eventGuard } from '../shared/decider.ts';
import type { UserId } from '../shared/ids.ts';
import { assertStoredText } from '../shared/text.ts';

/** A message sent from /contact (docs/product-rules.md rule 13): stored as an event, read by admins. */
export const contactMessageStream = (messageId: string) => `contactMessage-${messageId}`;

export type ContactMessageEvent = {
  type: 'ContactMessageReceived';
  data: {
    messageId: string;
    fullName: string;
    email: string;
    subject: string;
    message: string;
    userId: UserId | null;
    receivedAt: string;
  };
};

export type ContactMessageCommand = {
  type: 'ReceiveContactMessage';
  data: Omit<ContactMessageEvent['data'], 'receivedAt'>;
  now: Date;
};

/** Every ContactMessageEvent type: the one list the type guard below is built from. */
export const CONTACT_MESSAGE_EVENT_TYPES = ['ContactMessageReceived'] as const;
export const isContactMessageEvent = eventGuard<ContactMessageEvent>()(CONTACT_MESSAGE_EVENT_TYPES);

export const contactMessageDecider: Decider<
  { received: boolean },
  ContactMessageCommand,
  ContactMessageEvent
> = {
  initialState: () => ({ received: false }),
  isEvent: isContactMessageEvent,
  decide(command, state) {
    switch (command.type) {
      case 'ReceiveContactMessage':
        assertStoredText({
          fullName: [command.data.fullName, 'Full name'],
          subject: [command.data.subject, 'Subject'],
          message: [command.data.message, 'Message', { multiline: true }],
        });
        return state.received
          ? []
          : [
              {
                type: 'ContactMessageReceived',
                data: { ...command.data, receivedAt: command.now.toISOString() },
              },
            ];
      default:
        return assertNever(command.type);
    }
  },
  evolve: (state, event) => (isContactMessageEvent(event) ? { received: true } : state),
};
