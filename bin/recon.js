#!/usr/bin/env node
// The CLI runs from the TypeScript sources, so a checkout never holds a stale build.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli.ts');
process.exitCode = await main(process.argv.slice(2));
