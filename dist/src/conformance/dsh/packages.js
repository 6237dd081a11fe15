var __rewriteRelativeImportExtension = (this && this.__rewriteRelativeImportExtension) || function (path, preserveJsx) {
    if (typeof path === "string" && /^\.\.?\//.test(path)) {
        return path.replace(/\.(tsx)$|((?:\.d)?)((?:\.[^./]+?)?)\.([cm]?)ts$/i, function (m, tsx, d, ext, cm) {
            return tsx ? preserveJsx ? ".jsx" : ".js" : d && (!ext || !cm) ? m : (d + ext + "." + cm.toLowerCase() + "js");
        });
    }
    return path;
};
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
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { supplyPromiseWithResolvers } from "../../_internals/promise-with-resolvers.js";
import { packagePath } from "../../_internals/package-root.js";
import { ReconError } from "../../errors.js";
export const hasLoop = (dsh) => dsh.levels.includes('loop');
/** Where recon's install manifests live: one folder per version. */
export const DSH_VERSIONS_DIR = packagePath('dsh-versions/');
const SCOPE = '@deepseek-ai';
const require = createRequire(import.meta.url);
const readVersion = (packageJson) => JSON.parse(readFileSync(packageJson, 'utf8')).version;
/** The versions that have a manifest, in version order. */
export function knownDshVersions(versionsDir = DSH_VERSIONS_DIR) {
    if (!existsSync(versionsDir))
        return [];
    return readdirSync(versionsDir)
        .filter((name) => existsSync(join(versionsDir, name, 'package.json')))
        .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}
/** The tree of the dev dependencies, when they are installed. */
function installedTree() {
    let packageJson;
    try {
        packageJson = require.resolve(`${SCOPE}/dsh-session/package.json`);
    }
    catch {
        return undefined;
    }
    return { root: resolve(dirname(packageJson), '..', '..', '..'), version: readVersion(packageJson) };
}
/**
 * Which install tree serves `spec` (`dsh` or `dsh@<version>`): the dev dependencies when
 * they are that version, else the version's own tree. A version without a manifest, or
 * whose tree is not installed, is a USAGE error whose hint is the command that installs it.
 */
export function resolveDshTree(spec, cwd, options = {}) {
    const installed = 'installed' in options ? options.installed : installedTree();
    const versionsDir = options.versionsDir ?? DSH_VERSIONS_DIR;
    const known = knownDshVersions(versionsDir);
    const wanted = spec === 'dsh' ? (installed?.version ?? known.at(-1)) : spec.slice('dsh@'.length);
    if (wanted === undefined || wanted === '')
        throw new ReconError('USAGE', `${spec} needs a version, e.g. dsh@0.1.0-rc.8 (known: ${known.join(', ')})`);
    if (installed?.version === wanted)
        return installed;
    if (!known.includes(wanted))
        throw new ReconError('USAGE', `recon has no install manifest for dsh@${wanted} (known: ${known.join(', ')})`, { hint: `add ${join(relative(cwd, versionsDir), wanted)}/package.json pinning that version's packages` });
    const root = join(versionsDir, wanted);
    const session = join(root, 'node_modules', SCOPE, 'dsh-session', 'package.json');
    if (!existsSync(session)) {
        throw new ReconError('USAGE', `dsh@${wanted} is not installed${installed === undefined ? '' : ` (the dev dependencies are ${installed.version})`}`, { hint: `install it with: ${installCommand(root, cwd)}` });
    }
    const found = readVersion(session);
    if (found !== wanted)
        throw new ReconError('USAGE', `${root} holds dsh-session ${found}, not ${wanted}`, { hint: `reinstall it with: ${installCommand(root, cwd)}` });
    return { version: wanted, root };
}
/**
 * The line that installs a version's tree from its lockfile, with the manifest's `npmFlags`:
 * its `.npmrc` says the same, but `npm pack` leaves `.npmrc` files out of a package.
 */
export function installCommand(root, cwd) {
    const near = relative(cwd, root);
    const path = near.startsWith('..') ? root : near;
    const manifest = join(root, 'package.json');
    const flags = existsSync(manifest) ? (JSON.parse(readFileSync(manifest, 'utf8')).npmFlags ?? []) : [];
    return ['npm ci', ...flags, '--prefix', path.includes(' ') ? JSON.stringify(path) : path].join(' ');
}
/**
 * Which levels a tree can answer, from the packages it holds at the tree's version:
 * fold and request need dsh-session and dsh-llm; log needs the persistence load path;
 * wire the DeepSeek adapter; loop the agent loop and what it is composed with.
 */
export function dshLevels(has) {
    const levels = [];
    if (has('dsh-session-persistence'))
        levels.push('log');
    levels.push('fold', 'request');
    if (has('dsh-llm-deepseek'))
        levels.push('wire');
    if (LOOP_NAMES.every(has))
        levels.push('loop');
    return levels;
}
const LOOP_NAMES = ['dsh-agent-loop', 'dsh-agent', 'dsh-tools', 'dsh-system-prompt', 'dsh-token-meter', 'dsh-session-persistence'];
/** `spec` is `dsh` or `dsh@<version>`. */
export async function loadDshPackages(spec, cwd) {
    const { version, root } = resolveDshTree(spec, cwd);
    supplyPromiseWithResolvers();
    const dir = (name) => join(root, 'node_modules', SCOPE, name);
    // Published at this version: a package of another version (a peer older versions lack) is not the version's own.
    const has = (name) => existsSync(join(dir(name), 'package.json')) && readVersion(join(dir(name), 'package.json')) === version;
    const local = createRequire(join(root, 'package.json'));
    const load = async (name) => {
        const file = local.resolve(`${SCOPE}/${name}`);
        // Resolution climbs past the tree when a package is missing from it: that would be another version's.
        if (!file.startsWith(join(root, 'node_modules') + sep))
            throw new ReconError('USAGE', `${root} lacks ${SCOPE}/${name}`, { hint: `reinstall it with: ${installCommand(root, cwd)}` });
        return (await import(__rewriteRelativeImportExtension(pathToFileURL(file).href)));
    };
    const optional = async (name) => (has(name) ? load(name) : undefined);
    const levels = dshLevels(has);
    const [cordis, llm, session, persistence, deepseek] = await Promise.all([
        load('cordis'),
        load('dsh-llm'),
        load('dsh-session'),
        optional('dsh-session-persistence'),
        optional('dsh-llm-deepseek'),
    ]);
    const plugins = Object.fromEntries(await Promise.all(Object.entries(PLUGINS).map(async ([key, name]) => [key, levels.includes('loop') ? await optional(name) : undefined])));
    const present = Object.fromEntries(Object.entries({ persistence, deepseek, ...plugins }).filter(([, module]) => module !== undefined));
    return { version, root, levels, cordis, llm, session, ...present };
}
/** The plugin packages the loop is composed with, by field. */
const PLUGINS = { systemPrompt: 'dsh-system-prompt', tools: 'dsh-tools', agent: 'dsh-agent', agentLoop: 'dsh-agent-loop', tokenMeter: 'dsh-token-meter', compactionBasic: 'dsh-compaction-basic' };
/** `ctx.plugin` for a plugin module whose exact config type the adapter does not need to know; returns its unloader. */
export async function usePlugin(ctx, plugin, config) {
    const fiber = (await ctx.plugin.call(ctx, plugin, config));
    return () => fiber.dispose();
}
