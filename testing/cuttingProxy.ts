import net from 'node:net';

/**
 * A TCP proxy in front of Postgres that can cut one chosen connection mid-command: the fault a pooled
 * connection dying between a statement and its answer (a network blip, a proxy restart, a backend killed).
 * Written here rather than taken from a fault-injection tool (toxiproxy and the like need a binary from
 * outside npm and Debian): a few dozen lines of node:net that forward bytes both ways.
 *
 * `cutAfterCommit(marker)` arms a one-shot cut: the next client message that holds `marker` (a statement's
 * text or the name of a prepared statement, which every execution's Bind message carries) is forwarded,
 * the server's answer is awaited up to its ReadyForQuery (so a single statement has committed), and then
 * that answer is dropped and both sides of that one connection are closed. The client sees its
 * connection die after the work was done. `cutBefore(marker)` closes the connection instead of
 * forwarding: nothing was done.
 */
export interface CuttingProxy {
  url(databaseUrl: string): string;
  cutAfterCommit(marker: string): void;
  cutBefore(marker: string): void;
  /** How many connections were cut so far. */
  readonly cuts: number;
  close(): Promise<void>;
}

/** ReadyForQuery: 'Z', length 5, status byte. */
const READY_FOR_QUERY = Buffer.from([0x5a, 0, 0, 0, 5]);

export async function startCuttingProxy(databaseUrl: string): Promise<CuttingProxy> {
  const target = new URL(databaseUrl);
  const targetPort = Number(target.port || 5432);
  const targetHost = target.hostname;
  let armed: { marker: Buffer; after: boolean } | null = null;
  let cuts = 0;
  const sockets = new Set<net.Socket>();

  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, targetHost);
    sockets.add(client);
    sockets.add(upstream);
    let cutting = false;
    const cut = () => {
      cuts++;
      client.destroy();
      upstream.destroy();
    };
    client.on('data', (chunk: Buffer) => {
      const trap = armed;
      if (trap && chunk.includes(trap.marker)) {
        armed = null;
        if (!trap.after) {
          cut();
          return;
        }
        cutting = true;
      }
      upstream.write(chunk);
    });
    let answer = Buffer.alloc(0);
    upstream.on('data', (chunk: Buffer) => {
      if (!cutting) {
        client.write(chunk);
        return;
      }
      answer = Buffer.concat([answer, chunk]);
      if (answer.includes(READY_FOR_QUERY)) cut();
    });
    const end = () => {
      sockets.delete(client);
      sockets.delete(upstream);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end);
    upstream.on('close', end);
    client.on('error', () => {});
    upstream.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;

  return {
    url(url: string) {
      const through = new URL(url);
      through.hostname = '127.0.0.1';
      through.port = String(port);
      return through.toString();
    },
    cutAfterCommit(marker) {
      armed = { marker: Buffer.from(marker), after: true };
    },
    cutBefore(marker) {
      armed = { marker: Buffer.from(marker), after: false };
    },
    get cuts() {
      return cuts;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
