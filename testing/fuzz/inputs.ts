import fc from 'fast-check';

/**
 * Generators of hostile input for the fuzz test (fuzz.int.test.ts). Values are raw JSON text, so a body
 * can hold what JSON.stringify never writes (1e309, -0, huge integer literals). Each field has a validity
 * rule written from the contract (docs/ledger.md#assets-and-amounts, the spec's forms), not taken from the API's own zod
 * schemas: an "invalid" generator is a rich pool filtered by "not valid", so it is invalid by
 * construction, and anything the API accepts from it is a bug.
 */
export type Raw = string;
export type Rule = (value: unknown) => boolean;

export interface Field {
  /** Raw JSON values the field must refuse. */
  invalid: fc.Arbitrary<Raw>;
  /** Hostile but valid text (SQL, HTML, scripts, emoji, RTL): must be stored or refused, never a 500. */
  hostile?: fc.Arbitrary<Raw>;
}

const raw = (value: unknown): Raw => JSON.stringify(value);

/** Strings that have broken other systems: injection, markup, odd Unicode, format strings. */
export const HOSTILE_TEXT = [
  "' OR '1'='1",
  "'; DROP TABLE es_events; --",
  '1; SELECT pg_sleep(10)',
  "admin'--",
  '" OR ""="',
  '\\',
  "\\'",
  '$1',
  '%s%s%s%n',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, on purpose
  '${7*7}',
  '{{7*7}}',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg/onload=alert(1)>',
  'javascript:alert(1)',
  '=HYPERLINK("http://evil.example")',
  '+SUM(1+1)',
  '../../../../etc/passwd',
  'null',
  'undefined',
  'NaN',
  'true',
  '[object Object]',
  '__proto__',
  'Zürich Straße',
  '東京都 渋谷区',
  'مرحبا بالعالم',
  'שלום',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 𝕋𝕖𝕩𝕥',
  'ｆｕｌｌｗｉｄｔｈ',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  'e\u0301\u0301\u0301',
  'Z͑ͫ̓ͪ̂ͫ̽͏̴̙̤̞͉͚̯̞̠͍A̴̵̜̰͔ͫ͗͢L̠ͨͧͩ͘G̴̻͈͍͔̹̑͗̎̅͛́',
  '٠١٢٣٤٥٦٧٨٩',
  '\u00a0non-breaking\u00a0',
];

const CONTROL = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\b',
  '\u000b',
  '\f',
  '\u000e',
  '\u001b',
  '\u001f',
  '\u007f',
  '\u0085',
  '\u009f',
];
const FORMAT = ['\u200b', '\u200e', '\u202e', '\u2066', '\ufeff', '\u00ad'];
const LONE_SURROGATES = ['\ud800', '\udbff', '\udc00', '\udfff'];

const special = fc.constantFrom(...CONTROL, ...FORMAT, ...LONE_SURROGATES, '\t', '\n', '\r');

/** Every kind of string: printable, any code point, hostile, with control or lone surrogates, long, blank. */
export const anyString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_TEXT), weight: 3 },
  { arbitrary: fc.string({ maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }), weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 20 }), weight: 1 },
  {
    arbitrary: fc
      .tuple(fc.string({ maxLength: 8 }), special, fc.string({ maxLength: 8 }))
      .map(([a, b, c]) => a + b + c),
    weight: 3,
  },
  {
    arbitrary: fc
      .tuple(fc.integer({ min: 130, max: 6000 }), fc.constantFrom('a', '9', 'é', '😀', '-', ' x'))
      .map(([n, unit]) => unit.repeat(n)),
    weight: 1,
  },
  { arbitrary: fc.constantFrom('', ' ', '   ', '\t', '\n', '\u00a0'), weight: 1 },
  { arbitrary: fc.stringMatching(/^-?\d{1,20}(\.\d{1,12})?$/), weight: 1 },
);

/** JSON values of every type, including what JSON.stringify never writes. */
export const anyJson: fc.Arbitrary<Raw> = fc.oneof(
  fc.constantFrom(
    'null',
    'true',
    'false',
    '0',
    '-0',
    '1e309',
    '-1e309',
    '1e-400',
    '123456789012345678901234567890',
    '[]',
    '{}',
    '[1]',
    '{"a":1}',
    '{"$gt":""}',
    '{"__proto__":{"isAdmin":true}}',
    '[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]',
    '""',
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map(raw),
  fc.integer().map(raw),
  fc.jsonValue({ maxDepth: 3 }).map(raw),
  anyString.map(raw),
);

/** A field whose validity is `rule`: invalid values are any JSON the rule refuses. */
export function field(rule: Rule, options: { hostile?: boolean; extra?: fc.Arbitrary<Raw> } = {}): Field {
  const pool = options.extra ? fc.oneof({ arbitrary: options.extra, weight: 2 }, anyJson) : anyJson;
  const hostile = options.hostile ? HOSTILE_TEXT.filter((s) => rule(s)) : [];
  return {
    invalid: pool.filter((r) => !rule(JSON.parse(r))),
    ...(hostile.length > 0 ? { hostile: fc.constantFrom(...hostile).map(raw) } : {}),
  };
}

// --- Validity rules, from the contract ---------------------------------------------------------------

/** Postgres stores neither NUL nor a lone surrogate: no field may hold one. */
const storable = (s: string) =>
  !s.includes('\u0000') && !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s);

export interface TextRule {
  min?: number;
  max: number;
  trim?: boolean;
  pattern?: RegExp;
  /** Control characters refused: 'all' (Cc), 'lines' (Cc but tab and line breaks, and Cf), 'names' (Cc and Cf). */
  control?: 'all' | 'lines' | 'names';
}

export function text(rule: TextRule): Rule {
  return (value) => {
    if (typeof value !== 'string' || !storable(value)) return false;
    const s = rule.trim ? value.trim() : value;
    if (s.length < (rule.min ?? 0) || s.length > rule.max) return false;
    if (rule.pattern && !rule.pattern.test(s)) return false;
    if (rule.control === 'all' && /\p{Cc}/u.test(s)) return false;
    // Joiners and tag characters may be accepted in context (emoji sequences, Persian, Indic: docs/security.md).
    if (rule.control === 'names' && /\p{Cc}|(?!\u200c|\u200d|[\u{e0020}-\u{e007f}])\p{Cf}/u.test(s))
      return false;
    if (rule.control === 'lines' && /[^\P{Cc}\t\n\r]|(?!\u200c|\u200d|[\u{e0020}-\u{e007f}])\p{Cf}/u.test(s))
      return false;
    return true;
  };
}

export const oneOf =
  (...values: readonly unknown[]): Rule =>
  (value) =>
    values.includes(value);

/** docs/ledger.md#assets-and-amounts: a positive decimal, no exponent, at most `decimals` places, at most 16 integer digits. */
export function amount(decimals: number): Rule {
  return (value) => {
    let s: string;
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) return false;
      s = String(value);
    } else if (typeof value === 'string' && value.length <= 40) {
      s = value.trim();
    } else {
      return false;
    }
    const match = /^(\d+)(?:\.(\d+))?$/.exec(s);
    if (!match) return false;
    const whole = match[1]!.replace(/^0+(?=\d)/, '');
    const fraction = match[2] ?? '';
    if (fraction.length > decimals || whole.length > 16) return false;
    return BigInt(whole + fraction.padEnd(decimals, '0')) > 0n;
  };
}

/** A finite number, or a string of at most `maxLength` characters, as trimmed text; else null. */
function decimalText(value: unknown, maxLength: number): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value).trim() : null;
  return typeof value === 'string' && value.length <= maxLength ? value.trim() : null;
}

/** Admin prices: up to 12 integer digits and 8 decimals, above zero, as a number or a string. */
export const price: Rule = (value) => {
  const s = decimalText(value, 30);
  return s !== null && /^\d{1,12}(\.\d{1,8})?$/.test(s) && !/^0+(\.0+)?$/.test(s);
};

/** A conversion fee rate: a percentage from 0 to 10 with at most two decimals (docs/product-rules.md rule 25). */
export const feeRate: Rule = (value) => {
  const s = decimalText(value, 12);
  return s !== null && /^\d{1,2}(\.\d{1,2})?$/.test(s) && Number(s) <= 10;
};

/** The 24-hour change: a percentage like -2.35. */
export const change24h: Rule = (value) => {
  const s = decimalText(value, 30);
  return s !== null && /^-?\d{1,4}(\.\d{1,2})?$/.test(s);
};

/** Amount-shaped candidates: near misses of a valid amount, so the filter has something sharp to keep. */
export const amountLike: fc.Arbitrary<Raw> = fc.oneof(
  fc.constantFrom('1e309', '-1e309', '-0', '0', '-1', '1e21', '1e-7', '0.1e1', '1E2', '99999999999999999999'),
  fc
    .constantFrom(
      '',
      ' ',
      '1e3',
      '1E3',
      '0x10',
      '0b1',
      '1,000',
      '1_000',
      '+5',
      '.5',
      '5.',
      '1.2.3',
      'NaN',
      'Infinity',
      '-Infinity',
      '-5',
      '-0.01',
      '0',
      '0.00',
      '٥',
      '５',
      '5\u0000',
      '5 5',
      '½',
      '$5',
      '5€',
      '--5',
      '0.001',
      '0.000000001',
      '12345678901234567',
      '1'.repeat(41),
    )
    .map(raw),
  fc.integer({ min: -1_000_000, max: 0 }).map(raw),
  fc.double({ noNaN: true, max: 0 }).map(raw),
  fc
    .tuple(fc.bigInt({ min: 0n, max: 10n ** 24n }), fc.option(fc.stringMatching(/^\d{1,12}$/)))
    .map(([whole, fraction]) => raw(fraction ? `${whole}.${fraction}` : `${whole}`)),
  fc
    .tuple(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 999_999_999 }))
    .map(([whole, fraction]) => `${whole}.${String(fraction).padStart(9, '0')}`),
);

/** E-mail addresses: invalid for sure (no @, blank, too long, control characters, half an address). */
export const invalidEmail: Field = {
  invalid: fc.oneof(
    anyString.filter((s) => !s.includes('@')).map(raw),
    fc
      .constantFrom(
        'a@',
        '@example.com',
        'a b@example.com',
        'a@@example.com',
        'a@example..com',
        'a@exam ple.com',
        '<script>@example.com',
        "'; DROP TABLE users; --@example.com",
        'a\u0000@example.com',
        `${'a'.repeat(250)}@example.com`,
      )
      .map(raw),
    anyJson.filter((r) => typeof JSON.parse(r) !== 'string'),
  ),
};

/** URLs the forms refuse: anything but https (or empty). */
export const invalidHttpsUrl: Field = {
  invalid: fc.oneof(
    fc
      .constantFrom(
        'http://example.com/a.png',
        'javascript:alert(1)',
        'ftp://example.com/a.png',
        'data:image/png;base64,AAAA',
        'not a url',
        '//example.com/a.png',
        `https://${'a'.repeat(2100)}.com/`,
        ' ',
      )
      .map(raw),
    anyJson.filter((r) => typeof JSON.parse(r) !== 'string'),
  ),
};

/** The fuzz admin's password (signedInAdmin's default), the proof of its money commands. */
export const FUZZ_ADMIN_PASSWORD = 'admin-password-1';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A money or sign-in change's fresh proof (api/http/reauth.ts): the password, or the authenticator's
 * code. Every route that asks for one takes these two fields, as the user and admin specs share them.
 */
export const REAUTH_FIELDS = {
  password: field(text({ min: 1, max: 128 })),
  totpCode: field(text({ trim: true, max: 6, pattern: /^\d{6}$/ })),
};

// --- Path parameters ----------------------------------------------------------------------------------

export const wellFormed = (s: string) =>
  !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s);

/** Path segments: anything a client can put in a URL (a lone surrogate cannot be percent-encoded). */
export const invalidParam = (valid: (s: string) => boolean) =>
  fc
    .oneof(anyString, fc.constantFrom('%', '%00', 'a/b', '..%2F', '?x=1', '#frag', '😀', '.', '..'))
    .filter((s) => wellFormed(s) && !valid(s));
