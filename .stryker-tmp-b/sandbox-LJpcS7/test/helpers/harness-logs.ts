/**
 * Lines in the field layouts of other harnesses' logs, for tests: Claude Code transcript
 * lines, Codex rollout lines, opencode parts and messages, OTLP/JSON spans. Each builder
 * writes only what the format has (src/audit/usage/_internals/ reads them).
 */
// @ts-nocheck

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export const jsonl = (records: readonly unknown[]): string => records.map((r) => JSON.stringify(r)).join('\n') + '\n';

export function put(path: string, text: string): string {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  return path;
}

export interface ClaudeUsage {
  readonly input: number;
  readonly read: number;
  readonly write: number;
  readonly output: number;
  /** The write's split by lifetime; default all 5-minute. */
  readonly tiers?: Readonly<Record<string, number>>;
}

/** One assistant line of a Claude Code transcript (Claude Code 2.1 layout). */
export function claudeAssistant(o: { session: string; id: string; request?: string; at: string; usage: ClaudeUsage; model?: string; sidechain?: string; stop?: string | null }): unknown {
  const tiers = o.usage.tiers ?? { '5m': o.usage.write, '1h': 0 };
  return {
    parentUuid: null,
    isSidechain: o.sidechain !== undefined,
    ...(o.sidechain === undefined ? {} : { agentId: o.sidechain }),
    userType: 'external',
    cwd: '/tmp/x',
    sessionId: o.session,
    version: '2.1.14',
    message: {
      model: o.model ?? 'claude-opus-4-5-20251101',
      id: o.id,
      type: 'message',
      role: 'assistant',
      content: [{ type: 'text', text: 'ok' }],
      stop_reason: o.stop === undefined ? null : o.stop,
      stop_sequence: null,
      usage: {
        input_tokens: o.usage.input,
        cache_creation_input_tokens: o.usage.write,
        cache_read_input_tokens: o.usage.read,
        cache_creation: Object.fromEntries(Object.entries(tiers).map(([t, n]) => [`ephemeral_${t}_input_tokens`, n])),
        output_tokens: o.usage.output,
        service_tier: 'standard',
      },
    },
    requestId: o.request ?? `req_${o.id}`,
    type: 'assistant',
    uuid: `u-${o.id}-${o.usage.output}`,
    timestamp: o.at,
  };
}

export function claudeUser(session: string, at: string, text = 'go on'): unknown {
  return { parentUuid: null, isSidechain: false, userType: 'external', cwd: '/tmp/x', sessionId: session, version: '2.1.14', type: 'user', message: { role: 'user', content: text }, uuid: `u-${at}`, timestamp: at };
}

export function claudeCompactBoundary(session: string, at: string): unknown {
  return { parentUuid: null, logicalParentUuid: 'u-prev', isSidechain: false, userType: 'external', cwd: '/tmp/x', sessionId: session, version: '2.1.14', type: 'system', subtype: 'compact_boundary', content: 'Conversation compacted', isMeta: false, timestamp: at, uuid: `c-${at}`, level: 'info', compactMetadata: { trigger: 'auto', preTokens: 150000 } };
}

/** A Codex rollout line. */
export const codexLine = (at: string, type: string, payload: Record<string, unknown>): unknown => ({ timestamp: at, type, payload });

export interface CodexUsage {
  readonly input: number;
  readonly cached: number;
  readonly output: number;
  readonly reasoning?: number;
}

const total = (u: CodexUsage) => ({ input_tokens: u.input, cached_input_tokens: u.cached, output_tokens: u.output, reasoning_output_tokens: u.reasoning ?? 0, total_tokens: u.input + u.output });

/** A token_count event: this call's usage and the running total after it. */
export function codexTokenCount(at: string, last: CodexUsage, running: CodexUsage): unknown {
  return codexLine(at, 'event_msg', { type: 'token_count', info: { last_token_usage: total(last), total_token_usage: total(running), model_context_window: 272000 }, rate_limits: null });
}

export const codexMeta = (at: string, id: string, extra: Record<string, unknown> = {}): unknown => codexLine(at, 'session_meta', { id, timestamp: at, cwd: '/tmp/x', originator: 'codex_cli_rs', cli_version: '0.150.0', model_provider: 'openai', ...extra });

/** An opencode step-finish part (MessageV2.StepFinishPart). */
export function opencodeStep(o: { id: string; session: string; message: string; input: number; read: number; write: number; output: number }): Record<string, unknown> {
  return { id: o.id, sessionID: o.session, messageID: o.message, type: 'step-finish', reason: 'stop', cost: 0, tokens: { input: o.input, output: o.output, reasoning: 0, cache: { read: o.read, write: o.write } } };
}

/** An opencode assistant message info (MessageV2.Assistant). */
export function opencodeAssistant(o: { id: string; session: string; created: number; model?: string; provider?: string; summary?: boolean }): Record<string, unknown> {
  return {
    id: o.id,
    sessionID: o.session,
    role: 'assistant',
    time: { created: o.created, completed: o.created + 1000 },
    parentID: `msg_user_${o.id}`,
    modelID: o.model ?? 'claude-sonnet-4-5',
    providerID: o.provider ?? 'anthropic',
    mode: 'build',
    agent: 'build',
    path: { cwd: '/tmp/x', root: '/tmp/x' },
    cost: 0,
    tokens: { input: 0, output: 0, reasoning: 0, cache: { read: 0, write: 0 } },
    ...(o.summary === true ? { summary: true } : {}),
  };
}

/** An OTLP/JSON attribute list. */
export function otelAttributes(values: Readonly<Record<string, string | number>>): unknown[] {
  return Object.entries(values).map(([key, v]) => ({ key, value: typeof v === 'number' ? { intValue: String(v) } : { stringValue: v } }));
}

export function otelSpan(o: { trace: string; span: string; parent?: string; startMs: number; attributes: Readonly<Record<string, string | number>> }): unknown {
  const ns = (ms: number) => (BigInt(ms) * 1_000_000n).toString();
  return { traceId: o.trace, spanId: o.span, ...(o.parent === undefined ? {} : { parentSpanId: o.parent }), name: 'chat', kind: 3, startTimeUnixNano: ns(o.startMs), endTimeUnixNano: ns(o.startMs + 900), attributes: otelAttributes(o.attributes), status: {} };
}

/** One OTLP export request (`ExportTraceServiceRequest` in JSON), as the collector's file exporter writes a line. */
export function otlp(spans: readonly unknown[]): unknown {
  return { resourceSpans: [{ resource: { attributes: otelAttributes({ 'service.name': 'agent' }) }, scopeSpans: [{ scope: { name: 'opentelemetry.instrumentation.anthropic', version: '0.40.0' }, spans }] }] };
}
