import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';

/** A TCP forwarder that can be stopped (every connection cut, nothing listening) and started again. */
export function tcpProxy(host: string, targetPort: number) {
  let server: Server | undefined;
  const sockets = new Set<Socket>();
  return {
    start: (port: number) =>
      new Promise<number>((resolve) => {
        server = createServer((client) => {
          const upstream = connect(targetPort, host);
          for (const s of [client, upstream]) {
            sockets.add(s);
            s.on('close', () => sockets.delete(s));
            s.on('error', () => s.destroy());
          }
          client.pipe(upstream).pipe(client);
        });
        server.listen(port, '127.0.0.1', () => resolve((server?.address() as AddressInfo).port));
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        if (!server?.listening) return resolve();
        server.close(() => resolve());
      }),
  };
}
