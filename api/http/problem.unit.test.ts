import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { InsufficientFundsError, NotFoundError } from '../../domain/shared/errors.ts';
import { StoreUnavailableError } from '../../infra/eventStore/eventStore.ts';
import { toProblemResponse } from './problem.ts';

/** What the error boundary answers for an error thrown by a handler. */
async function answerFor(error: unknown) {
  const app = new Hono();
  app.get('/', () => {
    throw error;
  });
  app.onError((e, c) => toProblemResponse(c, e));
  const response = await app.request('/');
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    type: response.headers.get('content-type'),
    body: (await response.json()) as { status: number; title: string },
  };
}

const pgError = (code: string, message = 'server said no') => Object.assign(new Error(message), { code });

describe('the error boundary when the database is unreachable', () => {
  it.each([
    ['connection refused', pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['admin shutdown (57P01)', pgError('57P01', 'terminating connection due to administrator command')],
    ['crash shutdown (57P02)', pgError('57P02')],
    ['cannot connect now (57P03)', pgError('57P03', 'the database system is starting up')],
    [
      'a standby reached in a failover (25006)',
      pgError('25006', 'cannot execute INSERT in a read-only transaction'),
    ],
    ['connection failure (08006)', pgError('08006')],
    ['connection exception (08000)', pgError('08000')],
    ['protocol violation (08P01)', pgError('08P01')],
    ['a dead connection', new Error('Connection terminated unexpectedly')],
    ['a broken client', new Error('Client has encountered a connection error and is not queryable')],
    ['a replica that stopped answering (query_timeout)', new Error('Query read timeout')],
    ['the store', new StoreUnavailableError('event store unreachable')],
    ['a wrapped cause', new Error('TokensTransferred at 1-2: failed', { cause: pgError('57P01') })],
  ])('answers 503 with Retry-After and Problem Details for %s', async (_, error) => {
    const answer = await answerFor(error);
    expect(answer.status).toBe(503);
    expect(answer.retryAfter).toMatch(/^\d+$/);
    expect(answer.type).toContain('application/problem+json');
    expect(answer.body).toMatchObject({ status: 503, title: 'Service Unavailable' });
  });

  it('still answers 500 for errors that are ours', async () => {
    const answer = await answerFor(pgError('42P01', 'relation "nope" does not exist'));
    expect(answer.status).toBe(500);
    expect(answer.retryAfter).toBeNull();
    expect((await answerFor(new TypeError('x is undefined'))).status).toBe(500);
  });
});

describe('the error boundary when Postgres gave up a statement for another', () => {
  it.each([
    ['a lost deadlock (40P01)', pgError('40P01', 'deadlock detected')],
    ['a serialization failure (40001)', pgError('40001')],
    ['a lock not had in time (55P03)', pgError('55P03', 'canceling statement due to lock timeout')],
    ['a wrapped cause', new Error('history read failed', { cause: pgError('40P01') })],
  ])('answers 503 with Retry-After: 1 for %s', async (_, error) => {
    const answer = await answerFor(error);
    expect(answer.status).toBe(503);
    expect(answer.retryAfter).toBe('1');
    expect(answer.body).toMatchObject({
      status: 503,
      detail: 'The service is busy for a moment. Please try again.',
    });
  });
});

describe('the error boundary when Postgres is out of a resource (class 53)', () => {
  it.each([
    ['a full disk (53100)', pgError('53100', 'could not extend file: No space left on device'), '30'],
    ['no memory (53200)', pgError('53200', 'out of memory'), '30'],
    ['too many connections (53300)', pgError('53300', 'sorry, too many clients already'), '2'],
    ['a configuration limit (53400)', pgError('53400'), '30'],
    ['a wrapped cause', new Error('append failed', { cause: pgError('53100') }), '30'],
  ])('answers 503 Problem Details with Retry-After for %s, never 500', async (_, error, retryAfter) => {
    const answer = await answerFor(error);
    expect(answer.status).toBe(503);
    expect(answer.retryAfter).toBe(retryAfter);
    expect(answer.type).toContain('application/problem+json');
    expect(answer.body).toMatchObject({
      status: 503,
      title: 'Service Unavailable',
      code: 'database_out_of_resources',
    });
  });
});

describe('a domain error', () => {
  it("answers its code, which a client words the refusal by in its reader's language", async () => {
    const answer = await answerFor(
      new InsufficientFundsError('Insufficient balance. You have 0.50 ETH available.', {
        code: 'insufficient_funds',
      }),
    );
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({
      message: 'Insufficient balance. You have 0.50 ETH available.',
      code: 'insufficient_funds',
      fieldErrors: { amount: 'Insufficient balance. You have 0.50 ETH available.' },
    });
  });

  it('without a code answers none', async () => {
    const answer = await answerFor(new NotFoundError('Recipient not found'));
    expect(answer.status).toBe(404);
    expect(answer.body).not.toHaveProperty('code');
  });
});
