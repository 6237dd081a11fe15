import type { Level } from '../implementation.ts';
type Cordis = typeof import('@deepseek-ai/cordis');
type DshLlm = typeof import('@deepseek-ai/dsh-llm');
type DshSession = typeof import('@deepseek-ai/dsh-session');
type DshPersistence = typeof import('@deepseek-ai/dsh-session-persistence');
type DshDeepSeek = typeof import('@deepseek-ai/dsh-llm-deepseek');
type PluginModule = {
    readonly default: unknown;
};
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
export declare const hasLoop: (dsh: DshPackages) => dsh is DshLoopPackages;
/** Where recon's install manifests live: one folder per version. */
export declare const DSH_VERSIONS_DIR: string;
/** The versions that have a manifest, in version order. */
export declare function knownDshVersions(versionsDir?: string): string[];
export interface DshTree {
    readonly version: string;
    readonly root: string;
}
/**
 * Which install tree serves `spec` (`dsh` or `dsh@<version>`): the dev dependencies when
 * they are that version, else the version's own tree. A version without a manifest, or
 * whose tree is not installed, is a USAGE error whose hint is the command that installs it.
 */
export declare function resolveDshTree(spec: string, cwd: string, options?: {
    installed?: DshTree | undefined;
    versionsDir?: string;
}): DshTree;
/**
 * The line that installs a version's tree from its lockfile, with the manifest's `npmFlags`:
 * its `.npmrc` says the same, but `npm pack` leaves `.npmrc` files out of a package.
 */
export declare function installCommand(root: string, cwd: string): string;
/**
 * Which levels a tree can answer, from the packages it holds at the tree's version:
 * fold and request need dsh-session and dsh-llm; log needs the persistence load path;
 * wire the DeepSeek adapter; loop the agent loop and what it is composed with.
 */
export declare function dshLevels(has: (name: string) => boolean): Level[];
/** `spec` is `dsh` or `dsh@<version>`. */
export declare function loadDshPackages(spec: string, cwd: string): Promise<DshPackages>;
type DshContext = InstanceType<Cordis['Context']>;
/** `ctx.plugin` for a plugin module whose exact config type the adapter does not need to know; returns its unloader. */
export declare function usePlugin(ctx: DshContext, plugin: unknown, config?: object): Promise<() => Promise<void>>;
export {};
