/** What the test clients share with a browser: the cookies kept between requests, and reading a reply. */

/** The Cookie header for the cookies kept (none when there are none). */
export function cookieHeader(cookies: ReadonlyMap<string, string>): string | undefined {
  return cookies.size > 0 ? [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') : undefined;
}

/** Keeps what a response sets and forgets what it clears, as a browser would; `ignored` are never kept. */
export function keepCookies(
  cookies: Map<string, string>,
  headers: Headers,
  ignored: ReadonlySet<string> = new Set(),
): void {
  for (const line of headers.getSetCookie()) {
    const [pair] = line.split(';');
    const index = pair!.indexOf('=');
    const name = pair!.slice(0, index);
    if (ignored.has(name)) continue;
    const value = pair!.slice(index + 1);
    if (value === '' || /max-age=0/i.test(line)) cookies.delete(name);
    else cookies.set(name, value);
  }
}

/** A reply's body: its JSON when it is JSON, the text itself when not, null when empty. */
export function parseBody(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}
