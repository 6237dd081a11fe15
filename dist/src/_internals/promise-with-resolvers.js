/**
 * `Promise.withResolvers` is Node 22+. Two dependencies call it (nock 15's interceptors and
 * DSH's agent loop); on Node 20 it is supplied before they load. Nothing else is patched.
 */
export function supplyPromiseWithResolvers() {
    const P = Promise;
    P.withResolvers ??= function withResolvers() {
        let resolve;
        let reject;
        const promise = new Promise((yes, no) => {
            resolve = yes;
            reject = no;
        });
        return { promise, resolve, reject };
    };
}
