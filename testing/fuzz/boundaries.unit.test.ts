import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pageCursor, pageLimit, queryInteger } from '../../api/http/paging.ts';
import { asText, fieldBoundaries, schemaBoundaries } from './boundaries.ts';
import { regexBoundaries } from './regexBounds.ts';

describe('boundary derivation', () => {
  it('gives a digit run its longest value, one digit more, and each integer type edge that fits', () => {
    const values = regexBoundaries(/^\d{1,5}$/);
    expect(values).toEqual(expect.arrayContaining(['1', '0', '99999', '999999', '00001', '32767', '32768']));
    expect(values).not.toContain('2147483648');
    expect(regexBoundaries(/^\d{1,10}$/)).toEqual(expect.arrayContaining(['2147483647', '2147483648']));
  });

  it('varies one part of a pattern at a time and takes each alternative and range end', () => {
    const values = regexBoundaries(/^(user:[0-9a-z]{7,8}|holds:[A-Z]{3,4})$/);
    expect(values).toEqual(
      expect.arrayContaining(['user:0000000', 'user:00000000', 'user:000000000', 'user:000000', 'holds:AAA']),
    );
    expect(values).toEqual(expect.arrayContaining(['user:z000000', 'holds:AAAA', 'holds:AAAAA', 'holds:AA']));
  });

  it('takes a string field to its length limits and one past them', () => {
    const values = schemaBoundaries(z.string().min(3).max(8)).map(asText);
    for (const length of [2, 3, 8, 9]) expect(values).toContain('a'.repeat(length));
    expect(values).toEqual(expect.arrayContaining(['', '32768', '9223372036854775808']));
  });

  it('takes a number to either side of its bounds, and past every integer type', () => {
    const values = schemaBoundaries(z.number().int().min(1).max(10));
    expect(values).toEqual(
      expect.arrayContaining(['0', '1', '10', '11', '1.5', '-1', '1e309', '2147483648']),
    );
    expect(schemaBoundaries(pageLimit(100)).map(asText)).toEqual(
      expect.arrayContaining(['0', '100', '101', '999999999', '9999999999']),
    );
    expect(schemaBoundaries(queryInteger('offset', 0, 1_000_000, 0)).map(asText)).toEqual(
      expect.arrayContaining(['-1', '1000001', '9999999', '99999999']),
    );
  });

  it('derives every part of a cursor just past its type, and every enum value', () => {
    const cursor = schemaBoundaries(pageCursor).map(asText);
    expect(cursor).toEqual(
      expect.arrayContaining(['1-1-32768', '1-9223372036854775808-1', '18446744073709551616-1-1']),
    );
    const fields = fieldBoundaries(
      z.discriminatedUnion('action', [
        z.strictObject({ action: z.literal('confirm'), amount: z.string() }),
        z.strictObject({ action: z.literal('reject'), reason: z.enum(['late', 'wrong']) }),
      ]),
    );
    expect([...fields.keys()].sort()).toEqual(['action', 'amount', 'reason']);
    expect(fields.get('action')).toEqual(expect.arrayContaining(['"confirm"', '"reject"', '"CONFIRM"']));
    expect(fields.get('reason')).toEqual(expect.arrayContaining(['"late"', '"wrong"', '""']));
  });
});
