// @ts-nocheck
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoopbackServer {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  /** Drops open keep-alive connections so that closing never waits on a client. */
  close(): Promise<void>;
}

/** An HTTP server bound to 127.0.0.1 only: replay and simulation never listen beyond loopback. */
export async function listenOnLoopback(listener: RequestListener, port = 0): Promise<LoopbackServer> {
  const server = createServer(listener);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
