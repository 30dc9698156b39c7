import {
  legsOf,
  POSTING_RULES,
  type PostingRule,
  type PostingRules,
  type Text,
  templateParts,
} from '../../domain/ledger/postingRules.ts';
import { field } from '../bulkSql.ts';

/**
 * The posting rules (domain/ledger/postingRules.ts) compiled into SQL over a row `l` of the log (its
 * `event_type` and `data`): per leg, one expression per column of a posting, each a CASE on the event type,
 * and the condition of the rows that book it: the types with that leg and, where the leg has `onlyWith`,
 * only when the event carries that field. `postingsSelect` joins the legs' SELECTs with UNION ALL. ledger.bulk.ts computes the journal with them, so
 * a rebuild in SQL books what postingsOf books by construction, and bulk.int.test.ts tests this compiler.
 *
 * A template is its pieces joined with `||`: literal text quoted, a field as `data->>'name'` (a field
 * holding text renders the same in SQL as in a JavaScript template). Types whose expression for a column
 * is the same share one branch, and the branch of the most types is the ELSE: the WHERE has already kept
 * only the types with a rule, so each row takes as few comparisons as the hand-written SQL took.
 */
export interface PostingsSql {
  /**
   * Per leg, leg 0 first: the SELECT list over a log row `l` (leg as a smallint, transaction_id, kind, asset,
   * amount (numeric), from_account, to_account, description, status) and the condition a row must meet to
   * book that leg (its types, and the leg's `onlyWith` field present).
   */
  legs: { columns: string; where: string }[];
  /** The event types with a rule, as a list for `l.event_type IN (...)`. */
  types: string;
}

export function compilePostings(rules: Readonly<Record<string, PostingRules>> = POSTING_RULES): PostingsSql {
  const all = Object.entries(rules).map(([type, rule]) => [type, legsOf(rule)] as const);
  if (all.length === 0) throw new Error('No posting rules to compile');
  const count = Math.max(...all.map(([, rule]) => rule.length));
  const legs: PostingsSql['legs'] = [];
  for (let leg = 0; leg < count; leg++) {
    const entries = all.flatMap(([type, rule]): [string, PostingRule][] => {
      const own = rule[leg];
      return own ? [[type, own]] : [];
    });
    const column = (name: string, pick: (rule: PostingRule) => string) =>
      `${byType(entries, pick)} AS ${name}`;
    const columns = [
      `${leg}::smallint AS leg`,
      column('transaction_id', (rule) => textSql(rule.transactionId)),
      column('kind', (rule) => textSql(rule.kind)),
      column('asset', (rule) => textSql(rule.asset)),
      column('amount', (rule) => `${fieldSql(rule.amount)}::numeric`),
      column('from_account', (rule) => textSql(rule.from)),
      column('to_account', (rule) => textSql(rule.to)),
      column('description', (rule) => textSql(rule.description)),
      column('status', (rule) => literal(rule.status)),
    ].join(',\n       ');
    legs.push({ columns, where: legCondition(entries) });
  }
  return { legs, types: all.map(([type]) => literal(type)).join(', ') };
}

/**
 * The postings of the log rows in `from` (aliased `l`), `also` selected before each: one SELECT per leg,
 * joined by UNION ALL. Each leg scans the rows on its own: a LATERAL of the legs' UNION per row cost the
 * whole scan half again as much on 600,000 rows, a scan per later leg (kept by its condition) costs noise.
 */
export function postingsSelect(sql: PostingsSql, from: string, also = ''): string {
  return sql.legs
    .map((leg) => `SELECT ${also ? `${also}, ` : ''}${leg.columns}\n  FROM ${from} l\n WHERE ${leg.where}`)
    .join('\nUNION ALL\n');
}

/** The WHERE of a leg: its types, each with its `onlyWith` field present where it has one. */
function legCondition(entries: [string, PostingRule][]): string {
  const groups = new Map<string, string[]>();
  for (const [type, rule] of entries) {
    const condition = rule.onlyWith === undefined ? '' : ` AND ${fieldSql(rule.onlyWith)} IS NOT NULL`;
    groups.set(condition, [...(groups.get(condition) ?? []), type]);
  }
  const cases = [...groups].map(([condition, types]) => `(l.event_type ${isOneOf(types)}${condition})`);
  return cases.length === 1 ? cases[0]!.slice(1, -1) : cases.join(' OR ');
}

export const POSTINGS_SQL: PostingsSql = compilePostings();

/** One expression per distinct SQL, the types sharing it tested together; the largest group is the ELSE. */
function byType(entries: [string, PostingRule][], pick: (rule: PostingRule) => string): string {
  const groups = new Map<string, string[]>();
  for (const [type, rule] of entries) {
    const sql = pick(rule);
    groups.set(sql, [...(groups.get(sql) ?? []), type]);
  }
  const branches = [...groups.entries()];
  const otherwise = branches.reduce((most, branch) => (branch[1].length > most[1].length ? branch : most));
  if (branches.length === 1) return otherwise[0];
  const whens = branches
    .filter((branch) => branch !== otherwise)
    .map(([sql, types]) => `WHEN l.event_type ${isOneOf(types)} THEN ${sql}`);
  return `CASE ${whens.join(' ')} ELSE ${otherwise[0]} END`;
}

function isOneOf(types: string[]): string {
  return types.length === 1 ? `= ${literal(types[0]!)}` : `IN (${types.map(literal).join(', ')})`;
}

export function textSql(text: Text): string {
  if (typeof text !== 'string')
    return `CASE WHEN ${fieldSql(text.when.field)} = ${literal(text.when.equals)} THEN ${textSql(text.use)} ELSE ${textSql(text.otherwise)} END`;
  return templateParts(text)
    .map((part) => ('field' in part ? fieldSql(part.field) : literal(part.text)))
    .join(' || ');
}

function fieldSql(name: string): string {
  if (!/^\w+$/.test(name)) throw new Error(`Posting rule field ${name} is not a plain name`);
  return field(name);
}

function literal(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}
