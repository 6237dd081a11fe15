/**
 * Format v4's `toolHistory` (dsh-eras §4.3 item 7): a v4 request carries, beside the header's
 * tools, the tools its declaration series started with and every tool change its developer
 * messages announced since, with the definitions of the tools they added (read from the
 * request/header each one names). It folds the request/header and developer/message events
 * in log order; a new series starts at the first header, at a `series` header or one that
 * `startsSeries`, and at a header that gives a declared tool another definition.
 */
// @ts-nocheck

import { isEvent, type Message, type SessionEvent, type ToolSpec } from '../log/index.ts';

export interface ToolUpdate {
  readonly messageId: string;
  readonly additions: readonly ToolSpec[];
}

export interface ToolHistory {
  readonly tools: readonly ToolSpec[];
  readonly updates: readonly ToolUpdate[];
}

const NO_HISTORY: ToolHistory = Object.freeze({ tools: Object.freeze([]), updates: Object.freeze([]) });

export class ToolHistoryFold {
  /** Each header's tools, by seq: what a developer/message's headerSeq names. */
  readonly #headers = new Map<number, readonly ToolSpec[]>();
  /** Definitions of the current series, removed tools included, by name. */
  #declared = new Map<string, string>();
  /** The latest header's tools. */
  #active: readonly ToolSpec[] = [];
  /** The names the series' baseline and its updates leave available. */
  #available = new Set<string>();
  #started = false;
  #history: ToolHistory = NO_HISTORY;

  /** Takes the next event of the log, in order. */
  next(event: SessionEvent): void {
    if (isEvent(event, 'request/header')) {
      const tools = listOf(event.data.header.tools);
      this.#headers.set(event.seq, tools);
      const redeclared = tools.some((tool) => {
        const before = this.#declared.get(tool.name);
        return before !== undefined && before !== JSON.stringify(tool);
      });
      if (!this.#started || event.data.reason === 'series' || event.data.startsSeries === true || redeclared) {
        this.#started = true;
        this.#declared = new Map(tools.map((tool) => [tool.name, JSON.stringify(tool)]));
        this.#available = new Set(tools.map((tool) => tool.name));
        this.#history = { tools, updates: [] };
      }
      this.#active = tools;
    } else if (isEvent(event, 'developer/message')) {
      this.#developer(event.data.message, event.data.headerSeq);
    }
  }

  #developer(message: Message, headerSeq: number | undefined): void {
    const definitions = headerSeq === undefined ? [] : (this.#headers.get(headerSeq) ?? []);
    const additions: ToolSpec[] = [];
    for (const block of message.content) {
      if (block.type === 'tool-addition') {
        // The log refused an addition its header does not define.
        const tool = definitions.find((t) => t.name === block.toolName)!;
        additions.push(tool);
        this.#declared.set(tool.name, JSON.stringify(tool));
        this.#available.add(block.toolName);
      } else if (block.type === 'tool-removal') this.#available.delete(block.toolName);
    }
    this.#history = { tools: this.#history.tools, updates: [...this.#history.updates, { messageId: message.id, additions }] };
  }

  /**
   * The history a request sent now carries. When the latest header's tools are not what the
   * series and its updates leave available (a log written before tool updates were logged),
   * it is those tools alone, without updates, as DSH's projection has it.
   */
  snapshot(): ToolHistory {
    const active = this.#active;
    if (active.length !== this.#available.size || active.some((tool) => !this.#available.has(tool.name))) return { tools: active, updates: [] };
    return this.#history;
  }
}

/** The tool history of a request sent after `events`. */
export function toolHistoryOf(events: readonly SessionEvent[]): ToolHistory {
  const fold = new ToolHistoryFold();
  for (const event of events) fold.next(event);
  return fold.snapshot();
}

// A scrubbed placeholder ("{{tools}}") defines no tool by name.
function listOf(tools: readonly ToolSpec[] | undefined): readonly ToolSpec[] {
  return Array.isArray(tools) ? tools : [];
}
