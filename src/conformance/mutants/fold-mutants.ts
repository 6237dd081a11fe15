/** Mutants of the fold and of request building. */
import { Session, buildRequest, deriveEventMessage } from '../../fold/index.ts';
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

export const FOLD_MUTANTS = [STALE_FOLD_AFTER_REPLACE, EMPTY_ASSISTANT_PROJECTED, TODO_LIST_PROJECTED, UNFROZEN_MESSAGES, HEADER_FOLD_NOT_CANONICAL, REQUEST_KEYS_REORDERED];
