import pino, { type Logger } from 'pino';

/**
 * Structured JSON logs. Request logs carry method, route, status and timing, never bodies, cookies or
 * query strings; the redact list is a second line of defence for anything that slips into a log object.
 */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'sai-wallet' },
    redact: {
      paths: [
        'password',
        '*.password',
        'passwordHash',
        '*.passwordHash',
        'confirmPassword',
        '*.confirmPassword',
        'token',
        '*.token',
        'cookie',
        '*.cookie',
        'headers.cookie',
        'pin',
        '*.pin',
        'totpSecret',
        '*.totpSecret',
        'totpCode',
        '*.totpCode',
        'secret',
        '*.secret',
      ],
      censor: '[redacted]',
    },
  });
}
