// @ts-nocheck
// The worker thread of `--impl module:`: TypeScript support first (the worker does not
// inherit the parent's loader, and the module checked may be TypeScript even when recon
// runs from its build), then the host that imports the module and answers calls.
import { existsSync } from 'node:fs';
import { register } from 'tsx/esm/api';

register();
const built = new URL('./module-host.js', import.meta.url);
await import(existsSync(built) ? built.href : './module-host.ts');
