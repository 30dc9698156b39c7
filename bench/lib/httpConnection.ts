import net from 'node:net';

/**
 * One keep-alive HTTP/1.1 connection of the load generator, one request at a time, on a bare socket.
 *
 * Why not node:http's client: on this 2-core machine it spent 44-67 µs of CPU per request against a
 * trivial server (a bare `http.request` loop, 64 connections), autocannon 14-17 µs; at the 2,000-3,000
 * requests a second the open-loop runs send, that is a fifth of a core taken from the server under test and
 * a busier event loop for the generator's own timing. undici is not a dependency, and autocannon cannot
 * send open-loop; this is the least of HTTP/1.1 a generator needs: write the request, read the status,
 * skip the body by Content-Length, chunks or the connection's end. Nothing is pipelined.
 */
export class HttpConnection {
  private socket: net.Socket | null = null;
  private pending: ((status: number | null) => void) | null = null;
  private buffer: Buffer | null = null;
  private status = 0;
  /** 'head', then 'length' (bytes left in `left`), 'chunked' (size lines and data), or 'close'. */
  private state: 'head' | 'length' | 'chunked' | 'close' = 'head';
  private left = 0;
  private closeAfter = false;

  constructor(
    private readonly host: string,
    private readonly port: number,
    private readonly timeoutMs: number,
  ) {}

  get busy() {
    return this.pending !== null;
  }

  /** Sends the request text (head and body) and resolves with the answer's status once all of it is read. */
  request(text: string): Promise<number | null> {
    if (this.pending) throw new Error('HttpConnection: one request at a time');
    const socket = this.socket ?? this.open();
    this.state = 'head';
    this.status = 0;
    this.buffer = null;
    return new Promise((resolve) => {
      this.pending = resolve;
      socket.write(text);
    });
  }

  /** Ends the connection; a request in flight resolves with null. */
  destroy() {
    const socket = this.socket;
    this.socket = null;
    socket?.destroy();
    if (this.pending) this.done(null);
  }

  private open() {
    const socket = net.connect({ host: this.host, port: this.port, noDelay: true });
    this.socket = socket;
    // A socket this connection has let go of (closed after an answer, or replaced) speaks no more.
    socket.setTimeout(this.timeoutMs, () => {
      if (this.socket === socket && this.pending) socket.destroy();
    });
    socket.on('data', (chunk: Buffer) => {
      if (this.socket === socket) this.read(chunk);
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      if (this.socket !== socket) return;
      this.socket = null;
      // An answer without length or chunks ends with its connection; any other is cut short.
      if (this.pending) this.done(this.state === 'close' && this.status ? this.status : null);
    });
    return socket;
  }

  private done(status: number | null) {
    const resolve = this.pending;
    this.pending = null;
    this.buffer = null;
    if (this.closeAfter || status === null) {
      this.closeAfter = false;
      const socket = this.socket;
      this.socket = null;
      socket?.destroy();
    }
    resolve?.(status);
  }

  private read(chunk: Buffer) {
    if (!this.pending) return;
    let data = this.buffer ? Buffer.concat([this.buffer, chunk]) : chunk;
    this.buffer = null;
    for (;;) {
      if (this.state === 'head') {
        const end = data.indexOf('\r\n\r\n');
        if (end < 0) {
          this.buffer = data;
          return;
        }
        const head = data.toString('latin1', 0, end).toLowerCase();
        data = data.subarray(end + 4);
        this.status = Number(head.slice(9, 12));
        this.closeAfter = /\r\nconnection: *close/.test(head);
        const length = /\r\ncontent-length: *(\d+)/.exec(head);
        if (this.status === 204 || this.status === 304 || (this.status >= 100 && this.status < 200)) {
          this.left = 0;
          this.state = 'length';
        } else if (length) {
          this.left = Number(length[1]);
          this.state = 'length';
        } else if (/\r\ntransfer-encoding: *chunked/.test(head)) this.state = 'chunked';
        else this.state = 'close';
      }
      if (this.state === 'length') {
        if (data.length < this.left) {
          this.left -= data.length;
          return;
        }
        this.done(this.status);
        return;
      }
      if (this.state === 'close') return;
      // Chunked: each chunk is "<hex size>\r\n<data>\r\n"; the last has size 0 and ends with "\r\n\r\n".
      for (;;) {
        if (this.left > 0) {
          if (data.length < this.left) {
            this.left -= data.length;
            return;
          }
          data = data.subarray(this.left);
          this.left = 0;
        }
        const line = data.indexOf('\r\n');
        if (line < 0) {
          this.buffer = data;
          return;
        }
        const size = Number.parseInt(data.toString('latin1', 0, line), 16);
        if (size === 0) {
          // Optional trailers, then an empty line: the "\r\n\r\n" that starts at this size line's end.
          if (data.indexOf('\r\n\r\n', line) < 0) {
            this.buffer = data;
            return;
          }
          this.done(this.status);
          return;
        }
        data = data.subarray(line + 2);
        // The chunk's data and its closing CRLF.
        this.left = size + 2;
      }
    }
  }
}

/** The request's bytes as HTTP/1.1 sends them. */
export function requestText(
  host: string,
  method: string,
  path: string,
  headers: Record<string, string> | undefined,
  body: string | undefined,
): string {
  let text = `${method} ${path} HTTP/1.1\r\nhost: ${host}\r\n`;
  if (headers) for (const name in headers) text += `${name}: ${headers[name]}\r\n`;
  if (body !== undefined) text += `content-length: ${Buffer.byteLength(body)}\r\n`;
  return `${text}\r\n${body ?? ''}`;
}
