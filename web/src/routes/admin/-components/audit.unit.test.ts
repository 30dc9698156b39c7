import { describe, expect, test } from 'vitest';
import type { AuditEvent } from '@/queries/audit.queries.ts';
import { auditTime, chainLinks, describeStream, firstBreak, readAuditSearch } from './audit.ts';

function event(revision: number, hash: string, prevHash: string | null, hashValid = true): AuditEvent {
  return {
    id: `e${revision}`,
    revision,
    position: `${100 + revision}-0`,
    time: '2026-01-31T12:00:00.000Z',
    type: 'TokensMinted',
    data: {},
    actorId: null,
    correlationId: 'c',
    causationId: null,
    idempotencyKey: null,
    prevHash,
    hash,
    hashValid,
  };
}

describe('chainLinks', () => {
  test('a first page: revision 0 starts the chain, each next event names the hash before it', () => {
    const events = [event(0, 'a', null), event(1, 'b', 'a'), event(2, 'c', 'b')];
    expect(chainLinks(events)).toEqual(['first', 'linked', 'linked']);
    expect(firstBreak(events, chainLinks(events))).toBeNull();
  });

  test('a later page checks its first event against the hash just before the page', () => {
    const events = [event(5, 'f', 'e'), event(6, 'g', 'f')];
    expect(chainLinks(events, 'e')).toEqual(['linked', 'linked']);
    expect(chainLinks(events, 'x')).toEqual(['broken', 'linked']);
    expect(chainLinks(events, undefined)).toEqual(['unknown', 'linked']);
  });

  test('a wrong previous hash, a missing revision or a first event with a previous hash is broken', () => {
    expect(chainLinks([event(0, 'a', null), event(1, 'b', 'zz')])).toEqual(['first', 'broken']);
    expect(chainLinks([event(0, 'a', null), event(2, 'c', 'a')])).toEqual(['first', 'broken']);
    expect(chainLinks([event(0, 'a', 'genesis?')])).toEqual(['broken']);
  });

  test('the first break is the first event whose content or link fails', () => {
    const events = [event(0, 'a', null), event(1, 'b', 'a', false), event(2, 'c', 'zz')];
    expect(firstBreak(events, chainLinks(events))?.revision).toBe(1);
  });
});

describe('readAuditSearch', () => {
  test('keeps a valid user, stream and page, and drops the rest', () => {
    expect(
      readAuditSearch({ user: 'ab12cd34', stream: 'account-ab12cd34', from: '40', limit: 10, x: 1 }),
    ).toEqual({ user: 'ab12cd34', stream: 'account-ab12cd34', from: 40, limit: 10 });
    expect(readAuditSearch({ user: 'AB; drop', stream: 'account-x' })).toEqual({});
    expect(readAuditSearch({ stream: 'account-ab12cd34' })).toEqual({});
    expect(readAuditSearch({ user: 'ab12cd34', stream: 'account-ab12cd34', from: -1, limit: 1000 })).toEqual({
      user: 'ab12cd34',
      stream: 'account-ab12cd34',
    });
  });
});

describe('labels', () => {
  test('names a stream by its category and formats times exactly', () => {
    expect(describeStream('cryptoDeposit-123')).toEqual({ label: 'Crypto deposit', id: '123' });
    expect(describeStream('account-ab12cd34')).toEqual({ label: 'Account', id: 'ab12cd34' });
    expect(auditTime('2026-01-31T12:00:00.123Z')).toBe('2026-01-31 12:00:00.123 UTC');
  });
});
