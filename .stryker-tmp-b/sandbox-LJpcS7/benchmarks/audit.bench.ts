/**
 * Audit throughput: `recon audit`'s one streaming pass over generated valid logs of 1, 10
 * and 100 MB (the quick profile stops at 10 MB), in events and megabytes per second; and
 * the same log of 200 MB (quick: 10 MB) compressed as DSH's store writes it (the header
 * frame, then one checksummed Zstandard frame per turn), timed against its plaintext. The
 * logs are written to a temporary directory at bench time and removed afterwards. Each
 * sample is one whole audit, so the median of a few samples is the figure.
 */
// @ts-nocheck

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { auditFile, type LogAudit } from '../src/audit/index.ts';
import { largeLogBatches, writeLargeLog } from './_internals/large-log.ts';
import { writeZstdFrames, zstdEncoder } from './_internals/zstd-store.ts';
import type { Profile } from './_internals/measure.ts';

export interface AuditThroughput {
  /** The size asked for; `bytes` and `events` are the exact size of the generated log. */
  readonly megabytes: number;
  readonly bytes: number;
  readonly events: number;
  /** Median wall time of one audit. */
  readonly ms: number;
  readonly eventsPerSecond: number;
  readonly megabytesPerSecond: number;
}

export async function auditThroughput(profile: Profile): Promise<AuditThroughput[]> {
  const dir = mkdtempSync(join(tmpdir(), 'recon-bench-audit-'));
  try {
    const out: AuditThroughput[] = [];
    for (const megabytes of profile.auditMegabytes) {
      const path = join(dir, `${megabytes}mb.jsonl`);
      const { bytes, events } = writeLargeLog(path, megabytes * 1e6);
      // One unmeasured pass warms the JIT for the first size and the page cache for every size.
      if (!(await auditFile(path, path)).ok) throw new Error(`the generated ${megabytes} MB log did not load`);
      const times: number[] = [];
      for (let i = 0; i < profile.auditSamples; i++) {
        const start = performance.now();
        await auditFile(path, path);
        times.push(performance.now() - start);
      }
      const ms = times.sort((a, b) => a - b)[times.length >> 1]!;
      out.push({ megabytes, bytes, events, ms, eventsPerSecond: (events / ms) * 1000, megabytesPerSecond: bytes / 1e6 / (ms / 1000) });
      rmSync(path);
    }
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface CompressedAuditThroughput {
  /** The size asked for, uncompressed; `bytes` is the exact size of the plaintext. */
  readonly megabytes: number;
  readonly bytes: number;
  readonly events: number;
  readonly compressedBytes: number;
  readonly frames: number;
  /** What decoded the frames (Node's own zstd, or fzstd) and what wrote them. */
  readonly decoder: string;
  readonly encoder: string;
  /** Medians of the wall time of the paired samples: the plaintext audit, the compressed audit. */
  readonly plainMs: number;
  readonly zstdMs: number;
  /** Median over the pairs of the compressed audit's CPU time ÷ the plaintext's: 1 is free, 2 twice the time. */
  readonly ratio: number;
  /** Uncompressed megabytes audited per second from the compressed log. */
  readonly megabytesPerSecond: number;
}

/**
 * The audit of a compressed log as a ratio to the audit of its plaintext: the two files
 * hold the same text, and each pair of samples times both back to back, in turn first,
 * so a drift of the machine moves both; the ratio is of the process's CPU time (as the
 * load ratios are), the medians beside it of the wall clock.
 */
export async function compressedAuditThroughput(profile: Profile): Promise<CompressedAuditThroughput> {
  const megabytes = profile.zstdAuditMegabytes;
  const dir = mkdtempSync(join(tmpdir(), 'recon-bench-zstd-'));
  try {
    const plain = join(dir, `${megabytes}mb.jsonl`);
    const zstd = join(dir, `${megabytes}mb.jsonl.zstd`);
    const { bytes, events } = writeLargeLog(plain, megabytes * 1e6);
    const written = writeZstdFrames(zstd, (function* () {
      for (const batch of largeLogBatches(megabytes * 1e6)) yield batch.text;
    })());
    // One unmeasured pass of each warms the JIT and the page cache, and proves both audit alike.
    const [a, b] = [await auditFile(plain, 'log'), await auditFile(zstd, 'log')];
    if (!a.ok || !b.ok || b.source?.compression !== 'zstd' || JSON.stringify(strip(a)) !== JSON.stringify(strip(b))) throw new Error(`the compressed ${megabytes} MB log does not audit as its plaintext`);
    // The wall clock of each audit, and the process's CPU time, which a busy machine moves less: the ratio is of CPU times.
    const time = async (path: string) => {
      const start = performance.now();
      const cpu = process.cpuUsage();
      await auditFile(path, path);
      const used = process.cpuUsage(cpu);
      return { wall: performance.now() - start, cpu: (used.user + used.system) / 1000 };
    };
    const plainTimes: number[] = [];
    const zstdTimes: number[] = [];
    const ratios: number[] = [];
    for (let i = 0; i < profile.auditSamples; i++) {
      let p: { wall: number; cpu: number };
      let z: { wall: number; cpu: number };
      if (i % 2 === 0) {
        p = await time(plain);
        z = await time(zstd);
      } else {
        z = await time(zstd);
        p = await time(plain);
      }
      plainTimes.push(p.wall);
      zstdTimes.push(z.wall);
      ratios.push(z.cpu / p.cpu);
    }
    const median = (xs: number[]) => xs.sort((x, y) => x - y)[xs.length >> 1]!;
    const zstdMs = median(zstdTimes);
    return {
      megabytes,
      bytes,
      events,
      compressedBytes: written.bytes,
      frames: written.frames,
      decoder: b.source.decoder,
      encoder: zstdEncoder(),
      plainMs: median(plainTimes),
      zstdMs,
      ratio: median(ratios),
      megabytesPerSecond: bytes / 1e6 / (zstdMs / 1000),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function strip(audit: LogAudit): unknown {
  const { file: _file, ...rest } = audit;
  return 'source' in rest ? { ...rest, source: undefined } : rest;
}
