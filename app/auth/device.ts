import { isIPv4, isIPv6 } from 'node:net';
import Bowser from 'bowser';

/** The browser and operating system a session was opened from, as its sign-in's User-Agent names them. */
export interface Device {
  browser: string | null;
  os: string | null;
}

/** A User-Agent longer than this is not parsed (a real one is a few hundred characters). */
const MAX_USER_AGENT = 512;

/**
 * Reads the browser and OS from a User-Agent with bowser (MIT, kept up to date with new browsers: a
 * hand-written matcher would rot). Only the names are kept: "Chrome", "macOS", never the full string or
 * versions, which would fingerprint the person more than the security centre needs.
 */
export function deviceOf(userAgent: string | undefined): Device {
  if (!userAgent || userAgent.length > MAX_USER_AGENT) return { browser: null, os: null };
  try {
    const parser = Bowser.getParser(userAgent);
    return { browser: parser.getBrowserName() || null, os: parser.getOSName() || null };
  } catch {
    return { browser: null, os: null };
  }
}

/** "Chrome on macOS", as the security centre and the sign-in notice name a device. */
export function deviceLabel(device: Device): string {
  return `${device.browser ?? 'an unknown browser'} on ${device.os ?? 'an unknown system'}`;
}

/**
 * The network an address belongs to, as far as telling places apart needs: an IPv4 address's /24
 * ("203.0.113"), an IPv6 address's /48 (its first three groups, "2001:db8:1"), an IPv4-mapped IPv6
 * address as its IPv4. A home or office keeps its prefix while its last digits change (a router's
 * lease, a phone's privacy address); another network has another prefix. Null for no address, or one
 * that is not an IP address.
 */
export function networkPrefix(address: string | null): string | null {
  if (!address) return null;
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare)?.[1];
  const v4 = mapped ?? bare;
  if (isIPv4(v4)) return v4.split('.').slice(0, 3).join('.');
  if (!isIPv6(bare)) return null;
  const [head = '', tail = ''] = bare.toLowerCase().split('::');
  const front = head ? head.split(':') : [];
  const back = bare.includes('::') ? (tail ? tail.split(':') : []) : [];
  const groups = [...front, ...Array(Math.max(0, 8 - front.length - back.length)).fill('0'), ...back];
  return groups
    .slice(0, 3)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':');
}

/**
 * Whether a sign-in comes from a device and place the account knows (docs/security.md, "Sign-in
 * notifications"): the same browser and operating system (names, from the User-Agent) on the same network
 * (`networkPrefix`). What cannot be told (no browser name, no address) is never "known".
 */
export function sameDeviceAndPlace(
  a: Device & { address: string | null },
  b: Device & { address: string | null },
): boolean {
  const prefix = networkPrefix(a.address);
  return (
    a.browser !== null &&
    a.os !== null &&
    prefix !== null &&
    a.browser === b.browser &&
    a.os === b.os &&
    prefix === networkPrefix(b.address)
  );
}
