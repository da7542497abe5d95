import type { AddressInfo } from 'node:net';
import net from 'node:net';

/**
 * A TCP proxy in front of a service (PostgreSQL, Redis) that a test can cut and restore, so a
 * server sees its database or cache go away and come back while the shared service itself
 * keeps running for every other test.
 */
export interface TcpProxy {
  port: number;
  /** The service's URL with its host and port replaced by the proxy's. */
  url(serviceUrl: string): string;
  /** Drops every connection and refuses new ones, as a service that went down. */
  cut(): Promise<void>;
  /** Accepts connections again on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  };
  const server = net.createServer((client) => {
    track(client);
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (server.listening) server.close(() => resolve());
      else resolve();
    });
  await listen(0);
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url(serviceUrl) {
      const url = new URL(serviceUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    cut: stop,
    restore: () => listen(port),
    close: stop,
  };
}
