import { describe, expect, it } from 'vitest';
import { CHAT_AGENTS, cannedReply, greeting, pickAgent, replyTopic } from './chat.ts';

describe('chat agents', () => {
  it('has five first-name personas and picks one for any random number', () => {
    expect(CHAT_AGENTS).toHaveLength(5);
    expect(new Set(CHAT_AGENTS.map((agent) => agent.name)).size).toBe(5);
    expect(pickAgent(0)).toBe(CHAT_AGENTS[0]);
    expect(pickAgent(0.9999)).toBe(CHAT_AGENTS[4]);
    expect(pickAgent(1)).toBe(CHAT_AGENTS[4]);
  });

  it('greets as an automated assistant (docs/product-rules.md rule 15)', () => {
    expect(greeting(CHAT_AGENTS[0]!)).toContain('automated assistant');
  });
});

describe('canned replies', () => {
  it.each([
    ['Hello there', 'greeting'],
    ['hey', 'greeting'],
    ['Tell me about the metal card', 'cards'],
    ['What does BLACK give me?', 'cards'],
    ['ruby or gold?', 'cards'],
    ['When is my card shipped?', 'shipping'],
    ['delivery time', 'shipping'],
    ['I did not receive it', 'shipping'],
    ['Do you take bitcoin?', 'crypto'],
    ['ethereum support', 'crypto'],
    ['which coins', 'crypto'],
    ['what are the fees', 'fees'],
    ['does it cost anything', 'fees'],
    ['is there a charge', 'fees'],
    ['partner discounts', 'partners'],
    ['any offers or rewards?', 'partners'],
    ['how do I verify', 'verification'],
    ['activate my card', 'verification'],
  ])('%s → %s', (message, topic) => {
    expect(replyTopic(message)).toBe(topic);
  });

  it('does not mistake words that merely start like a greeting', () => {
    expect(replyTopic('history of this thing')).toBeNull();
  });

  it('answers about cards with the tier constants', () => {
    const reply = cannedReply('card', 0);
    expect(reply).toContain('Gold from 100 SAI');
    expect(reply).toContain('Ruby Steel from 250 SAI');
    expect(reply).toContain('Black from 500 SAI');
    expect(reply).toContain('$1,000');
  });

  it('answers about fees with the rates in force, and names none before they are known', () => {
    const reply = cannedReply('what are the fees', 0, { gold: '0.45', ruby: '0.30', black: '0.25' });
    expect(reply).toContain('0.45% on Gold, 0.3% on Ruby Steel and 0.25% on Black');
    expect(cannedReply('what are the fees', 0)).not.toMatch(/\d%/);
  });

  it('falls back to asking for a rephrase about metal cards, crypto support or partner benefits', () => {
    for (const random of [0, 0.5, 0.99]) {
      const reply = cannedReply('qwerty', random);
      expect(reply).toMatch(/rephrase/i);
      expect(reply).toContain('metal cards, crypto support or partner benefits');
    }
  });
});
