/** Mutants of the loop: each overrides one extension point of the reference `AgentLoop`. */
import { buildRequest, type NeutralRequest } from '../../fold/index.ts';
import { type EpochHeader, type HeaderReason, type JsonValue, type LlmCallConfig, type Message } from '../../log/index.ts';
import { AgentLoop, type OneShotEnvelope, type SentRequest } from '../../loop/index.ts';
import { inProcess } from './define.ts';
import { issue } from './mutant.ts';
import { UNFROZEN_REQUEST_PART } from './fold-mutants.ts';

/** A deterministic stand-in for the wall clock a real harness would read. */
function fakeClock(): () => string {
  let tick = 0;
  return () => new Date(1_700_000_000_000 + 60_000 * tick++).toISOString();
}

// A dated header, as many harnesses write it: the first bytes of every request change.
const dated = (system: string | undefined, now: string) => `Current time: ${now}\n${system ?? ''}`;

class ClockInSystemLoop extends AgentLoop {
  readonly #now = fakeClock();
  protected override renderSystem(): string {
    return dated(super.renderSystem(), this.#now());
  }
}

const requestClock = fakeClock();
export const CLOCK_IN_SYSTEM_PROMPT = inProcess('clock-in-system-prompt', 'the system prompt starts with the current time (a dated header), so every step has a new header and the prefix cache never hits', { bugClass: 'clock in the system prompt', citation: issue('earendil-works/pi', 1873) }, {
  parts: {
    loop: (options) => new ClockInSystemLoop(options),
    request: (header, messages, sessionId) => buildRequest({ ...header, system: dated(header.system, requestClock()) }, messages, sessionId),
  },
});

class ResortedToolsLoop extends AgentLoop {
  protected override buildLoopRequest(header: EpochHeader, messages: readonly Message[]): NeutralRequest {
    const tools = header.tools === undefined ? undefined : [...header.tools].sort((a, b) => a.name.localeCompare(b.name));
    return buildRequest(tools === undefined ? header : { ...header, tools }, messages, this.log.header.id);
  }
}

class HeaderEveryStepLoop extends AgentLoop {
  protected override headerReason(folded: EpochHeader | undefined, built: EpochHeader, first: boolean): HeaderReason | undefined {
    return super.headerReason(folded, built, first) ?? 'change';
  }
}

class HeaderNotLoggedOnChangeLoop extends AgentLoop {
  protected override headerReason(folded: EpochHeader | undefined, built: EpochHeader, first: boolean): HeaderReason | undefined {
    const reason = super.headerReason(folded, built, first);
    return reason === 'change' ? undefined : reason;
  }
  protected override requestHeader(built: EpochHeader): EpochHeader {
    return built;
  }
}

class LateInjectionJoinsCurrentLoop extends AgentLoop {
  protected override afterDispatch(sent: SentRequest): SentRequest {
    const late = this.inbox.claim('next-step');
    if (late.length === 0) return sent;
    for (const message of late) this.log.append('user/message', message, { surfaceOp: 'append' });
    return this.prepareRequest(sent.turn, sent.step, this.renderSystem(), this.toolSpecs());
  }
}

class UnfrozenRequestLoop extends AgentLoop {
  protected override buildLoopRequest(header: EpochHeader, messages: readonly Message[]): NeutralRequest {
    return UNFROZEN_REQUEST_PART(header, messages, this.log.header.id);
  }
}

class NoEnvelopeLoop extends AgentLoop {
  protected override oneShotEnvelope(_config: LlmCallConfig): OneShotEnvelope {
    return {};
  }
}

class ResumeResortsToolsLoop extends AgentLoop {
  protected override toolSpecs(): EpochHeader['tools'] {
    const tools = super.toolSpecs() ?? [];
    return this.resumed ? [...tools].sort((a, b) => a.name.localeCompare(b.name)) : tools;
  }
}

class StepEndSkippedLoop extends AgentLoop {
  protected override endStep(turn: number, step: number, failed: boolean): void {
    if (!failed) super.endStep(turn, step, failed);
  }
}

export const TOOLS_RESORTED = inProcess('tools-resorted', 'the request sorts the tools by name while the logged header keeps registration order', 'tool order drift', { parts: { loop: (o) => new ResortedToolsLoop(o) } });
export const HEADER_EVERY_STEP = inProcess('header-every-step', 'a request/header "change" is logged before every request, changed or not', 'header discipline', { parts: { loop: (o) => new HeaderEveryStepLoop(o) } });
export const HEADER_NOT_LOGGED_ON_CHANGE = inProcess('header-not-logged-on-change', 'a changed system prompt, tool list or config is sent without logging a new request/header', 'unlogged block', { parts: { loop: (o) => new HeaderNotLoggedOnChangeLoop(o) } });
export const LATE_INJECTION_JOINS_CURRENT = inProcess('late-injection-joins-current', 'context injected while a request is being dispatched is claimed into that same request', 'late injection', { parts: { loop: (o) => new LateInjectionJoinsCurrentLoop(o) } });
export const UNFROZEN_REQUEST = inProcess('unfrozen-request', 'requests are mutable after they are built, so a listener can change what is sent after it was logged', 'mutable request', {
  parts: { loop: (o) => new UnfrozenRequestLoop(o), request: UNFROZEN_REQUEST_PART },
});
export const ONE_SHOT_ENVELOPE_MISSING = inProcess('one-shot-envelope-missing', 'a compaction summary does not log the provider and model of the call that wrote it', 'unlogged block', { parts: { loop: (o) => new NoEnvelopeLoop(o) } });
export const RESUME_RESORTS_TOOLS = inProcess('resume-resorts-tools', 'a resumed loop reloads its tools sorted by name, so a restart without drift changes the header', 'tool order drift', { parts: { loop: (o) => new ResumeResortsToolsLoop(o) } });
export const STEP_END_SKIPPED_ON_ERROR = inProcess('step-end-skipped-on-error', 'a failed step never writes step/end, leaving the turn closed over an open step', 'malformed trace', { parts: { loop: (o) => new StepEndSkippedLoop(o) } });

export const LOOP_MUTANTS = [
  CLOCK_IN_SYSTEM_PROMPT,
  TOOLS_RESORTED,
  HEADER_EVERY_STEP,
  HEADER_NOT_LOGGED_ON_CHANGE,
  LATE_INJECTION_JOINS_CURRENT,
  UNFROZEN_REQUEST,
  ONE_SHOT_ENVELOPE_MISSING,
  RESUME_RESORTS_TOOLS,
  STEP_END_SKIPPED_ON_ERROR,
];
