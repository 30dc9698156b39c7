/*
 * Host names for the Host allow-list (README "Configuration": PUBLIC_URL, ALLOWED_HOSTS). The parsing is
 * the WHATWG URL parser's, the one browsers use to decide which host they connect to: it lowercases,
 * turns Unicode names into punycode, writes IPv4 in dotted-decimal (`2130706433` is 127.0.0.1) and IPv6 in
 * its shortest form (`[0:0::1]` is ::1). Only what it cannot express is handled here: the characters a
 * Host value may hold at all, the brackets around an IPv6 literal, and a trailing dot.
 */

/**
 * RFC 3986 `host [ ":" port ]`: unreserved, sub-delims, percent-encoding, the brackets of an IP literal;
 * and non-ASCII letters, which the parser turns into punycode (for names written in ALLOWED_HOSTS).
 */
const AUTHORITY_CHARS = /^[A-Za-z0-9\-._~!$&'()*+;=%:[\]\u0080-\uffff]+$/;

export interface Authority {
  /** Canonical host name: lower case, punycode, no trailing dot, an IPv6 address without brackets. */
  hostname: string;
  /** The port as written, '' when none. */
  port: string;
}

/**
 * A Host (or X-Forwarded-Host) value, e.g. `Example.COM.:8080` or `[::1]:3000`; null when it is not one
 * (a path, credentials, a comma joining two values, an IPv6 address without brackets, a port over 65535).
 */
export function parseAuthority(value: string): Authority | null {
  const text = value.trim();
  if (text === '' || !AUTHORITY_CHARS.test(text)) return null;
  let url: URL;
  try {
    url = new URL(`http://${text}`);
  } catch {
    return null;
  }
  let hostname = url.hostname;
  if (hostname.startsWith('[')) hostname = hostname.slice(1, -1);
  // `example.com.` is the same name written fully qualified; a browser sends it as typed.
  else if (hostname.endsWith('.')) hostname = hostname.slice(0, -1);
  if (hostname === '') return null;
  return { hostname, port: url.port };
}

/**
 * One entry of ALLOWED_HOSTS: a host name or address without a port (`wallet.example`, `10.0.0.5`, `::1`
 * or `[::1]`), in canonical form. Throws a message for the configuration error.
 */
export function parseAllowedHost(entry: string): string {
  const text = entry.trim();
  // A bare IPv6 address is what people write in a list of hosts; the parser wants brackets.
  const bracketed = /:.*:/.test(text) && !text.startsWith('[') ? `[${text}]` : text;
  const parsed = parseAuthority(bracketed);
  if (!parsed) throw new Error(`"${entry}" is not a host name`);
  // The parser drops a scheme's default port (`:80`): look at the text as well.
  if (parsed.port !== '' || bracketed.replace(/^\[.*\]/, '').includes(':'))
    throw new Error(`"${entry}" names a port: list host names only (every port is allowed)`);
  return parsed.hostname;
}
