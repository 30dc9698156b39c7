import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { parseAllowedHost, parseAuthority } from './hostName.ts';

describe('parseAuthority (Host, X-Forwarded-Host)', () => {
  it('gives the canonical host name and the port', () => {
    expect(parseAuthority('localhost:3000')).toEqual({ hostname: 'localhost', port: '3000' });
    expect(parseAuthority('Wallet.Example.')).toEqual({ hostname: 'wallet.example', port: '' });
    expect(parseAuthority(' WALLET.example.:8443 ')).toEqual({ hostname: 'wallet.example', port: '8443' });
    expect(parseAuthority('[::1]:3000')).toEqual({ hostname: '::1', port: '3000' });
    expect(parseAuthority('[0:0:0:0:0:0:0:1]')).toEqual({ hostname: '::1', port: '' });
    expect(parseAuthority('[::FFFF:127.0.0.1]')).toEqual({ hostname: '::ffff:7f00:1', port: '' });
    // Other spellings of an IPv4 address are the address they name.
    expect(parseAuthority('2130706433')?.hostname).toBe('127.0.0.1');
    expect(parseAuthority('0x7f.1')?.hostname).toBe('127.0.0.1');
    expect(parseAuthority('%6Cocalhost')?.hostname).toBe('localhost');
    expect(parseAuthority('bücher.example')?.hostname).toBe('xn--bcher-kva.example');
  });

  it('refuses what is not a host', () => {
    for (const value of [
      '',
      ' ',
      '::1',
      '::1:3000',
      'localhost:99999',
      'localhost:3000:1',
      'localhost, evil.example',
      'user@localhost',
      'localhost/path',
      'localhost?x',
      'localhost#x',
      'local host',
      'back\\slash',
      '[::1',
      '.',
    ]) {
      expect(parseAuthority(value), JSON.stringify(value)).toBeNull();
    }
  });
});

describe('ALLOWED_HOSTS and PUBLIC_URL', () => {
  it('reads host names without ports, IPv6 with or without brackets', () => {
    expect(parseAllowedHost('Wallet.Example.')).toBe('wallet.example');
    expect(parseAllowedHost('::1')).toBe('::1');
    expect(parseAllowedHost('[::1]')).toBe('::1');
    expect(parseAllowedHost('10.0.0.5')).toBe('10.0.0.5');
    expect(() => parseAllowedHost('wallet.example:443')).toThrow(/port/);
    expect(() => parseAllowedHost('wallet.example:80')).toThrow(/port/);
    expect(() => parseAllowedHost('[::1]:3000')).toThrow(/port/);
    expect(() => parseAllowedHost('https://wallet.example')).toThrow(/not a host name/);
  });

  it('defaults to this machine and PUBLIC_URL, which defaults to localhost on PORT', () => {
    const defaults = loadConfig({ NODE_ENV: 'test', PORT: '4100' });
    expect(defaults.PUBLIC_URL).toBe('http://localhost:4100');
    expect(defaults.ALLOWED_HOSTS).toEqual(['localhost', '127.0.0.1', '::1']);
    const hosted = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'https://Wallet.Example/' });
    expect(hosted.PUBLIC_URL).toBe('https://wallet.example');
    expect(hosted.ALLOWED_HOSTS).toEqual(['localhost', '127.0.0.1', '::1', 'wallet.example']);
  });

  it('takes ALLOWED_HOSTS instead of the defaults, PUBLIC_URL always kept', () => {
    const listed = loadConfig({
      NODE_ENV: 'test',
      ALLOWED_HOSTS: 'a.example, [::1] ,,b.example',
      PUBLIC_URL: 'https://pay.example:8443',
    });
    expect(listed.ALLOWED_HOSTS).toEqual(['a.example', '::1', 'b.example', 'pay.example']);
  });

  it('refuses a PUBLIC_URL that is not an http(s) origin, and a listed port', () => {
    for (const PUBLIC_URL of [
      'wallet.example',
      'ftp://wallet.example',
      'https://wallet.example/app',
      'https://u:p@w.example',
    ]) {
      expect(() => loadConfig({ NODE_ENV: 'test', PUBLIC_URL }), PUBLIC_URL).toThrow(/PUBLIC_URL/);
    }
    expect(() => loadConfig({ NODE_ENV: 'test', ALLOWED_HOSTS: 'a.example:443' })).toThrow(
      /ALLOWED_HOSTS.*port/s,
    );
  });
});
