/**
 * CSV text per RFC 4180: fields with a comma, quote or line break are quoted, quotes are doubled, and
 * records end with CRLF.
 *
 * Spreadsheet formula injection: a text cell that starts with = + - @ (or a tab or carriage return,
 * which some spreadsheets skip before reading a formula) is prefixed with a single quote so it stays
 * text. A cell that is exactly a signed decimal number is left alone on purpose: it cannot carry a
 * formula, and quoting it would turn every debit amount into text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}

/** Saves text as a file through a temporary object URL (no server round trip, nothing kept). */
export function downloadTextFile(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: the click has started the download by then.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}
