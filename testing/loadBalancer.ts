import net from 'node:net';

/**
 * A small round-robin TCP load balancer for tests and benchmarks that run several API processes: each new
 * connection goes to the next backend; one that refuses it (a dead process) is skipped for the next. A
 * connection whose backend dies is cut, as a real balancer would cut it, and the client retries. Written
 * here rather than taken from a library: a test needs forty lines of node:net, not a proxy server.
 */
export interface LoadBalancer {
  url: string;
  port: number;
  /** Connections handed to each backend so far, by its port. */
  served: Map<number, number>;
  close(): Promise<void>;
}

export async function startLoadBalancer(backendPorts: readonly number[]): Promise<LoadBalancer> {
  const served = new Map(backendPorts.map((port) => [port, 0]));
  const open = new Set<net.Socket>();
  let next = 0;

  const connectTo = (client: net.Socket, tried: number) => {
    if (tried >= backendPorts.length || client.destroyed) {
      client.destroy();
      return;
    }
    const port = backendPorts[next++ % backendPorts.length]!;
    const upstream = net.connect({ host: '127.0.0.1', port });
    let connected = false;
    open.add(upstream);
    upstream.once('close', () => open.delete(upstream));
    upstream.on('error', () => {
      // Refused before it connected: the next backend. Cut after: the client's connection goes too.
      if (!connected) connectTo(client, tried + 1);
      else client.destroy();
    });
    upstream.once('connect', () => {
      connected = true;
      served.set(port, (served.get(port) ?? 0) + 1);
      client.on('error', () => upstream.destroy());
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
      client.pipe(upstream);
      upstream.pipe(client);
      client.resume();
    });
  };

  const server = net.createServer({ pauseOnConnect: true }, (client) => {
    open.add(client);
    client.once('close', () => open.delete(client));
    client.on('error', () => {});
    connectTo(client, 0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    served,
    async close() {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
