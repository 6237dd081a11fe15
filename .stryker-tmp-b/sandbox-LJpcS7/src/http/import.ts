/**
 * Importing other tools' recordings into cassettes: vcrpy / pytest-recording YAML, HAR 1.2
 * (Polly.js) and raw SSE chunk files (one JSON payload per line, response only). The
 * format is read from the content; the extension only sharpens the error when the content
 * is none of them. Whatever the source did not keep (exact bytes, chunk boundaries,
 * timing, the request) is said in the header's notes, not papered over.
 */
// @ts-nocheck

import { extname } from 'node:path';
import { ReconError } from '../errors.ts';
import type { Provider } from '../wire/index.ts';
import { sha256, utf8 } from './_internals/bytes.ts';
import { interactionsFromHar } from './_internals/import-har.ts';
import { interactionsFromVcr } from './_internals/import-vcr.ts';
import { isObject, jsonObject } from './_internals/json.ts';
import { CASSETTE_FORMAT, recordChunk, type Cassette, type CassetteHeader, type ImportFormat, type Interaction } from './cassette.ts';
import { readInteraction } from './endpoint.ts';
import { parseYamlKeepingFloats } from './_internals/reserialise.ts';

export interface ImportOptions {
  /** The name recorded in the header (and in errors); a base name, not a local path. */
  readonly file: string;
  readonly licence?: string;
  /** Where the recording comes from, e.g. "pydantic/pydantic-ai". */
  readonly origin?: string;
}

const EXTENSIONS: Readonly<Record<string, ImportFormat>> = { '.yaml': 'vcr-yaml', '.yml': 'vcr-yaml', '.har': 'har', '.txt': 'sse-chunks', '.jsonl': 'sse-chunks' };

export function detectFormat(text: string): ImportFormat | undefined {
  const log = jsonObject(text)?.['log'];
  if (isObject(log) && Array.isArray(log['entries'])) return 'har';
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  if (lines.length > 0 && lines.every((line) => isStreamPayload(jsonObject(line)))) return 'sse-chunks';
  if (/^interactions:/m.test(text)) return 'vcr-yaml';
  return undefined;
}

export function importRecording(text: string, options: ImportOptions): Cassette {
  const format = detectFormat(text);
  if (format === undefined) {
    const hinted = EXTENSIONS[extname(options.file).toLowerCase()];
    if (cutShortJson(text)) {
      throw new ReconError('IMPORT_UNSUPPORTED', 'the file is truncated: its JSON ends before the value is complete', {
        location: { file: options.file },
        hint: 'the recording was cut short (a killed test run, a full disk); record it again or restore it',
      });
    }
    throw new ReconError(
      'IMPORT_UNSUPPORTED',
      `the content is not a vcrpy YAML cassette (interactions: …), a HAR 1.2 log (log.entries) or an SSE chunk file (one JSON object per line)` +
        (hinted === undefined ? '' : `, although its extension suggests ${hinted}`),
      { location: { file: options.file }, hint: 'convert it to one of these formats, or record the exchange again with recon' },
    );
  }
  let interactions: Interaction[];
  const notes: string[] = [];
  try {
    if (format === 'har') interactions = interactionsFromHar(JSON.parse(text));
    else if (format === 'sse-chunks') {
      interactions = [fromChunkLines(text)];
      notes.push('response only: the request was not recorded; SSE framing rebuilt as "data: <line>" events around each recorded payload; no timing');
    } else {
      interactions = interactionsFromVcr(parseYamlKeepingFloats(text));
      const rebuilt = interactions.flatMap(({ request, response }) => [request?.reserialised, response.reserialised].filter((r) => r !== undefined));
      if (rebuilt.length > 0) {
        notes.push(
          `${rebuilt.length} bodies were re-serialised from parsed JSON (parsed_body): the exact bytes sent were not recorded; ` +
            `key order is the recording's, spacing the style whose length equals the recorded content-length (${rebuilt.filter((r) => r.lengthMatches === true).length} of ${rebuilt.length} match)`,
        );
      }
    }
  } catch (error) {
    if (ReconError.is(error)) throw error;
    throw new ReconError('IMPORT_UNSUPPORTED', `the file looks like ${format} but cannot be read: ${(error as Error).message}`, { location: { file: options.file } });
  }
  // A cassette of nothing would replay as "all identical" and account nothing: refuse it instead.
  const calls = interactions.filter((interaction) => readInteraction(interaction).endpoint !== undefined).length;
  if (calls === 0) {
    throw new ReconError('IMPORT_EMPTY', `the ${format} file holds ${interactions.length === 0 ? 'no exchanges at all' : `${interactions.length} exchange${interactions.length === 1 ? '' : 's'} but no call to a model API this reader knows (DeepSeek, OpenAI, Anthropic)`}`, {
      location: { file: options.file },
      hint: 'import the recording of a session that called a model; an empty HAR or cassette has nothing to replay',
    });
  }
  if (format === 'vcr-yaml') notes.push('chunk times are 0: vcrpy keeps no timing; streamed bodies are split at event boundaries');
  if (format === 'har') notes.push('chunk times are the time to first byte: HAR keeps no chunk boundaries; streamed bodies are split at event boundaries');
  const header: CassetteHeader = {
    cassette: CASSETTE_FORMAT,
    provider: majorityProvider(interactions),
    source: 'imported',
    importedFrom: { format, file: options.file, sha256: sha256(utf8(text)), ...(options.origin === undefined ? {} : { origin: options.origin }) },
    ...(options.licence === undefined ? {} : { licence: options.licence }),
    notes,
  };
  return { header, interactions };
}

/** A JSON document (a HAR) that ends before its value does. */
function cutShortJson(text: string): boolean {
  if (!text.trimStart().startsWith('{')) return false;
  try {
    JSON.parse(text);
    return false;
  } catch (error) {
    // V8 names the offset where parsing stopped: at the very end, the text ran out.
    const message = (error as Error).message;
    const at = /at position (\d+)/.exec(message);
    return /end of JSON input/.test(message) || (at !== null && Number(at[1]) >= text.trimEnd().length);
  }
}

function fromChunkLines(text: string): Interaction {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  return {
    request: null,
    response: { status: 200, headers: { 'content-type': 'text/event-stream' }, chunks: lines.map((line) => recordChunk(0, utf8(`data: ${line}\n\n`))) },
  };
}

function majorityProvider(interactions: readonly Interaction[]): Provider | 'unknown' {
  const votes = new Map<Provider, number>();
  for (const interaction of interactions) {
    const { endpoint } = readInteraction(interaction);
    if (endpoint !== undefined) votes.set(endpoint.provider, (votes.get(endpoint.provider) ?? 0) + 1);
  }
  return [...votes].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'unknown';
}

// A chat chunk, a Responses or Anthropic event; not, say, a cassette line.
function isStreamPayload(value: Record<string, unknown> | undefined): boolean {
  return value !== undefined && ('choices' in value || 'object' in value || 'type' in value);
}
