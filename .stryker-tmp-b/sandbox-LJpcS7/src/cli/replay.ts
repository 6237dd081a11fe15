// @ts-nocheck
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fetch as undiciFetch } from 'undici';
import { ReconError } from '../errors.ts';
import { CassetteDispatcher, Replayer, accountCache, parseCassette, requestBytes, responseBytes, serveCassette, type Cassette, type CacheAccount } from '../http/index.ts';
import { formatTable, percent } from '../report/table.ts';
import { count } from '../report/plural.ts';
import { EXIT, parseCommandLine, parseCount, parsePort, untilStopped, type Command, type Io } from './command.ts';

const help = `Usage: recon replay <cassette.jsonl> [--json]
       recon replay <cassette.jsonl> --serve [--port N] [--speed F | --no-delay] [--body exact|json] [--repeat]

Without --serve: replays every recorded request through the cassette dispatcher (no
network, no delay), checks each answer is byte-identical to its recording, then reports
per model call the normalised usage (input, cache read, cache write, output) and the
bound: the most cache-read tokens the request sequence allows (DeepSeek: 64-token units
of the prefix shared with an earlier prompt plus its output; OpenAI: 1024 + 128·k; and
Anthropic and OpenAI GPT-5.6+: what an earlier call cached up to its breakpoint).
Session figures: read rate = Σ cache read ÷ Σ input, attainment = Σ cache read ÷ Σ max(bound, cache read)
(at most 100 %: reads above the bound show the provider held that much).
Where reads and bound differ, the report says why (warm cache, server-side tool loop,
a loop that is not append-only, best effort).

With --serve: answers the cassette's requests on http://127.0.0.1:<port>, streaming the
recorded chunks at the recorded pace, until SIGINT or SIGTERM. Point a client's base URL
at the printed address; requests are matched on method, path, query and body bytes, in
recording order, each once. A request with no match gets status 501 and is reported on
stderr with its first differing byte; unused interactions are reported at the end.

Options:
  --json       print one JSON object (with --serve: {"url", "cassette", "interactions"})
  --serve      serve the cassette on loopback
  --port N     the port to listen on (default: a free one)
  --speed F    replay F times faster than recorded (default 1)
  --no-delay   send every chunk at once
  --body json  match bodies as parsed JSON (for imported, re-serialised cassettes)
  --repeat     let an interaction answer more than once

Exit codes: 0 ok, 1 a replayed answer differs from its recording,
            2 usage error (a port outside 0–65535 included), 3 the cassette cannot be
            read (unreadable, malformed, or edited: CASSETTE_DIGEST) or the port is in use.
`;

export const replay: Command = {
  name: 'replay',
  summary: 'replay a cassette: check it, account its cache reads, or serve it on loopback',
  help,
  async run(argv, io) {
    const { values, positionals } = parseCommandLine('replay', argv, {
      json: { type: 'boolean', default: false },
      serve: { type: 'boolean', default: false },
      port: { type: 'string' },
      speed: { type: 'string' },
      'no-delay': { type: 'boolean', default: false },
      body: { type: 'string', default: 'exact' },
      repeat: { type: 'boolean', default: false },
    });
    const [file] = positionals;
    if (file === undefined || positionals.length > 1) throw new ReconError('USAGE', 'name one cassette (see recon replay --help)');
    if (values.body !== 'exact' && values.body !== 'json') throw new ReconError('USAGE', `--body takes "exact" or "json", got "${values.body}"`);
    let text: string;
    try {
      text = await readFile(resolve(io.cwd, file), 'utf8');
    } catch (error) {
      throw new ReconError('FILE_UNREADABLE', (error as Error).message, { location: { file } });
    }
    const cassette = parseCassette(text, file);
    if (!values.serve) return account(io, file, cassette, values.json);
    const speed = values['no-delay'] ? Infinity : parseCount('speed', values.speed, 1, { min: 0, max: 1e6, decimal: true, exclusive: true });
    const server = await serveCassette(cassette, {
      port: parsePort(values.port),
      timing: { speed },
      replay: { body: values.body, repeat: values.repeat, file },
      onMiss: (error) => io.stderr.write(`recon replay: ${error.message}\n`),
    });
    const interactions = cassette.interactions.length;
    const stopped = untilStopped();
    io.stdout.write(values.json ? `${JSON.stringify({ url: server.url, cassette: file, interactions })}\n` : `serving ${file} (${count(interactions, 'interaction')}) at ${server.url}; stop with Ctrl-C\n`);
    await stopped;
    await server.close();
    for (const u of server.replayer.unused()) io.stderr.write(`recon replay: interaction #${u.index} (line ${u.line}) ${u.method} ${u.url} was never requested\n`);
    return EXIT.OK;
  },
};

async function account(io: Io, file: string, cassette: Cassette, json: boolean): Promise<number> {
  const replayed = await replayAll(cassette);
  const result = await accountCache(cassette);
  const identical = replayed.filter((r) => r.identical).length;
  if (json) {
    // Unknown counts are written as null, so every call has the same keys.
    const requests = result.requests.map(({ index, provider, api, model, url, input, cacheRead, cacheWrite, output, bound, basis, why, break: cause }) => ({
      index, provider, api, model: model ?? null, url: url ?? null,
      input: input ?? null, cacheRead: cacheRead ?? null, cacheWrite: cacheWrite ?? null, output: output ?? null,
      bound, basis, why: why ?? null, break: cause ?? null,
    }));
    io.stdout.write(`${JSON.stringify({ cassette: file, provider: cassette.header.provider, replayed: { total: replayed.length, identical }, ...result, requests })}\n`);
  } else {
    writeHuman(io, file, cassette, result, replayed.length, identical);
    for (const r of replayed.filter((r) => !r.identical)) io.stdout.write(`  ✗ interaction #${r.index}: ${r.problem}\n`);
  }
  return identical === replayed.length ? EXIT.OK : EXIT.FAILED;
}

/** Sends every recorded request through the dispatcher, as our client would, and compares the answers. */
async function replayAll(cassette: Cassette): Promise<Array<{ index: number; identical: boolean; problem?: string }>> {
  const dispatcher = new CassetteDispatcher(new Replayer(cassette), { speed: Infinity });
  const results = [];
  for (const [index, { request, response }] of cassette.interactions.entries()) {
    if (request === null) continue;
    try {
      const body = requestBytes(request);
      const answer = await undiciFetch(request.url, { method: request.method, headers: request.headers, redirect: 'manual', dispatcher, ...(body.byteLength > 0 ? { body } : {}) });
      const received = Buffer.from(await answer.arrayBuffer());
      const identical = answer.status === response.status && received.equals(responseBytes(response));
      results.push(identical ? { index, identical } : { index, identical, problem: `answered ${answer.status} with ${received.byteLength} bytes, recorded ${response.status}` });
    } catch (error) {
      const cause = (error as Error).cause;
      results.push({ index, identical: false, problem: cause instanceof Error ? cause.message : (error as Error).message });
    }
  }
  return results;
}

function writeHuman(io: Io, file: string, cassette: Cassette, result: CacheAccount, replayed: number, identical: number): void {
  io.stdout.write(`${file}\n  ${cassette.header.provider} · ${count(result.requests.length, 'model call')} · replayed ${identical}/${replayed} byte-identical\n`);
  for (const note of cassette.header.notes ?? []) io.stdout.write(`  note: ${note}\n`);
  if (cassette.header.cassette === 1) io.stdout.write('  note: a format 1 cassette: its responses carry no sha256, so an edit of them cannot be detected; import or record it again\n');
  if (result.requests.length === 0) return;
  const n = (value: number | null | undefined) => value ?? 'n/a';
  const rows = result.requests.map((r) => [`#${r.index}`, r.model ?? 'n/a', n(r.input), n(r.cacheRead), n(r.cacheWrite), n(r.output), n(r.bound), r.why ?? '']);
  io.stdout.write(formatTable(['call', 'model', 'input', 'cache read', 'cache write', 'output', 'bound', 'why reads differ from the bound'], rows, '  '));
  for (const r of result.requests) io.stdout.write(`  bound of #${r.index}: ${r.basis}\n`);
  for (const r of result.requests) if (r.break !== undefined) io.stdout.write(`  break at #${r.index}: ${r.break.code}: ${r.break.summary}\n`);
  io.stdout.write(
    `  read rate ${percent(result.rate)} (after the first call ${percent(result.rateAfterFirst)}) · attainment ${percent(result.attainment)} of the bound` +
      (result.externalReads > 0 ? ` (${percent(result.attainmentInSession)} counting reads up to the bound only; ${result.externalReads} tokens read above it, see why)` : '') +
      '\n',
  );
}
