/**
 * The driver: an `Implementation` whose operations are JSON-RPC calls to a child process
 * speaking the stdio protocol (docs/PROTOCOL.md). It keeps the three ways of not
 * answering apart (IMPL_CRASHED, IMPL_TIMEOUT, PROTOCOL_ERROR), restarts the process
 * after any of them, and sends the calls of one tick as one batch line.
 */
// @ts-nocheck

import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { ReconError } from '../../errors.ts';
import { ERAS } from '../../fold/index.ts';
import { INTERFACE_VERSION, LEVELS, PROTOCOL_VERSION, isLevelList, type Implementation, type ImplementationInfo } from '../../contract/implementation.ts';
import { DEFAULT_MAX_LINE_BYTES, readLines } from './lines.ts';
import { METHODS, RPC_ERROR, operationsOver, type InitializeResult, type JsonRpcError, type Method } from './methods.ts';
import { schemaProblem } from './schema.ts';

export const DEFAULT_TIMEOUT_MS = 10_000;
/** Starting a process (npx, tsx, a JVM…) may take far longer than answering a call. */
const STARTUP_TIMEOUT_MS = 30_000;
const STDERR_TAIL = 2_000;
/**
 * After the process exits, how long its pipes may stay open. A descendant that left the
 * group (setsid, a daemon) can hold stdout forever; past this the driver destroys its ends.
 */
const PIPE_GRACE_MS = 1_000;

export interface StdioOptions {
  /** Where the command runs (through the shell). */
  readonly cwd: string;
  /** How long one request line may wait for its answer. */
  readonly timeoutMs?: number;
  /** Check every message against schemas/protocol-v1.json; a violation is a PROTOCOL_ERROR. */
  readonly validateProtocol?: boolean;
  /** The longest line accepted on stdout, in bytes (default 64 MB); a longer one is a PROTOCOL_ERROR at once. */
  readonly maxLineBytes?: number;
}

/** Starts `command`, performs the handshake, and returns the implementation it declares. */
export async function openStdioImplementation(command: string, options: StdioOptions): Promise<Implementation> {
  const connection = new Connection(command, options);
  let info: ImplementationInfo;
  try {
    info = await connection.start();
  } catch (error) {
    throw new ReconError('IMPL_UNAVAILABLE', `\`${command}\` could not be started: ${ReconError.is(error) ? error.detail : (error as Error).message}`, {
      hint: 'run the command by hand: it must read JSON-RPC lines on stdin and answer "initialize" first (docs/PROTOCOL.md)',
    });
  }
  return {
    interfaceVersion: INTERFACE_VERSION,
    info,
    ...operationsOver(info.levels, (method, args) => connection.call(method, Object.fromEntries(METHODS[method].params.map((name, i) => [name, args[i]]))), info.operations),
    close: () => connection.close(),
  };
}

interface Call {
  readonly method: Method | 'initialize' | 'shutdown';
  readonly params: Record<string, unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** The calls written as one line share one timeout. */
interface Line {
  waiting: number;
  timer: NodeJS.Timeout | undefined;
}

/** One command, restarted as often as it dies; calls queue until the next tick and leave as one line. */
class Connection {
  #child: Child | undefined;
  #starting: Promise<Child> | undefined;
  /** Set when a restart fails: every later call fails at once instead of starting it again. */
  #broken: ReconError | undefined;
  #queue: Call[] = [];

  constructor(
    readonly command: string,
    readonly options: StdioOptions,
  ) {}

  async start(): Promise<ImplementationInfo> {
    const child = await this.#ready();
    return child.info;
  }

  call(method: Call['method'], params: Record<string, unknown>): Promise<unknown> {
    return new Promise((resolve, reject) => {
      if (this.#queue.push({ method, params, resolve, reject }) === 1) setImmediate(() => void this.#flush());
    });
  }

  async #flush(): Promise<void> {
    const calls = this.#queue.splice(0);
    try {
      (await this.#ready()).send(calls);
    } catch (error) {
      for (const call of calls) call.reject(error);
    }
  }

  async #ready(): Promise<Child> {
    if (this.#broken !== undefined) throw this.#broken;
    if (this.#child?.alive === true) return this.#child;
    const unreported = this.#child?.takeUnreported();
    if (unreported !== undefined) throw unreported;
    const restart = this.#child !== undefined;
    this.#starting ??= Child.start(this.command, this.options).then(
      (child) => {
        this.#child = child;
        this.#starting = undefined;
        return child;
      },
      (error: Error) => {
        this.#starting = undefined;
        if (restart) this.#broken = new ReconError('IMPL_CRASHED', `the implementation could not be restarted: ${error.message}`);
        throw this.#broken ?? error;
      },
    );
    return this.#starting;
  }

  async close(): Promise<void> {
    const child = this.#child;
    if (child?.alive !== true) return;
    await Promise.race([new Promise((resolve, reject) => child.send([{ method: 'shutdown', params: {}, resolve, reject }])).catch(() => undefined), delay(Math.min(this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS, 2_000))]);
    await child.stop();
  }
}

const live = new Set<Child>();
process.once('exit', () => live.forEach((child) => child.kill()));

/** One running process of the command. */
class Child {
  readonly #process: ChildProcessWithoutNullStreams;
  readonly #pending = new Map<number, Call & { readonly line: Line }>();
  readonly #closed: Promise<void>;
  readonly #timeoutMs: number;
  readonly #validate: boolean;
  #nextId = 1;
  #stderr = '';
  #failure: ReconError | undefined;
  /** A failure no pending call received (an answer twice, after its call was settled): the next call gets it. */
  #unreported: ReconError | undefined;
  info!: ImplementationInfo;

  private constructor(command: string, options: StdioOptions) {
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#validate = options.validateProtocol === true;
    // Its own process group, so a timeout kills what the shell started too (npx → node …).
    this.#process = spawn(command, { cwd: options.cwd, shell: true, detached: true, stdio: 'pipe' });
    live.add(this);
    this.#process.stdin.on('error', () => undefined); // a dead child's EPIPE; its exit reports it
    this.#process.stderr.setEncoding('utf8').on('data', (text: string) => (this.#stderr = (this.#stderr + text).slice(-STDERR_TAIL)));
    const maxLine = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
    readLines(this.#process.stdout, (line) => this.#receive(line), {
      maxLineBytes: maxLine,
      onTooLong: (bytes) => this.#fail('PROTOCOL_ERROR', `the implementation wrote a line of more than ${bytes} bytes on stdout, over the limit of ${maxLine} (use --max-line to allow more)${this.#stderrNote()}`),
    });
    const closed = new Promise<void>((resolve) => this.#process.once('close', () => resolve()));
    this.#closed = new Promise((resolve) => {
      this.#process.once('error', (error) => {
        this.#fail('IMPL_CRASHED', `the command could not be run: ${error.message}`);
        this.#release();
        resolve();
      });
      this.#process.once('exit', (code, signal) => {
        // Answers written just before the exit may still be in the pipe: read them, but not forever.
        void Promise.race([closed, delay(PIPE_GRACE_MS)]).then(() => {
          this.#release();
          const during = [...new Set([...this.#pending.values()].map((call) => call.method))];
          this.#fail('IMPL_CRASHED', `the implementation exited (${signal === null ? `code ${code}` : `signal ${signal}`})${during.length === 0 ? '' : ` while answering ${during.join(', ')}`}${this.#stderrNote()}`);
          resolve();
        });
      });
    });
  }

  /** Stops reading and closes our ends of the pipes, whoever else still holds theirs. */
  #release(): void {
    live.delete(this);
    for (const stream of [this.#process.stdin, this.#process.stdout, this.#process.stderr]) stream.destroy();
  }

  static async start(command: string, options: StdioOptions): Promise<Child> {
    const child = new Child(command, options);
    try {
      const params = { protocolVersion: PROTOCOL_VERSION, client: { name: 'reconstructable', version: '1' } };
      const result = await new Promise((resolve, reject) => child.send([{ method: 'initialize', params, resolve, reject }], Math.max(STARTUP_TIMEOUT_MS, child.#timeoutMs)));
      const problem = child.#validate ? schemaProblem('initialize.result', result) : handshakeProblem(result);
      if (problem !== undefined) throw new ReconError('PROTOCOL_ERROR', `its handshake answer is not valid: ${problem}`);
      // Only the declared fields: an adapter cannot claim `inProcess`.
      const { name, version, language, levels, providers, scenarioFeatures, operations, era } = result as InitializeResult;
      child.info = {
        name,
        version,
        language,
        levels: LEVELS.filter((level) => levels.includes(level)),
        ...(providers === undefined ? {} : { providers }),
        ...(scenarioFeatures === undefined ? {} : { scenarioFeatures }),
        ...(operations === undefined ? {} : { operations }),
        ...(era === undefined ? {} : { era }),
      };
      return child;
    } catch (error) {
      await child.stop();
      throw error;
    }
  }

  get alive(): boolean {
    return this.#failure === undefined;
  }

  /** The protocol error no call has received yet, once: a restart must not hide it. */
  takeUnreported(): ReconError | undefined {
    const failure = this.#unreported;
    this.#unreported = undefined;
    return failure;
  }

  /** Writes the calls as one line (a batch when there are several) and arms their timeout. */
  send(calls: readonly Call[], timeoutMs = this.#timeoutMs): void {
    const line: Line = { waiting: 0, timer: undefined };
    const messages = [];
    for (const call of calls) {
      if (this.#failure !== undefined) {
        call.reject(this.#failure);
        continue;
      }
      const problem = this.#validate ? schemaProblem(`${call.method}.params`, call.params) : undefined;
      if (problem !== undefined) {
        call.reject(new ReconError('PROTOCOL_ERROR', `the driver built invalid ${call.method} params: ${problem}`));
        continue;
      }
      const id = this.#nextId++;
      this.#pending.set(id, { ...call, line });
      messages.push({ jsonrpc: '2.0', id, method: call.method, params: call.params });
    }
    if (messages.length === 0) return;
    line.waiting = messages.length;
    line.timer = setTimeout(() => {
      const waiting = [...this.#pending.values()].find((call) => call.line === line);
      if (waiting !== undefined) this.#fail('IMPL_TIMEOUT', `no answer to ${waiting.method} within ${timeoutMs} ms (use --timeout to allow more); the process was killed and restarts for the next call${this.#stderrNote()}`);
    }, timeoutMs);
    this.#process.stdin.write(`${JSON.stringify(messages.length === 1 ? messages[0] : messages)}\n`);
  }

  #receive(line: string): void {
    if (this.#failure !== undefined) return;
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      return this.#fail('PROTOCOL_ERROR', `the implementation wrote a line that is not JSON on stdout (logs belong on stderr): ${excerpt(line)}`);
    }
    const problem = this.#validate ? schemaProblem('message', message) : undefined;
    if (problem !== undefined) return this.#fail('PROTOCOL_ERROR', `the implementation wrote a message that breaks the protocol schema: ${problem}: ${excerpt(line)}`);
    for (const response of Array.isArray(message) ? message : [message]) {
      const { id, result, error } = (response ?? {}) as { id?: unknown; result?: unknown; error?: JsonRpcError };
      const call = typeof id === 'number' ? this.#pending.get(id) : undefined;
      if (call === undefined) return this.#fail('PROTOCOL_ERROR', `the implementation answered a call that is not pending (id ${JSON.stringify(id)}): ${excerpt(line)}`);
      this.#pending.delete(id as number);
      if (--call.line.waiting === 0) clearTimeout(call.line.timer);
      // The handshake's result is checked by `start`.
      const invalid = error !== undefined || call.method === 'initialize' ? undefined : this.#validate ? schemaProblem(`${call.method}.result`, result) : outcomeProblem(call.method, result);
      if (error !== undefined) call.reject(rpcError(call.method, error));
      else if (invalid !== undefined) call.reject(new ReconError('PROTOCOL_ERROR', `the result of ${call.method} is not valid: ${invalid}`));
      else call.resolve(result);
    }
  }

  /** Fails every pending call with one error and kills the process: its stream can no longer be trusted. */
  #fail(code: 'IMPL_CRASHED' | 'IMPL_TIMEOUT' | 'PROTOCOL_ERROR', message: string): void {
    if (this.#failure !== undefined) return;
    this.#failure = new ReconError(code, message);
    if (this.#pending.size === 0 && code === 'PROTOCOL_ERROR') this.#unreported = this.#failure;
    for (const call of this.#pending.values()) {
      clearTimeout(call.line.timer);
      call.reject(this.#failure);
    }
    this.#pending.clear();
    this.kill();
  }

  #stderrNote(): string {
    const tail = this.#stderr.trim();
    return tail === '' ? '' : `; its stderr ends with:\n${tail}`;
  }

  kill(): void {
    try {
      process.kill(-this.#process.pid!, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }

  /**
   * Ends stdin and waits a moment for the process to leave by itself, then kills its group.
   * Bounded whatever its descendants do: once it has exited, its pipes are released after a grace.
   */
  async stop(): Promise<void> {
    this.#process.stdin.end();
    await Promise.race([this.#closed, delay(1_000)]);
    this.kill();
    await this.#closed;
  }
}

function rpcError(method: string, error: JsonRpcError): ReconError {
  const what = `${method}: JSON-RPC error ${error.code}: ${error.message}`;
  if (error.code === RPC_ERROR.INTERNAL || (error.code >= -32099 && error.code <= -32000)) return new ReconError('IMPL_CRASHED', `the implementation could not answer ${what}`);
  if (error.code === RPC_ERROR.METHOD_NOT_FOUND) return new ReconError('PROTOCOL_ERROR', `the implementation does not serve ${what}, although its handshake declared the level`);
  return new ReconError('PROTOCOL_ERROR', `the implementation refused the call ${what}`);
}

/** Without schema validation (compiling it takes longer than starting most adapters), the handshake's essentials. */
function handshakeProblem(result: unknown): string | undefined {
  const r = (result ?? {}) as Partial<Record<keyof InitializeResult, unknown>>;
  if (r.protocolVersion !== PROTOCOL_VERSION) return `it speaks protocol version ${JSON.stringify(r.protocolVersion)}; this driver speaks ${PROTOCOL_VERSION}`;
  const text = (['name', 'version', 'language'] as const).find((key) => typeof r[key] !== 'string');
  if (text !== undefined) return `"${text}" is not a string`;
  if (!isLevelList(r.levels)) return `"levels" is not a list of ${LEVELS.join(', ')}`;
  for (const key of ['providers', 'scenarioFeatures', 'operations'] as const) {
    const list = r[key];
    if (list !== undefined && !(Array.isArray(list) && list.every((p) => typeof p === 'string'))) return `"${key}" is not a list of strings`;
  }
  if (r.era !== undefined && !(ERAS as readonly unknown[]).includes(r.era)) return `"era" is ${JSON.stringify(r.era)}, not one of ${ERAS.join(', ')}`;
  return undefined;
}

/** Without schema validation, still make sure an operation answered with an outcome object. */
function outcomeProblem(method: string, result: unknown): string | undefined {
  if (method === 'shutdown') return undefined;
  const outcome = result as { ok?: unknown; code?: unknown } | null;
  if (typeof outcome !== 'object' || outcome === null || (outcome.ok !== true && outcome.ok !== false)) return 'an outcome is {"ok":true,"value":…} or {"ok":false,"code":…}';
  if (outcome.ok === false && typeof outcome.code !== 'string') return 'a refusal carries a string "code"';
  return undefined;
}

function excerpt(line: string): string {
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
