import { Session, type NeutralRequest } from '../../fold/index.ts';
import { SessionLog, type EpochHeader, type LoadOptions, type LoadedLog, type Message, type SessionLogOptions, type StreamChunk } from '../../log/index.ts';
import { AgentLoop, type AgentLoopOptions } from '../../loop/index.ts';
import { type GenerateRequest, type WireRequest } from '../../wire/index.ts';
import { type Implementation, type ImplementationInfo } from '../implementation.ts';
export declare const REFERENCE_INFO: ImplementationInfo;
/** The pieces the reference is made of, one per layer. */
export interface ReferenceParts {
    readonly logOptions: SessionLogOptions;
    readonly load: (jsonl: string, options: LoadOptions) => LoadedLog;
    readonly save: (log: SessionLog) => string;
    readonly session: (log: SessionLog) => Session;
    readonly request: (header: EpochHeader, messages: readonly Message[], sessionId: string) => NeutralRequest;
    /** The DeepSeek wire format: the loop's, and the one most mutants change. */
    readonly serialize: (request: GenerateRequest) => WireRequest;
    readonly parseStream: (body: Uint8Array, cuts: readonly number[]) => StreamChunk[];
    /** The other providers' wire formats (src/wire), by provider name. */
    readonly wire: Readonly<Record<'openai' | 'anthropic', ProviderWire>>;
    readonly loop: (options: AgentLoopOptions) => AgentLoop;
}
export interface ProviderWire {
    readonly serialize: (request: GenerateRequest) => WireRequest;
    readonly parseStream: (body: Uint8Array, cuts: readonly number[]) => StreamChunk[];
}
export declare const REFERENCE_PARTS: ReferenceParts;
/** `body` cut into pieces at the given byte offsets, as a network might deliver it. */
export declare function cutAt(body: Uint8Array, cuts: readonly number[]): Uint8Array[];
/** A DeepSeek SSE body, given as the pieces it arrived in, translated to stream chunks. */
export declare function parseDeepSeekStream(pieces: Iterable<Uint8Array | string>): StreamChunk[];
export interface ReferenceOptions {
    readonly info?: Partial<ImplementationInfo>;
    readonly parts?: Partial<ReferenceParts>;
    /** The loop's own dispatch-time reconstruction check (default on). */
    readonly checkReconstruction?: boolean;
}
export declare function referenceImplementation(options?: ReferenceOptions): Implementation;
