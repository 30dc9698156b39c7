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
