/**
 * The released DSH formats v1–v4 (dsh-eras §1.3, §2, §3, §4.3, §6.4, §7.2–7.3), on logs
 * generated from conversation plans in each format (test/helpers/released-logs.ts): what
 * each format's statements mean for a reader, the upgrade into the neutral form, and one
 * fault class per rule of FORMAT_RULES.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ReconError } from '../../src/errors.ts';
import { deriveMessagesFresh, reconstructRequest, requestBoundaries, Session, toolHistoryOf } from '../../src/fold/index.ts';
import { FORMAT_RULES, generationOf, loadJsonl, offloadImages, RELEASED_VERSIONS, type FormatRuleId, type JsonValue, type Message } from '../../src/log/index.ts';
import { buildLog, logPlan, type LogPlan } from '../../properties/arbitraries/session-log.ts';
import { jsonlOf, planArbitrary, RELEASED, writeLog, type Plan, type Released, type Stored, type WrittenLog } from '../helpers/released-logs.ts';

const released = (jsonl: string) => loadJsonl(jsonl, { versions: RELEASED_VERSIONS });
const RUNS = 40;
const anyVersion = fc.constantFrom<Released>(...RELEASED);

function refusal(body: () => unknown): ReconError | undefined {
  try {
    body();
    return undefined;
  } catch (error) {
    if (!ReconError.is(error)) throw error;
    return error;
  }
}

const step = (over: Partial<Plan['turns'][number]['steps'][number]> = {}) => ({ system: 'You are terse.', effort: 'high' as const, retry: false, tools: 0, addTool: false, offload: false, ...over });
/** A plan with every feature: a retried attempt, tool errors, an image offloaded, a tool added, a compaction, a system prompt changed, a seeded start. */
const RICH: Plan = {
  id: 'rich',
  seeded: true,
  turns: [
    { prompt: 'first', image: true, compact: false, steps: [step({ retry: true, tools: 2 }), step({ tools: 1, addTool: true, offload: true }), step()] },
    { prompt: 'second', image: false, compact: true, steps: [step({ system: 'You are verbose.', effort: 'off', tools: 1 }), step({ system: 'You are verbose.', effort: 'off' })] },
  ],
};
const rich = (version: Released) => writeLog(RICH, version);

describe('the released formats, read into the neutral form', () => {
  it('are refused with FORMAT_VERSION by the protocol’s reader and loaded by the released reader, v5 and later refused by both', () => {
    fc.assert(
      fc.property(planArbitrary, anyVersion, (plan, version) => {
        const jsonl = jsonlOf(writeLog(plan, version));
        expect(refusal(() => loadJsonl(jsonl))?.code).toBe('FORMAT_VERSION');
        expect(released(jsonl).log.length).toBe(writeLog(plan, version).events.length);
      }),
      { numRuns: RUNS },
    );
    for (const v of [5, 7, -1]) {
      const error = refusal(() => released(jsonlOf(rich(4)).replace('"version":4', `"version":${v}`)));
      expect({ code: error?.code, rule: error?.rule }).toEqual({ code: 'FORMAT_VERSION', rule: 'format.version-unread' });
    }
  });

  it('rebuild every request the loop sent, at the attempt or message it settled as: v3+ without a system field, the prompt as message 0; v4 with its tool history', () => {
    fc.assert(
      fc.property(planArbitrary, anyVersion, fc.boolean(), (plan, version, ranges) => {
        const written = writeLog(plan, version);
        const { log } = released(jsonlOf(written, { ranges }));
        expect(requestBoundaries(log.events).map((b) => b.seq)).toEqual(written.requests.map((r) => r.seq));
        for (const expected of written.requests) {
          const rebuilt = reconstructRequest(log.events, expected.seq, plan.id, 'current', log.format);
          expect(rebuilt).toEqual({ ...expected.config, messages: expected.messages, ...(expected.system === undefined ? {} : { system: expected.system }), tools: expected.tools, ...(expected.toolHistory === undefined ? {} : { toolHistory: expected.toolHistory }), sessionId: plan.id });
          if (version >= 3) expect(rebuilt!.messages.filter((m) => m.role === 'system')).toEqual(expected.messages.slice(0, expected.messages[0]?.role === 'system' ? 1 : 0));
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('send one conversation alike in v2, v3 and v4: v2’s header prompt is v3’s and v4’s message 0, v4’s tool-role results read back as v3’s tool-result messages', () => {
    fc.assert(
      fc.property(planArbitrary, (plan) => {
        const [v2, v3, v4] = RELEASED.map((v) => released(jsonlOf(writeLog(plan, v))).log);
        const at = (log: typeof v2, v: Released) => writeLog(plan, v).requests.map((r) => reconstructRequest(log!.events, r.seq, plan.id, 'current', log!.format)!);
        const r2 = at(v2, 2);
        const r3 = at(v3, 3);
        const r4 = at(v4, 4);
        expect(r3.length).toBe(r2.length);
        const visible = (m: Message) => ({ role: m.role, content: m.content });
        r2.forEach((request, i) => {
          const system = request.system === undefined ? [] : [{ role: 'system', content: [{ type: 'text', text: request.system }] }];
          // v3 and v4 keep the image/offload decisions and developer messages v2 cannot hold: compare what v2 holds.
          const plain = (messages: readonly Message[]) => messages.filter((m) => m.role !== 'developer').map(visible).map(({ role, content }) => ({ role, content: content.map((b) => (b.type === 'image' ? { type: 'image', attachment: b.attachment } : b)) }));
          expect(plain(r3[i]!.messages)).toEqual([...system, ...plain(request.messages)]);
          expect(r4[i]!.messages.map(visible).filter((m) => m.role !== 'developer')).toEqual(r3[i]!.messages.map(visible).filter((m) => m.role !== 'developer'));
          expect(r3[i]!.system).toBeUndefined();
        });
      }),
      { numRuns: RUNS },
    );
  });

  it('fold live as they fold fresh at every request, replaces and image/offload projections included', () => {
    fc.assert(
      fc.property(planArbitrary, anyVersion, (plan, version) => {
        const written = writeLog(plan, version);
        const boundaries = new Set(written.requests.map((r) => r.seq));
        const seen: Message[][] = [];
        // One live fold for the whole load: its cache must notice every replace and every projection change.
        let session: Session | undefined;
        const { log } = loadJsonl(jsonlOf(written), {
          versions: RELEASED_VERSIONS,
          observe: (event, partial) => {
            session ??= new Session(partial);
            if (boundaries.has(event.seq)) seen.push(session.deriveMessages());
            else session.deriveMessages();
          },
        });
        expect(seen).toEqual(written.requests.map((r) => deriveMessagesFresh(log.events.slice(0, r.seq))));
        expect(seen).toEqual(written.requests.map((r) => r.messages));
      }),
      { numRuns: RUNS },
    );
  });

  it('take a snapshot projection (every seq and time removed, as DSH’s normalizer writes its test logs) as the log with them, seqs from the line order', () => {
    fc.assert(
      fc.property(planArbitrary, anyVersion, (plan, version) => {
        const written = writeLog(plan, version);
        const whole = released(jsonlOf(written));
        const projected = released(jsonlOf(written, { projected: true }));
        expect(projected.projected).toBe(true);
        expect(whole.projected).toBe(false);
        expect(projected.log.events.map(({ time: _t, ...rest }) => rest)).toEqual(whole.log.events.map(({ time: _t, ...rest }) => rest));
        expect(new Set(projected.log.events.map((e) => e.time))).toEqual(new Set([0]));
      }),
      { numRuns: 20 },
    );
  });

  it('read v1 as v0’s layout (seedLength, packed rows) without v0’s older shapes or the session-prefix era’s vocabulary', () => {
    // A v0 log may hold the types later formats added only as unknown, ignorable ones; v1 reads some of them by their shape.
    const laterTypes = (p: LogPlan) => p.turns.some((t) => t.steps.some((s) => s.noise.includes('ignorable')));
    fc.assert(
      fc.property(logPlan.filter((p) => p.legacy === null && !laterTypes(p)), (plan) => {
        const v0 = buildLog(plan).jsonl;
        const v1 = v0.replace('"version":0', '"version":1');
        expect(released(v1).log.events).toEqual(loadJsonl(v0).log.events);
      }),
      { numRuns: 20 },
    );
    const header = '{"type":"session","version":1,"id":"s","createdAt":1,"delegationDepth":0}';
    const context = '{"type":"context/message","seq":0,"time":1,"data":{"message":{"id":"c","role":"user","content":[],"source":{"kind":"plugin"}}},"surfaceOp":"append"}';
    expect(refusal(() => released(`${header}\n${context}\n`))?.code).toBe('UNKNOWN_EVENT_TYPE');
    const steering = '{"type":"steering/message","seq":0,"time":1,"data":{"turn":1,"content":[],"source":{"kind":"user"}}}';
    expect(refusal(() => released(`${header}\n${steering}\n`))?.code).toBe('UNKNOWN_EVENT_TYPE');
    const prefix = '{"type":"request/header","seq":0,"time":1,"data":{"header":{"config":{"provider":"p","model":"m"},"messagePrefix":[]},"reason":"initial"}}';
    expect(refusal(() => released(`${header}\n${prefix}\n`))?.code).toBe('HEADER_FIELD_UNKNOWN');
  });

  it('know each format’s vocabulary: chunks end with v2, code-dispatch becomes ptc-dispatch with v3, developer messages begin with v4; no E3 format holds the session-prefix era’s types', () => {
    const withEvent = (version: Released, type: string, data: JsonValue = {}, extra: Stored = {}) => {
      const written = rich(version);
      const at = written.events.findIndex((e) => e['type'] === 'turn/end');
      const events = [...written.events.slice(0, at), { type, seq: at, time: 1, data, ...extra }, ...written.events.slice(at).map((e) => ({ ...e, seq: (e['seq'] as number) + 1 }))];
      return jsonlOf({ ...written, events: renumber(events) });
    };
    const code = (version: Released, type: string, data?: JsonValue, extra?: Stored) => refusal(() => released(withEvent(version, type, data, extra)))?.code;
    expect(code(2, 'assistant/chunk', { turn: 2, step: 2, chunk: { type: 'text-delta', index: 0, text: 'x' } })).toBe('UNKNOWN_EVENT_TYPE');
    expect(code(2, 'tool/code-dispatch')).toBeUndefined();
    expect(code(3, 'tool/code-dispatch')).toBe('UNKNOWN_EVENT_TYPE');
    expect(code(3, 'tool/ptc-dispatch')).toBeUndefined();
    expect(code(3, 'tool/code-dispatch', {}, { ignorable: true })).toBeUndefined();
    expect(code(2, 'system/message')).toBe('UNKNOWN_EVENT_TYPE');
    expect(code(2, 'image/offload', { targets: [] })).toBe('UNKNOWN_EVENT_TYPE');
    expect(code(3, 'developer/message')).toBe('UNKNOWN_EVENT_TYPE');
    expect(code(4, 'subagent/catalog', { childId: 'c', childCreatedAt: 1, mode: 'unknown' })).toBeUndefined();
    expect(code(4, 'workspace/changes')).toBeUndefined();
    for (const v of RELEASED) for (const type of ['context/message', 'prompt/blocked', 'compact/start', 'steering/message']) expect(code(v, type), `${type} in v${v}`).toBe('UNKNOWN_EVENT_TYPE');
    // v4's turn-end reason `forked` and tool errors with a reason load as they are.
    const forked = rich(4);
    const end = forked.events.findLast((e) => e['type'] === 'turn/end')!;
    end['data'] = { turn: 2, reason: { kind: 'forked' } };
    expect(released(jsonlOf(forked)).log.events.at(-1)!.data).toEqual({ turn: 2, reason: { kind: 'forked' } });
  });

  it('project a system/message appended later in the history (an in-history prompt update) where it stands, and an empty one to nothing', () => {
    for (const version of [3, 4] as const) {
      const written = rich(version);
      const head = find(written, 'system/message')!;
      const at = written.events.findLastIndex((e) => e['type'] === 'step/end');
      const update = (text: string, seq: number) => ({ ...head, seq, surfaceOp: 'append', data: { ...dataOf(head), message: { ...(dataOf(head)['message'] as Stored), id: `update-${text}`, content: text === '' ? [] : [{ type: 'text', text }] } } });
      // Before the last step/end: nothing after it cites a seq the two inserted events move.
      const events = renumber([...written.events.slice(0, at), update('later', at), update('', at + 1), ...written.events.slice(at)]);
      const { log } = released(jsonlOf({ ...written, events }));
      const messages = deriveMessagesFresh(log.events.slice(0, at + 2));
      expect(messages.at(-1)).toMatchObject({ id: 'update-later', role: 'system' });
      expect(messages.some((m) => m.id === 'update-')).toBe(false);
    }
  });

  it('keep what v0 cannot say as stored: embedded streams, attempts, the tagged end-seed, startsSeries', () => {
    const written = rich(3);
    const { log } = released(jsonlOf(written));
    const stored = (type: string) => written.events.filter((e) => e['type'] === type).map((e) => e['data']);
    expect(log.events.filter((e) => e.type === 'assistant/message').map((e) => e.data)).toEqual(stored('assistant/message'));
    expect(log.events.filter((e) => e.type === 'assistant/attempt').map((e) => e.data)).toEqual(stored('assistant/attempt'));
    expect(log.events[0]!.data).toEqual({ inherited: true });
    expect(log.header.isSeeded).toBe(true);
    const starts = written.events.filter((e) => e['type'] === 'request/header' && (e['data'] as Stored)['startsSeries'] === true);
    expect(log.events.filter((e) => e.type === 'request/header' && (e.data as Stored)['startsSeries'] === true).length).toBe(starts.length);
  });
});

describe('v4’s tool history', () => {
  const tool = (name: string, description = 'd') => ({ name, description, parameters: { type: 'object' } });
  const header = (seq: number, tools: object[], reason = 'change', extra: object = {}) => ({ type: 'request/header', seq, time: 1, data: { header: { config: { provider: 'p', model: 'm' }, tools }, reason, ...extra } });
  const developer = (seq: number, headerSeq: number, name: string) => ({ type: 'developer/message', seq, time: 1, data: { turn: 1, step: 1, message: { id: `d${seq}`, role: 'developer', content: [{ type: 'tool-addition', toolName: name }], source: { kind: 'tool-catalog' } }, headerSeq }, surfaceOp: 'append' });
  const history = (events: object[]) => toolHistoryOf(events as never);

  it('keeps the series’ first tools and adds each announced addition, with the definition its header gave', () => {
    expect(history([header(0, [tool('a')], 'initial'), header(1, [tool('a'), tool('b')]), developer(2, 1, 'b')])).toEqual({ tools: [tool('a')], updates: [{ messageId: 'd2', additions: [tool('b')] }] });
  });

  it('is the latest header’s tools alone when they are not what the series and its updates leave (a header changed without a developer message)', () => {
    expect(history([header(0, [tool('a')], 'initial'), header(1, [tool('a'), tool('b')])])).toEqual({ tools: [tool('a'), tool('b')], updates: [] });
  });

  it('takes a removal away from what is available: a header that still lists the tool no longer matches, so its tools are sent alone', () => {
    const removal = { ...developer(3, 1, 'b') };
    removal.data = { ...removal.data, message: { ...removal.data.message, content: [{ type: 'tool-removal', toolName: 'b' }] } } as never;
    const base = [header(0, [tool('a')], 'initial'), header(1, [tool('a'), tool('b')]), developer(2, 1, 'b')];
    expect(history([...base, removal])).toEqual({ tools: [tool('a'), tool('b')], updates: [] });
    expect(history([...base, removal, header(4, [tool('a')])])).toEqual({ tools: [tool('a')], updates: [{ messageId: 'd2', additions: [tool('b')] }, { messageId: 'd3', additions: [] }] });
  });

  it('starts a new series at a series header, at startsSeries, and when a header gives a declared tool another definition', () => {
    const base = [header(0, [tool('a')], 'initial'), header(1, [tool('a'), tool('b')]), developer(2, 1, 'b')];
    expect(history([...base, header(3, [tool('a'), tool('b')], 'series')])).toEqual({ tools: [tool('a'), tool('b')], updates: [] });
    expect(history([...base, header(3, [tool('a'), tool('b'), tool('c')], 'change', { startsSeries: true })])).toEqual({ tools: [tool('a'), tool('b'), tool('c')], updates: [] });
    expect(history([...base, header(3, [tool('a', 'other'), tool('b')])])).toEqual({ tools: [tool('a', 'other'), tool('b')], updates: [] });
  });
});

describe('image/offload (v3+)', () => {
  const image = (n: number) => ({ type: 'image' as const, attachment: { attachmentId: `sha256:${String(n).repeat(64)}` } });
  const message: Message = {
    id: 'm',
    role: 'user',
    source: { kind: 'tool', callId: 'c' },
    content: [image(1), { type: 'tool-result', toolCallId: 'c', content: [{ type: 'text', text: 't' }, image(2), image(3)] }, image(4)],
  };

  it('marks the images at depth-first indexes offloaded, nested tool-result images counted, the message id kept', () => {
    fc.assert(
      fc.property(fc.subarray([0, 1, 2, 3], { minLength: 1 }), (indexes) => {
        const out = offloadImages(message, indexes) as Message;
        expect(out.id).toBe('m');
        const flat = (blocks: Message['content']): Array<{ offloaded?: true }> => blocks.flatMap((b) => (b.type === 'image' ? [b] : b.type === 'tool-result' ? flat(b.content) : []));
        expect(flat(out.content).map((b) => b.offloaded === true)).toEqual([0, 1, 2, 3].map((i) => indexes.includes(i)));
        // Offloading one already offloaded, or one past the last, is no decision the log can hold.
        expect(typeof offloadImages(out, [indexes[0]!])).toBe('string');
        expect(typeof offloadImages(message, [4])).toBe('string');
      }),
    );
  });

  it('changes the projection of a node the request already sent, which the fold then sends offloaded, and takes no surfaceOp', () => {
    const written = rich(3);
    const offload = written.events.find((e) => e['type'] === 'image/offload')!;
    const target = (offload['data'] as { targets: Array<{ seq: number }> }).targets[0]!.seq;
    const { log } = released(jsonlOf(written));
    const before = deriveMessagesFresh(log.events.slice(0, offload['seq'] as number)).find((m) => m.id === (written.events[target]!['data'] as Message).id)!;
    const after = deriveMessagesFresh(log.events.slice(0, (offload['seq'] as number) + 1)).find((m) => m.id === before.id)!;
    expect(before.content.some((b) => b.type === 'image' && b.offloaded === undefined)).toBe(true);
    expect(after.content.filter((b) => b.type === 'image')).toEqual([{ ...before.content.find((b) => b.type === 'image'), offloaded: true }]);
    // A projection, not a replace: the content generation moves, the replace generation does not.
    const generations = (n: number) => {
      const { log: partial } = released(jsonlOf({ ...written, events: written.events.slice(0, n) }));
      return [partial.surface.replaceGeneration, partial.surface.contentGeneration];
    };
    const [replaces, contents] = generations(offload['seq'] as number);
    expect(generations((offload['seq'] as number) + 1)).toEqual([replaces, contents! + 1]);
    offload['surfaceOp'] = 'append';
    expect(refusal(() => released(jsonlOf(written)))?.code).toBe('SURFACE_INVALID');
  });
});

describe('file names', () => {
  it('say the generation: session.jsonl[.zstd] is v0, session.vN.jsonl[.zstd] is vN, others say none', () => {
    expect(generationOf('/home/u/.dsh/sessions/a/session.jsonl')).toBe(0);
    expect(generationOf('session.jsonl.zstd')).toBe(0);
    expect(generationOf('x/session.v3.jsonl')).toBe(3);
    expect(generationOf('x/session.v12.jsonl.zstd')).toBe(12);
    expect(generationOf('knyazev741__headless-profile__session.expected.v3.jsonl')).toBe(3);
    expect(generationOf('acp__snapshots__fs-read__session.jsonl')).toBe(0);
    expect(generationOf('log.jsonl')).toBeUndefined();
    expect(generationOf('mysession.jsonl')).toBeUndefined();
  });
});

/** The seqs of `events` made their positions again (after one was inserted or removed). */
function renumber(events: Stored[]): Stored[] {
  return events.map((e, i) => ({ ...e, seq: i }));
}

type Fault = (version: Released) => string | undefined;
const find = (log: WrittenLog, type: string, nth = 0) => log.events.filter((e) => e['type'] === type)[nth];
const dataOf = (event: Stored | undefined) => event!['data'] as Record<string, JsonValue>;
/** A fault made by editing the rich log of `version` in place, or none when `version` does not have the rule. */
const edited = (versions: readonly Released[], edit: (log: WrittenLog) => void, options: { projected?: boolean } = {}): Fault => (version) => {
  if (!versions.includes(version)) return undefined;
  const log = structuredClone(rich(version));
  edit(log);
  return jsonlOf(log, options);
};
const V2UP: readonly Released[] = [2, 3, 4];
const V3UP: readonly Released[] = [3, 4];

/** One fault class per rule of FORMAT_RULES, each a rich generated log with that one fault. */
const FAULTS: Record<FormatRuleId, Fault> = {
  'format.version-unread': edited(V2UP, (log) => (log.header['version'] = 5)),
  'format.header-keys': (v) => jsonlOf(rich(v)).replace('"isSeeded":true', '"isSeeded":true,"seedLength":1'),
  'format.header-seeded': (v) => jsonlOf(rich(v)).replace('"isSeeded":true', '"isSeeded":"yes"'),
  'format.inherited-cut': edited(V2UP, (log) => (log.header['isSeeded'] = false)),
  'format.packed-row': (v) => jsonlOf(rich(v)).replace(/\n/, '\n{"type":"text-chunks","seq0":0,"time0":1,"data":{"turn":1,"step":1,"index":0,"dt":[0],"texts":["a","b"]}}\n'),
  'format.projected-envelope': (v) => {
    const lines = jsonlOf(rich(v), { projected: true }).split('\n');
    lines[3] = JSON.stringify({ ...JSON.parse(lines[3]!), seq: 2 });
    return lines.join('\n');
  },
  'format.source-ranges': edited(V2UP, (log) => (find(log, 'tool/result')!['sourceEventSeqs'] = [[3, 1]])),
  'format.end-seed': edited(V2UP, (log) => (log.events[0]!['data'] = { inherited: false })),
  'format.stream': edited(V2UP, (log) => delete dataOf(find(log, 'assistant/message'))['stream']),
  'format.attempt': edited(V2UP, (log) => (dataOf(find(log, 'assistant/attempt'))['usage'] = { inputTokens: 1, outputTokens: 1 })),
  'format.assistant-sources': edited(V2UP, (log) => (find(log, 'assistant/message')!['sourceEventSeqs'] = [0])),
  'format.replace-spelling': edited(V3UP, (log) => {
    const compaction = log.events.find((e) => e['type'] === 'user/message' && typeof e['surfaceOp'] === 'object')!;
    const op = compaction['surfaceOp'] as { startSeq: number; endSeq: number };
    compaction['surfaceOp'] = { op: 'replace', start: op.startSeq, end: op.endSeq };
  }),
  'format.system-head': edited(V3UP, (log) => {
    const compaction = log.events.find((e) => e['type'] === 'user/message' && typeof e['surfaceOp'] === 'object')!;
    const head = log.events.findLast((e) => e['type'] === 'system/message' && (e['seq'] as number) < (compaction['seq'] as number))!['seq'] as number;
    (compaction['surfaceOp'] as Record<string, JsonValue>)['startSeq'] = head;
    compaction['sourceEventSeqs'] = [...new Set([head, ...(compaction['sourceEventSeqs'] as number[])])].sort((a, b) => a - b);
  }),
  'format.header-system': edited(V3UP, (log) => ((dataOf(find(log, 'request/header'))['header'] as Record<string, JsonValue>)['system'] = 'You are terse.')),
  'format.header-empty': edited(V3UP, (log) => ((dataOf(find(log, 'request/header'))['header'] as Record<string, JsonValue>)['adapterDefaults'] = {})),
  'format.starts-series': edited(V2UP, (log) => (dataOf(find(log, 'request/header'))['startsSeries'] = false as never)),
  'format.system-message': edited(V3UP, (log) => ((dataOf(find(log, 'system/message'))['message'] as Record<string, JsonValue>)['source'] = { kind: 'user' })),
  'format.tool-error': edited(V3UP, (log) => {
    const result = log.events.find((e) => e['type'] === 'tool/result' && dataOf(e)['error'] !== undefined)!;
    const message = dataOf(result)['message'] as Record<string, JsonValue>;
    if (log.version === 4) message['isError'] = false;
    else ((message['content'] as Stored[])[0]!)['isError'] = false;
  }),
  'format.tool-message': edited([4], (log) => {
    const message = dataOf(find(log, 'tool/result'))['message'] as Record<string, JsonValue>;
    message['content'] = [{ type: 'tool-result', toolCallId: message['toolCallId']!, content: message['content']! }];
  }),
  'format.plugin-source': edited([4], (log) => (dataOf(find(log, 'user/message'))['source'] = { kind: 'plugin', plugin: 'x' } as never)),
  'format.developer-message': edited([4], (log) => ((((dataOf(find(log, 'developer/message'))['message'] as Record<string, JsonValue>)['content'] as Stored[])[0]!)['toolName'] = '')),
  'format.developer-binding': edited([4], (log) => (dataOf(find(log, 'developer/message'))['headerSeq'] = 0)),
  'format.offload-shape': edited(V3UP, (log) => (dataOf(find(log, 'image/offload'))['targets'] = [])),
  'format.offload-target': edited(V3UP, (log) => ((dataOf(find(log, 'image/offload'))['targets'] as Stored[])[0]!['imageIndexes'] = [1])),
};

describe('the rules of the released formats', () => {
  it('each have a fault class, and every fault class names a rule', () => {
    expect(Object.keys(FAULTS).sort()).toEqual(Object.keys(FORMAT_RULES).sort());
  });

  it.each(Object.keys(FORMAT_RULES) as FormatRuleId[])('%s: a generated log holding its fault is refused by that rule, with its code', (rule) => {
    let made = 0;
    for (const version of RELEASED) {
      const jsonl = FAULTS[rule](version);
      if (jsonl === undefined) continue;
      made++;
      // The fault is the only one: the same log without it loads.
      expect(() => released(jsonlOf(rich(version)))).not.toThrow();
      const error = refusal(() => released(jsonl));
      expect({ rule: error?.rule, code: error?.code }, `v${version}: ${error?.message}`).toEqual({ rule, code: FORMAT_RULES[rule].code });
      expect(error!.message).not.toContain('    at ');
    }
    expect(made).toBeGreaterThan(0);
  });

  it('hold more than one variant of some faults: a seeded log without its marker, a missing delegationDepth, empty tools, a developer addition without headerSeq, an already offloaded image', () => {
    const code = (jsonl: string) => { const e = refusal(() => released(jsonl)); return e && `${e.rule} ${e.code}`; };
    const noMarker = writeLog({ ...RICH, seeded: false }, 3);
    noMarker.header['isSeeded'] = true;
    expect(code(jsonlOf(noMarker))).toBe('format.inherited-cut SESSION_HEADER_INVALID');
    expect(code(jsonlOf(rich(2)).replace(',"delegationDepth":0', ''))).toBe('format.header-keys SESSION_HEADER_INVALID');
    const empty = structuredClone(rich(3));
    (dataOf(find(empty, 'request/header'))['header'] as Record<string, JsonValue>)['tools'] = [];
    expect(code(jsonlOf(empty))).toBe('format.header-empty REQUEST_HEADER_INVALID');
    const unbound = structuredClone(rich(4));
    delete dataOf(find(unbound, 'developer/message'))['headerSeq'];
    expect(code(jsonlOf(unbound))).toBe('format.developer-binding EVENT_DATA_INVALID');
    const twice = structuredClone(rich(3));
    const offload = find(twice, 'image/offload')!;
    const at = offload['seq'] as number;
    twice.events = renumber([...twice.events.slice(0, at + 1), { ...offload }, ...twice.events.slice(at + 1)]);
    expect(code(jsonlOf(twice))).toBe('format.offload-target EVENT_DATA_INVALID');
    const system = structuredClone(rich(4));
    (dataOf(find(system, 'system/message'))['message'] as Record<string, JsonValue>)['source'] = { kind: 'plugin', plugin: '@deepseek-ai/dsh-system-prompt' };
    expect(code(jsonlOf(system))).toMatch(/^format\.(system-message|plugin-source) MESSAGE_SHAPE$/);
  });
});
