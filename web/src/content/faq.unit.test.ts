import { describe, expect, it } from 'vitest';
import { CARDS_FAQ, filterFaq, HELP_FAQ, SEARCHABLE_FAQ, withLiveFees } from './faq.ts';

describe('help FAQ', () => {
  it('has Account & Security, Cards & Payments and Cryptocurrency with four questions each', () => {
    expect(HELP_FAQ.map((category) => [category.id, category.title, category.items.length])).toEqual([
      ['account', 'Account & Security', 4],
      ['cards', 'Cards & Payments', 4],
      ['crypto', 'Cryptocurrency', 4],
    ]);
    const ids = HELP_FAQ.flatMap((category) => category.items.map((item) => item.id));
    expect(new Set([...ids, ...CARDS_FAQ.map((item) => item.id)]).size).toBe(ids.length + CARDS_FAQ.length);
  });

  it('answers with the one set of constants (docs/product-rules.md rule 11)', () => {
    const text = [...HELP_FAQ.flatMap((category) => category.items), ...CARDS_FAQ]
      .map((item) => item.answer)
      .join('\n');
    expect(text).toContain('24/7');
    expect(text).toContain('3-7 working days');
    expect(text).toContain('1-2 business days');
    expect(text).toContain('10-60 minutes');
    expect(text).toContain('within 24 hours');
    expect(text).toContain('Black $1,000');
    // The conversion fee's rates are an admin's, so no answer keeps one of its own.
    expect(text).not.toMatch(/\d%/);
    expect(text).not.toMatch(/\$1,500|7-10|7-14|1-24 hours|zero fee|no conversion fee/i);
  });

  it('names the conversion fee rates in force once they are known', () => {
    const live = withLiveFees(HELP_FAQ, { gold: '0.45', ruby: '0.35', black: '0.25' });
    const fees = live.flatMap((category) => category.items).find((item) => item.id === 'card-fees');
    expect(fees?.answer).toContain('costs 0.45% on Gold, 0.35% on Ruby Steel and 0.25% on Black');
    expect(withLiveFees(HELP_FAQ, undefined)).toEqual(HELP_FAQ);
  });
});

describe('filterFaq', () => {
  it('keeps every question for a blank query', () => {
    expect(filterFaq(HELP_FAQ, '  ')).toEqual([...HELP_FAQ]);
  });

  it('keeps questions whose question or answer has every word, ignoring case, and drops empty groups', () => {
    const result = filterFaq(HELP_FAQ, 'WITHDRAWALS processed');
    expect(result.map((category) => category.id)).toEqual(['crypto']);
    expect(result[0]?.items.map((item) => item.id)).toEqual(['withdrawal-time']);
  });

  it('finds nothing for words no answer has', () => {
    expect(filterFaq(HELP_FAQ, 'lorem ipsum')).toEqual([]);
  });

  it('finds the answers on the Cards page too: freezing the card and its PIN', () => {
    for (const query of ['freeze', 'PIN', 'change my pin']) {
      const result = filterFaq(SEARCHABLE_FAQ, query);
      expect(
        result.flatMap((category) => category.items.map((item) => item.id)),
        query,
      ).toContain('cards-freeze');
    }
  });
});
