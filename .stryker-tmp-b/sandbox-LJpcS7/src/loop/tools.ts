// @ts-nocheck
import type { ContentBlock, ToolSpec } from '../log/index.ts';

export interface ToolOutcome {
  readonly content: readonly ContentBlock[];
  readonly isError?: boolean;
}

export interface Tool {
  readonly spec: ToolSpec;
  /** `call` is the tool call being answered (its id), for tools whose answer depends on it. */
  run(argumentsJson: string, call: { readonly id: string }): ToolOutcome | Promise<ToolOutcome>;
}

/** Tools in registration order: that order is the order of `tools` in every request. */
export class ToolRegistry {
  readonly #tools = new Map<string, Tool>();

  constructor(tools: Iterable<Tool> = []) {
    for (const tool of tools) this.register(tool);
  }

  register(tool: Tool): void {
    this.#tools.set(tool.spec.name, tool);
  }

  get(name: string): Tool | undefined {
    return this.#tools.get(name);
  }

  specs(): ToolSpec[] {
    return [...this.#tools.values()].map((tool) => tool.spec);
  }
}
