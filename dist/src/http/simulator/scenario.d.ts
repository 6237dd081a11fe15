import type { ScriptedReply } from '../../loop/index.ts';
/** The scenario in `text`, checked field by field; `SIMULATOR_SCENARIO` names the first bad reply. */
export declare function parseScenario(text: string, file?: string): ScriptedReply[];
/** The reply to a request body: numbered by the assistant messages it holds. */
export declare function replyFor(replies: readonly ScriptedReply[], body: Readonly<Record<string, unknown>>): {
    readonly reply: ScriptedReply;
    readonly position: number;
};
