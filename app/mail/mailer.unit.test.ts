import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../runtime/config.ts';
import { createMailer, DevOutbox, MailUnavailableError } from './mailer.ts';

const logger = pino({ level: 'silent' });
const now = () => new Date('2026-11-28T04:00:00Z');
const mail = { to: 'Ada@Example.org', subject: 'Hello', text: 'Body', purpose: 'password_reset' as const };

describe('the mailer the configuration chooses', () => {
  it('sends nothing in production without SMTP_URL, and says so', async () => {
    const mailer = createMailer({ NODE_ENV: 'production', MAIL_FROM: 'x <x@y.z>' }, logger, now);
    expect(mailer.kind).toBe('unavailable');
    await expect(mailer.send(mail)).rejects.toBeInstanceOf(MailUnavailableError);
  });

  it('keeps mail in a bounded development outbox outside production, newest first by address', async () => {
    const mailer = createMailer({ NODE_ENV: 'development', MAIL_FROM: 'x <x@y.z>' }, logger, now);
    expect(mailer).toBeInstanceOf(DevOutbox);
    const outbox = new DevOutbox(now, 2);
    await outbox.send(mail);
    await outbox.send({ ...mail, subject: 'Second' });
    await outbox.send({ ...mail, to: 'other@example.org' });
    expect(outbox.mailsTo(' ada@example.ORG ').map((m) => m.subject)).toEqual(['Second']);
    expect(outbox.mailsTo('other@example.org')).toHaveLength(1);
  });

  it('sends through SMTP whenever SMTP_URL is set, production or not', () => {
    for (const NODE_ENV of ['production', 'development'] as const) {
      const mailer = createMailer(
        { NODE_ENV, SMTP_URL: 'smtps://u:p@mail.example.org:465', MAIL_FROM: 'x <x@y.z>' },
        logger,
        now,
      );
      expect(mailer.kind).toBe('smtp');
      mailer.close?.();
    }
  });

  it('accepts only smtp:// or smtps:// URLs in SMTP_URL', () => {
    expect(loadConfig({ SMTP_URL: 'smtp://mail.example.org:587' }).SMTP_URL).toBe(
      'smtp://mail.example.org:587',
    );
    expect(() => loadConfig({ SMTP_URL: 'https://mail.example.org' })).toThrow(/SMTP_URL: must be an smtp/);
    expect(loadConfig({}).MAIL_FROM).toBe('SAI Wallet <no-reply@localhost>');
  });
});
