/**
 * The avatar's initials (docs/product-rules.md spec 2): first and last initial, else the first two letters of the
 * username, else "U". Counted in code points, so a name starting with an emoji or an astral letter is
 * never cut in half.
 */
export function initials(user: { firstName: string; lastName: string; username: string }): string {
  const first = Array.from(user.firstName.trim())[0];
  const last = Array.from(user.lastName.trim())[0];
  if (first && last) return `${first}${last}`.toUpperCase();
  const fromUsername = Array.from(user.username.trim()).slice(0, 2).join('');
  return fromUsername ? fromUsername.toUpperCase() : 'U';
}
