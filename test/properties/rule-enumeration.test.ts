/**
 * Every validation rule of the log is a fault class. The rules are the table the validators
 * refuse through (src/log/rules.ts); the fault classes are those of
 * properties/arbitraries/invalid-log.ts. A rule added without a fault class, or a fault class
 * removed, fails here; so does a fault class that does not break the rule it names.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EVENT_FAULTS, FAULT_CLASSES, MEMORY_FAULTS, SEED_FAULTS, TEXT_FAULTS, uncoveredRules, type InvalidLog } from '../../properties/arbitraries/invalid-log.ts';
import { buildLog, logPlan, type GeneratedLog } from '../../properties/arbitraries/session-log.ts';
import { ReconError } from '../../src/errors.ts';
import { imageCase, STORE_FAULT_RULES } from '../../properties/arbitraries/image-request.ts';
import { SPEC_WIRE } from '../../properties/_internals/wire-spec.ts';
import { ATTACHMENT_RULES } from '../../src/attachments/index.ts';
import { imageOptions } from '../../src/conformance/reference/reference-implementation.ts';
import { serializeDeepSeekRequest } from '../../src/wire/index.ts';
import { LOG_RULES, SessionLog, loadJsonl, type LogRuleId, type SessionEvent } from '../../src/log/index.ts';

const SRC_LOG = join(import.meta.dirname, '../../src/log');
const RULES = Object.keys(LOG_RULES) as LogRuleId[];
const LOGS: GeneratedLog[] = fc.sample(logPlan, { numRuns: 6, seed: 20261130 }).map((plan) => buildLog(plan));
// Spread so that every variant selector of the fault classes (pick / 7, / 11, / 13, pick % n) takes several values.
const PICKS = Array.from({ length: 8 }, (_, i) => i * 9);

/** The refusal `body` throws, or undefined when it accepts. */
function refusalOf(body: () => unknown): ReconError | undefined {
  try {
    body();
    return undefined;
  } catch (error) {
    if (!ReconError.is(error)) throw error;
    return error;
  }
}

/** Every instance a fault class makes over the sample logs and picks (a class a log has no room for makes none there). */
function instances(make: ((log: GeneratedLog, pick: number, variant?: number) => InvalidLog | undefined) & { variants?: number }): InvalidLog[] {
  // A class of several variants: every variant, at every pick.
  const variants = make.variants === undefined ? [undefined] : Array.from({ length: make.variants }, (_, v) => v);
  return LOGS.flatMap((log) => PICKS.flatMap((pick) => variants.map((variant) => make(log, pick, variant))).filter((f): f is InvalidLog => f !== undefined));
}

describe('the rules of the log validators', () => {
  it('each has a fault class, and each fault class names a rule', () => {
    expect(RULES.length).toBeGreaterThan(80);
    expect(uncoveredRules(FAULT_CLASSES)).toEqual([]);
    expect(FAULT_CLASSES.filter((name) => !(name in LOG_RULES))).toEqual([]);
    expect(new Set(FAULT_CLASSES).size).toBe(FAULT_CLASSES.length);
  });

  it('lose their enumeration when any one fault class is removed', () => {
    for (const name of FAULT_CLASSES) expect(uncoveredRules(FAULT_CLASSES.filter((other) => other !== name)), name).toEqual([name]);
  });

  it('sort each fault class by how it can be written: one event, stored text, an in-process value, or an in-memory seed', () => {
    const reachOf = (names: readonly string[]) => names.map((name) => LOG_RULES[name as LogRuleId].reach);
    expect(new Set(reachOf(Object.keys(EVENT_FAULTS)))).toEqual(new Set(['event']));
    expect(new Set(reachOf(Object.keys(TEXT_FAULTS)))).toEqual(new Set(['text']));
    expect(new Set(reachOf(Object.keys(MEMORY_FAULTS)))).toEqual(new Set(['memory']));
    expect(new Set(reachOf(Object.keys(SEED_FAULTS)))).toEqual(new Set(['seed']));
  });

  it('are the only way src/log refuses: no coded error is made outside the rule table', () => {
    // decode-utf8.ts and decode-zstd.ts turn a file's bytes into text before any rule of the log applies: their codes (LOG_NOT_UTF8, ZSTD_*) are harness codes.
    for (const file of readdirSync(SRC_LOG).filter((name) => name.endsWith('.ts') && name !== 'rules.ts' && name !== 'decode-utf8.ts' && name !== 'decode-zstd.ts')) {
      expect(readFileSync(join(SRC_LOG, file), 'utf8'), file).not.toMatch(/new ReconError\(/);
    }
  });
});

describe('each fault class', () => {
  it.each(Object.keys(TEXT_FAULTS))('%s: a stored log holding it is refused by that rule, with its code', (name) => {
    const made = instances((TEXT_FAULTS as Record<string, (log: GeneratedLog, pick: number) => InvalidLog | undefined>)[name]!);
    expect(made.length, 'the class never found room in the sample logs').toBeGreaterThan(0);
    for (const fault of made) {
      const refusal = refusalOf(() => loadJsonl(fault.jsonl));
      expect(refusal && { rule: refusal.rule, code: refusal.code }, fault.jsonl.slice(0, 300)).toEqual({ rule: name, code: LOG_RULES[name as LogRuleId].code });
      expect(fault.code).toBe(LOG_RULES[name as LogRuleId].code);
    }
  });

  it.each(Object.keys(EVENT_FAULTS))('%s: refused by that rule at load and at append, and the refused append changes nothing', (name) => {
    const made = instances((EVENT_FAULTS as Record<string, (log: GeneratedLog, pick: number, variant?: number) => InvalidLog | undefined>)[name]!);
    expect(made.length, 'the class never found room in the sample logs').toBeGreaterThan(0);
    const expected = { rule: name, code: LOG_RULES[name as LogRuleId].code };
    for (const fault of made) {
      const loaded = refusalOf(() => loadJsonl(fault.jsonl));
      expect(loaded && { rule: loaded.rule, code: loaded.code }, JSON.stringify(fault.event!.faulty)).toEqual(expected);
      const { log } = loadJsonl(fault.event!.prefix);
      const before = log.length;
      const { type, seq: _seq, time: _time, data, ...options } = fault.event!.faulty as SessionEvent & Record<string, unknown>;
      const appended = refusalOf(() => log.append(type, data, options));
      expect(appended && { rule: appended.rule, code: appended.code }, JSON.stringify(fault.event!.faulty)).toEqual(expected);
      expect(log.length).toBe(before);
    }
  });

  it.each(Object.keys(MEMORY_FAULTS))('%s: an in-process append of such a value is refused by that rule', (name) => {
    const log = SessionLog.create(LOGS[0]!.header);
    const refusal = refusalOf(() => log.append('todo/write', (MEMORY_FAULTS as Record<string, () => unknown>)[name]!()));
    expect(refusal && { rule: refusal.rule, code: refusal.code }).toEqual({ rule: name, code: LOG_RULES[name as LogRuleId].code });
    expect(log.length).toBe(0);
  });

  it.each(Object.keys(SEED_FAULTS))('%s: a log seeded in memory with it is refused by that rule', (name) => {
    for (const log of LOGS) {
      for (let pick = 0; pick < 5; pick++) {
        const events = (SEED_FAULTS as Record<string, (log: GeneratedLog, pick: number) => SessionEvent[]>)[name]!(log, pick);
        const refusal = refusalOf(() => SessionLog.fromEvents(log.header, events));
        expect(refusal && { rule: refusal.rule, code: refusal.code }).toEqual({ rule: name, code: LOG_RULES[name as LogRuleId].code });
      }
    }
  });
});

describe('the read checks of the attachment store', () => {
  const cases = fc.sample(imageCase, { numRuns: 600, seed: 20261201 });

  it('each has a fault class, and each fault class breaks the check it names, with its code, whenever its image is read', () => {
    const broken = new Set<string>();
    for (const c of cases) {
      if (c.fault === undefined) continue;
      const expected = SPEC_WIRE.deepseek(c.request, { ...c.images, reads: c.reads });
      // Its image was offloaded before any read, or the request is refused for another reason first.
      if (expected.ok || !Object.values(ATTACHMENT_RULES).some((r) => r.code === expected.code)) continue;
      let refusal: ReconError | undefined;
      try {
        serializeDeepSeekRequest(c.request, { images: imageOptions(c.images) });
      } catch (error) {
        if (!ReconError.is(error)) throw error;
        refusal = error;
      }
      expect(refusal?.rule, c.fault).toBe(STORE_FAULT_RULES[c.fault]);
      expect(refusal?.code).toBe(ATTACHMENT_RULES[STORE_FAULT_RULES[c.fault]].code);
      broken.add(refusal!.rule!);
    }
    // An I/O error other than absence cannot be made in memory: test/attachments breaks it on disk.
    expect([...broken].sort()).toEqual(Object.keys(ATTACHMENT_RULES).filter((r) => r !== 'attachment.readable').sort());
  });
});
