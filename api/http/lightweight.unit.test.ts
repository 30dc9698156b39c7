import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { setResponseCookie, setResponseHeader } from './lightweight.ts';

describe('setResponseHeader after the handler', () => {
  const app = new Hono();
  app.use(async (c, next) => {
    await next();
    setResponseHeader(c, 'X-After', 'yes');
    setResponseCookie(c, 'one', '1', { path: '/' });
    setResponseCookie(c, 'two', '2', { path: '/' });
  });
  app.get('/json', (c) => c.json({ ok: true }));
  // A response whose headers are immutable (as fetch's and Response.redirect's are): set in place, it would
  // throw; the helper takes Hono's way, which copies the response.
  app.get('/redirect', () => Response.redirect('http://localhost/elsewhere', 302));

  it('sets headers and appends cookies on the response the handler made', async () => {
    const res = await app.request('http://localhost/json');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(res.headers.get('x-after')).toBe('yes');
    expect(res.headers.getSetCookie()).toEqual(['one=1; Path=/', 'two=2; Path=/']);
  });

  it('still sets them on a response whose headers are immutable', async () => {
    expect(() => Response.redirect('http://localhost/', 302).headers.set('x', 'y')).toThrow(TypeError);
    const res = await app.request('http://localhost/redirect');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('http://localhost/elsewhere');
    expect(res.headers.get('x-after')).toBe('yes');
    expect(res.headers.getSetCookie()).toEqual(['one=1; Path=/', 'two=2; Path=/']);
  });
});
