import { describe, expect, it } from 'vitest';
import { PROPERTIES } from '../../properties/index.ts';
import { MUTANTS } from '../../src/conformance/mutants/catalog.ts';
import { killMatrix } from '../../src/suite/kill-matrix.ts';
import { MUSEUM_MUTANTS } from '../../src/conformance/mutants/museum-mutants.ts';
import { runCli } from '../helpers/run-cli.ts';

/**
 * The property expected to catch each mutant. `recon mutants` runs the full matrix; this
 * test runs these pairs only, so that it stays fast, and checks that together they cover
 * every property: each property is shown to catch a real bug.
 */
const KILLERS: Record<string, readonly string[]> = {
  'accepts-header-delta': ['LOG-LEGACY-REFUSED', 'LOG-REFUSE-INVALID'],
  'accepts-fallback-reason': ['LOG-LEGACY-REFUSED'],
  'accepts-unknown-types': ['LOG-UNKNOWN-TYPE'],
  'one-design-reader': ['LOG-REAL-LOGS-BOTH-ERAS'],
  'fork-copies-open-turn': ['LOG-FORK'],
  'fork-loses-log-only-tail': ['LOG-FORK', 'LOOP-FORK-ALIGNED'],
  'fold-windows-at-seed': ['FOLD-MATCHES-SPEC', 'LOOP-FORK-ALIGNED'],
  'fork-override-dropped': ['LOOP-FORK-ALIGNED'],
  'compact-range-misread': ['FOLD-MATCHES-SPEC'],
  'header-field-dropped': ['LOG-REFUSE-INVALID'],
  'session-prefix-recomposed': ['LOOP-SESSION-PREFIX'],
  'session-prefix-in-history': ['LOOP-SESSION-PREFIX'],
  'session-prefix-not-in-header': ['LOOP-SESSION-PREFIX'],
  'session-prefix-changed-silently': ['LOOP-SESSION-PREFIX'],
  'context-joins-current': ['LOOP-SESSION-PREFIX'],
  'image-digest-not-checked': ['WIRE-IMAGES'],
  'image-metadata-not-checked': ['WIRE-IMAGES'],
  'image-missing-placeholder': ['WIRE-IMAGES'],
  'image-codes-rewritten': ['WIRE-IMAGES'],
  'image-offload-newest-first': ['WIRE-IMAGES'],
  'image-offload-raw-bytes': ['WIRE-IMAGES'],
  'image-in-tool-message': ['WIRE-IMAGES'],
  'image-data-url-png': ['WIRE-IMAGES-OPENAI'],
  'image-lifted-from-tool-result': ['WIRE-IMAGES-ANTHROPIC'],
  'image-role-after-offload': ['WIRE-IMAGES'],
  'image-offload-at-bound': ['WIRE-IMAGES'],
  'anthropic-image-result-error-dropped': ['WIRE-IMAGES-ANTHROPIC'],
  'reads-any-version': ['LOG-FORMAT-VERSION'],
  'trusts-json-parse': ['LOG-LOSSLESS-JSON'],
  'cuts-committed-damage': ['LOG-TORN-TAIL'],
  'chunk-row-times-dropped': ['LOG-LOAD-VALID', 'LOG-CHUNK-ROWS'],
  'saver-reorders-keys': ['LOG-APPEND-ROUNDTRIP'],
  'append-skips-message-shape': ['LOG-APPEND-LOAD-PARITY'],
  'non-atomic-append': ['LOG-APPEND-LOAD-PARITY', 'LOG-APPEND-LOSSLESS'],
  'tool-name-spread-on-save': ['LOG-APPEND-ROUNDTRIP'],
  'overlapping-row-merged': ['LOG-TORN-TAIL'],
  'legacy-failure-facts-dropped': ['LOG-LOAD-VALID'],
  'legacy-assistant-keys-kept': ['LOG-LOAD-VALID'],
  'session-header-fields-dropped': ['LOG-LOAD-VALID'],
  'chunk-row-empty-name-dropped': ['LOG-LOAD-VALID', 'LOG-APPEND-ROUNDTRIP'],
  'ignorable-marker-dropped': ['LOG-LOAD-VALID', 'LOG-APPEND-ROUNDTRIP'],
  'proto-key-lost': ['LOG-LOAD-VALID'],
  'outdated-type-list': ['LOG-LOAD-VALID'],
  'negative-time-refused': ['LOG-LOAD-VALID'],
  'stale-fold-after-replace': ['FOLD-CACHED-EQUALS-FRESH', 'LOOP-RECONSTRUCT'],
  'empty-assistant-projected': ['FOLD-MATCHES-SPEC', 'REQUEST-RECONSTRUCT'],
  'todo-list-projected': ['FOLD-NOISE-INVARIANT'],
  'unfrozen-messages': ['FOLD-FROZEN'],
  'header-fold-not-canonical': ['FOLD-HEADER-LATEST'],
  'request-keys-reordered': ['REQUEST-RECONSTRUCT'],
  'header-fold-first-new': ['FOLD-HEADER-LATEST'],
  'fold-cache-tail-blind': ['FOLD-CACHED-EQUALS-FRESH', 'FOLD-MATCHES-SPEC'],
  'reasoning-only-reply-dropped': ['FOLD-MATCHES-SPEC', 'REQUEST-RECONSTRUCT'],
  'header-empty-stop-dropped': ['FOLD-HEADER-LATEST', 'REQUEST-RECONSTRUCT'],
  'header-empty-tools-kept': ['FOLD-HEADER-LATEST', 'REQUEST-RECONSTRUCT'],
  'derived-cache-shared': ['FOLD-CACHED-EQUALS-FRESH', 'REQUEST-PREFIX-STABLE'],
  'ignorable-message-skipped': ['FOLD-MATCHES-SPEC', 'REQUEST-RECONSTRUCT'],
  'interrupted-message-skipped': ['FOLD-MATCHES-SPEC', 'REQUEST-RECONSTRUCT'],
  'max-tokens-marker-dropped': ['FOLD-HEADER-LATEST'],
  'wire-keys-unordered': ['WIRE-PURE'],
  'wire-null-content': ['WIRE-MATCHES-SPEC'],
  'context-stats-in-system': ['WIRE-PREFIX-STABLE', 'LOOP-WIRE-RECONSTRUCT'],
  'usage-double-counted': ['WIRE-USAGE-DISJOINT', 'WIRE-STREAM-CONTENT'],
  'sse-split-utf8': ['WIRE-SSE-RECHUNK', 'WIRE-STREAM-CONTENT'],
  'usage-null-reported': ['WIRE-USAGE-DISJOINT'],
  'openai-usage-chunk-ignored': ['WIRE-STREAM-CONTENT-OPENAI'],
  'openai-max-tokens-legacy': ['WIRE-MATCHES-SPEC-OPENAI'],
  'anthropic-output-placeholder': ['WIRE-STREAM-CONTENT-ANTHROPIC'],
  'anthropic-error-flag-dropped': ['WIRE-MATCHES-SPEC-ANTHROPIC'],
  'tools-sorted-when-many': ['WIRE-MATCHES-SPEC'],
  'reasoning-blocks-newline': ['WIRE-MATCHES-SPEC'],
  'stop-capped-at-four': ['WIRE-MATCHES-SPEC'],
  'usage-first-report-kept': ['WIRE-STREAM-CONTENT', 'WIRE-USAGE-DISJOINT'],
  'parallel-calls-first-only': ['WIRE-STREAM-CONTENT-OPENAI'],
  'anthropic-delta-output-only': ['WIRE-STREAM-CONTENT-ANTHROPIC'],
  'sse-done-substring': ['WIRE-STREAM-CONTENT', 'WIRE-USAGE-DISJOINT'],
  'anthropic-wire-index': ['WIRE-STREAM-CONTENT-ANTHROPIC'],
  'temperature-zero-dropped': ['WIRE-MATCHES-SPEC-ANTHROPIC'],
  'anthropic-system-lifted': ['WIRE-MATCHES-SPEC-ANTHROPIC'],
  'anthropic-cache-write-in-input': ['WIRE-STREAM-CONTENT-ANTHROPIC'],
  'sse-crlf-split': ['WIRE-SSE-RECHUNK', 'WIRE-STREAM-CONTENT'],
  'reasoning-out-of-output': ['WIRE-USAGE-DISJOINT', 'WIRE-STREAM-CONTENT'],
  'tool-spec-passed-through': ['WIRE-MATCHES-SPEC'],
  'tool-schema-struct': ['WIRE-MATCHES-SPEC-OPENAI'],
  'tool-schema-proto-lost': ['WIRE-MATCHES-SPEC-ANTHROPIC'],
  'anthropic-arguments-proto-stripped': ['WIRE-MATCHES-SPEC-ANTHROPIC'],
  'temperature-clamped': ['WIRE-MATCHES-SPEC'],
  'developer-sent-as-user': ['WIRE-MATCHES-SPEC-OPENAI'],
  'result-turn-text-dropped': ['WIRE-MATCHES-SPEC', 'WIRE-IMAGES'],
  'anthropic-input-any-json': ['WIRE-MATCHES-SPEC-ANTHROPIC'],
  'tool-call-first-id-kept': ['WIRE-STREAM-CONTENT'],
  'tool-call-name-appended': ['WIRE-STREAM-CONTENT'],
  'tool-call-empty-id-taken': ['WIRE-STREAM-CONTENT'],
  'anthropic-delta-to-last-block': ['WIRE-STREAM-CONTENT-ANTHROPIC'],
  'anthropic-error-event-ignored': ['WIRE-STREAM-CONTENT-ANTHROPIC'],
  'anthropic-unknown-event-refused': ['WIRE-STREAM-CONTENT-ANTHROPIC'],
  'chat-delta-assumed': ['WIRE-STREAM-CONTENT', 'WIRE-USAGE-DISJOINT'],
  'clock-in-system-prompt': ['REQUEST-PREFIX-STABLE', 'LOOP-HEADER-DISCIPLINE'],
  'tools-resorted': ['LOOP-RECONSTRUCT'],
  'header-every-step': ['LOOP-HEADER-DISCIPLINE'],
  'header-not-logged-on-change': ['LOOP-PREFIX-STABLE'],
  'late-injection-joins-current': ['LOOP-LATE-INJECTION'],
  'unfrozen-request': ['REQUEST-FROZEN', 'LOOP-FROZEN'],
  'one-shot-envelope-missing': ['LOOP-ONE-SHOT-ENVELOPE'],
  'resume-resorts-tools': ['LOOP-RESUME-ALIGNED'],
  'step-end-skipped-on-error': ['LOOP-LOG-WELL-FORMED'],
  'tool-results-completion-order': ['LOOP-LOG-WELL-FORMED'],
  'steer-joins-retry': ['LOOP-LATE-INJECTION', 'LOOP-LOG-WELL-FORMED'],
  'header-logged-after-request': ['LOOP-RECONSTRUCT', 'LOOP-PREFIX-STABLE'],
  'resume-header-deduped': ['LOOP-HEADER-DISCIPLINE'],
  'retry-repeats-prompt': ['LOOP-LOG-WELL-FORMED'],
  'inbox-claims-lost-on-restart': ['LOOP-LOG-WELL-FORMED'],
  'repair-answers-earlier-step': ['LOOP-LOG-WELL-FORMED'],
  'dated-tool-description': ['LOOP-HEADER-DISCIPLINE'],
  'max-tokens-runs-tools': ['LOOP-LOG-WELL-FORMED'],
  'deltas-coalesced': ['LOOP-LOG-WELL-FORMED'],
  'empty-claims-logged': ['LOOP-LOG-WELL-FORMED'],
  'summary-reads-kept': ['LOOP-WIRE-OBSERVED'],
  'loop-wire-headers-filtered': ['LOOP-WIRE-RECONSTRUCT', 'LOOP-WIRE-OBSERVED'],
  'client-drops-harness-headers': ['LOOP-WIRE-OBSERVED'],
  'client-headers-accumulate': ['LOOP-WIRE-OBSERVED'],
  'envelope-unresolved-max-tokens': ['LOOP-WIRE-OBSERVED'],
  'retry-rerenders-header': ['LOOP-STEP-HEADER'],
  'retry-reuses-config': ['LOOP-STEP-HEADER'],
  'reregister-adds-tool': ['LOOP-STEP-HEADER'],
  'appends-after-torn-tail': ['LOG-TORN-TAIL'],
  'reminder-not-logged': ['LOOP-RECONSTRUCT', 'LOOP-HISTORY-VERBATIM'],
  'reminder-sent-not-logged': ['LOOP-WIRE-OBSERVED'],
  'environment-block-moves': ['LOOP-PREFIX-STABLE', 'LOOP-HISTORY-VERBATIM'],
  'earlier-reasoning-dropped': ['WIRE-PREFIX-STABLE', 'LOOP-WIRE-RECONSTRUCT'],
  'reasoning-turns-merged': ['REQUEST-RECONSTRUCT', 'LOOP-PREFIX-STABLE'],
  'sliding-window': ['LOOP-PREFIX-STABLE'],
  'tool-arguments-jsonb': ['LOG-LOAD-VALID', 'REQUEST-RECONSTRUCT'],
  'tools-async-order-on-restart': ['LOOP-RESUME-ALIGNED'],
  'anthropic-breakpoint-dropped': ['WIRE-CACHE-ROUTING'],
  'prompt-cache-key-dropped': ['WIRE-CACHE-ROUTING'],
  'breakpoint-on-tools': ['WIRE-CACHE-ROUTING'],
  'recovery-rewrites-prompt': ['LOOP-RECONSTRUCT', 'LOOP-PREFIX-STABLE'],
  'proxy-merges-same-role': ['WIRE-MATCHES-SPEC', 'WIRE-PREFIX-STABLE'],
  'cache-reads-one-field': ['WIRE-USAGE-DISJOINT'],
  'instance-id-in-system': ['LOOP-RESUME-ALIGNED'],
  'reply-trimmed-on-reload': ['LOOP-HISTORY-VERBATIM'],
  'history-nfc-on-reload': ['FOLD-MATCHES-SPEC', 'LOOP-HISTORY-VERBATIM'],
  'arguments-ascii-on-reload': ['LOOP-HISTORY-VERBATIM'],
  'tool-output-truncated-on-reload': ['LOOP-HISTORY-VERBATIM'],
  'empty-messages-dropped-on-reload': ['LOOP-RECONSTRUCT'],
};

describe('the mutant catalog', () => {
  it('has at least 48 mutants, each with a name, a bug and its class, and expected killers for each in-process one', () => {
    expect(MUTANTS.length).toBeGreaterThanOrEqual(48);
    expect(new Set(MUTANTS.map((m) => m.name)).size).toBe(MUTANTS.length);
    for (const m of MUTANTS) {
      expect(m.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(m.description.length).toBeGreaterThan(30);
      expect(m.bugClass).toMatch(/^[a-z][a-z -]+$/);
    }
    expect(Object.keys(KILLERS).filter((name) => !MUTANTS.some((m) => m.name === name))).toEqual([]);
    // The stdio mutants are killed by the driver tests (protocol-driver.test.ts).
    expect(MUTANTS.filter((m) => m.runs === 'in-process' && KILLERS[m.name] === undefined).map((m) => m.name)).toEqual([]);
  });

  it('has a bug museum of at least 15 mutants, each citing a report on GitHub in its own repository', () => {
    expect(MUSEUM_MUTANTS.length).toBeGreaterThanOrEqual(15);
    const cited = MUSEUM_MUTANTS.filter((m) => m.citation !== undefined);
    expect(cited.length).toBeGreaterThanOrEqual(10);
    for (const { citation } of cited) {
      expect(citation!.repo).toMatch(/^[\w.-]+\/[\w.-]+$/);
      expect(citation!.ref).toMatch(/^(PR )?#\d+$/);
      const [, kind, n] = /^(PR )?#(\d+)$/.exec(citation!.ref)!;
      expect(citation!.url).toBe(`https://github.com/${citation!.repo}/${kind === undefined ? 'issues' : 'pull'}/${n}`);
    }
  });

  it('expects every property to kill at least one mutant (the kills are checked below)', () => {
    const covered = new Set(Object.values(KILLERS).flat());
    expect(PROPERTIES.map((p) => p.id).filter((id) => !covered.has(id))).toEqual([]);
  });

  it.each(MUTANTS.filter((m) => m.runs === 'in-process').map((m) => [m.name, m] as const))('kills %s with the properties expected to catch it', async (name, mutant) => {
    const expected = KILLERS[name];
    expect(expected, `no expected killers for ${name}`).toBeDefined();
    // Wire properties cost a millisecond a case: they run the default check's 100, the rest 40 to keep this fast.
    const matrix = await killMatrix([mutant], PROPERTIES, { only: expected!, runs: expected!.every((id) => id.startsWith('WIRE-')) ? 100 : 40 });
    expect([...matrix.mutants[0]!.killedBy].sort()).toEqual([...expected!].sort());
  });
});

describe('recon mutants', () => {
  it('runs wire properties at the default check\'s budget: a store fault of one kind in eight is reached, where 30 cases miss it', async () => {
    const mutant = MUTANTS.find((m) => m.name === 'image-digest-not-checked')!;
    const matrix = await killMatrix([mutant], PROPERTIES, { only: ['WIRE-IMAGES'] });
    expect(matrix.mutants[0]!.killedBy).toEqual(['WIRE-IMAGES']);
  });

  it('prints the JSON kill matrix of the issue', async () => {
    const { code, stdout } = await runCli(['mutants', '--json', '--mutant', 'header-every-step', '--mutant', 'trusts-json-parse', '--mutant', 'cache-reads-one-field', '--runs', '10']);
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as { mutants: Array<{ name: string; description: string; bugClass: string; citation?: object; killedBy: string[] }>; summary: { mutants: number; killed: number } };
    expect(report.mutants.map((m) => m.name)).toEqual(['trusts-json-parse', 'header-every-step', 'cache-reads-one-field']);
    expect(report.mutants.every((m) => m.killedBy.length > 0 && m.description !== '')).toBe(true);
    expect(report.mutants.map((m) => m.bugClass)).toEqual(['validation skipped', 'header discipline', 'usage mis-mapped']);
    expect(report.mutants.map((m) => m.citation)).toEqual([undefined, undefined, { repo: 'liaohch3/claude-tap', ref: '#143', url: 'https://github.com/liaohch3/claude-tap/issues/143' }]);
    expect(report.summary).toMatchObject({ mutants: 3, killed: 3 });
  });

  it('prints the bug class of each mutant and the reports the museum reproduces', async () => {
    const { code, stdout } = await runCli(['mutants', '--mutant', 'cache-reads-one-field', '--runs', '10']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^cache-reads-one-field +usage mis-mapped +(.+, )?WIRE-USAGE-DISJOINT(, .+)?$/m);
    expect(stdout).toContain('real reports the mutants reproduce:\n  cache-reads-one-field  liaohch3/claude-tap #143\n');
    const list = await runCli(['mutants', '--list']);
    expect(list.stdout).toMatch(/^reminder-not-logged +in-process +unlogged block +.+ \(anthropics\/claude-code #43657\)$/m);
  });
});
