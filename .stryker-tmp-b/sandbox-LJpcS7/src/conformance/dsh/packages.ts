/**
 * DSH's published packages, loaded for one version. The dev dependencies serve `dsh` and
 * `dsh@<their version>`; every version recon knows has an install manifest of its own,
 * `dsh-versions/<version>/` (package.json and lockfile, exact versions), installed beside
 * it with `npm ci --prefix dsh-versions/<version>`. Packages are imported by resolved path
 * from that one tree, so they share instances and never fall back to another version.
 *
 * Not every version publishes every package (rc.7 and 0.1.1-rc.2 have no persistence,
 * agent loop or DeepSeek adapter); a missing package drops the levels that need it.
 */
// @ts-nocheck

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { supplyPromiseWithResolvers } from '../../_internals/promise-with-resolvers.ts';
import { packagePath } from '../../_internals/package-root.ts';
import { ReconError } from '../../errors.ts';
import type { Level } from '../../contract/implementation.ts';

type Cordis = typeof import('@deepseek-ai/cordis');
type DshLlm = typeof import('@deepseek-ai/dsh-llm');
type DshSession = typeof import('@deepseek-ai/dsh-session');
type DshPersistence = typeof import('@deepseek-ai/dsh-session-persistence');
type DshDeepSeek = typeof import('@deepseek-ai/dsh-llm-deepseek');
type DshAttachment = typeof import('@deepseek-ai/dsh-attachment');
type PluginModule = { readonly default: unknown };

/** Every DSH module the adapter touches, all from one install tree. Types are rc.8's; older versions are adapted where they differ. */
export interface DshPackages {
  readonly version: string;
  /** The install tree the packages were imported from (its `node_modules` parent). */
  readonly root: string;
  readonly levels: readonly Level[];
  readonly cordis: Cordis;
  readonly llm: DshLlm;
  readonly session: DshSession;
  /** The load path (`PersistenceCoordinator`); without it there is no log level. */
  readonly persistence?: DshPersistence;
  /** The DeepSeek adapter; without it there is no wire level (the loop then gets a stand-in model adapter). */
  readonly deepseek?: DshDeepSeek;
  /** The attachment types (`AttachmentError`) the DeepSeek adapter's image path throws; rc.8 and later. */
  readonly attachment?: DshAttachment;
  readonly systemPrompt?: PluginModule;
  readonly tools?: PluginModule;
  readonly agent?: PluginModule;
  readonly agentLoop?: PluginModule;
  readonly tokenMeter?: PluginModule;
  /** Absent before rc.8: `compact` is then not mapped. */
  readonly compactionBasic?: PluginModule;
}

/** A version with the loop level: everything the loop is composed with (run-scenario.ts). */
export type DshLoopPackages = DshPackages & Required<Pick<DshPackages, 'persistence' | 'systemPrompt' | 'tools' | 'agent' | 'agentLoop' | 'tokenMeter'>>;

export const hasLoop = (dsh: DshPackages): dsh is DshLoopPackages => dsh.levels.includes('loop');

/** Where recon's install manifests live: one folder per version. */
export const DSH_VERSIONS_DIR = packagePath('dsh-versions/');

const SCOPE = '@deepseek-ai';
const require = createRequire(import.meta.url);

const readVersion = (packageJson: string) => (JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string }).version;

/** The versions that have a manifest, in version order. */
export function knownDshVersions(versionsDir = DSH_VERSIONS_DIR): string[] {
  if (!existsSync(versionsDir)) return [];
  return readdirSync(versionsDir)
    .filter((name) => existsSync(join(versionsDir, name, 'package.json')))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}

/** The tree of the dev dependencies, when they are installed. */
function installedTree(): { root: string; version: string } | undefined {
  let packageJson: string;
  try {
    packageJson = require.resolve(`${SCOPE}/dsh-session/package.json`);
  } catch {
    return undefined;
  }
  return { root: resolve(dirname(packageJson), '..', '..', '..'), version: readVersion(packageJson) };
}

export interface DshTree {
  readonly version: string;
  readonly root: string;
}

/**
 * Which install tree serves `spec` (`dsh` or `dsh@<version>`): the dev dependencies when
 * they are that version, else the version's own tree. A version without a manifest, or
 * whose tree is not installed, is a USAGE error whose hint is the command that installs it.
 */
export function resolveDshTree(spec: string, cwd: string, options: { installed?: DshTree | undefined; versionsDir?: string } = {}): DshTree {
  const installed = 'installed' in options ? options.installed : installedTree();
  const versionsDir = options.versionsDir ?? DSH_VERSIONS_DIR;
  const known = knownDshVersions(versionsDir);
  const wanted = spec === 'dsh' ? (installed?.version ?? known.at(-1)) : spec.slice('dsh@'.length);
  if (wanted === undefined || wanted === '') throw new ReconError('USAGE', `${spec} needs a version, e.g. dsh@0.1.0-rc.8 (known: ${known.join(', ')})`);
  if (installed?.version === wanted) return installed;
  if (!known.includes(wanted)) throw new ReconError('USAGE', `recon has no install manifest for dsh@${wanted} (known: ${known.join(', ')})`, { hint: `add ${join(relative(cwd, versionsDir), wanted)}/package.json pinning that version's packages` });
  const root = join(versionsDir, wanted);
  const session = join(root, 'node_modules', SCOPE, 'dsh-session', 'package.json');
  if (!existsSync(session)) {
    throw new ReconError('USAGE', `dsh@${wanted} is not installed${installed === undefined ? '' : ` (the dev dependencies are ${installed.version})`}`, { hint: `install it with: ${installCommand(root, cwd)}` });
  }
  const found = readVersion(session);
  if (found !== wanted) throw new ReconError('USAGE', `${root} holds dsh-session ${found}, not ${wanted}`, { hint: `reinstall it with: ${installCommand(root, cwd)}` });
  return { version: wanted, root };
}

/**
 * The line that installs a version's tree from its lockfile, with the manifest's `npmFlags`:
 * its `.npmrc` says the same, but `npm pack` leaves `.npmrc` files out of a package.
 */
export function installCommand(root: string, cwd: string): string {
  const near = relative(cwd, root);
  const path = near.startsWith('..') ? root : near;
  const manifest = join(root, 'package.json');
  const flags = existsSync(manifest) ? ((JSON.parse(readFileSync(manifest, 'utf8')) as { npmFlags?: string[] }).npmFlags ?? []) : [];
  return ['npm ci', ...flags, '--prefix', path.includes(' ') ? JSON.stringify(path) : path].join(' ');
}

/**
 * Which levels a tree can answer, from the packages it holds at the tree's version:
 * fold and request need dsh-session and dsh-llm; log needs the persistence load path;
 * wire the DeepSeek adapter; loop the agent loop and what it is composed with.
 */
export function dshLevels(has: (name: string) => boolean): Level[] {
  const levels: Level[] = [];
  if (has('dsh-session-persistence')) levels.push('log');
  levels.push('fold', 'request');
  if (has('dsh-llm-deepseek')) levels.push('wire');
  if (LOOP_NAMES.every(has)) levels.push('loop');
  return levels;
}

const LOOP_NAMES = ['dsh-agent-loop', 'dsh-agent', 'dsh-tools', 'dsh-system-prompt', 'dsh-token-meter', 'dsh-session-persistence'];

/** `spec` is `dsh` or `dsh@<version>`. */
export async function loadDshPackages(spec: string, cwd: string): Promise<DshPackages> {
  const { version, root } = resolveDshTree(spec, cwd);
  supplyPromiseWithResolvers();
  const dir = (name: string) => join(root, 'node_modules', SCOPE, name);
  // Published at this version: a package of another version (a peer older versions lack) is not the version's own.
  const has = (name: string) => existsSync(join(dir(name), 'package.json')) && readVersion(join(dir(name), 'package.json')) === version;
  const local = createRequire(join(root, 'package.json'));
  const load = async <T>(name: string): Promise<T> => {
    const file = local.resolve(`${SCOPE}/${name}`);
    // Resolution climbs past the tree when a package is missing from it: that would be another version's.
    if (!file.startsWith(join(root, 'node_modules') + sep)) throw new ReconError('USAGE', `${root} lacks ${SCOPE}/${name}`, { hint: `reinstall it with: ${installCommand(root, cwd)}` });
    return (await import(pathToFileURL(file).href)) as T;
  };
  const optional = async <T>(name: string): Promise<T | undefined> => (has(name) ? load<T>(name) : undefined);
  const levels = dshLevels(has);
  const [cordis, llm, session, persistence, deepseek, attachment] = await Promise.all([
    load<Cordis>('cordis'),
    load<DshLlm>('dsh-llm'),
    load<DshSession>('dsh-session'),
    optional<DshPersistence>('dsh-session-persistence'),
    optional<DshDeepSeek>('dsh-llm-deepseek'),
    optional<DshAttachment>('dsh-attachment'),
  ]);
  const plugins = Object.fromEntries(
    await Promise.all(Object.entries(PLUGINS).map(async ([key, name]) => [key, levels.includes('loop') ? await optional<PluginModule>(name) : undefined] as const)),
  );
  const present = Object.fromEntries(Object.entries({ persistence, deepseek, attachment, ...plugins }).filter(([, module]) => module !== undefined));
  return { version, root, levels, cordis, llm, session, ...present };
}

/** The plugin packages the loop is composed with, by field. */
const PLUGINS = { systemPrompt: 'dsh-system-prompt', tools: 'dsh-tools', agent: 'dsh-agent', agentLoop: 'dsh-agent-loop', tokenMeter: 'dsh-token-meter', compactionBasic: 'dsh-compaction-basic' } as const;

type DshContext = InstanceType<Cordis['Context']>;

/** `ctx.plugin` for a plugin module whose exact config type the adapter does not need to know; returns its unloader. */
export async function usePlugin(ctx: DshContext, plugin: unknown, config?: object): Promise<() => Promise<void>> {
  const fiber = (await (ctx.plugin as (plugin: unknown, config?: object) => PromiseLike<{ dispose(): Promise<void> }>).call(ctx, plugin, config)) as { dispose(): Promise<void> };
  return () => fiber.dispose();
}
