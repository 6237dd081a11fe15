/**
 * One `recon bench` run: every suite, the ratios the design asks for, the exact counters,
 * and where it ran. Every number in a report comes from here.
 */
// @ts-nocheck

import { readFileSync, readdirSync } from 'node:fs';
import { accountCache, parseCassette } from '../src/http/index.ts';
import { packagePath } from '../src/_internals/package-root.ts';
import { auditThroughput, compressedAuditThroughput, type AuditThroughput, type CompressedAuditThroughput } from './audit.bench.ts';
import { simulatedCache, type CacheRun } from './cache.bench.ts';
import { checkOverheadBenchmarks } from './check-overhead.bench.ts';
import { defaultCheckSeconds } from './default-check.bench.ts';
import { foldCounters, prefixCounters, type FoldCounters, type PrefixCounters } from './counters.ts';
import { imageBenchmarks } from './images.bench.ts';
import { FOLD_SIZES, foldBenchmarks } from './fold.bench.ts';
import { LOAD_SIZE, loadBenchmarks, pairedLoadRatios } from './load.bench.ts';
import { proxyBenchmarks } from './proxy.bench.ts';
import { suiteThroughput, type Throughput } from './suite-throughput.bench.ts';
import { environment, type Environment } from './_internals/environment.ts';
import { PROFILES, type BenchResult, type Profile } from './_internals/measure.ts';

export const BENCH_FORMAT = 1;
const CASSETTES = packagePath('corpora/cassettes/');

export interface BenchRun {
  readonly format: typeof BENCH_FORMAT;
  readonly profile: Profile['name'];
  readonly startedAt: string;
  readonly environment: Environment;
  /** Ratios of medians (load: of paired samples): bigger is better, except `perStep10kOver1k` (cost at 10k over cost at 1k) and `check.overhead`. */
  readonly fold: { readonly cachedVsNaive10k: number; readonly perStep10kOver1k: number; readonly referenceVsDsh: number };
  readonly load: { readonly vsJsonParse: number; readonly referenceVsDsh: number; readonly eventsPerSecond: Readonly<Record<'reference' | 'jsonParse' | 'dsh', number>> };
  /** `defaultRunSeconds`: the default `recon check` of the reference, in process (median of the profile's samples); absent from runs stored before it was measured. */
  readonly check: { readonly overhead: number; readonly defaultRunSeconds?: number };
  /** recon proxy in front of the simulator: median time to the first byte of a streamed reply, direct and proxied (ms). */
  readonly proxy?: { readonly firstByteDirectMs: number; readonly firstByteProxiedMs: number; readonly addedFirstByteMs: number };
  /** A DeepSeek request with 20 images of 1 MiB: serialization with every read verified over the same with reads unchecked (the cost of trust); absent from older runs. */
  readonly images?: { readonly verifiedOverUnchecked: number; readonly verifiedMs: number };
  readonly suite: { readonly inProcess: Throughput; readonly stdio: Throughput; readonly stdioOverInProcess: number };
  /** `recon audit` on generated logs, one size each. */
  readonly audit: readonly AuditThroughput[];
  /** `recon audit` of a log compressed as DSH's store writes it, against its plaintext; absent from older runs. */
  readonly compressedAudit?: CompressedAuditThroughput;
  readonly cache: { readonly referenceAttainment: number | null; readonly naiveAttainment: number | null; readonly simulated: readonly CacheRun[]; readonly recorded: readonly CacheRun[] };
  readonly counters: { readonly fold: readonly FoldCounters[]; readonly prefix: PrefixCounters };
  readonly results: readonly BenchResult[];
}

export type BenchProgress = (step: string) => void;

export async function runBench(profileName: Profile['name'], progress: BenchProgress = () => {}): Promise<BenchRun> {
  const profile = PROFILES[profileName];
  const startedAt = new Date().toISOString();
  const env = environment();
  progress('fold: per-step derivation at 100, 1 000 and 10 000 events');
  const fold = await foldBenchmarks(profile);
  progress('load: validated events per second');
  const load = await loadBenchmarks(profile);
  const loadRatios = pairedLoadRatios(profile.loadPairs);
  progress('check: the loop with and without its reconstruction check');
  const check = await checkOverheadBenchmarks(profile);
  progress(`check: the default recon check of the reference (${profile.checkSamples === 1 ? 'one run' : `${profile.checkSamples} runs`})`);
  const defaultRunSeconds = await defaultCheckSeconds(profile.checkSamples);
  progress('proxy: time to first byte, direct and through recon proxy');
  const proxy = await proxyBenchmarks(profile);
  progress('images: a request with 20 images of 1 MiB, reads verified and unchecked');
  const images = await imageBenchmarks(profile);
  progress('suite: cases per second, in process and over stdio');
  const suite = await suiteThroughput(profile.suiteRuns);
  progress(`audit: one streaming pass over generated logs of ${profile.auditMegabytes.join(', ')} MB`);
  const audit = await auditThroughput(profile);
  progress(`audit: a ${profile.zstdAuditMegabytes} MB log compressed as DSH's store writes it, against its plaintext`);
  const compressedAudit = await compressedAuditThroughput(profile);
  progress('cache: read rate and attainment');
  const recorded = await recordedCache();
  const sim = await simulatedCache();
  progress('counters');
  const results = [...fold, ...load, ...check, ...proxy, ...images];
  // Ratios use medians: one scavenge in a sample of microseconds must not move a ratio.
  const median = (id: string) => {
    const found = results.find((r) => r.id === id);
    if (found === undefined) throw new Error(`no benchmark ${id}`);
    return found.p50;
  };
  return {
    format: BENCH_FORMAT,
    profile: profileName,
    startedAt,
    environment: env,
    fold: {
      cachedVsNaive10k: median('fold/naive/10000') / median('fold/cached/10000'),
      perStep10kOver1k: median('fold/cached/10000') / median('fold/cached/1000'),
      referenceVsDsh: median('fold/dsh/10000') / median('fold/cached/10000'),
    },
    load: {
      ...loadRatios,
      eventsPerSecond: {
        reference: (LOAD_SIZE / median(`load/reference/${LOAD_SIZE}`)) * 1000,
        jsonParse: (LOAD_SIZE / median(`load/json-parse/${LOAD_SIZE}`)) * 1000,
        dsh: (LOAD_SIZE / median(`load/dsh/${LOAD_SIZE}`)) * 1000,
      },
    },
    check: { overhead: median('check/loop-with-check') / median('check/loop-without-check'), defaultRunSeconds },
    proxy: { firstByteDirectMs: median('proxy/direct'), firstByteProxiedMs: median('proxy/proxied'), addedFirstByteMs: median('proxy/proxied') - median('proxy/direct') },
    images: { verifiedOverUnchecked: median('images/verified/20x1MiB') / median('images/unchecked/20x1MiB'), verifiedMs: median('images/verified/20x1MiB') },
    suite: { ...suite, stdioOverInProcess: suite.inProcess.casesPerSecond / suite.stdio.casesPerSecond },
    audit,
    compressedAudit,
    cache: {
      referenceAttainment: sim.reference.attainment,
      naiveAttainment: sim.naive.attainment,
      simulated: [sim.reference, sim.naive],
      recorded,
    },
    counters: { fold: FOLD_SIZES.map((size) => foldCounters(size)), prefix: await prefixCounters() },
    results,
  };
}

/** The read rate and attainment of the bound of every recorded real session in corpora/cassettes. */
async function recordedCache(): Promise<CacheRun[]> {
  const runs: CacheRun[] = [];
  for (const provider of readdirSync(CASSETTES, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort()) {
    for (const name of readdirSync(`${CASSETTES}${provider}`).filter((n) => n.endsWith('.jsonl')).sort()) {
      const account = await accountCache(parseCassette(readFileSync(`${CASSETTES}${provider}/${name}`, 'utf8'), name));
      runs.push({ label: `${provider}/${name.replace(/\.jsonl$/, '')}`, requests: account.requests.length, rate: account.rate, attainment: account.attainment });
    }
  }
  return runs;
}
