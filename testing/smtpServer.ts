import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A mail as a real SMTP server received it, parsed (encodings undone). */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
}

export interface TestSmtpServer {
  /** SMTP_URL for the app, with the credentials the server checks. */
  url: string;
  received: ReceivedMail[];
  /** The first mail `match` accepts, waiting up to `timeoutMs` for it to arrive. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  stop(): Promise<void>;
}

const USER = 'wallet';
const PASSWORD = 'smtp-test-password';

/**
 * A real SMTP server (the `smtp-server` package) on a free loopback port, which requires the app to
 * authenticate and keeps what it receives: the app's mail goes through nodemailer and the network as it
 * would to a provider.
 */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === USER && auth.password === PASSWORD) callback(null, { user: USER });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://${USER}:${PASSWORD}@127.0.0.1:${port}`,
    received,
    async waitFor(match, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = received.find(match);
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`no matching mail within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The one-time token of the link in a mail's text (`…#token=<43 characters>`). */
export function tokenInMail(mail: { text: string }, path: string): { link: string; token: string } {
  const match = new RegExp(`(https?://\\S+${path}#token=([A-Za-z0-9_-]{43}))`).exec(mail.text);
  if (!match) throw new Error(`no ${path} link in the mail`);
  return { link: match[1]!, token: match[2]! };
}
