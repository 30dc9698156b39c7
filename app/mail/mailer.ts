import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { MailPurpose } from '../../domain/users/mailSent.ts';

/**
 * Mail the product sends (password reset, e-mail change): one port, three adapters chosen by the
 * configuration (`createMailer`). Sending is nodemailer's (a well-kept library: SMTP, TLS, encodings);
 * nothing here speaks SMTP by hand.
 */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the mail is for: the only thing a log line or the event log (MailSent) names. */
  purpose: MailPurpose;
}

export interface Mailer {
  /**
   * 'smtp': through SMTP_URL; 'outbox': kept in this process for the person to open (development only);
   * 'unavailable': production without SMTP_URL, where every send throws MailUnavailableError.
   */
  readonly kind: 'smtp' | 'outbox' | 'unavailable';
  send(mail: Mail): Promise<void>;
  /** Closes the SMTP connections, if any. */
  close?(): void;
}

export class MailUnavailableError extends Error {
  constructor() {
    super('Mail is not configured on this server (SMTP_URL)');
  }
}

/** A mail as the development outbox keeps it. */
export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  purpose: string;
  sentAt: string;
}

/**
 * Outside production with no SMTP_URL, mail is not sent anywhere: it waits here, in memory, and the page
 * the person is on offers to open it (GET /api/dev/outbox). Bounded: the oldest go first.
 */
export class DevOutbox implements Mailer {
  readonly kind = 'outbox' as const;
  readonly #mails: OutboxMail[] = [];
  #next = 1;
  constructor(
    private readonly now: () => Date,
    private readonly capacity = 200,
  ) {}

  async send(mail: Mail): Promise<void> {
    this.#mails.push({
      id: this.#next++,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      purpose: mail.purpose,
      sentAt: this.now().toISOString(),
    });
    if (this.#mails.length > this.capacity) this.#mails.splice(0, this.#mails.length - this.capacity);
  }

  /** The mails to `address` (case-insensitive), newest first. */
  mailsTo(address: string): OutboxMail[] {
    const wanted = address.trim().toLowerCase();
    return this.#mails.filter((mail) => mail.to.toLowerCase() === wanted).reverse();
  }
}

const UNAVAILABLE: Mailer = {
  kind: 'unavailable',
  async send() {
    throw new MailUnavailableError();
  },
};

export interface MailSettings {
  NODE_ENV: 'development' | 'production' | 'test';
  SMTP_URL?: string | undefined;
  MAIL_FROM: string;
}

/** Sends through SMTP_URL (e.g. smtps://user:pass@mail.example:465); nodemailer's own logging stays off. */
export function smtpMailer(url: string, from: string, logger: Logger): Mailer {
  const transport = nodemailer.createTransport(url, { from });
  return {
    kind: 'smtp',
    async send(mail) {
      await transport.sendMail({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
      });
      // The purpose only: the address is personal data and the text may hold a one-time link.
      logger.info({ purpose: mail.purpose }, 'mail sent');
    },
    close() {
      transport.close();
    },
  };
}

export function createMailer(settings: MailSettings, logger: Logger, now: () => Date): Mailer {
  if (settings.SMTP_URL) return smtpMailer(settings.SMTP_URL, settings.MAIL_FROM, logger);
  if (settings.NODE_ENV === 'production') return UNAVAILABLE;
  return new DevOutbox(now);
}
