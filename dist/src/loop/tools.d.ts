import type { ContentBlock, ToolSpec } from '../log/index.ts';
export interface ToolOutcome {
    readonly content: readonly ContentBlock[];
    readonly isError?: boolean;
}
export interface Tool {
    readonly spec: ToolSpec;
    run(argumentsJson: string): ToolOutcome | Promise<ToolOutcome>;
}
/** Tools in registration order: that order is the order of `tools` in every request. */
export declare class ToolRegistry {
    #private;
    constructor(tools?: Iterable<Tool>);
    register(tool: Tool): void;
    get(name: string): Tool | undefined;
    specs(): ToolSpec[];
}
