// A TCP pass-through to a real server (Postgres, Redis) that a test can cut and restore,
// to see how the service behaves when a dependency goes away and comes back.
import type { Socket, TCPSocketListener } from 'bun';

interface Pair {
  client: Socket<Pair>;
  upstream?: Socket<{ client: Socket<Pair> }>;
  pending: Uint8Array[];
}

export interface TcpProxy {
  port: number;
  /** Drops every connection and stops listening (new ones are refused, as by a stopped server) until restore(). */
  cut(): void;
  restore(): void;
  close(): void;
}

export function startTcpProxy(targetHost: string, targetPort: number): TcpProxy {
  let open = true;
  const pairs = new Set<Pair>();
  const listen = (port: number): TCPSocketListener<Pair> => Bun.listen<Pair>({
    hostname: '127.0.0.1',
    port,
    socket: {
      async open(client) {
        if (!open) return void client.end();
        const pair: Pair = { client, pending: [] };
        client.data = pair;
        pairs.add(pair);
        try {
          pair.upstream = await Bun.connect<{ client: Socket<Pair> }>({
            hostname: targetHost,
            port: targetPort,
            data: { client },
            socket: {
              data: (upstream, chunk) => void upstream.data.client.write(chunk),
              close: (upstream) => void upstream.data.client.end(),
              error: (upstream) => void upstream.data.client.end(),
            },
          });
          for (const chunk of pair.pending) pair.upstream.write(chunk);
          pair.pending = [];
        } catch {
          client.end();
        }
      },
      data(client, chunk) {
        const pair = client.data;
        if (pair.upstream) pair.upstream.write(chunk);
        else pair.pending.push(new Uint8Array(chunk));
      },
      close(client) {
        client.data?.upstream?.end();
        pairs.delete(client.data);
      },
      error(client) {
        client.data?.upstream?.end();
      },
    },
  });
  let listener: TCPSocketListener<Pair> | null = listen(0);
  const port = listener.port;
  return {
    port,
    cut() {
      open = false;
      listener?.stop(true);
      listener = null;
      for (const pair of pairs) {
        pair.client.end();
        pair.upstream?.end();
      }
      pairs.clear();
    },
    restore() {
      open = true;
      listener ??= listen(port);
    },
    close() {
      this.cut();
    },
  };
}
