/** This harness's version, from its package.json: stamped into run records, handshakes and bench runs. */
export declare const HARNESS_VERSION: string;
