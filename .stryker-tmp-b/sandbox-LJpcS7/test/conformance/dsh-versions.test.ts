// @ts-nocheck
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROPERTIES } from '../../properties/index.ts';
import { dshImplementationOf } from '../../src/conformance/dsh/dsh-implementation.ts';
import { DSH_VERSIONS_DIR, dshLevels, installCommand, knownDshVersions, loadDshPackages, resolveDshTree } from '../../src/conformance/dsh/packages.ts';
import { runSuite } from '../../src/suite/run-suite.ts';
import { ReconError } from '../../src/errors.ts';
import { loadJsonl } from '../../src/log/index.ts';

const refusal = (body: () => unknown): ReconError => {
  try {
    body();
  } catch (error) {
    if (ReconError.is(error)) return error;
    throw error;
  }
  throw new Error('expected a refusal');
};

/** A versions folder with manifests for `versions`; `installed` ones get a dsh-session of the given version. */
function versionsDir(versions: readonly string[], installed: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'recon-dsh-versions-'));
  for (const version of versions) {
    mkdirSync(join(dir, version));
    writeFileSync(join(dir, version, 'package.json'), '{}');
  }
  for (const [version, found] of Object.entries(installed)) {
    const session = join(dir, version, 'node_modules', '@deepseek-ai', 'dsh-session');
    mkdirSync(session, { recursive: true });
    writeFileSync(join(session, 'package.json'), JSON.stringify({ name: '@deepseek-ai/dsh-session', version: found }));
  }
  return dir;
}

describe('which install tree serves --impl dsh@<version>', () => {
  const installed = { version: '0.1.0-rc.8', root: '/dev-deps' };

  it('the dev dependencies serve `dsh` and their own version; a known version its own tree', () => {
    const dir = versionsDir(['0.1.0-rc.6', '0.1.0-rc.8'], { '0.1.0-rc.6': '0.1.0-rc.6' });
    expect(resolveDshTree('dsh', dir, { installed, versionsDir: dir })).toBe(installed);
    expect(resolveDshTree('dsh@0.1.0-rc.8', dir, { installed, versionsDir: dir })).toBe(installed);
    expect(resolveDshTree('dsh@0.1.0-rc.6', dir, { installed, versionsDir: dir })).toEqual({ version: '0.1.0-rc.6', root: join(dir, '0.1.0-rc.6') });
  });

  it('without dev dependencies, `dsh` is the newest version with a manifest (versions compared by number)', () => {
    const dir = versionsDir(['0.1.0-rc.10', '0.1.0-rc.9', '0.1.1-rc.2', '0.1.0-rc.6'], { '0.1.1-rc.2': '0.1.1-rc.2' });
    expect(knownDshVersions(dir)).toEqual(['0.1.0-rc.6', '0.1.0-rc.9', '0.1.0-rc.10', '0.1.1-rc.2']);
    expect(resolveDshTree('dsh', dir, { installed: undefined, versionsDir: dir }).version).toBe('0.1.1-rc.2');
  });

  it('a known version not yet installed is refused with the command that installs it from its lockfile', () => {
    const dir = versionsDir(['0.1.0-rc.7']);
    const error = refusal(() => resolveDshTree('dsh@0.1.0-rc.7', dir, { installed, versionsDir: dir }));
    expect(error.code).toBe('USAGE');
    expect(error.message).toContain('dsh@0.1.0-rc.7 is not installed (the dev dependencies are 0.1.0-rc.8)');
    expect(error.hint).toBe('install it with: npm ci --prefix 0.1.0-rc.7');
    // From outside the project the path is absolute, not a climb of `..`.
    expect(refusal(() => resolveDshTree('dsh@0.1.0-rc.7', join(dir, 'elsewhere'), { installed, versionsDir: dir })).hint).toBe(`install it with: npm ci --prefix ${join(dir, '0.1.0-rc.7')}`);
  });

  it('a version without a manifest is refused with the known ones; a tree holding another version is refused', () => {
    const dir = versionsDir(['0.1.0-rc.6', '0.1.0-rc.7'], { '0.1.0-rc.7': '0.1.0-rc.6' });
    expect(refusal(() => resolveDshTree('dsh@9.9.9', dir, { installed, versionsDir: dir })).message).toContain('no install manifest for dsh@9.9.9 (known: 0.1.0-rc.6, 0.1.0-rc.7)');
    expect(refusal(() => resolveDshTree('dsh@', dir, { installed, versionsDir: dir })).message).toContain('needs a version');
    expect(refusal(() => resolveDshTree('dsh@0.1.0-rc.7', dir, { installed, versionsDir: dir })).message).toContain('holds dsh-session 0.1.0-rc.6, not 0.1.0-rc.7');
  });
});

interface Lockfile {
  readonly packages: Record<string, { readonly version?: string }>;
}

describe('the committed install manifests (dsh-versions/)', () => {
  const versions = knownDshVersions();
  const manifest = (v: string) => JSON.parse(readFileSync(join(DSH_VERSIONS_DIR, v, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  const lock = (v: string) => JSON.parse(readFileSync(join(DSH_VERSIONS_DIR, v, 'package-lock.json'), 'utf8')) as Lockfile;
  /** Whether the lockfile installs `name` at exactly `version`: what `npm ci --prefix` will put in the tree. */
  const publishedIn = (v: string) => (name: string) => lock(v).packages[`node_modules/@deepseek-ai/${name}`]?.version === v;

  it('cover the four published versions', () => {
    expect(versions).toEqual(['0.1.0-rc.6', '0.1.0-rc.7', '0.1.0-rc.8', '0.1.1-rc.2']);
  });

  it('pin exact versions, and the lockfile installs dsh-session and dsh-llm of the version itself', () => {
    for (const v of versions) {
      for (const [name, range] of Object.entries(manifest(v).dependencies)) expect(range, `${v}: ${name}`).toMatch(/^\d+\.\d+\.\d+(-[\w.]+)?$/);
      expect(publishedIn(v)('dsh-session'), v).toBe(true);
      expect(publishedIn(v)('dsh-llm'), v).toBe(true);
      // No later version sneaks in through a caret peer range (the peer conflict of a plain install). 0.1.1-rc.2's
      // peers that were never published at 0.1.1 come at their newest version, 0.1.0-rc.8.
      const allowed = new Set([v, ...(v === '0.1.1-rc.2' ? ['0.1.0-rc.8'] : [])]);
      const others = Object.entries(lock(v).packages).filter(([path, p]) => path.startsWith('node_modules/@deepseek-ai/dsh-') && !allowed.has(p.version!));
      expect(others.map(([path, p]) => `${path}@${p.version}`), v).toEqual([]);
    }
  });

  it('print the line that installs each tree; the one that needs legacy peer resolution says so on the line too', () => {
    const lines = Object.fromEntries(versions.map((v) => [v, installCommand(join(DSH_VERSIONS_DIR, v), DSH_VERSIONS_DIR)]));
    expect(lines).toEqual({
      '0.1.0-rc.6': 'npm ci --prefix 0.1.0-rc.6',
      '0.1.0-rc.7': 'npm ci --prefix 0.1.0-rc.7',
      '0.1.0-rc.8': 'npm ci --prefix 0.1.0-rc.8',
      '0.1.1-rc.2': 'npm ci --legacy-peer-deps --prefix 0.1.1-rc.2',
    });
    for (const v of versions) {
      const npmrc = join(DSH_VERSIONS_DIR, v, '.npmrc');
      expect(existsSync(npmrc) && readFileSync(npmrc, 'utf8').includes('legacy-peer-deps=true'), v).toBe(lines[v]!.includes('--legacy-peer-deps'));
    }
  });

  it('give each version the levels of the packages it publishes', () => {
    const levels = Object.fromEntries(versions.map((v) => [v, dshLevels(publishedIn(v)).join(' ')]));
    expect(levels).toEqual({
      '0.1.0-rc.6': 'log fold request loop',
      '0.1.0-rc.7': 'fold request',
      '0.1.0-rc.8': 'log fold request wire loop',
      '0.1.1-rc.2': 'fold request',
    });
  });
});

describe('a version with an agent loop but no DeepSeek adapter or compaction (as 0.1.0-rc.6 publishes)', () => {
  /** The pinned packages without the two that rc.6 lacks: what the adapter makes of such a version. */
  const rc6Shaped = async () => {
    const { deepseek: _wire, compactionBasic: _compaction, ...rest } = await loadDshPackages('dsh', process.cwd());
    return dshImplementationOf({ ...rest, levels: dshLevels((name) => !['dsh-llm-deepseek', 'dsh-compaction-basic'].includes(name)) });
  };

  it('declares no wire level and runs the loop on the stand-in model adapter: loop properties hold, the wire ones are n/a', async () => {
    const impl = await rc6Shaped();
    expect(impl.info.levels).toEqual(['log', 'fold', 'request', 'loop']);
    expect(impl.serialize).toBeUndefined();
    const loop = PROPERTIES.filter((p) => p.id.startsWith('LOOP-') || p.id.startsWith('WIRE-'));
    const result = await runSuite(impl, loop, { runs: 6, seed: 11 });
    const byStatus = (status: string) => result.properties.filter((p) => p.status === status).map((p) => p.id);
    expect(byStatus('fail')).toEqual([]);
    // Every wire property, and the loop's wire check, need the wire level this version lacks; the session-prefix era is a design DSH's loop does not play.
    const unplayed = (p: (typeof loop)[number]) => p.scenarioFeatures?.some((f) => impl.info.scenarioFeatures?.includes(f) !== true) === true;
    expect(byStatus('n/a').sort()).toEqual([...loop.filter((p) => p.levels.includes('wire') || unplayed(p)).map((p) => p.id)].sort());
    expect(byStatus('n/a')).toContain('LOOP-WIRE-RECONSTRUCT');
  });

  it('serves the scripted replies in order, tool calls included, and skips compact', async () => {
    const impl = await rc6Shaped();
    const run = await impl.run!({
      scenario: 1,
      session: { id: 'rc6-shaped', createdAt: 1_700_000_000_000 },
      clock: { start: 1_700_000_000_000, step: 1 },
      route: { provider: 'deepseek', model: 'deepseek-chat' },
      defaults: { maxTokens: 4096, reasoningEffort: 'low' },
      system: 'Be terse.',
      tools: [{ name: 'run', description: 'Run a command.', parameters: { type: 'object', properties: { command: { type: 'string' } } } }],
      replies: [{ reasoning: 'think', toolCalls: [{ name: 'run', arguments: '{"command":"ls"}' }] }, { text: 'done' }, { text: 'second' }],
      actions: [{ do: 'prompt', text: 'go' }, { do: 'compact' }, { do: 'prompt', text: 'again' }],
    });
    if (!run.ok) throw new Error(run.message);
    const { requests, jsonl } = run.value;
    // The defaults reach the request through the stand-in's resolveModel, as DSH's DeepSeek adapter gives them.
    expect(requests.map((r) => [r.reasoningEffort, r.maxTokens, r.messages.length])).toEqual([
      ['low', 4096, 1],
      ['low', 4096, 3],
      ['low', 4096, 5],
    ]);
    const events = loadJsonl(jsonl).log.events;
    const assistant = events.filter((e) => e.type === 'assistant/message').map((e) => JSON.stringify((e.data as { message: { content: unknown } }).message.content));
    expect(assistant).toEqual([
      '[{"type":"reasoning","text":"think"},{"type":"tool-call","id":"call-1","name":"run","arguments":"{\\"command\\":\\"ls\\"}"}]',
      '[{"type":"text","text":"done"}]',
      '[{"type":"text","text":"second"}]',
    ]);
    expect(events.some((e) => e.type === 'compaction/summary')).toBe(false);
  });
});
