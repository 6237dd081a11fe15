"""A scenario (docs/PROTOCOL.md, "The scenario contract") played into the port's real agent
loop, composed as the port's headless entry composes it (cli/headless.run_headless): a
Context with the retry planner, the session store, a ToolRegistry, AgentLoop and its
DeepSeekAdapter. The adapter's transport is httpx's MockTransport answering request n
with reply n as DeepSeek SSE (or, with liveModel, the real transport to the scenario's
base URL), so each request is serialized and each reply parsed by the port itself.

Mapping of the scenario:
  route, defaults  DeepSeekAdapter(model, max_tokens, reasoning_effort): the port's route
                   is its adapter; a default and a route value are the same setting there
  prompt     AgentLoop.followup (the sync facade runs the turn to idle); an injection is
             AgentLoop.inject from the transport while the turn's n-th request is in flight
  setSystem  AgentLoop.system_prompt
  registerTool  ToolRegistry.register (a name registered again replaces the earlier tool)
  override   an agent/request waterfall listener merging the fields into the config
  compact    CompactionEngine.compact_region (automatic compaction off). The port compacts
             only inside a turn ("no open turn" is refused), so the compaction runs at the
             next turn's agent/pre-step, before its first request: requests keep the order
             the scenario gives them. `keep` k compacts all but the last k surface nodes;
             without it, select_compactable_range with nothing retained picks the range
  restart    the port's resume (cli/session_cmds.resume_session): the instance's new
             events are written with JsonlPersistence, the loop disposed, the log read back
             by repair_and_replay and a new AgentLoop started on it; as that function does,
             only the events after the replayed ones are written afterwards
  trim       NOT MAPPED, skipped: the port rewrites tool results only in its pressure-driven
             ToolResultPruner, with no call that rewrites the n-th result
  retries    (feature) the adapter's retry policy: normal, maxRetries, the scripted error
             codes retryable, a 1 ms backoff
  restartMidTurn  (feature) the process stops where the scenario says (after the loop logged
             the first chunk of the turn's n-th reply, or while the first tool it calls runs):
             the run stops there, only the events logged so far are written, and the next
             instance starts through the port's resume as for a restart, which repairs the
             interrupted turn (repair_interrupted_turn, committed by commit_repair)
  liveModel  (feature) the adapter pointed at the scenario's base URL with its key

The requests answered are what the loop handed its adapter (AgentLoop._stream_attempt):
the adapter's provider, model, reasoningEffort and maxTokens, the messages after the
system message, the system text unless empty, the tools unless none. The adapter is given
no session id and no other config, so the requests carry none. The log answered is the
file the port's JsonlPersistence wrote, byte for byte.
"""
import json
import os
import re
import shutil
import tempfile

import httpx

from port import Clock, Refusal, pinned_clock, refusal_of
from wire_level import DEEPSEEK_BASE_URL, OFFLINE_KEY, deepseek_adapter, scripted_sse, wire_request

FALLBACK_REPLY = {"text": "done"}
FEATURES = ["retries", "restartMidTurn", "headerChangeMidTurn", "liveModel"]


class _Stopped(BaseException):
    """The process stopping mid-turn (feature restartMidTurn): no handler of the port's catches it."""


def _js_json(value):
    """JSON as JavaScript's JSON.stringify writes it for the values a tool sees: compact, lone surrogates escaped."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return re.sub("[\ud800-\udfff]", lambda m: f"\\u{ord(m.group()):04x}", text)


class Run:
    def __init__(self, scenario):
        from miniharness.compaction import CompactionEngine
        from miniharness.core.scope import Context
        from miniharness.core.session.persistence import JsonlPersistence
        from miniharness.core.session_store import install_sessions
        from miniharness.core.tools import ToolRegistry
        from miniharness.llm import DeepSeekAdapter
        from miniharness.llm.retry import apply_retry_planner

        self.s = scenario
        self.ctx = Context(name="recon-scenario")
        apply_retry_planner(self.ctx)
        self.compaction = CompactionEngine(self.ctx, {"auto": False})
        self.store = install_sessions(self.ctx)
        self.tools = ToolRegistry(self.ctx)
        self.registered = {}
        for tool in scenario["tools"]:
            self.register(tool)
        self.override = None
        self.ctx.on("agent/request", self._override)
        self.ctx.on("agent/pre-step", self._pending_compaction)
        self.compact_next = None
        self.requests, self.wire = [], []
        self.dispatched = []  # per request on its way out: True for a loop request, False for a one-shot
        self.one_shot = False
        self.served = self.calls = 0
        self.prompt = None
        self.turn_requests = 0
        self.crash = None
        self.stopped_at = None
        self.system = scenario["system"]
        run = self

        class Recording(DeepSeekAdapter):
            """The port's DeepSeekAdapter, noting what the loop hands it; it sends and parses as ever."""

            async def stream(self, messages, tools, signal=None):
                run.note(self, messages, tools)
                first = True
                async for chunk in super().stream(messages, tools, signal):
                    yield chunk
                    # Asked for the next chunk: the loop has logged this one.
                    if first and run.stops(in_tool=False):
                        raise _Stopped()
                    first = False

        self.adapter_class = Recording
        live = scenario.get("model")
        self.transport = _Observed(self.observed) if live is not None else httpx.MockTransport(self.scripted)
        self.base_url = live["baseUrl"] if live is not None else DEEPSEEK_BASE_URL
        self.api_key = (live or {}).get("apiKey") or OFFLINE_KEY
        # Last: nothing above can fail once the directory exists, and close() removes it.
        self.root = tempfile.mkdtemp(prefix="recon-pyport-loop-")
        self.persistence = JsonlPersistence(os.path.join(self.root, "sessions"))

    # --- the model ---

    def adapter(self, route):
        defaults = self.s.get("defaults") or {}
        return deepseek_adapter(
            self.transport,
            model=route["model"],
            max_tokens=route.get("maxTokens", defaults.get("maxTokens")),
            reasoning_effort=route.get("reasoningEffort", defaults.get("reasoningEffort")),
            retry_policy=self.retry_policy(),
            base_url=self.base_url,
            api_key=self.api_key,
            cls=self.adapter_class,
        )

    def retry_policy(self):
        retries = self.s.get("maxRetries", 0)
        if retries <= 0:
            return None
        codes = sorted({(r.get("error") or {}).get("code", "SCRIPTED").upper() for r in self.s["replies"] if r.get("finish") == "error"})
        return {"mode": "normal", "maxRetries": retries, "retryableCodes": codes or ["SCRIPTED"], "backoff": {"initialDelayMs": 1, "maxDelayMs": 1, "jitterRatio": 0}}

    def note(self, adapter, messages, tools):
        self.dispatched.append(not self.one_shot)
        if self.one_shot:
            return
        from miniharness.core.session import thaw

        system, *history = thaw(list(messages))
        request = {"provider": adapter.provider, "model": adapter.model}
        if adapter.reasoning_effort is not None:
            request["reasoningEffort"] = adapter.reasoning_effort
        if adapter._max_tokens is not None:
            request["maxTokens"] = adapter._max_tokens
        request["messages"] = history
        text = "".join(b.get("text", "") for b in system["content"] if b.get("type") == "text")
        if text:
            request["system"] = text
        if tools:
            request["tools"] = thaw(list(tools))
        self.requests.append(request)

    def in_flight(self, request):
        """Request n of the turn is on its way: apply what the scenario does while it is in flight."""
        loop_request = self.dispatched.pop(0) if self.dispatched else True
        if loop_request:
            self.wire.append(wire_request(request))
            self.turn_requests += 1
            prompt = self.prompt or {}
            inject = prompt.get("inject")
            if inject is not None and inject["duringRequest"] == self.turn_requests:
                self.loop.inject(inject["text"])
            change = prompt.get("change")
            if change is not None and change["duringRequest"] == self.turn_requests:
                self.apply(change["action"])

    def scripted(self, request):
        self.in_flight(request)
        replies = self.s["replies"]
        reply = replies[self.served] if self.served < len(replies) else FALLBACK_REPLY
        self.served += 1

        def next_call_id():
            self.calls += 1
            return f"call-{self.calls}"

        return httpx.Response(200, headers={"content-type": "text/event-stream"}, content=scripted_sse(reply, next_call_id).encode("utf-8"))

    def observed(self, request):
        self.in_flight(request)

    def stops(self, in_tool):
        """Whether the process stops here (feature restartMidTurn); notes how much of the log was written by then."""
        crash = self.crash
        if crash is None or crash.get("inTool", False) != in_tool or crash["duringRequest"] != self.turn_requests:
            return False
        self.crash = None
        self.stopped_at = len(self.loop.session.events)
        return True

    # --- header changes ---

    def register(self, spec):
        from miniharness.core.tools import Tool

        name = spec["name"]
        if name in self.registered:
            self.registered.pop(name)()
        def execute(args, _exec):
            if self.stops(in_tool=True):
                raise _Stopped()
            return f"{name}({_js_json(_thaw(args))})"

        tool = Tool(name=name, description=spec.get("description", ""), parameters=spec.get("parameters", {}), execute=execute)
        self.registered[name] = self.tools.register(tool)

    def apply(self, action):
        if action["do"] == "setSystem":
            self.system = action["text"]
            self.loop.system_prompt = action["text"]
        elif action["do"] == "registerTool":
            self.register(action["tool"])
        elif action["do"] == "override":
            self.override = action["config"]

    def _override(self, config, next_):
        proposed = next_()
        return proposed if self.override is None else {**proposed, **self.override}

    # --- compaction, at the next turn's pre-step ---

    async def _pending_compaction(self, payload, next_):
        keep, self.compact_next = self.compact_next, None
        if keep is not None:
            await self._compact(payload["agent"], keep[0])
        return next_()

    async def _compact(self, agent, keep):
        from miniharness.compaction import select_compactable_range

        session = agent.session
        nodes = session.surface_nodes()
        if keep is None:
            chosen = select_compactable_range(session, self.compaction.meter.measure(session), 0)
        else:
            count = len(nodes) - keep
            chosen = None if count <= 0 else {"start": nodes[0]["seq"], "end": nodes[count - 1]["seq"]}
        if chosen is None:
            return
        self.one_shot = True
        try:
            await self.compaction.compact_region(agent, chosen["start"], chosen["end"])
        except Exception as error:  # the port's own pre-step compaction logs a failure and continues the turn
            log(f"compaction not landed: {type(error).__name__}: {error}")
        finally:
            self.one_shot = False

    # --- instances and their log ---

    def start(self, route, session=None):
        from miniharness.core.agent_loop.agent import AgentLoop

        if session is None:
            session = self.store.prepare(self.s["session"]["id"], {"meta": {"createdAt": self.s["session"]["createdAt"]}})
        self.written = len(session.events)
        self.loop = AgentLoop(session, self.adapter(route), self.tools, self.ctx, system_prompt=self.system)
        self.loop.publish()

    def write(self, upto=None):
        """The instance's events not yet written (up to `upto`), as run_headless and resume_session write them."""
        session = self.loop.session
        end = len(session.events) if upto is None else upto
        for event in session.events[self.written:end]:
            self.persistence.append(session.session_id, dict(event))
        self.persistence.flush()
        self.written = end

    def restart(self, route, written=True):
        from miniharness.core.session import Session
        from miniharness.core.session.persistence import repair_and_replay

        if written:
            self.write()
        self.loop.dispose()
        sid = self.s["session"]["id"]
        try:
            session = repair_and_replay(self.persistence, sid, Session(sid))
        except Exception as error:
            refusal = refusal_of(error)
            if refusal is None:
                raise
            raise Refusal(refusal.code, f"restart: the port's resume refused the log it wrote: {error}") from error
        self.start(route, session)

    def play(self):
        route = self.s["route"]
        self.start(route)
        for action in self.s["actions"]:
            kind = action["do"]
            if kind == "prompt":
                self.prompt, self.turn_requests, self.crash = action, 0, action.get("crash")
                try:
                    self.loop.followup(action["text"])
                except _Stopped:
                    # Only the log persists: what the stopped instance appended on its way out is never written.
                    self.prompt = self.crash = None
                    self.write(self.stopped_at)
                    self.restart(route, written=False)
                    continue
                except Exception as failure:  # the port closed the turn with turn/end {kind: error}; the loop goes on
                    log(f"turn failed: {type(failure).__name__}: {failure}")
                self.prompt = self.crash = None
                self.write()
            elif kind in ("setSystem", "registerTool", "override"):
                self.apply(action)
            elif kind == "compact":
                self.compact_next = (action.get("keep"),)
            elif kind == "restart":
                route = action.get("route") or route
                if action.get("system") is not None:
                    self.system = action["system"]
                self.restart(route)
        self.write()
        path = self.persistence.path_of(self.s["session"]["id"])
        with open(path, encoding="utf-8", newline="") as file:
            jsonl = file.read()
        return {"requests": self.requests, "wire": self.wire, "jsonl": jsonl}

    def close(self):
        try:
            loop = getattr(self, "loop", None)
            if loop is not None:
                loop.dispose()
        finally:
            shutil.rmtree(self.root, ignore_errors=True)


class _Observed(httpx.AsyncBaseTransport):
    """The real transport, each request noted on its way out (feature liveModel). The adapter
    opens a client per request and closes it after, and each turn runs in an event loop of
    its own: so a connection pool per client, closed with it."""

    def __init__(self, seen):
        self._seen = seen
        self._inner = None

    async def handle_async_request(self, request):
        self._seen(request)
        if self._inner is None:
            self._inner = httpx.AsyncHTTPTransport()
        return await self._inner.handle_async_request(request)

    async def aclose(self):
        inner, self._inner = self._inner, None
        if inner is not None:
            await inner.aclose()


def _thaw(value):
    from miniharness.core.session import thaw

    return thaw(value)


def log(text):
    import sys

    sys.stderr.write(f"mini-dsh-python: {text}\n")


def run(params):
    scenario = params["scenario"]
    clock = scenario["clock"]
    play = Run(scenario)
    try:
        with pinned_clock(Clock(clock["start"], clock["step"])):
            return play.play()
    finally:
        play.close()
