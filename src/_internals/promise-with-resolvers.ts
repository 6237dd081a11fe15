/**
 * `Promise.withResolvers` is Node 22+. Two dependencies call it (nock 15's interceptors and
 * DSH's agent loop); on Node 20 it is supplied before they load. Nothing else is patched.
 */
export function supplyPromiseWithResolvers(): void {
  const P = Promise as unknown as { withResolvers?: unknown };
  P.withResolvers ??= function withResolvers<T>() {
    let resolve!: (value: T | PromiseLike<T>) => void;
    let reject!: (reason?: unknown) => void;
    const promise = new Promise<T>((yes, no) => {
      resolve = yes;
      reject = no;
    });
    return { promise, resolve, reject };
  };
}
