import type { Hono } from 'hono';
import type { z } from 'zod';
import type { AppEnv } from '../../api/http/env.ts';
import { OPENAPI, type OpenApiTag } from '../../api/http/validate.ts';
import { EDGE_INTEGERS, regexBoundaries } from './regexBounds.ts';

/**
 * Boundary inputs derived from the zod schemas the routes validate with (issue 29): for every field, the
 * values at and just past the edges of what its schema accepts (lengths, digit counts, numeric ranges,
 * enum values), plus where SQL's integer types end. The random fuzz (fuzz.int.test.ts) rarely lands on
 * "the one value past a smallint" that a 5-digit cursor part allowed; these lists always hold it.
 *
 * Values are raw JSON text, so a body can carry 1e309 or a 30-digit integer literal; a query string or
 * a path segment takes a string's content, or the raw text of anything else.
 */
export type Raw = string;

const raw = (value: unknown): Raw => JSON.stringify(value);

/** The edge integers with both signs, as decimal text. */
const EDGE_TEXT = EDGE_INTEGERS.flatMap((n) => [n.toString(), (-n).toString()]).filter((s) => s !== '-0');

/** Each SQL integer type's last value and the first past it, both ways: for text that may end in one. */
const PAST_TYPES = [
  '32767',
  '32768',
  '-32769',
  '2147483647',
  '2147483648',
  '-2147483649',
  '9223372036854775807',
  '9223372036854775808',
  '-9223372036854775809',
  '18446744073709551616',
];

/** Numbers at the edges of JSON and of a double: negative zero, fractions, past a double's range and precision. */
const WILD_NUMBERS: Raw[] = [
  '-0',
  '0.5',
  '-1',
  '1e308',
  '1e309',
  '-1e309',
  '1e-400',
  '123456789012345678901234567890',
  '-123456789012345678901234567890',
];

/** Any text field gets these too: empty, blank, number-looking, and a long run of digits. */
const ANY_TEXT: Raw[] = [
  '',
  ' ',
  '-1',
  '1.5',
  '1e309',
  'NaN',
  'Infinity',
  '0x7fffffff',
  '9'.repeat(400),
  ...PAST_TYPES,
].map(raw);

const unique = (values: Raw[]) => [...new Set(values)];

type Def = z.core.$ZodTypeDef & Record<string, unknown>;
type Check = { _zod: { def: Record<string, unknown> } };

const defOf = (schema: z.core.$ZodType) => schema._zod.def as Def;
const checksOf = (def: Def) => ((def.checks as Check[] | undefined) ?? []).map((c) => c._zod.def);

/** Every boundary value of one schema (a field's, or a whole body's), as raw JSON. */
export function schemaBoundaries(schema: z.core.$ZodType): Raw[] {
  return unique(walk(schema, 0));
}

function walk(schema: z.core.$ZodType, depth: number): Raw[] {
  if (depth > 8) return [];
  const def = defOf(schema);
  const inner = (key: string) => walk(def[key] as z.core.$ZodType, depth + 1);
  switch (def.type) {
    case 'string':
      return stringBoundaries(def);
    case 'number':
    case 'int':
      return def.coerce ? numberBoundaries(def).flatMap((r) => [r, raw(r)]) : numberBoundaries(def);
    case 'bigint':
      return [...numberBoundaries(def), ...EDGE_TEXT];
    case 'boolean':
      return ['true', 'false', '0', '1', raw('true'), 'null'];
    case 'enum':
      return enumBoundaries(Object.values(def.entries as Record<string, string | number>));
    case 'literal':
      return enumBoundaries(def.values as (string | number)[]);
    case 'optional':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return inner('innerType');
    case 'nullable':
      return ['null', ...inner('innerType')];
    case 'pipe':
      return [...inner('in'), ...inner('out')];
    case 'lazy':
      return walk((def.getter as () => z.core.$ZodType)(), depth + 1);
    case 'union':
      return (def.options as z.core.$ZodType[]).flatMap((o) => walk(o, depth + 1));
    case 'array':
      return [
        '[]',
        ...inner('element')
          .slice(0, 10)
          .map((r) => `[${r}]`),
      ];
    case 'object':
      return ['{}', '[]', 'null'];
    default:
      // Transforms, dates, custom checks: only what any field must survive.
      return [...ANY_TEXT, ...WILD_NUMBERS];
  }
}

function stringBoundaries(def: Def): Raw[] {
  const checks = checksOf(def);
  const patterns: RegExp[] = [];
  if (def.pattern instanceof RegExp) patterns.push(def.pattern);
  let min = 0;
  let max: number | undefined;
  for (const check of checks) {
    if (check.pattern instanceof RegExp) patterns.push(check.pattern);
    if (check.check === 'min_length') min = Math.max(min, check.minimum as number);
    if (check.check === 'max_length') max = Math.min(max ?? Infinity, check.maximum as number);
    if (check.check === 'length_equals') min = max = check.length as number;
  }
  const fromPatterns = patterns.flatMap((p) => regexBoundaries(p));
  // A pattern's edge values at the schema's length limits: its last character repeated up to them.
  const lengths = [min - 1, min, ...(max === undefined ? [5000] : [max, max + 1])].filter((n) => n >= 0);
  const filled = lengths.flatMap((n) => {
    const seeds = new Set(['a', '9', fromPatterns[0] ?? '']);
    return [...seeds].filter(Boolean).map((seed) => seed.padEnd(n, seed.at(-1)).slice(0, n));
  });
  return [...fromPatterns, ...filled].map(raw).concat(ANY_TEXT, ['1e309', '123456789012345678901234567890']);
}

function numberBoundaries(def: Def): Raw[] {
  const values: Raw[] = [...PAST_TYPES, ...WILD_NUMBERS];
  for (const check of checksOf(def)) {
    const value = check.value;
    if (typeof value !== 'number' && typeof value !== 'bigint') continue;
    const n = Number(value);
    if (check.check === 'greater_than' || check.check === 'less_than')
      values.push(String(n - 1), String(n), String(n + 1), String(n + 0.5));
  }
  return values;
}

function enumBoundaries(values: readonly (string | number | bigint | boolean | null | undefined)[]): Raw[] {
  const out: Raw[] = [raw(''), 'null'];
  for (const value of values) {
    if (value === undefined) continue;
    out.push(typeof value === 'bigint' ? value.toString() : raw(value));
    if (typeof value === 'string') out.push(raw(value.toUpperCase()), raw(`${value} `), raw(`${value}x`));
  }
  return out;
}

/** The fields of an object schema, or of every object in a union of them (a discriminated body). */
export function fieldSchemas(schema: z.core.$ZodType): Map<string, z.core.$ZodType[]> {
  const fields = new Map<string, z.core.$ZodType[]>();
  const visit = (s: z.core.$ZodType, depth: number) => {
    const def = defOf(s);
    if (depth > 6) return;
    if (def.type === 'object') {
      for (const [key, field] of Object.entries(def.shape as Record<string, z.core.$ZodType>))
        fields.set(key, [...(fields.get(key) ?? []), field]);
    } else if (def.type === 'union') {
      for (const option of def.options as z.core.$ZodType[]) visit(option, depth + 1);
    } else if (def.type === 'pipe') {
      visit(def.in as z.core.$ZodType, depth + 1);
    } else if ('innerType' in def) {
      visit(def.innerType as z.core.$ZodType, depth + 1);
    }
  };
  visit(schema, 0);
  return fields;
}

/** Each field's boundary values. */
export function fieldBoundaries(schema: z.core.$ZodType): Map<string, Raw[]> {
  return new Map(
    [...fieldSchemas(schema)].map(([key, schemas]) => [key, unique(schemas.flatMap(schemaBoundaries))]),
  );
}

/** What a query parameter or a path segment carries for a raw value: a string's content, else the text. */
export function asText(value: Raw): string {
  return value.startsWith('"') ? (JSON.parse(value) as string) : value;
}

/** Strings for a path segment that no schema describes (the handler checks it itself). */
export const ANY_SEGMENT: string[] = [...ANY_TEXT.map(asText).filter((s) => s !== ''), 'a'.repeat(300)];

export interface RouteSchemas {
  method: string;
  /** The Hono path, as app.routes lists it (`:id` for a parameter). */
  path: string;
  query?: z.core.$ZodType;
  param?: z.core.$ZodType;
  json?: z.core.$ZodType;
  /** The path's parameter names. */
  params: string[];
}

/** Every API route with the schemas its validators carry (tagged by api/http/validate.ts). */
export function routeSchemas(app: Hono<AppEnv>): RouteSchemas[] {
  const routes = new Map<string, RouteSchemas>();
  for (const route of app.routes) {
    if (!route.path.startsWith('/api/') || route.path.includes('*') || route.method === 'ALL') continue;
    const key = `${route.method} ${route.path}`;
    const entry = routes.get(key) ?? {
      method: route.method,
      path: route.path,
      params: (route.path.match(/:(\w+)/g) ?? []).map((p) => p.slice(1)),
    };
    const tag = (route.handler as unknown as Record<symbol, OpenApiTag | undefined>)[OPENAPI];
    if (tag?.target === 'query' || tag?.target === 'param' || tag?.target === 'json')
      entry[tag.target] = tag.schema;
    routes.set(key, entry);
  }
  return [...routes.values()];
}
