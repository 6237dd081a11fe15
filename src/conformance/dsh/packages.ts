/**
 * DSH's published packages, loaded for one version. The installed dev dependencies serve
 * `dsh` and `dsh@<their version>`; any other version is read from its own install tree,
 * `.recon/dsh/<version>/node_modules`, which `recon` never creates by itself.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { supplyPromiseWithResolvers } from '../../_internals/promise-with-resolvers.ts';
import { ReconError } from '../../errors.ts';

type Cordis = typeof import('@deepseek-ai/cordis');
type DshLlm = typeof import('@deepseek-ai/dsh-llm');
type DshSession = typeof import('@deepseek-ai/dsh-session');
type DshPersistence = typeof import('@deepseek-ai/dsh-session-persistence');
type DshDeepSeek = typeof import('@deepseek-ai/dsh-llm-deepseek');
type PluginModule = { readonly default: unknown };

/** Every DSH module the adapter touches, all from one install tree so they share instances. */
export interface DshPackages {
  readonly version: string;
  /** Where the packages were loaded from: `installed` or the alternate tree. */
  readonly root: string;
  readonly cordis: Cordis;
  readonly llm: DshLlm;
  readonly session: DshSession;
  readonly persistence: DshPersistence;
  readonly deepseek: DshDeepSeek;
  readonly systemPrompt: PluginModule;
  readonly tools: PluginModule;
  readonly agent: PluginModule;
  readonly agentLoop: PluginModule;
  readonly tokenMeter: PluginModule;
  readonly compactionBasic: PluginModule;
}

const NAMES = ['cordis', 'dsh-llm', 'dsh-session', 'dsh-session-persistence', 'dsh-llm-deepseek', 'dsh-system-prompt', 'dsh-tools', 'dsh-agent', 'dsh-agent-loop', 'dsh-token-meter', 'dsh-compaction-basic'] as const;
/** What to install for another version (their peers come along with npm ≥ 7). */
const INSTALL = ['dsh-session', 'dsh-llm', 'dsh-session-persistence', 'dsh-agent-loop', 'dsh-llm-deepseek', 'dsh-compaction-basic'];

const require = createRequire(import.meta.url);

const versionAt = (packageJson: string) => (JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string }).version;

/** `spec` is `dsh` or `dsh@<version>`. */
export async function loadDshPackages(spec: string, cwd: string): Promise<DshPackages> {
  const installed = versionAt(require.resolve('@deepseek-ai/dsh-session/package.json'));
  const wanted = spec === 'dsh' ? installed : spec.slice('dsh@'.length);
  if (wanted === '') throw new ReconError('USAGE', 'dsh@ needs a version, e.g. dsh@0.1.0-rc.8');
  supplyPromiseWithResolvers();
  const root = wanted === installed ? 'installed' : resolve(cwd, '.recon', 'dsh', wanted);
  const scope = join(root, 'node_modules', '@deepseek-ai');
  if (wanted !== installed) checkInstallTree(wanted, installed, root, scope);
  const load = async (name: string): Promise<unknown> => {
    if (wanted === installed) return import(`@deepseek-ai/${name}`);
    const local = createRequire(join(scope, name, 'package.json'));
    return import(pathToFileURL(local.resolve(`@deepseek-ai/${name}`)).href);
  };
  const [cordis, llm, session, persistence, deepseek, systemPrompt, tools, agent, agentLoop, tokenMeter, compactionBasic] = await Promise.all(NAMES.map(load));
  return {
    version: wanted,
    root,
    cordis: cordis as Cordis,
    llm: llm as DshLlm,
    session: session as DshSession,
    persistence: persistence as DshPersistence,
    deepseek: deepseek as DshDeepSeek,
    systemPrompt: systemPrompt as PluginModule,
    tools: tools as PluginModule,
    agent: agent as PluginModule,
    agentLoop: agentLoop as PluginModule,
    tokenMeter: tokenMeter as PluginModule,
    compactionBasic: compactionBasic as PluginModule,
  };
}

/** The alternate tree holds every package, at the wanted version; else a USAGE error with the install command. */
function checkInstallTree(wanted: string, installed: string, root: string, scope: string): void {
  const missing = NAMES.filter((name) => !existsSync(join(scope, name, 'package.json')));
  if (missing.length > 0) {
    const command = `npm install --prefix .recon/dsh/${wanted} ${INSTALL.map((name) => `@deepseek-ai/${name}@${wanted}`).join(' ')}`;
    throw new ReconError('USAGE', `dsh@${wanted} is not installed (installed: ${installed}; ${root} lacks ${missing.join(', ')})`, {
      hint: `install it beside the project with: ${command}`,
    });
  }
  const found = versionAt(join(scope, 'dsh-session', 'package.json'));
  if (found !== wanted) throw new ReconError('USAGE', `${root} holds dsh-session ${found}, not ${wanted}`);
}

type DshContext = InstanceType<Cordis['Context']>;

/** `ctx.plugin` for a plugin module whose exact config type the adapter does not need to know; returns its unloader. */
export async function usePlugin(ctx: DshContext, plugin: unknown, config?: object): Promise<() => Promise<void>> {
  const fiber = (await (ctx.plugin as (plugin: unknown, config?: object) => PromiseLike<{ dispose(): Promise<void> }>).call(ctx, plugin, config)) as { dispose(): Promise<void> };
  return () => fiber.dispose();
}
