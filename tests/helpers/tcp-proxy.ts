import net from "node:net";

/**
 * A TCP proxy on a free loopback port in front of another server. `cut()`
 * drops every connection and refuses new ones (the server "goes away"
 * without touching it); `restore()` lets connections through again.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let isCut = false;
  const server = net.createServer((client) => {
    if (isCut) {
      client.destroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    sockets.add(client);
    sockets.add(upstream);
    client.pipe(upstream).pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on("error", end).on("close", end);
    upstream.on("error", end).on("close", end);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    cut() {
      isCut = true;
      for (const socket of sockets) socket.destroy();
      sockets.clear();
    },
    restore() {
      isCut = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
