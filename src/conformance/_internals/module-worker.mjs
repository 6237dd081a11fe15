// The worker thread of `--impl module:`: TypeScript support first (the worker does not
// inherit the parent's loader), then the host that imports the module and answers calls.
import { register } from 'tsx/esm/api';

register();
await import('./module-host.ts');
