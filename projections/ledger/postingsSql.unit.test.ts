import { describe, expect, it } from 'vitest';
import {
  POSTING_EVENT_TYPES,
  POSTING_RULES,
  type PostingRule,
  postingRulesOf,
} from '../../domain/ledger/postingRules.ts';
import { postingsOf } from '../../domain/ledger/postings.ts';
import { POSTING_SAMPLES } from '../../domain/ledger/testing.ts';
import { handledTypes } from '../projection.ts';
import { transactionIdOf } from '../transactionEvents/transactionEvents.projection.ts';
import { ledgerProjection } from './ledger.projection.ts';
import { compilePostings, POSTINGS_SQL, postingsSelect, textSql } from './postingsSql.ts';

describe('the posting rules compiler', () => {
  it('covers every event type with a rule, and the projection handles exactly those and erasures', () => {
    expect(POSTINGS_SQL.types).toBe(POSTING_EVENT_TYPES.map((type) => `'${type}'`).join(', '));
    expect(POSTING_EVENT_TYPES.length).toBeGreaterThan(0);
    // PersonErased books nothing: the projection blanks the erased person's descriptions on it.
    expect(handledTypes(ledgerProjection).sort()).toEqual([...POSTING_EVENT_TYPES, 'PersonErased'].sort());
    // Each type's own expression for a column is in the SQL, under a branch that names it or as the ELSE.
    for (const type of POSTING_EVENT_TYPES) {
      for (const rule of postingRulesOf(type))
        for (const text of [rule.transactionId, rule.kind, rule.asset, rule.from, rule.to, rule.description])
          expect(
            POSTINGS_SQL.legs.map((leg) => leg.columns).join('\n'),
            `${type}: ${JSON.stringify(text)}`,
          ).toContain(textSql(text));
    }
  });

  it('quotes literal text and reads fields as text', () => {
    expect(textSql("It's {reason}")).toBe(`'It''s ' || (l.data->>'reason')`);
    expect(textSql('{asset}')).toBe(`(l.data->>'asset')`);
    expect(textSql({ when: { field: 'source', equals: "o'k" }, use: 'a', otherwise: 'b' })).toBe(
      `CASE WHEN (l.data->>'source') = 'o''k' THEN 'a' ELSE 'b' END`,
    );
  });

  it('shares one branch between types with the same expression, and refuses a field that is not a name', () => {
    const rule: PostingRule = POSTING_RULES.TokensTransferred;
    const sql = compilePostings({ A: rule, B: rule, C: { ...rule, kind: 'deposit' } });
    expect(sql.legs).toHaveLength(1);
    expect(sql.legs[0]!.columns).toContain(
      `CASE WHEN l.event_type = 'C' THEN 'deposit' ELSE 'transfer' END AS kind`,
    );
    expect(sql.legs[0]!.columns).toContain(`(l.data->>'transactionId') AS transaction_id`);
    expect(sql.legs[0]!.where).toBe(`l.event_type IN ('A', 'B', 'C')`);
    expect(() => compilePostings({ A: { ...rule, amount: "amount'); DROP TABLE x; --" } })).toThrow(
      /not a plain name/,
    );
    expect(() => compilePostings({})).toThrow(/No posting rules/);
  });

  it('compile a second leg as its own SELECT, for the types that have it and only with its field', () => {
    const rule: PostingRule = POSTING_RULES.TokensTransferred;
    const sql = compilePostings({ A: rule, B: [rule, { ...rule, amount: 'fee', onlyWith: 'fee' }] });
    expect(sql.legs.map((leg) => leg.where)).toEqual([
      `l.event_type IN ('A', 'B')`,
      `l.event_type = 'B' AND (l.data->>'fee') IS NOT NULL`,
    ]);
    expect(sql.legs[0]!.columns).toMatch(/^0::smallint AS leg,/);
    expect(sql.legs[1]!.columns).toMatch(/^1::smallint AS leg,/);
    const [first, second, more] = postingsSelect(sql, 'log', 'l.n').split('\nUNION ALL\n');
    expect(first).toMatch(
      /^SELECT l\.n, 0::smallint AS leg,[\s\S]*\n {2}FROM log l\n WHERE l\.event_type IN \('A', 'B'\)$/,
    );
    expect(second).toMatch(/^SELECT l\.n, 1::smallint AS leg,[\s\S]* WHERE l\.event_type = 'B' AND/);
    expect(more).toBeUndefined();
  });

  it("book each posting under the transaction id transactionIdOf gives its event (the admin's view of a transaction)", () => {
    for (const event of Object.values(POSTING_SAMPLES).flat())
      for (const posting of postingsOf(event))
        expect(posting.transactionId, event.type).toBe(transactionIdOf(event.data));
  });
});
