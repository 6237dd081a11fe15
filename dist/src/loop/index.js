export { AgentLoop, requestProposal } from "./agent-loop.js";
export { BlockAssembler } from "./block-assembler.js";
export { Inbox } from "./inbox.js";
export { counterIds, createAssistantMessage, createToolResultMessage, createUserMessage, textMessage } from "./messages.js";
export { prepareWithDefaults } from "./model.js";
export { checkReconstruction } from "./reconstruction-check.js";
export { TOOL_NOT_STARTED, TOOL_OUTCOME_UNKNOWN, closeInterruptedTurn } from "./repair.js";
export { ScriptedModel, pieces } from "./scripted-model.js";
export { ToolRegistry } from "./tools.js";
