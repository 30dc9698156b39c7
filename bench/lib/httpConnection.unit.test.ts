import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpConnection, requestText } from './httpConnection.ts';

/** The generator's bare HTTP/1.1 connection reads every way an answer can end, and survives a close. */
describe('HttpConnection', () => {
  let server: http.Server;
  let port: number;
  const bodies: string[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (d) => {
        body += String(d);
      });
      req.on('end', () => {
        bodies.push(body);
        if (req.url === '/chunked') {
          // No length: node:http sends chunks, here split over several writes with a pause.
          res.writeHead(200, { 'content-type': 'text/plain' });
          res.write('a'.repeat(70_000));
          setTimeout(() => res.end('end'), 5);
        } else if (req.url === '/close') {
          res.writeHead(201, { connection: 'close', 'content-length': '2' });
          res.end('ok');
        } else if (req.url === '/empty') {
          res.writeHead(204);
          res.end();
        } else if (req.url === '/hang') {
          // Never answers: the connection's time-out ends it.
        } else {
          res.writeHead(req.url === '/missing' ? 404 : 200, { 'content-length': String(body.length) });
          res.end(body);
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('reads statuses and skips bodies by length, chunks and 204, on one kept connection', async () => {
    const connection = new HttpConnection('127.0.0.1', port, 5_000);
    const get = (path: string) =>
      connection.request(requestText(`127.0.0.1:${port}`, 'GET', path, {}, undefined));
    expect(await get('/chunked')).toBe(200);
    expect(await get('/empty')).toBe(204);
    const body = JSON.stringify({ amount: '0.01', note: 'été' });
    expect(
      await connection.request(
        requestText(`127.0.0.1:${port}`, 'POST', '/echo', { 'content-type': 'application/json' }, body),
      ),
    ).toBe(200);
    expect(bodies.at(-1)).toBe(body);
    expect(await get('/missing')).toBe(404);
    for (let i = 0; i < 20; i++) expect(await get('/chunked')).toBe(200);
    connection.destroy();
  });

  it('opens a new connection after the server closes one, and gives null for no answer', async () => {
    const connection = new HttpConnection('127.0.0.1', port, 300);
    const get = (path: string) =>
      connection.request(requestText(`127.0.0.1:${port}`, 'GET', path, {}, undefined));
    expect(await get('/close')).toBe(201);
    expect(await get('/')).toBe(200);
    // Closed by the server while idle (as its keep-alive time-out does): the next request reconnects.
    server.closeIdleConnections();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await get('/')).toBe(200);
    expect(await get('/hang')).toBeNull();
    expect(await get('/')).toBe(200);
    connection.destroy();
    const refused = new HttpConnection('127.0.0.1', 1, 1_000);
    expect(await refused.request(requestText('127.0.0.1:1', 'GET', '/', {}, undefined))).toBeNull();
  });
});
