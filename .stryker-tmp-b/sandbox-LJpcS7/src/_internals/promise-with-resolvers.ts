/**
 * `Promise.withResolvers` is Node 22+. DSH's agent loop calls it; on Node 20 it is
 * supplied before that loads. Nothing else is patched.
 */
// @ts-nocheck

export function supplyPromiseWithResolvers(): void {
  if ('withResolvers' in Promise) return;
  Object.assign(Promise, {
    withResolvers<T>() {
      let resolve!: (value: T | PromiseLike<T>) => void;
      let reject!: (reason?: unknown) => void;
      const promise = new Promise<T>((yes, no) => {
        resolve = yes;
        reject = no;
      });
      return { promise, resolve, reject };
    },
  });
}
