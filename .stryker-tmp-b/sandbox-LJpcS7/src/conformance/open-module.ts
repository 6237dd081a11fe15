/**
 * `--impl module:<path>`: an `Implementation` exported by a JS or TS module. The module
 * runs in a worker thread, so a call that never settles (or never returns) is abandoned
 * after the same per-call time-out as `cmd:`, the worker is terminated with whatever
 * timers it holds, and the next call starts a fresh one. Results cross by structured
 * clone, so, as over `cmd:`, properties that need the module's own objects report n/a.
 */
// @ts-nocheck

import { resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { ReconError } from '../errors.ts';
import { ERAS } from '../fold/index.ts';
import type { HostCall, HostReply } from './_internals/module-host.ts';
import { INTERFACE_VERSION, LEVELS, LEVEL_OPERATIONS, isLevelList, type Implementation, type ImplementationInfo } from '../contract/implementation.ts';
import { METHODS, operationsOver } from './protocol/methods.ts';
import { DEFAULT_TIMEOUT_MS } from './protocol/driver.ts';

const HINT = "export the implementation as `export default { interfaceVersion: 'v1', info: { name, version, language, levels }, load(jsonl) { … } }` or as `export const implementation = …`";
const WORKER = new URL('./_internals/module-worker.mjs', import.meta.url);
/** Importing a module (and tsx compiling it) may take far longer than a call. */
const STARTUP_TIMEOUT_MS = 30_000;

export interface ModuleOptions {
  readonly timeoutMs?: number;
}

export async function openModuleImplementation(path: string, cwd: string, options: ModuleOptions = {}): Promise<Implementation> {
  const file = resolve(cwd, path);
  const host = new ModuleHost(file, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const info = await host.start();
  return { interfaceVersion: INTERFACE_VERSION, info, ...operationsOver(info.levels, (method, args) => host.call(METHODS[method].operation, args), info.operations), close: async () => host.close() };
}

interface Pending {
  readonly operation: string;
  readonly timer: NodeJS.Timeout;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** One worker at a time; a hung or dead one is terminated and replaced at the next call. */
class ModuleHost {
  #worker: Worker | undefined;
  #ready: Promise<HostReply> | undefined;
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;

  constructor(
    readonly file: string,
    readonly timeoutMs: number,
  ) {}

  async start(): Promise<ImplementationInfo> {
    const reply = await this.#spawn();
    if (reply.type === 'unavailable') {
      await this.close();
      throw new ReconError('IMPL_UNAVAILABLE', `module ${this.file} could not be imported: ${reply.message}`);
    }
    const candidate = reply.type === 'ready' ? reply.candidate : undefined;
    const version = interfaceVersionOf(candidate);
    if (version !== undefined && version !== INTERFACE_VERSION) {
      await this.close();
      throw new ReconError('IMPL_VERSION', `module ${this.file} declares interfaceVersion ${JSON.stringify(version)}; this recon checks version "${INTERFACE_VERSION}" of the Implementation interface`, { hint: `write the module against version "${INTERFACE_VERSION}" (or leave interfaceVersion out, which means "${INTERFACE_VERSION}")` });
    }
    const problem = implementationProblem(candidate);
    if (problem !== undefined) {
      await this.close();
      throw new ReconError('IMPL_UNAVAILABLE', `module ${this.file} does not export an Implementation: ${problem}`, { hint: HINT });
    }
    // Its results are clones, never its own objects: it cannot claim `inProcess`.
    const { inProcess: _, ...info } = (candidate as { info: ImplementationInfo }).info;
    return info;
  }

  /** Starts a worker; resolves with its first message (ready or unavailable). */
  #spawn(): Promise<HostReply> {
    const worker = new Worker(WORKER, { workerData: { file: this.file }, stdout: false, stderr: false });
    this.#worker = worker;
    this.#ready = new Promise<HostReply>((resolveReady, rejectReady) => {
      const timer = setTimeout(() => {
        rejectReady(new ReconError('IMPL_UNAVAILABLE', `module ${this.file} was not imported within ${STARTUP_TIMEOUT_MS} ms`));
        void worker.terminate();
      }, STARTUP_TIMEOUT_MS);
      worker.once('message', (reply: HostReply) => {
        clearTimeout(timer);
        resolveReady(reply);
        worker.on('message', (next: HostReply) => this.#receive(next));
      });
      worker.once('error', (error) => {
        clearTimeout(timer);
        rejectReady(new ReconError('IMPL_UNAVAILABLE', `module ${this.file} could not be imported: ${error.message}`));
        this.#abandon(worker, 'IMPL_CRASHED', `the module's worker failed: ${error.message}`);
      });
      worker.once('exit', (code) => {
        clearTimeout(timer);
        rejectReady(new ReconError('IMPL_UNAVAILABLE', `module ${this.file} exited (code ${code}) while it was imported`));
        this.#abandon(worker, 'IMPL_CRASHED', `the module's worker exited (code ${code})`);
      });
    });
    return this.#ready;
  }

  async call(operation: string, args: readonly unknown[]): Promise<unknown> {
    if (this.#worker === undefined) {
      const reply = await this.#spawn();
      if (reply.type !== 'ready') throw new ReconError('IMPL_CRASHED', `the module could not be imported again: ${reply.type === 'unavailable' ? reply.message : reply.type}`);
    } else await this.#ready;
    const worker = this.#worker!;
    const id = this.#nextId++;
    return new Promise((resolveCall, rejectCall) => {
      const timer = setTimeout(
        () => this.#abandon(worker, 'IMPL_TIMEOUT', `no answer to ${operation} within ${this.timeoutMs} ms (use --timeout to allow more); the module's worker was terminated and restarts for the next call`),
        this.timeoutMs,
      );
      this.#pending.set(id, { operation, timer, resolve: resolveCall, reject: rejectCall });
      try {
        worker.postMessage({ id, operation, args } satisfies HostCall);
      } catch (error) {
        this.#settle(id)?.reject(new ReconError('PROTOCOL_ERROR', `the arguments of ${operation} cannot be sent to the module: ${(error as Error).message}`));
      }
    });
  }

  #receive(reply: HostReply): void {
    if (reply.type !== 'result' && reply.type !== 'thrown') return;
    const call = this.#settle(reply.id);
    if (call === undefined) return;
    if (reply.type === 'result') call.resolve(reply.value);
    else call.reject(Object.assign(new Error(reply.message), { name: reply.name }));
  }

  #settle(id: number): Pending | undefined {
    const call = this.#pending.get(id);
    if (call === undefined) return undefined;
    this.#pending.delete(id);
    clearTimeout(call.timer);
    return call;
  }

  /** Fails every pending call of `worker` and terminates it: the next call starts another. */
  #abandon(worker: Worker, code: 'IMPL_CRASHED' | 'IMPL_TIMEOUT', message: string): void {
    if (this.#worker !== worker) return;
    this.#worker = undefined;
    this.#ready = undefined;
    const error = new ReconError(code, message);
    for (const id of [...this.#pending.keys()]) this.#settle(id)?.reject(error);
    void worker.terminate();
  }

  async close(): Promise<void> {
    const worker = this.#worker;
    this.#worker = undefined;
    this.#ready = undefined;
    for (const id of [...this.#pending.keys()]) this.#settle(id)?.reject(new ReconError('IMPL_CRASHED', 'the implementation was closed while a call was pending'));
    await worker?.terminate();
  }
}

/** A module's declared `interfaceVersion`; a module that declares none is read as written against v1, the first. */
function interfaceVersionOf(value: unknown): unknown {
  return typeof value === 'object' && value !== null && 'interfaceVersion' in value ? value.interfaceVersion : undefined;
}

function implementationProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return 'it has neither a default export nor an export named "implementation" that is an object';
  const { info, operations } = value as { info?: { name?: unknown; levels?: unknown; era?: unknown }; operations?: readonly string[] };
  if (typeof info?.name !== 'string') return '"info.name" is not a string';
  if (info.era !== undefined && !(ERAS as readonly unknown[]).includes(info.era)) return `"info.era" is ${JSON.stringify(info.era)}, not one of ${ERAS.join(', ')}`;
  const { levels } = info;
  if (!isLevelList(levels)) return `"info.levels" is not a list of ${LEVELS.join(', ')}`;
  const missing = levels.flatMap((level) => LEVEL_OPERATIONS[level].filter((operation) => !(operations ?? []).includes(operation)).map((operation) => `${operation} (${level})`));
  return missing.length === 0 ? undefined : `it lacks operations of the levels it declares: ${missing.join(', ')}`;
}
