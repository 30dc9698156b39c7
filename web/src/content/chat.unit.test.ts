import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../i18n/i18n.ts';
import type { Locale } from '../i18n/locales.ts';
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
    expect(reply).toContain('up to 1,000 USD a month on Black');
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

describe('in the interface language (docs/architecture/i18n.md)', () => {
  afterEach(() => setLocale('en'));

  // Questions as a Spanish, French or German visitor types them, accents or none, capitals or none.
  it.each([
    ['¿Cuál es la comisión?', 'fees'],
    ['comision por convertir', 'fees'],
    ['¿Cuánto cuesta la tarjeta negra?', 'fees'],
    ['Quels sont les frais ?', 'fees'],
    ['Combien ça coûte ?', 'fees'],
    ['Welche Gebühr fällt an?', 'fees'],
    ['Was kostet das?', 'fees'],
    ['Hola', 'greeting'],
    ['Bonjour !', 'greeting'],
    ['Hallo zusammen', 'greeting'],
    ['¿Cuándo llega el envío?', 'shipping'],
    ['Quand aura lieu la livraison ?', 'shipping'],
    ['Wann kommt der Versand?', 'shipping'],
    ['¿Aceptan criptomonedas?', 'crypto'],
    ['Welche Kryptowährungen?', 'crypto'],
    ['descuentos con socios', 'partners'],
    ['Y a-t-il des réductions chez les partenaires ?', 'partners'],
    ['Gibt es Rabatte?', 'partners'],
    ['¿Qué tarjetas hay?', 'cards'],
    ['Parlez-moi de la carte métal', 'cards'],
    ['Welche Stufe bekomme ich?', 'cards'],
    ['¿Cómo activar mi tarjeta?', 'verification'],
    ['Comment vérifier ma carte ?', 'verification'],
    ['Wie aktiviere ich meine Karte?', 'verification'],
  ])('%s → %s', (message, topic) => {
    expect(replyTopic(message)).toBe(topic);
  });

  it('finds no word inside another word, in any language ("moins" is no "moin", "Salutation" aside)', () => {
    expect(replyTopic('encore moins cher')).toBeNull();
    expect(replyTopic('Historia')).toBeNull();
  });

  it.each([
    [
      'es',
      'Ninguna tarjeta tiene cuota anual',
      '0,45\u00a0% con Gold, 0,3\u00a0% con Ruby Steel y 0,25\u00a0% con Black',
    ],
    [
      'fr',
      'Aucune carte n’a de frais annuels',
      /0,45[\u00a0\u202f]% avec Gold, 0,3[\u00a0\u202f]% avec Ruby Steel et 0,25[\u00a0\u202f]% avec Black/,
    ],
    [
      'de',
      'Keine Karte hat eine Jahresgebühr',
      '0,45\u00a0% bei Gold, 0,3\u00a0% bei Ruby Steel und 0,25\u00a0% bei Black',
    ],
  ])('%s: the fees answer and its live rates are in the language', async (locale, opening, rates) => {
    await setLocale(locale as Locale);
    const reply = cannedReply('fee', 0, { gold: '0.45', ruby: '0.30', black: '0.25' });
    expect(reply).toContain(opening);
    if (typeof rates === 'string') expect(reply).toContain(rates);
    else expect(reply).toMatch(rates);
    expect(cannedReply('Gebühr', 0)).toContain(opening);
    expect(cannedReply('Gebühr', 0)).not.toMatch(/\d\s?%/);
  });

  it('answers in the page’s language whatever the question’s, with the constants’ figures in its notation', async () => {
    await setLocale('de');
    expect(greeting(CHAT_AGENTS[0]!)).toBe(
      'Hallo, ich bin Sophia, der automatische Assistent von SAI Wallet. Fragen Sie mich zu Metallkarten, unterstützten Kryptowährungen oder Partnervorteilen.',
    );
    const cards = cannedReply('card', 0);
    expect(cards).toContain('Gold ab 100 SAI, Ruby Steel ab 250 SAI und Black ab 500 SAI');
    expect(cards).toContain('bis 1.000 USD im Monat');
    expect(cannedReply('Versand', 0)).toContain('in 3–7 Arbeitstagen');
    expect(cannedReply('Rabatt', 0)).toContain('5-15\u00a0% mit Gold');
    await setLocale('es');
    expect(cannedReply('crypto', 0)).toBe(
      'Puede depositar BTC, ETH, USDT, USDC, SOL y XRP. Los depósitos se abonan en 10-60 minutos y los retiros se procesan en menos de 24 horas.',
    );
    await setLocale('fr');
    expect(cannedReply('qwerty', 0.99)).toContain('écrivez à support@saiwallet.example');
    expect(cannedReply('vérification', 0)).toContain('1 à 2 jours ouvrés');
  });
});
