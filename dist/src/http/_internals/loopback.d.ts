import { type RequestListener } from 'node:http';
export interface LoopbackServer {
    /** `http://127.0.0.1:<port>`. */
    readonly url: string;
    /** Drops open keep-alive connections so that closing never waits on a client. */
    close(): Promise<void>;
}
/** An HTTP server bound to 127.0.0.1 only: replay and simulation never listen beyond loopback. */
export declare function listenOnLoopback(listener: RequestListener, port?: number): Promise<LoopbackServer>;
