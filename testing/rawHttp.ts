import type http from 'node:http';

/** A reply read off a real socket, its body as text. */
export interface RawReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** Reads the whole of `response`: settles once it ends (or fails). */
export function readReply(response: http.IncomingMessage): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    response.on('data', (part: Buffer) => parts.push(part));
    response.on('end', () =>
      resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        body: Buffer.concat(parts).toString('utf8'),
      }),
    );
    response.on('error', reject);
  });
}
