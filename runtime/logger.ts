import pino, { type Logger } from 'pino';

/**
 * Structured JSON logs. Request logs carry method, route, status and timing, never bodies, cookies or
 * query strings; the redact list is a second line of defence for anything that slips into a log object.
 */
/**
 * How long an info line may wait in the buffer. Warnings and errors are written at once, and whatever is
 * buffered goes out when the process exits (pino flushes its destination on exit); only a process killed
 * outright (SIGKILL) loses up to this much of its info lines.
 */
const FLUSH_EVERY_MS = 250;

/**
 * The log goes to stdout through a buffer: a write per line (one per request at the default level) cost the
 * API a third of a cheap read's CPU (BENCHMARKS.md, "What bounds each figure"); buffered, a write carries
 * many lines.
 */
export function createLogger(level: string): Logger {
  const destination = pino.destination({ dest: 1, sync: false, minLength: 8 * 1024 });
  setInterval(() => destination.flush(), FLUSH_EVERY_MS).unref();
  return pino(loggerOptions(level, destination), destination);
}

function loggerOptions(level: string, destination: ReturnType<typeof pino.destination>): pino.LoggerOptions {
  return {
    level,
    hooks: {
      logMethod(args, method, lineLevel) {
        method.apply(this, args);
        // 40 = warn: what an operator must see now is not left in the buffer.
        if (lineLevel >= 40) destination.flush();
      },
    },
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
  };
}
