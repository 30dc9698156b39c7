/**
 * What the projections write where an erased person's text was (docs/architecture/personal-data.md): the
 * placeholders a rebuild from the log gives once the person's data key is destroyed (the sealed fields
 * open to '' for text, null for a card's address), so the live rows and the rebuilt ones are the same.
 * A column that was null (nothing was ever written there) stays null, as a rebuild leaves it.
 */
export function blanked(...columns: string[]): string {
  return columns.map((column) => `${column} = CASE WHEN ${column} IS NULL THEN NULL ELSE '' END`).join(', ');
}
