/**
 * Matching sent requests to recorded interactions. Strict by default: method, URL and
 * every body byte. Interactions answer in recording order, each once, so a loop that
 * sends the same request twice must have recorded it twice. A request with no match is
 * refused (lockdown) with the first differing byte against the nearest recording,
 * because "no match" alone sends a reader diffing two 10 kB bodies by eye.
 */
// @ts-nocheck

import { ReconError } from '../errors.ts';
import { sha256 } from './_internals/bytes.ts';
import { excerpt, firstDifference } from '../first-difference.ts';
import { redactUrl } from './_internals/redact-url.ts';
import { lineOfInteraction, requestBytes, type Cassette, type Interaction } from './cassette.ts';

export interface ReplayOptions {
  /**
   * `exact` (default): identical body bytes. `json`: equal once parsed as JSON (key order
   * and spacing ignored), for imported cassettes whose bodies were re-serialised.
   */
  readonly body?: 'exact' | 'json';
  /** Let an interaction answer more than once. */
  readonly repeat?: boolean;
  /** Compare path and query only: clients of the loopback server send to 127.0.0.1. */
  readonly ignoreOrigin?: boolean;
  /** Named in errors. */
  readonly file?: string;
}

export interface SentRequest {
  readonly method: string;
  readonly url: string;
  readonly body: Uint8Array;
}

export interface UnusedInteraction {
  readonly index: number;
  readonly line: number;
  readonly method: string;
  readonly url: string;
}

export class Replayer {
  readonly cassette: Cassette;
  readonly #options: ReplayOptions;
  readonly #used: boolean[];
  readonly #bodies: Uint8Array[];

  constructor(cassette: Cassette, options: ReplayOptions = {}) {
    this.cassette = cassette;
    this.#options = options;
    this.#used = cassette.interactions.map(() => false);
    this.#bodies = cassette.interactions.map((i) => (i.request === null ? new Uint8Array(0) : requestBytes(i.request)));
  }

  /** The index of the first interaction that matches `sent` and may still answer. */
  find(sent: SentRequest): number | undefined {
    const index = this.cassette.interactions.findIndex((_, i) => (this.#options.repeat || !this.#used[i]) && this.#sameTarget(i, sent) && this.#sameBody(i, sent.body));
    return index < 0 ? undefined : index;
  }

  /** The interaction answering `sent`, marked used; a CASSETTE_MISS error when there is none. */
  take(sent: SentRequest): Interaction {
    const index = this.find(sent);
    if (index === undefined) throw this.#miss(sent);
    this.#used[index] = true;
    return this.cassette.interactions[index]!;
  }

  unused(): UnusedInteraction[] {
    return this.cassette.interactions.flatMap((interaction, index) =>
      this.#used[index] || interaction.request === null ? [] : [{ index, line: lineOfInteraction(index), method: interaction.request.method, url: redactUrl(interaction.request.url) }],
    );
  }

  /** Throws CASSETTE_UNUSED naming every recorded request that was never sent. */
  assertAllUsed(): void {
    const unused = this.unused();
    if (unused.length === 0) return;
    throw new ReconError('CASSETTE_UNUSED', `${unused.length} recorded interaction(s) were never requested: ${unused.map((u) => `#${u.index} (line ${u.line}) ${u.method} ${u.url}`).join('; ')}`, {
      location: this.#where(),
      hint: 'the client sent fewer requests than were recorded; record the cassette again if that is intended',
    });
  }

  #sameTarget(index: number, sent: SentRequest): boolean {
    const request = this.cassette.interactions[index]!.request;
    return request !== null && request.method === sent.method.toUpperCase() && this.#target(request.url) === this.#target(sent.url);
  }

  /** Credentials never reach a cassette, so a sent URL is compared (and named in errors) without them. */
  #target(url: string): string {
    const bare = redactUrl(url);
    if (!this.#options.ignoreOrigin) return bare;
    const parsed = new URL(bare);
    return parsed.pathname + parsed.search;
  }

  #sameBody(index: number, body: Uint8Array): boolean {
    const recorded = this.#bodies[index]!;
    if (firstDifference(recorded, body) === undefined) return true;
    if (this.#options.body !== 'json') return false;
    const canonical = canonicalJson(recorded);
    return canonical !== undefined && canonical === canonicalJson(body);
  }

  #miss(sent: SentRequest): ReconError {
    const what = `${sent.method.toUpperCase()} ${redactUrl(sent.url)} (body ${sent.body.byteLength} bytes, sha256 ${sha256(sent.body).slice(0, 16)}…)`;
    const candidates = this.cassette.interactions.flatMap((interaction, index) => {
      if (interaction.request === null) return [];
      const offset = firstDifference(this.#bodies[index]!, sent.body)?.offset;
      return [{ index, target: this.#sameTarget(index, sent), common: offset ?? Infinity, offset }];
    });
    candidates.sort((a, b) => Number(b.target) - Number(a.target) || b.common - a.common || a.index - b.index);
    const nearest = candidates[0];
    const hint = 'record the missing exchange with mode "update", or change the client so its request is byte-identical to the recording';
    if (nearest === undefined) return new ReconError('CASSETTE_MISS', `${what} matches no recorded interaction: the cassette records no requests`, { location: this.#where(), hint });
    const recorded = this.cassette.interactions[nearest.index]!.request!;
    const name = `interaction #${nearest.index} (line ${lineOfInteraction(nearest.index)})`;
    let why: string;
    if (!nearest.target) why = `no recording has that method and URL; nearest is ${name}, ${recorded.method} ${redactUrl(recorded.url)}`;
    else if (nearest.offset === undefined) why = `${name} has the same request but has already answered (each interaction answers once; allow repeats to reuse it)`;
    else {
      const recordedBody = this.#bodies[nearest.index]!;
      why =
        `nearest is ${name}: the bodies first differ at byte offset ${nearest.offset} ` +
        `(recorded ${recordedBody.byteLength} bytes, sent ${sent.body.byteLength})\n` +
        `  recorded: ${excerpt(recordedBody, nearest.offset)}\n` +
        `  sent:     ${excerpt(sent.body, nearest.offset)}`;
    }
    return new ReconError('CASSETTE_MISS', `${what} matches no recorded interaction; ${why}`, { location: this.#where(), hint });
  }

  #where() {
    return this.#options.file === undefined ? {} : { file: this.#options.file };
  }
}

/** JSON with object keys sorted, so two serialisations of one value compare equal; undefined when not JSON. */
function canonicalJson(bytes: Uint8Array): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(bytes).toString('utf8'));
  } catch {
    return undefined;
  }
  return JSON.stringify(value, (_, v: unknown) =>
    typeof v === 'object' && v !== null && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}
