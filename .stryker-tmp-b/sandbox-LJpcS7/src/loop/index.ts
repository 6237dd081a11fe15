// @ts-nocheck
export { AgentLoop, requestProposal, type StepResult, type AgentLoopOptions, type LoopConfig, type OneShotEnvelope, type OneShotSent, type PreStepHook, type PreStepOutcome, type RequestHook, type SentRequest } from './agent-loop.ts';
export { BlockAssembler } from './block-assembler.ts';
export { Inbox, type InboxTarget } from './inbox.ts';
export { counterIds, createAssistantMessage, createToolResultMessage, createUserMessage, textMessage, type IdSource } from './messages.ts';
export { prepareWithDefaults, type AdapterDefaults, type ModelAdapter, type ModelReply, type PreparedCall, type RouteDefaults } from './model.ts';
export { checkReconstruction } from './reconstruction-check.ts';
export { TOOL_NOT_STARTED, TOOL_OUTCOME_UNKNOWN, closeInterruptedTurn } from './repair.ts';
export { ScriptedModel, pieces, type ScriptedModelOptions, type ScriptedReply } from './scripted-model.ts';
export { ToolRegistry, type Tool, type ToolOutcome } from './tools.ts';
