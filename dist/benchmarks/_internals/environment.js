import { execFileSync } from 'node:child_process';
import { arch, cpus, loadavg, platform, totalmem } from 'node:os';
import { HARNESS_VERSION } from "../../src/version.js";
import { PACKAGE_ROOT } from "../../src/_internals/package-root.js";
const ROOT = PACKAGE_ROOT;
function git(args) {
    try {
        return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    }
    catch {
        return null;
    }
}
export function environment() {
    const status = git(['status', '--porcelain', '--untracked-files=no']);
    return {
        harness: HARNESS_VERSION,
        node: process.version,
        v8: process.versions.v8,
        platform: platform(),
        arch: arch(),
        cpu: cpus()[0]?.model.trim() ?? 'unknown',
        cores: cpus().length,
        memoryGiB: Math.round(totalmem() / 2 ** 30),
        load: Math.round(loadavg()[0] * 100) / 100,
        commit: git(['rev-parse', 'HEAD']),
        dirty: status === null ? null : status !== '',
    };
}
