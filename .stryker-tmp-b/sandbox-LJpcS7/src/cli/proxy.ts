// @ts-nocheck
import { resolve } from 'node:path';
import { ReconError } from '../errors.ts';
import { BREAK_CODES, CASSETTE_FORMAT, MAX_TIMEOUT_MS, openCassetteWriter, parseUpstream, startProxy, PROVIDER_URLS, type CacheAccount, type ProxiedCall, type RequestAccount } from '../http/index.ts';
import { percent } from '../report/table.ts';
import { isProvider } from '../wire/index.ts';
import { EXIT, parseCommandLine, parseCount, parsePort, untilStopped, type Command } from './command.ts';

const DEFAULT_TIMEOUT_MS = 300_000;

const help = `Usage: recon proxy --provider deepseek|openai|anthropic [--upstream URL] [--record cassette.jsonl] [--port N] [--timeout MS] [--json]

Stands between a harness and its model provider on http://127.0.0.1:<port>: point the
harness's base URL here (DeepSeek and Anthropic SDKs: the printed URL; OpenAI SDKs: the
URL with /v1, as OPENAI_BASE_URL expects). Every request goes upstream with the client's own
credentials, and every response streams back chunk by chunk as it arrives.

recon sees the bytes that really went out. After each model call it prints one line:
input tokens, cache read, cache write, the most reads the session allows (the bound),
and, when the reads fell below the previous prompt, why (one code):

  COLD_START            first call: nothing cached yet
  WARM_START            first call observed, yet it read: the provider's cache was warm from earlier traffic
  ROUTE_CHANGED         another model
  TOOLS_CHANGED         a tool added, removed, reordered, or its schema changed
  CACHE_MARKER_CHANGED  Anthropic cache_control or OpenAI prompt_cache_key dropped or moved
  SYSTEM_CHANGED        the system prompt changed (first differing byte shown)
  HISTORY_REWRITTEN     an earlier message was rewritten (which one, which field)
  BYTES_NOT_CANONICAL   the same JSON value with other bytes (key order, whitespace, escapes, numbers)
  BREAKPOINT_CAPS_READS the last cache breakpoint lies before earlier turns: reads cannot pass it
                        (Anthropic; the byte where a breakpoint on the last block would go is shown)
  WITHIN_BOUND          reads reach the bound: the rest is below the provider's granularity
  IDLE_EXPIRED          the previous call is older than the provider's cache lifetime
  READS_AT_SYSTEM_SIZE  reads stuck at the size of tools + system, call after call
  PROVIDER_DROP         the request extends the previous one, yet the provider read less

On Ctrl-C (SIGINT or SIGTERM) it prints the session's read rate, attainment of the bound
and the breaks by code, without waiting for an upstream that never answers. Credentials
(authorization and key headers, cookies, key-like query parameters, and anything of a
key's shape, sk-…, sk-ant-…, Bearer …, in a URL, a header or a body, echoes of the
upstream included) are forwarded and never written. An upstream that resets the
connection or ends a body early reaches the client the same way, and the cassette marks
the exchange "incomplete".

Options:
  --provider P     the provider's API the harness speaks (required)
  --upstream URL   where requests go (default: the provider's API, ${Object.values(PROVIDER_URLS).join(', ')});
                   give a recon simulate URL to work offline
  --record FILE    append every exchange to a cassette (recon replay reads it)
  --port N         the port to listen on (default: a free one)
  --timeout MS     how long the upstream may stay silent, before its headers or between body
                   bytes (default ${DEFAULT_TIMEOUT_MS}, at most ${MAX_TIMEOUT_MS}); past it the client gets
                   504 (before the headers) or a cut body, and the proxy prints NET_TIMEOUT
  --json           one JSON object per line: {"listening"}, then one per call, then {"summary"}

Exit codes: 0 stopped by a signal, 2 usage error, 3 the cassette cannot be opened, is of
another provider (CASSETTE_PROVIDER), or the port is taken.
`;

export const proxy: Command = {
  name: 'proxy',
  summary: 'stand between a harness and its provider: record, account cache reads, attribute every break',
  help,
  async run(argv, io) {
    const { values } = parseCommandLine(
      'proxy',
      argv,
      { provider: { type: 'string' }, upstream: { type: 'string' }, record: { type: 'string' }, port: { type: 'string' }, timeout: { type: 'string' }, json: { type: 'boolean', default: false } },
      false,
    );
    const provider = values.provider;
    if (provider === undefined || !isProvider(provider)) throw new ReconError('USAGE', `--provider takes deepseek, openai or anthropic${provider === undefined ? '' : `, got "${provider}"`} (see recon proxy --help)`);
    const port = parsePort(values.port);
    if (values.upstream !== undefined) parseUpstream(values.upstream);
    const timeout = parseCount('timeout', values.timeout, DEFAULT_TIMEOUT_MS);
    if (timeout > MAX_TIMEOUT_MS) throw new ReconError('USAGE', `--timeout takes at most ${MAX_TIMEOUT_MS} milliseconds, got "${values.timeout}"`);
    const writer = values.record === undefined ? undefined : await openCassetteWriter(resolve(io.cwd, values.record), { cassette: CASSETTE_FORMAT, provider, source: 'recorded' });
    const server = await startProxy({
      provider,
      ...(values.upstream === undefined ? {} : { upstream: values.upstream }),
      port,
      timeout,
      ...(writer === undefined ? {} : { writer }),
      onCall: (call) => io.stdout.write(values.json ? `${JSON.stringify(callJson(call))}\n` : callLine(call)),
      onError: (error) => io.stderr.write(`recon proxy: ${error.message}\n`),
    });
    const stopped = untilStopped();
    if (values.json) io.stdout.write(`${JSON.stringify({ listening: server.url, provider, upstream: server.upstream, record: values.record ?? null })}\n`);
    else io.stdout.write(`recon proxy for ${provider} at ${server.url} → ${server.upstream}${values.record === undefined ? '' : ` · recording to ${values.record}`} · stop with Ctrl-C\n`);
    await stopped;
    await server.close();
    const account = await server.account();
    io.stdout.write(values.json ? `${JSON.stringify({ summary: summaryJson(account) })}\n` : summaryText(account));
    return EXIT.OK;
  },
};

const n = (value: number | null | undefined): string => (value === null || value === undefined ? '–' : String(value));

function callLine({ index, method, path, status, account }: ProxiedCall): string {
  if (account === undefined) return `#${index} ${method} ${path} → ${status} (not a model call)\n`;
  const cause = account.break === undefined ? '' : ` · ${account.break.code}: ${account.break.summary}`;
  return `#${index} ${account.model ?? ''} → ${status} · input ${n(account.input)} · read ${n(account.cacheRead)} · write ${n(account.cacheWrite)} · bound ${n(account.bound)}${cause}\n`;
}

function callJson({ index, method, path, status, account }: ProxiedCall): Record<string, unknown> {
  return { call: index, method, path, status, ...(account === undefined ? {} : accountJson(account)) };
}

// Unknown counts are null, so every call line has the same keys.
function accountJson(a: RequestAccount): Record<string, unknown> {
  return { model: a.model ?? null, input: a.input ?? null, cacheRead: a.cacheRead ?? null, cacheWrite: a.cacheWrite ?? null, output: a.output ?? null, bound: a.bound, break: a.break ?? null };
}

function breaks(account: CacheAccount): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const code of BREAK_CODES) {
    const k = account.requests.filter((r) => r.break?.code === code).length;
    if (k > 0) counts[code] = k;
  }
  return counts;
}

function summaryJson(account: CacheAccount): Record<string, unknown> {
  return { calls: account.requests.length, totals: account.totals, rate: account.rate, rateAfterFirst: account.rateAfterFirst, attainment: account.attainment, breaks: breaks(account) };
}

function summaryText(account: CacheAccount): string {
  const counted = Object.entries(breaks(account)).map(([code, k]) => `${code} ${k}`);
  return (
    `${account.requests.length} model calls · read rate ${percent(account.rate)} (after the first ${percent(account.rateAfterFirst)}) · attainment ${percent(account.attainment)} of the bound\n` +
    `breaks: ${counted.length === 0 ? 'none' : counted.join(', ')}\n`
  );
}


