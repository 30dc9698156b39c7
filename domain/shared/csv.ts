/**
 * One CSV cell, for every export the product makes (the statement and history in the web app, the admin
 * exports, `ledger:export`): RFC 4180, and defended against spreadsheet formula injection.
 *
 * - A plain signed decimal number (`-3.00`, `12`) is data and stays bare, so a spreadsheet sums it; an
 *   empty cell stays empty.
 * - Every other cell is text and is always quoted (quotes doubled), whatever it holds, so a separator or
 *   line break inside it never splits it for a reader that honours quotes.
 * - A text cell that starts with a formula lead (= + - @, or a tab or carriage return that some
 *   spreadsheets skip before one) gets a leading `'`, and so does every formula lead that follows a
 *   separator inside it (`,` `;` tab `|`, and spaces between): spreadsheets set to another language split
 *   on `;` and some imports ignore quotes, and then `x;=1+1` would give a cell `=1+1` (OWASP "CSV
 *   Injection"). The text keeps every character it had; only the `'` marks are added.
 */
const FORMULA_LEAD = /^[=+\-@\t\r]/;
const LEAD_AFTER_SEPARATOR = /([,;\t|][ ]*)(?=[=+\-@])/g;
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

export function csvCell(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  if (text === '' || PLAIN_NUMBER.test(text)) return text;
  let safe = text.replace(LEAD_AFTER_SEPARATOR, "$1'");
  if (FORMULA_LEAD.test(safe)) safe = `'${safe}`;
  return `"${safe.replaceAll('"', '""')}"`;
}

/** Records of cells, each ending with CRLF (RFC 4180). */
export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}
