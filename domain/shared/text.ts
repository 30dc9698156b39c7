import { ValidationError } from './errors.ts';

/**
 * The one rule for stored free text (names, bios, descriptions, notes, reasons, addresses, messages):
 * docs/security.md, "Stored text". Text is refused, never silently cleaned, so the user sees what is wrong.
 *
 * Refused everywhere: control characters (C0, C1, DEL), invisible direction controls (U+202A-U+202E,
 * U+2066-U+2069, U+200E, U+200F, U+061C), zero-width and other invisible format characters (U+200B,
 * U+2060, U+FEFF, U+00AD, ...), line and paragraph separators, and unpaired surrogates.
 * Allowed by context only: the zero-width joiner inside an emoji sequence (👩‍💻), and both joiners between
 * two letters of a script whose spelling uses them (Persian, Arabic, the Indic scripts), where they change
 * the letters' shapes visibly. Multi-line fields also keep tab, line feed and CR LF.
 */

export interface TextOptions {
  /** Tab, line feed and CR LF are allowed (a bio, a contact message). */
  multiline?: boolean;
}

// Any code point that may be refused: the fast path for the usual text that has none.
const SUSPECT = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;
const DIRECTION = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
const ZWNJ = '\u200C';
const ZWJ = '\u200D';
const EMOJI = /\p{Extended_Pictographic}/u;
// What may sit between an emoji and its joiner: the emoji presentation selector and skin tones.
const EMOJI_TAIL = /[\uFE0F\p{Emoji_Modifier}]/u;
// A subdivision flag (🏴 followed by tag letters and a cancel tag) is one emoji: tags elsewhere are hidden text.
const TAG_SEQUENCE = /\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F}/gu;
/** Scripts that need joiners between their letters (cursive joining, conjuncts). */
const JOINING_SCRIPTS = [
  'Arabic',
  'Syriac',
  'Nko',
  'Mongolian',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Oriya',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Myanmar',
  'Khmer',
].map((script) => new RegExp(`^[\\p{Script_Extensions=${script}}]$`, 'u'));

const hex = (c: string) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

function joinerAllowed(before: string[], after: string | undefined): boolean {
  if (after === undefined || before.length === 0) return false;
  const previous = before[before.length - 1]!;
  return JOINING_SCRIPTS.some((script) => script.test(previous) && script.test(after));
}

function emojiJoinerAllowed(before: string[], after: string | undefined): boolean {
  if (after === undefined || !EMOJI.test(after)) return false;
  let i = before.length - 1;
  while (i >= 0 && EMOJI_TAIL.test(before[i]!)) i--;
  return i >= 0 && EMOJI.test(before[i]!);
}

/**
 * Why `value` may not be stored in a field called `label`, as a message for its user; null when it may.
 * Messages name the field and the code point, e.g. "Description contains an invisible text-direction
 * character (U+202E)".
 */
export function textProblem(value: string, label: string, options: TextOptions = {}): string | null {
  if (!SUSPECT.test(value)) return null;
  const chars = Array.from(value.replace(TAG_SEQUENCE, '\u{1F3F4}'));
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    if (!SUSPECT.test(c)) continue;
    const before = chars.slice(Math.max(0, i - 4), i);
    const after = chars[i + 1];
    if (options.multiline && (c === '\n' || c === '\t' || (c === '\r' && after === '\n'))) continue;
    if (c === ZWJ && emojiJoinerAllowed(before, after)) continue;
    if ((c === ZWJ || c === ZWNJ) && joinerAllowed(before, after)) continue;
    if (c === '\n' || c === '\r' || c === '\u2028' || c === '\u2029') {
      return options.multiline
        ? `${label} contains a line separator that is not a line break (${hex(c)})`
        : `${label} must be a single line`;
    }
    if (DIRECTION.test(c)) return `${label} contains an invisible text-direction character (${hex(c)})`;
    if (/\p{Cs}/u.test(c)) return `${label} contains an invalid character (an unpaired surrogate)`;
    if (/\p{Cc}/u.test(c)) return `${label} contains a control character (${hex(c)})`;
    return `${label} contains an invisible formatting character (${hex(c)})`;
  }
  return null;
}

/**
 * The deciders' check of their commands' free text (the API's schemas check it first, with the same rule):
 * `assertStoredText({ description: [d.description, 'Description'] })`. Throws a ValidationError whose
 * message and field error name the first offending field.
 */
export function assertStoredText(
  fields: Record<string, readonly [value: string | null | undefined, label: string, options?: TextOptions]>,
): void {
  for (const [field, [value, label, options]] of Object.entries(fields)) {
    const problem = value ? textProblem(value, label, options) : null;
    if (problem !== null) throw new ValidationError(problem, { code: 'text_not_allowed', attribute: field });
  }
}
