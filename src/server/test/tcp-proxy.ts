import net from 'node:net';

export type TcpProxy = {
  port: number;
  /** Closes the listener and drops every open connection: the service looks unreachable. */
  cut(): Promise<void>;
  /** Listens again on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
};

/** A TCP forwarder to a real service on 127.0.0.1, so a test can cut the service off without stopping it. */
export async function startTcpProxy(targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const created = net.createServer((client) => {
        const upstream = net.connect({ host: '127.0.0.1', port: targetPort });
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.once('close', () => sockets.delete(socket));
          socket.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      created.once('error', reject);
      created.listen(port, '127.0.0.1', () => {
        server = created;
        resolve((created.address() as net.AddressInfo).port);
      });
    });
  const port = await listen(0);
  const cut = async () => {
    const closing = server;
    server = null;
    for (const socket of sockets) socket.destroy();
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  };
  return {
    port,
    cut,
    async restore() {
      if (!server) await listen(port);
    },
    close: cut,
  };
}
