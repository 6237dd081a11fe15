/** Mutants of the fold and of request building. */
// @ts-nocheck

import { Session, buildRequest, canonicalHeader, deriveEventMessage } from '../../fold/index.ts';
import { deepFreeze, eventsOf, isEvent, type EpochHeader, type Message } from '../../log/index.ts';
import { inProcess } from './define.ts';

/** A cache that appends new nodes but never notices that a replace rewrote old ones. */
class StaleSession extends Session {
  #cache: Message[] = [];
  #seen = 0;
  override deriveMessages(): Message[] {
    const surface = this.log.surface;
    for (let i = this.#seen; i < surface.size; i++) {
      const message = deriveEventMessage(this.log.eventAt(surface.nodeAt(i)!)!);
      if (message !== null) this.#cache.push(message);
    }
    this.#seen = Math.max(this.#seen, surface.size);
    return this.#cache.slice();
  }
}

class EmptyAssistantSession extends Session {
  override deriveMessages(): Message[] {
    return this.log.surface.nodes.flatMap((seq) => {
      const event = this.log.eventAt(seq)!;
      const message = isEvent(event, 'assistant/message') ? event.data.message : deriveEventMessage(event);
      return message === null ? [] : [message];
    });
  }
}

class TodoSession extends Session {
  override deriveMessages(): Message[] {
    const todos = this.log.events.filter((e) => e.type === 'todo/write');
    const shown = todos.map((e): Message => deepFreeze({ id: `todo-${e.seq}`, role: 'user', content: [{ type: 'text', text: `Todo list: ${JSON.stringify(e.data)}` }], source: { kind: 'plugin', plugin: 'todo' } }));
    return [...super.deriveMessages(), ...shown];
  }
}

class UnfrozenSession extends Session {
  override deriveMessages(): Message[] {
    return structuredClone(super.deriveMessages());
  }
}

class RawHeaderSession extends Session {
  override requestHeader(): EpochHeader | undefined {
    return this.log.events.findLast(eventsOf('request/header'))?.data.header;
  }
}

export const STALE_FOLD_AFTER_REPLACE = inProcess('stale-fold-after-replace', 'the derived-message cache is not rebuilt when a replace rewrites the surface', 'stale fold', { parts: { session: (log) => new StaleSession(log) } });
export const EMPTY_ASSISTANT_PROJECTED = inProcess('empty-assistant-projected', 'assistant messages without content (usage-only steps) are sent to the model', 'projection', { parts: { session: (log) => new EmptyAssistantSession(log) } });
export const TODO_LIST_PROJECTED = inProcess('todo-list-projected', 'the todo list (a log-only event) is shown to the model as a message', 'projection', { parts: { session: (log) => new TodoSession(log) } });
export const UNFROZEN_MESSAGES = inProcess('unfrozen-messages', 'derived messages are mutable copies, so a plugin can change what the log says was sent', 'mutable request', { parts: { session: (log) => new UnfrozenSession(log) } });
export const HEADER_FOLD_NOT_CANONICAL = inProcess('header-fold-not-canonical', 'the header fold returns the stored snapshot as written, empty extras included, instead of its canonical form', 'header discipline', {
  parts: { session: (log) => new RawHeaderSession(log) },
});

export const REQUEST_KEYS_REORDERED = inProcess('request-keys-reordered', 'the request is assembled with sessionId first and messages last, so its JSON differs from the logged form', 'unstable serialization', {
  parts: {
    request: (header, messages, sessionId) =>
      deepFreeze({ sessionId, ...header.config, ...(header.system === undefined ? {} : { system: header.system }), ...(header.tools === undefined ? {} : { tools: header.tools }), messages }),
  },
});

export const UNFROZEN_REQUEST_PART = (header: EpochHeader, messages: readonly Message[], sessionId: string) => structuredClone(buildRequest(header, messages, sessionId));

// --- Mutants of the blind-bug hunt: bugs written without looking at what the suite generates ---

/**
 * The header fold done incrementally, but over the events since the last read it takes the
 * first snapshot found (a `find` where a `findLast` was meant).
 */
class FirstNewHeaderSession extends Session {
  #header: EpochHeader | undefined;
  #watermark = 0;
  override requestHeader(): EpochHeader | undefined {
    const fresh = this.log.events.slice(this.#watermark).find(eventsOf('request/header'));
    this.#watermark = this.log.length;
    if (fresh !== undefined) this.#header = deepFreeze(canonicalHeader(fresh.data.header));
    return this.#header;
  }
}

/**
 * A cache that, on a replace, keeps the messages of the surface prefix that did not change
 * and derives the rest; its scan for the first changed node stops one short of the end.
 */
class TailBlindSession extends Session {
  #nodes: number[] = [];
  #messages: Array<Message | null> = [];
  #generation = 0;
  override deriveMessages(): Message[] {
    const surface = this.log.surface;
    if (surface.replaceGeneration !== this.#generation) {
      this.#generation = surface.replaceGeneration;
      const changed = this.#nodes.findIndex((seq, i) => i < Math.min(this.#nodes.length, surface.size) - 1 && seq !== surface.nodeAt(i));
      if (changed >= 0) {
        this.#nodes.length = changed;
        this.#messages.length = changed;
      }
    }
    for (let i = this.#nodes.length; i < surface.size; i++) {
      const seq = surface.nodeAt(i)!;
      this.#nodes.push(seq);
      this.#messages.push(deriveEventMessage(this.log.eventAt(seq)!));
    }
    return this.#messages.filter((m): m is Message => m !== null);
  }
}

/** A reply that only reasoned is taken for an empty step: the projection keeps replies with text or tool calls. */
class ReasoningOnlyDroppedSession extends Session {
  override deriveMessages(): Message[] {
    return super.deriveMessages().filter((m) => m.role !== 'assistant' || m.content.some((b) => b.type !== 'reasoning'));
  }
}

/** The folded header with an empty stop list dropped from the config, as if `[]` meant "no stop sequences given". */
class EmptyStopDroppedSession extends Session {
  override requestHeader(): EpochHeader | undefined {
    const header = super.requestHeader();
    if (header?.config.stop === undefined || header.config.stop.length > 0) return header;
    const { stop: _dropped, ...config } = header.config;
    return deepFreeze({ ...header, config });
  }
}

/** The folded header keeps an empty tool list as the snapshot wrote it, instead of canonicalising it away. */
class EmptyToolsKeptSession extends Session {
  override requestHeader(): EpochHeader | undefined {
    const header = super.requestHeader();
    const written = this.log.events.findLast(eventsOf('request/header'))?.data.header;
    if (header === undefined || written?.tools === undefined || written.tools.length > 0) return header;
    return deepFreeze({ ...header, tools: [] });
  }
}

/** Hands out the live cache itself: a list taken earlier grows as the log does. */
class SharedCacheSession extends Session {
  #cache: Message[] = [];
  #seen = 0;
  #generation = 0;
  override deriveMessages(): Message[] {
    const surface = this.log.surface;
    if (surface.replaceGeneration !== this.#generation) [this.#cache, this.#seen, this.#generation] = [[], 0, surface.replaceGeneration];
    for (; this.#seen < surface.size; this.#seen++) {
      const message = deriveEventMessage(this.log.eventAt(surface.nodeAt(this.#seen)!)!);
      if (message !== null) this.#cache.push(message);
    }
    return this.#cache;
  }
}

export const HEADER_FOLD_FIRST_NEW = inProcess('header-fold-first-new', 'the incremental header fold takes the first request/header among the events since its last read, not the last one', 'stale fold', {
  parts: { session: (log) => new FirstNewHeaderSession(log) },
});
export const FOLD_CACHE_TAIL_BLIND = inProcess('fold-cache-tail-blind', 'on a replace, the derived cache keeps the surface prefix that did not change, but its scan stops one node short, so a replace that ends at the last node is taken for an append', 'stale fold', {
  parts: { session: (log) => new TailBlindSession(log) },
});
export const REASONING_ONLY_REPLY_DROPPED = inProcess('reasoning-only-reply-dropped', 'an assistant message holding only reasoning blocks is left out of the derived messages as if it were empty', 'reasoning dropped or merged', {
  parts: { session: (log) => new ReasoningOnlyDroppedSession(log) },
});
export const HEADER_EMPTY_STOP_DROPPED = inProcess('header-empty-stop-dropped', 'the folded header drops an empty stop list from the config, so a request rebuilt from the log differs from the one sent with stop: []', 'header discipline', {
  parts: { session: (log) => new EmptyStopDroppedSession(log) },
});
export const HEADER_EMPTY_TOOLS_KEPT = inProcess('header-empty-tools-kept', 'the folded header keeps an empty tool list, so the request carries tools: [] where the canonical snapshot has none', 'header discipline', {
  parts: { session: (log) => new EmptyToolsKeptSession(log) },
});
export const DERIVED_CACHE_SHARED = inProcess('derived-cache-shared', 'deriveMessages hands out its cache array instead of a copy, so a message list taken for one request grows with the next', 'mutable request', {
  parts: { session: (log) => new SharedCacheSession(log) },
});

/** A fold of a fork child that starts its window at the seed length, as if the inherited history were the parent's business. */
class SeedWindowSession extends Session {
  override deriveMessages(): Message[] {
    return this.#windowed() ?? super.deriveMessages();
  }

  override derivedMessages(): readonly Message[] {
    return this.#windowed() ?? super.derivedMessages();
  }

  #windowed(): Message[] | undefined {
    const { parentSession, seedLength } = this.log.header;
    if (parentSession === undefined || seedLength === undefined) return undefined;
    return this.log.surface.nodes.filter((seq) => seq >= seedLength).flatMap((seq) => deriveEventMessage(this.log.eventAt(seq)!) ?? []);
  }
}

export const FOLD_WINDOWS_AT_SEED = inProcess('fold-windows-at-seed', 'the fold of a fork child starts at its seed length, so the child derives none of the history it inherited and its first request starts a new conversation', 'projection', {
  parts: { session: (log) => new SeedWindowSession(log) },
});

export const FOLD_MUTANTS = [
  STALE_FOLD_AFTER_REPLACE,
  EMPTY_ASSISTANT_PROJECTED,
  TODO_LIST_PROJECTED,
  UNFROZEN_MESSAGES,
  HEADER_FOLD_NOT_CANONICAL,
  REQUEST_KEYS_REORDERED,
  HEADER_FOLD_FIRST_NEW,
  FOLD_CACHE_TAIL_BLIND,
  REASONING_ONLY_REPLY_DROPPED,
  HEADER_EMPTY_STOP_DROPPED,
  HEADER_EMPTY_TOOLS_KEPT,
  DERIVED_CACHE_SHARED,
  FOLD_WINDOWS_AT_SEED,
];
