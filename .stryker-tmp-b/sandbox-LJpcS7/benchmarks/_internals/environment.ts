// @ts-nocheck
import { execFileSync } from 'node:child_process';
import { arch, cpus, loadavg, platform, totalmem } from 'node:os';
import { HARNESS_VERSION } from '../../src/version.ts';
import { PACKAGE_ROOT } from '../../src/_internals/package-root.ts';

const ROOT = PACKAGE_ROOT;

/** Where a run happened: two runs compare only when these match. */
export interface Environment {
  readonly harness: string;
  readonly node: string;
  readonly v8: string;
  readonly platform: string;
  readonly arch: string;
  readonly cpu: string;
  readonly cores: number;
  readonly memoryGiB: number;
  /** 1-minute load average when the run started: a busy machine makes numbers noisy. */
  readonly load: number;
  readonly commit: string | null;
  readonly dirty: boolean | null;
}

function git(args: string[]): string | null {
  try {
    return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

export function environment(): Environment {
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
    load: Math.round(loadavg()[0]! * 100) / 100,
    commit: git(['rev-parse', 'HEAD']),
    dirty: status === null ? null : status !== '',
  };
}
