import type { Context } from 'hono';
import { isLosslessNumber, LosslessNumber, parse } from 'lossless-json';
import { HttpProblem } from './problem.ts';

/**
 * Request bodies are parsed so that a JSON number keeps the text the client wrote.
 *
 * JSON.parse turns `1.999999999999999999` into the double 2 and `9007199254740993` into 9007199254740992
 * before any schema sees them, so an amount check on the parsed value could only approve the rounded
 * number. Node 20's JSON.parse cannot show a reviver the source text, so the exact parse is lossless-json's
 * (a maintained parser that hands every number's literal to a callback) rather than a hand-written one.
 *
 * What comes out is what JSON.parse gives, except that a number whose literal is not the shortest text of
 * its double (`String(n)`) stays a `LosslessNumber` holding the literal: `1.999999999999999999`, `1e3`,
 * `2.50`, `-0`, `1e400`. A plain `number` in the result therefore always prints back as its literal, and
 * an amount schema reads either kind through `numberLiteral` (api/http/money.ts). Schemas that do not
 * take numbers refuse a `LosslessNumber` like any other wrong type.
 *
 * Stricter than JSON.parse in one way: a key given twice with different values is refused (JSON.parse
 * keeps the last one silently, so `{"amount":1,"amount":1000}` meant whatever the last copy said).
 *
 * Fast path: most bodies are what JSON.stringify wrote (the web client, the spec's client). When
 * re-serialising the native parse gives the very same text, every number literal in it is already its
 * shortest form and no key repeats, so the native result is exact; otherwise lossless-json parses it.
 */
export function parseJsonBody(text: string): unknown {
  const value: unknown = JSON.parse(text);
  if (JSON.stringify(value) === text) return value;
  return parse(text, undefined, literalNumber);
}

function literalNumber(text: string): number | LosslessNumber {
  const value = Number(text);
  return String(value) === text ? value : new LosslessNumber(text);
}

/** The literal text of a number from `parseJsonBody`; null for anything that is not a number. */
export function numberLiteral(value: unknown): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (isLosslessNumber(value)) return (value as LosslessNumber).value;
  return null;
}

const bodies = new WeakMap<Request, Promise<unknown>>();

/**
 * The request's JSON body through `parseJsonBody`, parsed once per request (the validator and the
 * idempotency check both read it). Malformed JSON is a 400.
 */
export function jsonBody(c: Context): Promise<unknown> {
  let body = bodies.get(c.req.raw);
  if (!body) {
    // As Hono's own validator: a body that cannot be read or parsed is a 400, whatever the cause.
    body = c.req
      .text()
      .then(parseJsonBody)
      .catch((error: unknown) => {
        const duplicate = error instanceof SyntaxError && error.message.startsWith('Duplicate key');
        throw new HttpProblem(
          400,
          duplicate
            ? 'Malformed JSON in request body: a key appears twice'
            : 'Malformed JSON in request body',
        );
      });
    bodies.set(c.req.raw, body);
  }
  return body;
}

/**
 * Canonical JSON of a parsed body (keys sorted, no whitespace), with each number written as its literal:
 * the same text as canonicalJson (infra/eventStore/hashChain.ts) for any body JSON.parse reads exactly,
 * so request hashes stored before this parser still match their retries.
 */
export function canonicalBody(value: unknown): string {
  const literal = numberLiteral(value);
  if (literal !== null) return literal;
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalBody).join(',')}]`;
  const record = value as Record<string, unknown>;
  let text = '{';
  for (const key of Object.keys(record).sort()) {
    if (record[key] === undefined) continue;
    if (text.length > 1) text += ',';
    text += `${JSON.stringify(key)}:${canonicalBody(record[key])}`;
  }
  return `${text}}`;
}
