import { createServer } from 'node:http';
/** An HTTP server bound to 127.0.0.1 only: replay and simulation never listen beyond loopback. */
export async function listenOnLoopback(listener, port = 0) {
    const server = createServer(listener);
    await new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', resolve);
    });
    const address = server.address();
    return {
        url: `http://127.0.0.1:${address.port}`,
        close: () => new Promise((resolve) => {
            server.closeAllConnections();
            server.close(() => resolve());
        }),
    };
}
