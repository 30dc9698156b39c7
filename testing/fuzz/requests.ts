import fc from 'fast-check';
import { anyString } from './inputs.ts';

/**
 * Whole-request hostility for the fuzz test (fuzz.int.test.ts), beside the per-field pools of inputs.ts:
 * bodies that are not JSON or not an object, keys no form has, content types, and the headers of a
 * cross-site request.
 */

/** Bodies that are not JSON (with a JSON content type). Truncations of a valid body are added by the test. */
export const MALFORMED_JSON = [
  "{'a':1}",
  '{a:1}',
  '{"a":1,}',
  '[1,]',
  'NaN',
  'undefined',
  '{"a":NaN}',
  '{"a":Infinity}',
  '{"a":01}',
  '{"a":.5}',
  '{"a":"\t"}',
  '{"a":"\\x41"}',
  '{"a":"\\u12"}',
  '/* comment */{}',
  '{}//',
  '{"a":1}}',
  '{{}}',
  '\u0000{}',
  '<?xml version="1.0"?><a/>',
  'a=1&b=2',
  'true false',
  '{"a" 1}',
  '\ud800',
];

/** Appended to a valid body, each makes it invalid JSON (whitespace would not). */
export const JSON_TAILS = ['x', ']', '}', ',', '#', '\u0000'];

/** JSON that parses but is not an object. */
export const nonObjectJson: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('[]', 'null', 'true', 'false', '0', '1e309', '"{}"', '[{}]', '[[]]'),
  fc
    .jsonValue({ maxDepth: 2 })
    .filter((v) => typeof v !== 'object' || v === null || Array.isArray(v))
    .map((value) => JSON.stringify(value)),
);

/** Keys no form has: prototype names, injection, Unicode, empty. */
export const strangeKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'isAdmin',
    'role',
    'id',
    '',
    ' ',
    '$where',
    'amount ',
  ),
  anyString.filter((s) => s.length < 60),
);

/** Content types a JSON API must refuse (415). */
export const NON_JSON_TYPES = [
  'text/plain',
  'text/plain;charset=UTF-8',
  'text/html',
  'text/json',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  'application/javascript',
  'application/json5',
  'application/jsonx',
  'application/+json',
  'json',
  '*/*',
  'application/',
  '',
];

/** Media types that are JSON (so the body is parsed), in the spellings clients send. */
export const JSON_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json;charset=UTF-8',
  'Application/JSON',
  'application/vnd.api+json',
];

/** Headers of a request a browser sends from another site (CSRF): always 403. */
export const CROSS_SITE: Record<string, string>[] = [
  { Origin: 'https://evil.example' },
  { Origin: 'null' },
  { Origin: 'http://localhost.evil.example' },
  // Our own host on another port is another origin (PUBLIC_URL is http://localhost:3000 here).
  { Origin: 'http://localhost:8080' },
  { 'Sec-Fetch-Site': 'cross-site' },
  { 'Sec-Fetch-Site': 'same-site' },
  { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'same-origin' },
];

/** Headers of a same-site browser request, or of a non-browser client: never a reason to refuse. */
export const SAME_SITE: Record<string, string>[] = [
  {},
  { Origin: 'http://localhost' },
  { 'Sec-Fetch-Site': 'same-origin' },
  { Origin: 'http://localhost', 'Sec-Fetch-Site': 'same-origin' },
  { 'Sec-Fetch-Site': 'none' },
];
