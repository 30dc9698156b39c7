/**
 * The words the support chat recognises a question by (content/chat.ts), in the four interface languages.
 * Every list is matched whatever the page's language: a German visitor may type in English, and a question
 * is no less clear for being asked in the "wrong" language. Words are written without accents and in lower
 * case, as the question is compared once folded the same way ("Gebühr" and "gebuhr", "comisión" and
 * "comision" match alike). A word matches at the start of a word of the question ("cards", "Gebühren").
 *
 * Left out on purpose: words that mean something else in another of the languages or start many unrelated
 * words ("or", French for gold, is English's "or"; "reçu" starts Spanish "recuperar"; "caro" "Carolina").
 */
export type ReplyTopic = 'verification' | 'shipping' | 'fees' | 'crypto' | 'partners' | 'cards' | 'greeting';

/** Topics most specific first: "card shipping" is about shipping, "card fees" about fees. */
export const TOPIC_KEYWORDS: readonly { topic: ReplyTopic; keywords: readonly string[] }[] = [
  {
    topic: 'verification',
    keywords: [
      // en
      'verify',
      'verification',
      'verified',
      'activate',
      'activation',
      'confirm',
      // es
      'verificar',
      'verificacion',
      'activar',
      'confirmar',
      // fr
      'verifier',
      'activer',
      'confirmer',
      // de
      'verifizier',
      'aktivier',
      'freischalt',
      'bestatig',
      'bestaetig',
    ],
  },
  {
    topic: 'shipping',
    keywords: [
      ...['ship', 'delivery', 'deliver', 'receive', 'mail', 'courier', 'tracking'],
      ...['envio', 'entrega', 'recibir', 'correo', 'mensajeria', 'seguimiento'],
      ...['livraison', 'livrer', 'expedi', 'recevoir', 'courrier', 'coursier', 'suivi'],
      ...['versand', 'versend', 'verschick', 'liefer', 'zustell', 'kurier', 'sendungsverfolgung'],
    ],
  },
  {
    topic: 'fees',
    keywords: [
      ...['fee', 'charge', 'cost', 'price', 'pricing', 'expensive'],
      ...['comision', 'tarifa', 'coste', 'costo', 'cuesta', 'precio', 'cuota'],
      ...['frais', 'cout', 'tarif', 'prix', 'commission'],
      ...['gebuhr', 'gebuehr', 'kosten', 'kostet', 'preis', 'teuer'],
    ],
  },
  {
    topic: 'crypto',
    keywords: [
      ...['crypto', 'bitcoin', 'btc', 'ethereum', 'eth', 'coin', 'usdt', 'usdc', 'solana', 'xrp'],
      ...['cripto', 'moneda'],
      ...['monnaie'],
      ...['krypto', 'munze', 'muenze'],
    ],
  },
  {
    topic: 'partners',
    keywords: [
      ...['partner', 'discount', 'offer', 'reward', 'benefit', 'cashback', 'deal'],
      ...['socio', 'descuento', 'oferta', 'recompensa', 'beneficio', 'ventaja'],
      ...['partenaire', 'reduction', 'remise', 'offre', 'recompense', 'avantage'],
      ...['rabatt', 'angebot', 'pramie', 'praemie', 'belohnung', 'vorteil'],
    ],
  },
  {
    topic: 'cards',
    keywords: [
      ...['metal', 'card', 'tier', 'black', 'gold', 'ruby'],
      ...['tarjeta', 'nivel', 'negra', 'oro', 'rubi'],
      ...['carte', 'niveau', 'noire'],
      ...['karte', 'metall', 'stufe', 'schwarz', 'rubin'],
    ],
  },
  {
    // Whole words only ("hi", not the start of "history"; "moin", not "moins").
    topic: 'greeting',
    keywords: [
      ...['hi', 'hello', 'hey', 'hiya', 'greetings', 'good morning', 'good afternoon', 'good evening'],
      ...['hola', 'buenos dias', 'buenas tardes', 'buenas noches', 'buenas'],
      ...['bonjour', 'bonsoir', 'salut', 'coucou'],
      ...['hallo', 'guten tag', 'guten morgen', 'guten abend', 'servus', 'moin'],
    ],
  },
];

/** Lower case without accents: "Gebühr" → "gebuhr", "COMISIÓN" → "comision". */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A word starts where no letter or digit comes before (JavaScript's `\b` knows only ASCII letters, so it
 * would find a word start inside "Gebühren"); a greeting must also end where no letter or digit follows.
 */
const MATCHERS = TOPIC_KEYWORDS.map(({ topic, keywords }) => {
  const words = keywords.map(escapeRegExp).join('|');
  const end = topic === 'greeting' ? '(?![\\p{L}\\p{N}])' : '';
  return { topic, pattern: new RegExp(`(?<![\\p{L}\\p{N}])(?:${words})${end}`, 'u') };
});

/** The topic a question is about, in any of the four languages, or null when none is recognised. */
export function replyTopic(message: string): ReplyTopic | null {
  const folded = foldText(message);
  return MATCHERS.find(({ pattern }) => pattern.test(folded))?.topic ?? null;
}
