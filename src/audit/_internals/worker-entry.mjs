// A worker thread does not inherit the TypeScript loader of the thread that started it.
import { register } from 'tsx/esm/api';

register();
await import('./audit-worker.ts');
