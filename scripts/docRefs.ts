import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

/**
 * Finds references to documentation that do not resolve inside the repository: a path to a Markdown
 * file that does not exist, an `#anchor` that is no heading of its file, a quoted section name its file
 * does not contain, "docs/product-rules.md rule N" / "spec N" and "docs/ledger.md invariant N" with no
 * such rule, spec section or invariant, and citations of the product documents that were never part of
 * the repository (their content now lives in docs/). Hand-written: no linter we use checks references
 * written in code comments.
 */

export type Problem = { file: string; line: number; problem: string };

/** A reader of repository files by their path from the root; undefined when there is none. */
export type ReadDoc = (path: string) => string | undefined;

const SCANNED = /\.(ts|tsx|mjs|js|md|yml|yaml|json|sql|css)$|(^|\/)Dockerfile$/;
const SKIPPED = /(^|\/)(package-lock\.json|routeTree\.gen\.ts)$/;

/** Names of documents that live outside the repository: citing them leaves a clone with a dangling reference. */
const OUTSIDE: Array<[RegExp, string]> = [
  [/\.\.\/shared\/[\w.-]*\.md/, 'cites ../shared (outside the repository)'],
  [/\bDECISIONS\b/, 'cites DECISIONS (now docs/product-rules.md rule N)'],
  [/\bLEDGER(\.md| invariant)/, 'cites LEDGER.md (now docs/ledger.md)'],
  [/\bproduct-spec\b/, 'cites product-spec (now docs/product-rules.md spec N)'],
  [/\b(VERIFIABLE|STYLE)\.md\b/, 'cites a document outside the repository'],
  [
    /(?<!product-rules\.md |^#{1,6} )\bspec(?:s| section| §|§)? ?\d/i,
    'cites "spec N" without docs/product-rules.md',
  ],
];

const PATH = /(?<![\w./-])((?:\.{1,2}\/)*(?:[\w-]+\/)*[\w-]+\.md)(#[\w-]+)?(?:\)?,? "([^"\n]+)")?/g;
const NUMBERED =
  /\bdocs\/(product-rules|ledger)\.md,? (rules?|specs?|invariants?) (\d+(?:(?:, |,| and |-|–| to )\d+)*)/g;

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
export function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

function anchors(markdown: string): Set<string> {
  const found = new Set<string>();
  for (const m of markdown.matchAll(/^#{1,6} +(.+)$/gm)) found.add(slug(m[1] ?? ''));
  for (const m of markdown.matchAll(/<a (?:id|name)="([^"]+)"/g)) found.add(m[1] ?? '');
  return found;
}

function numbers(list: string): number[] {
  const out: number[] = [];
  for (const part of list.split(/, |,| and /)) {
    const [from = Number.NaN, to = from] = part.split(/-|–| to /).map(Number);
    for (let n = from; n <= to; n++) out.push(n);
  }
  return out;
}

/** The numbered items a citation of kind `kind` may name in `markdown`. */
function numbered(markdown: string, kind: string): Set<number> {
  const found = new Set<number>();
  if (kind.startsWith('spec')) {
    for (const m of markdown.matchAll(/^#{2,6} Spec (\d+)\b/gm)) found.add(Number(m[1]));
    return found;
  }
  const section = kind.startsWith('invariant')
    ? ((markdown.split(/^## Invariants$/m)[1] ?? '').split(/^## /m)[0] ?? '')
    : markdown;
  for (const m of section.matchAll(/^(\d+)\. /gm)) found.add(Number(m[1]));
  return found;
}

/** Where a path written in `file` points: beside the file, else from the repository's root. */
function resolve(file: string, path: string, read: ReadDoc): string | undefined {
  for (const candidate of [normalize(join(dirname(file), path)), normalize(path)]) {
    if (read(candidate) !== undefined) return candidate;
  }
  return undefined;
}

/** The problems of one file's text. */
export function checkText(file: string, text: string, read: ReadDoc): Problem[] {
  const problems: Problem[] = [];
  const lines = text.split('\n');
  lines.forEach((lineText, index) => {
    const at = (problem: string) => problems.push({ file, line: index + 1, problem });
    for (const [pattern, message] of OUTSIDE) if (pattern.test(lineText)) at(message);
    for (const m of lineText.matchAll(PATH)) {
      const [, path = '', anchor, quoted] = m;
      if (OUTSIDE.some(([pattern]) => pattern.test(path))) continue; // reported above
      const target = resolve(file, path, read);
      if (target === undefined) {
        at(`${path} does not exist`);
        continue;
      }
      const markdown = read(target) ?? '';
      if (anchor && !anchors(markdown).has(anchor.slice(1))) at(`${path}${anchor}: no such heading`);
      const normalise = (s: string) => s.replace(/\s+/g, ' ').toLowerCase();
      if (quoted && !normalise(markdown).includes(normalise(quoted))) at(`${path} has no "${quoted}"`);
    }
    // A citation may wrap onto the next line of a comment: read it with that line's text appended.
    const next = (lines[index + 1] ?? '').replace(/^\s*(?:\*|\/\/|#)?\s*/, '');
    for (const m of `${lineText} ${next}`.matchAll(NUMBERED)) {
      if ((m.index ?? 0) >= lineText.length) continue;
      const [whole, doc, kind = '', list = ''] = m;
      const have = numbered(read(`docs/${doc}.md`) ?? '', kind);
      const missing = numbers(list).filter((n) => !have.has(n));
      if (missing.length > 0) at(`"${whole}": no ${kind.replace(/s$/, '')} ${missing.join(', ')}`);
    }
  });
  return problems;
}

/** The repository's files a reference may sit in: tracked, plus new ones not ignored. */
export function repositoryFiles(root: string): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
  });
  return listed
    .toString()
    .split('\n')
    .filter((f) => SCANNED.test(f) && !SKIPPED.test(f) && existsSync(join(root, f)));
}

/** Every unresolved documentation reference in the repository at `root`, but for the files in `skip`. */
export function checkRepository(root: string, skip: string[] = []): Problem[] {
  const read: ReadDoc = (path) => {
    const full = join(root, path);
    return path.startsWith('..') || !existsSync(full) ? undefined : readFileSync(full, 'utf8');
  };
  return repositoryFiles(root)
    .filter((file) => !skip.includes(file))
    .flatMap((file) => checkText(file, readFileSync(join(root, file), 'utf8'), read));
}
