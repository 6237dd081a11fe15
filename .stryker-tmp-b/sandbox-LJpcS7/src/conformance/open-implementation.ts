/**
 * `--impl` names an implementation to check:
 *   reference          the reference, in process
 *   mutant:<name>      a mutant of the catalog
 *   cmd:<command>      a process speaking the JSON-RPC stdio protocol (docs/PROTOCOL.md)
 *   module:<path>      a JS/TS module exporting an `Implementation` (default export or `implementation`), run in a worker thread
 *   dsh[@<version>]    deepseek-harness's published packages, through an adapter
 */
// @ts-nocheck

import { ReconError } from '../errors.ts';
import { declaredEra, type Implementation } from '../contract/implementation.ts';
import type { Era } from '../fold/index.ts';
import { referenceImplementation } from './reference/reference-implementation.ts';

export interface OpenOptions {
  readonly cwd: string;
  /** Per-call timeout for out-of-process and module implementations. */
  readonly timeoutMs?: number;
  /** cmd: the longest line accepted on stdout, in bytes. */
  readonly maxLineBytes?: number;
  /** Validate every protocol message against its JSON Schema. */
  readonly validateProtocol?: boolean;
  /**
   * The era to check it in (`--era`). The reference and its in-process mutants run either
   * and declare the one asked for; any other implementation declares its own (absent:
   * current), and asking for another is refused with USAGE.
   */
  readonly era?: Era;
}

export async function openImplementation(spec: string, options: OpenOptions): Promise<Implementation> {
  const { era } = options;
  if (spec === 'reference') return referenceImplementation(era === undefined ? {} : { info: { era } });
  const impl = await openAny(spec, options);
  if (era === undefined || declaredEra(impl.info) === era) return impl;
  // A mutant of the reference runs either era, unless its bug lives in one.
  if (spec.startsWith('mutant:') && impl.info.era === undefined && impl.info.inProcess === true) return { ...impl, info: { ...impl.info, era } };
  await impl.close?.();
  throw new ReconError('USAGE', `--era ${era}: ${impl.info.name} declares the ${declaredEra(impl.info)} era${impl.info.era === undefined ? ' (it declares none, which is the current one)' : ''}; check it without --era, or check an implementation of the ${era} era`);
}

async function openAny(spec: string, options: OpenOptions): Promise<Implementation> {
  if (spec.startsWith('cmd:')) {
    const command = spec.slice('cmd:'.length).trim();
    if (command === '') throw new ReconError('USAGE', 'cmd: needs a command, e.g. --impl cmd:"python3 adapter.py"');
    const { openStdioImplementation } = await import('./protocol/driver.ts');
    return openStdioImplementation(command, options);
  }
  if (spec.startsWith('module:')) {
    const { openModuleImplementation } = await import('./open-module.ts');
    return openModuleImplementation(spec.slice('module:'.length), options.cwd, options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs });
  }
  if (spec.startsWith('mutant:')) {
    const { findMutant } = await import('./mutants/catalog.ts');
    return findMutant(spec.slice('mutant:'.length)).open();
  }
  if (spec === 'dsh' || spec.startsWith('dsh@')) {
    const { dshImplementation } = await import('./dsh/dsh-implementation.ts');
    return dshImplementation(spec, options.cwd);
  }
  throw new ReconError('USAGE', `unknown implementation "${spec}"; use reference, mutant:<name>, cmd:<command>, module:<path> or dsh[@version]`);
}
