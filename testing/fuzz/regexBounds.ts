import { type AST, RegExpParser } from '@eslint-community/regexpp';

/**
 * Strings at the edges of what a regular expression accepts, for the boundary fuzz (boundaries.ts): each
 * quantifier at its fewest and most repetitions and one past either, each alternative, each end of each
 * character range, and every run of digits holding the numbers where SQL's integer types end.
 *
 * fast-check's stringMatching draws random matches, so it rarely lands on "30 nines" or on the one value
 * past a smallint; this walks the pattern itself (parsed by regexpp, ESLint's parser) instead. Only one
 * part varies at a time, the others stay at a plain baseline, so a pattern yields tens of strings, not
 * their product. Lookarounds are ignored: a string they refuse is one more invalid input, never a miss.
 */

/** Where the integers end: smallint, integer, JavaScript's safe integers, bigint, and xid8 (unsigned 64). */
export const EDGE_INTEGERS: readonly bigint[] = [
  0n,
  1n,
  32767n,
  32768n,
  2147483647n,
  2147483648n,
  9007199254740991n,
  9007199254740992n,
  9223372036854775807n,
  9223372036854775808n,
  18446744073709551615n,
  18446744073709551616n,
];

/** Repetitions written out for an unbounded quantifier: past any length check a field has. */
const UNBOUNDED = 1_000;
/** A pattern yields at most this many strings (a date regex has dozens of alternatives). */
const MAX_PER_PATTERN = 60;

interface Bounds {
  /** A plain string the part matches. */
  base: string;
  /** Edge strings for the part (matching or just past it). */
  variants: string[];
}

const parser = new RegExpParser({ ecmaVersion: 2025 });

export function regexBoundaries(pattern: RegExp): string[] {
  const ast = parser.parsePattern(pattern.source, 0, pattern.source.length, {
    unicode: pattern.flags.includes('u'),
    unicodeSets: pattern.flags.includes('v'),
  });
  const { base, variants } = disjunction(ast.alternatives);
  const all = [...new Set([base, ...variants])];
  if (all.length <= MAX_PER_PATTERN) return all;
  // Evenly spread, so every part of a long pattern keeps some of its edges.
  return Array.from(
    { length: MAX_PER_PATTERN },
    (_, i) => all[Math.floor((i * all.length) / MAX_PER_PATTERN)]!,
  );
}

function disjunction(alternatives: AST.Alternative[]): Bounds {
  const all = alternatives.map(sequence);
  return {
    base: all[0]?.base ?? '',
    variants: all.flatMap((b, i) => (i === 0 ? b.variants : [b.base, ...b.variants])),
  };
}

/** A sequence varies one element at a time, the others at their baseline. */
function sequence(alternative: AST.Alternative | AST.StringAlternative): Bounds {
  const parts = alternative.elements.map(element);
  const base = parts.map((p) => p.base).join('');
  const variants: string[] = [];
  parts.forEach((part, i) => {
    const before = parts
      .slice(0, i)
      .map((p) => p.base)
      .join('');
    const after = parts
      .slice(i + 1)
      .map((p) => p.base)
      .join('');
    for (const v of part.variants) variants.push(before + v + after);
  });
  return { base, variants };
}

function isDigits(node: AST.Node): boolean {
  if (node.type === 'CharacterSet') return node.kind === 'digit' && !node.negate;
  if (node.type === 'CharacterClass' && !node.negate && node.elements.length === 1) {
    const only = node.elements[0]!;
    return only.type === 'CharacterClassRange'
      ? only.min.value === 0x30 && only.max.value === 0x39
      : isDigits(only);
  }
  return false;
}

/** A run of `min` to `max` digits: its lengths' edges, and every edge integer that fits. */
function digitRun(min: number, max: number): Bounds {
  const longest = Number.isFinite(max) ? max : 40;
  const variants = [
    '9'.repeat(longest),
    '9'.repeat(longest + 1),
    '0'.repeat(Math.max(min, 1)),
    // Leading zeros, as a client may well send them: the longest run that is still the number 1.
    '1'.padStart(longest, '0'),
  ];
  if (min > 0) variants.push('9'.repeat(min - 1));
  for (const n of EDGE_INTEGERS) {
    const text = n.toString();
    if (text.length >= min && text.length <= longest + 1) variants.push(text);
  }
  return { base: `1${'0'.repeat(Math.max(min - 1, 0))}`, variants };
}

function element(node: AST.Element | AST.Character): Bounds {
  switch (node.type) {
    case 'Assertion':
      return { base: '', variants: [] };
    case 'Quantifier':
      return quantifier(node);
    case 'Group':
    case 'CapturingGroup':
      return disjunction(node.alternatives);
    case 'Backreference':
      return { base: '', variants: [] };
    default:
      return characters(node);
  }
}

function quantifier(node: AST.Quantifier): Bounds {
  const { min, max } = node;
  if (isDigits(node.element)) {
    const run = digitRun(min, max);
    return min === 0 ? { base: '', variants: [run.base, ...run.variants] } : run;
  }
  const inner = element(node.element);
  const times = (n: number) => inner.base.repeat(n);
  const most = Number.isFinite(max) ? max : UNBOUNDED;
  const variants = [times(most), times(most + 1)];
  if (min > 0) variants.push(times(min - 1));
  // Each of the inner part's edges once, in a run of the fewest repetitions that holds one.
  for (const v of inner.variants) variants.push(v + times(Math.max(min - 1, 0)));
  return { base: times(min), variants };
}

/** A single character: its class's first character, the ends of each range as variants. */
function characters(node: AST.Node): Bounds {
  switch (node.type) {
    case 'Character':
      return { base: String.fromCodePoint(node.value), variants: [] };
    case 'CharacterClassRange':
      return {
        base: String.fromCodePoint(node.min.value),
        variants: [String.fromCodePoint(node.min.value), String.fromCodePoint(node.max.value)],
      };
    case 'CharacterSet':
      if (node.kind === 'digit' && !node.negate) return { base: '1', variants: ['0', '9'] };
      if (node.kind === 'space' && !node.negate) return { base: ' ', variants: ['\t'] };
      return { base: 'a', variants: ['Z'] };
    case 'CharacterClass': {
      if (node.negate || node.elements.length === 0) return { base: 'a', variants: ['9', ' '] };
      const all = node.elements.map(characters);
      return { base: all[0]!.base, variants: all.flatMap((b) => [b.base, ...b.variants]) };
    }
    case 'ClassStringDisjunction':
      return disjunctionOfStrings(node.alternatives);
    default:
      return { base: 'a', variants: [] };
  }
}

function disjunctionOfStrings(alternatives: AST.StringAlternative[]): Bounds {
  const all = alternatives.map(sequence);
  return { base: all[0]?.base ?? '', variants: all.map((b) => b.base) };
}
