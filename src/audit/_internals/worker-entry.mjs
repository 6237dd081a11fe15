// A worker thread does not inherit the TypeScript loader of the thread that started it:
// from the build (dist/) the worker is JavaScript, from the sources it needs tsx.
import { existsSync } from 'node:fs';

const built = new URL('./audit-worker.js', import.meta.url);
if (existsSync(built)) await import(built.href);
else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('./audit-worker.ts');
}
