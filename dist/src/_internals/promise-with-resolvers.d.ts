/**
 * `Promise.withResolvers` is Node 22+. Two dependencies call it (nock 15's interceptors and
 * DSH's agent loop); on Node 20 it is supplied before they load. Nothing else is patched.
 */
export declare function supplyPromiseWithResolvers(): void;
