import { Session, type NeutralRequest } from '../fold/index.ts';
import { type ContentBlock, type EpochHeader, type HeaderReason, type JsonValue, type LlmCallConfig, type Message, type SessionLog } from '../log/index.ts';
import type { GenerateRequest, WireRequest } from '../wire/index.ts';
import { Inbox } from './inbox.ts';
import { type IdSource } from './messages.ts';
import type { ModelAdapter } from './model.ts';
import { ToolRegistry } from './tools.ts';
/** What the agent asks for; the route may fill in more (adapter defaults). */
export interface LoopConfig {
    readonly provider: string;
    readonly model: string;
    readonly maxTokens?: number;
    readonly reasoningEffort?: string;
}
/** The one per-call knob (spec §4.4 item 3): may replace the proposed config, never the messages. */
export type RequestHook = (at: {
    readonly turn: number;
    readonly step: number;
}, proposed: LlmCallConfig) => LlmCallConfig | undefined;
export type PreStepOutcome = {
    readonly kind: 'enter';
    readonly messages: readonly Message[];
} | {
    readonly kind: 'reject';
};
export type PreStepHook = (at: {
    readonly turn: number;
    readonly step: number;
}, messages: readonly Message[]) => PreStepOutcome;
export interface SentRequest {
    readonly request: NeutralRequest;
    readonly wire: WireRequest;
    /** The request was dispatched when the log held this many events. */
    readonly boundarySeq: number;
    readonly turn: number;
    readonly step: number;
}
export interface OneShotSent {
    readonly purpose: 'compaction';
    readonly request: GenerateRequest;
    readonly wire: WireRequest;
}
export interface AgentLoopOptions {
    readonly log: SessionLog;
    readonly model: ModelAdapter;
    readonly config: LoopConfig;
    /** The system prompt, rendered once per step. */
    readonly system?: string | (() => string);
    readonly tools?: ToolRegistry;
    readonly ids?: IdSource;
    readonly requestHook?: RequestHook;
    readonly preStep?: PreStepHook;
    /** Called after a request is built and before it is streamed: where tests inject mid-request. */
    readonly onDispatch?: (sent: SentRequest) => void;
    /** Rebuild every request from a fresh fold of the log and fail loudly on a difference (default on). */
    readonly checkReconstruction?: boolean;
    /** Attempts repeated in the same step after an error finish (default 0). */
    readonly maxRetries?: number;
    /** The live fold over the log (default: a `Session`). */
    readonly createSession?: (log: SessionLog) => Session;
}
export declare class AgentLoop {
    #private;
    readonly log: SessionLog;
    readonly session: Session;
    readonly inbox: Inbox;
    readonly tools: ToolRegistry;
    readonly sent: SentRequest[];
    /** Whether this instance continues a persisted log (its first header is a `resume`). */
    readonly resumed: boolean;
    readonly oneShots: OneShotSent[];
    config: LoopConfig;
    system: string | (() => string);
    constructor(options: AgentLoopOptions);
    /** Whether `request` was built by this loop (one-shots are not). */
    isLoopRequest(request: object): boolean;
    /** Queues a message for the next turn. */
    followup(content: string | Message): Message;
    /** Queues a message for the next step of the running turn (or starts a turn). */
    steer(content: string | Message): Message;
    /** Queues context for the next step without waking the loop; it never joins a request already built. */
    inject(content: string | Message): Message;
    /** Rewrites a tool result's content at the start of the next turn, as a single-node replace. */
    trimToolResult(callId: string, content: readonly ContentBlock[]): void;
    /** Runs turns until both inbox lists are empty. */
    runUntilIdle(): Promise<void>;
    /**
     * Compaction (spec §2.3): a one-shot summarize call over the current surface, whose
     * envelope is logged, then a `user/message` that replaces the summarized nodes.
     * `keep` surface nodes at the end stay as they are.
     */
    compact(options?: {
        readonly keep?: number;
        readonly maxTokens?: number;
    }): Promise<void>;
    /**
     * Builds the request of one attempt (spec §4.4): the messages first, then the header the
     * request needs — the seed or the proposal from the folded header, the request hook, the
     * route's resolution — logged when owed, then the frozen, marked request and its bytes.
     */
    protected prepareRequest(turn: number, step: number, system: string, tools: EpochHeader['tools']): SentRequest;
    /** The system prompt, rendered once per step. */
    protected renderSystem(): string;
    /** The tools of a step's requests, in registration order. */
    protected toolSpecs(): EpochHeader['tools'];
    /** The reason a snapshot is owed (spec §4.4 item 5): the first of an instance always, later only on a real change. */
    protected headerReason(folded: EpochHeader | undefined, built: EpochHeader, firstOfInstance: boolean): HeaderReason | undefined;
    /** The header a request is built from: the one the log now folds to, so the request is a function of the log. */
    protected requestHeader(_built: EpochHeader): EpochHeader;
    protected buildLoopRequest(header: EpochHeader, messages: readonly Message[]): NeutralRequest;
    /** After the dispatch hooks ran: the request goes out as it was built. */
    protected afterDispatch(sent: SentRequest): SentRequest;
    /** Closes a step; `step/end` is written whatever happened in it. */
    protected endStep(turn: number, step: number, _failed: boolean): void;
    /** What a one-shot call logs so its request can be rebuilt: provider, model, maxTokens. */
    protected oneShotEnvelope(config: LlmCallConfig): Record<string, JsonValue>;
}
/** The folded config minus the fields the route filled in, so the current route fills them again. */
export declare function requestProposal(header: EpochHeader): LlmCallConfig;
