// @ts-nocheck
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { E2E_SCRIPT } from '../e2e/conversation.ts';
import { ReconError } from '../errors.ts';
import { count } from '../report/plural.ts';
import { clientBaseUrls, parseScenario, startSimulator } from '../http/index.ts';
import { isProvider } from '../wire/index.ts';
import { EXIT, parseCommandLine, parsePort, untilStopped, type Command } from './command.ts';

const help = `Usage: recon simulate [--provider deepseek|openai|anthropic] [--port N] [--scenario <file.json>] [--json]

Serves a model of the providers' streaming APIs and prompt caches on
http://127.0.0.1:<port> until SIGINT or SIGTERM, so cache-read benchmarks and the e2e
run offline: DeepSeek and OpenAI chat completions (POST /chat/completions or
/v1/chat/completions) and Anthropic messages (POST /v1/messages). Prompts are rendered
and tokenised (DeepSeek V3 tokenizer; o200k_base for OpenAI, and for Anthropic, which
publishes none), and each provider's cache rules decide the reads:

  deepseek   64-token units; every prompt and its reply are cached
  openai     nothing under 1024 tokens, then 1024 + 128·k; replies are cached
  anthropic  entries only at cache_control breakpoints, at least the model's minimum
             long (1024 for most models), read within 20 blocks of a breakpoint;
             replies are not cached; usage in disjoint input / read / write counts

Entries expire when unused (DeepSeek 3 h; OpenAI 10 min, or 24 h with
prompt_cache_retention "24h"; Anthropic 5 min, or 1 h for ttl "1h"). Usage comes in
the provider's own fields, and every response carries the header x-recon-simulator:
it is a model, not the provider.

Replies come from a scenario: a JSON list of scripted replies ({text, reasoning,
toolCalls: [{name, arguments, id?}], finish, chunkSize}). A request gets the reply
numbered by the assistant messages it already holds, so every conversation starts the
script afresh; past its end comes a default reply. Without --scenario the simulator
plays the built-in script of the recon e2e conversation. Usage is always computed (a
scripted usage is ignored); reasoning is streamed by DeepSeek only; finish "error"
answers status 500.

Options:
  --provider P     answer as this provider only (default: chat completions answer as
                   OpenAI for an OpenAI model name, else as DeepSeek; /v1/messages as
                   Anthropic)
  --port N         the port to listen on (default: a free one)
  --scenario FILE  the scripted replies
  --json           print one JSON object: {"url", "provider", "scenario", "replies"}

Exit codes: 0 stopped by a signal, 2 usage error (a port outside 0–65535 included),
            3 the scenario is unreadable or invalid, or the port is in use.
`;

export const simulate: Command = {
  name: 'simulate',
  summary: 'serve a model of the providers\' streaming APIs and prompt caches on loopback',
  help,
  async run(argv, io) {
    const { values } = parseCommandLine('simulate', argv, { provider: { type: 'string' }, port: { type: 'string' }, scenario: { type: 'string' }, json: { type: 'boolean', default: false } }, false);
    const provider = values.provider;
    if (provider !== undefined && !isProvider(provider)) throw new ReconError('USAGE', `--provider takes deepseek, openai or anthropic, got "${provider}"`);
    let replies = E2E_SCRIPT;
    if (values.scenario !== undefined) {
      let text: string;
      try {
        text = await readFile(resolve(io.cwd, values.scenario), 'utf8');
      } catch (error) {
        throw new ReconError('FILE_UNREADABLE', (error as Error).message, { location: { file: values.scenario } });
      }
      replies = parseScenario(text, values.scenario);
    }
    const server = await startSimulator({ ...(provider === undefined ? {} : { provider }), replies, port: parsePort(values.port) });
    // Listening for the stop before saying where we are: a caller may signal as soon as it reads the address.
    const stopped = untilStopped();
    const scenario = values.scenario ?? 'built-in e2e script';
    if (values.json) io.stdout.write(`${JSON.stringify({ url: server.url, provider: provider ?? null, scenario, replies: replies.length })}\n`);
    else {
      io.stdout.write(`recon simulator (a model of ${provider ?? 'DeepSeek, OpenAI and Anthropic'}, not the provider) at ${server.url}\n`);
      const base = clientBaseUrls(server.url);
      io.stdout.write(`  base URL: ${base.deepseek} for DeepSeek, ${base.openai} for OpenAI, ${base.anthropic} for Anthropic (its SDK adds /v1) · scenario: ${scenario} (${count(replies.length, 'reply', 'replies')}) · stop with Ctrl-C\n`);
    }
    await stopped;
    await server.close();
    return EXIT.OK;
  },
};
