"""The wire level on the port's DeepSeekAdapter (miniharness/llm/deepseek.py), over httpx's
MockTransport, the transport seam the port's own tests use: the adapter builds and sends
the request and parses the stream itself; the transport only records what went out and
answers with the bytes it is given, so nothing leaves the process.

A neutral request reaches the adapter as the port's loop hands it over
(AgentLoop._derive_history, _stream_attempt): model, maxTokens and reasoningEffort are the
adapter's own settings, the messages open with the system prompt as a message of role
system (present even when its text is empty), and the tools are {name, description,
parameters}. The adapter's API has no place for any other field of the request (sessionId,
temperature, stop, purpose, ...), so those are not passed: what the port cannot send, it
does not send, and the properties see that.
"""
import asyncio
import json

import httpx

from port import Refusal, raise_as_refusal, refusing

DEEPSEEK_BASE_URL = "https://api.deepseek.com"
OFFLINE_KEY = "sk-recon-offline"

# Headers a WireRequest leaves out: the credential (the client's, never the request's), and
# what httpx adds to every request it sends, whoever the caller (transport framing).
CLIENT_HEADERS = frozenset({"authorization", "host", "accept", "accept-encoding", "connection", "user-agent", "content-length"})

# No retries unless a scenario asks for them: the port's default policy retries twice with backoff.
NO_RETRIES = {"mode": "normal", "maxRetries": 0}


def wire_request(request):
    """The recorded httpx request as the protocol's WireRequest."""
    headers = {name.lower(): value for name, value in request.headers.items() if name.lower() not in CLIENT_HEADERS}
    return {"method": request.method, "url": str(request.url), "headers": headers, "body": request.content.decode("utf-8", errors="surrogatepass")}


def system_message(text):
    """The system prompt as the port's loop puts it in front of every request."""
    from miniharness.core.session import create_message, text_block

    return create_message("system", [text_block(text)], {"kind": "plugin", "plugin": "system-prompt"})


def deepseek_adapter(transport, *, model, max_tokens=None, reasoning_effort=None, retry_policy=None, base_url=DEEPSEEK_BASE_URL, api_key=OFFLINE_KEY, cls=None):
    from miniharness.llm import DeepSeekAdapter

    make = cls or DeepSeekAdapter
    # An effort outside off/low/high/max is refused by the constructor ("invalid reasoning mode").
    return refusing(lambda: make(api_key=api_key, base_url=base_url, model=model, max_tokens=max_tokens, reasoning_effort=reasoning_effort, retry_policy=retry_policy or NO_RETRIES, transport=transport))


async def _drain(adapter, messages, tools):
    return [dict(chunk) async for chunk in adapter.stream(messages, tools)]


def _deepseek_only(provider):
    if provider != "deepseek":
        raise Refusal("USAGE", f'the port\'s adapter speaks the deepseek wire format, not "{provider}"')


def serialize(params):
    request, provider = params["request"], params["provider"]
    _deepseek_only(provider)
    sent = []

    def answer(wire):
        sent.append(wire_request(wire))
        return httpx.Response(200, headers={"content-type": "text/event-stream"}, content=b"data: [DONE]\n\n")

    adapter = deepseek_adapter(httpx.MockTransport(answer), model=request.get("model"), max_tokens=request.get("maxTokens"), reasoning_effort=request.get("reasoningEffort"))
    messages = [system_message(request.get("system", ""))] + list(request.get("messages", []))
    try:
        asyncio.run(_drain(adapter, messages, list(request.get("tools") or [])))
    except Exception as error:
        # The empty answer ends the stream with EMPTY_RESPONSE; a refusal before sending means nothing went out.
        if not sent:
            raise_as_refusal(error)
    if not sent:
        raise RuntimeError("the port's DeepSeek adapter sent nothing")
    return sent[0]


class _Pieces(httpx.AsyncByteStream):
    """A response body arriving in the given pieces."""

    def __init__(self, pieces):
        self._pieces = pieces

    async def __aiter__(self):
        for piece in self._pieces:
            yield piece


def cut(body, cuts):
    data = body.encode("utf-8", errors="surrogatepass")
    points = [0, *[c for c in cuts if 0 < c < len(data)], len(data)]
    return [data[a:b] for a, b in zip(points, points[1:])]


def parse_stream(params):
    _deepseek_only(params["provider"])
    pieces = cut(params["body"], params.get("cuts") or [])
    answer = lambda _request: httpx.Response(200, headers={"content-type": "text/event-stream"}, stream=_Pieces(pieces))
    adapter = deepseek_adapter(httpx.MockTransport(answer), model="deepseek-chat")
    return refusing(lambda: asyncio.run(_drain(adapter, [system_message("")], [])))


# --- Scripted replies as DeepSeek SSE (the scenario contract's model, docs/PROTOCOL.md) ---

FINISH_REASONS = {"stop": "stop", "tool-calls": "tool_calls", "max-tokens": "length"}


def _pieces(text, size):
    if not size or size <= 0 or len(text) <= size:
        return [text]
    return [text[i:i + size] for i in range(0, len(text), size)]


def scripted_sse(reply, next_call_id):
    """The reply as the stream DeepSeek sends: deltas of `chunkSize`, usage on the finish chunk, then [DONE]."""
    def chunk(delta, finish=None):
        return {"id": "scripted", "object": "chat.completion.chunk", "created": 0, "model": "deepseek-chat", "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}

    size = reply.get("chunkSize")
    out = [chunk({"role": "assistant", "content": ""})]
    if reply.get("reasoning") is not None:
        out += [chunk({"reasoning_content": p}) for p in _pieces(reply["reasoning"], size)]
    if reply.get("text") is not None:
        out += [chunk({"content": p}) for p in _pieces(reply["text"], size)]
    calls = reply.get("toolCalls") or []
    for index, call in enumerate(calls):
        first, *rest = _pieces(call["arguments"], size)
        call_id = call.get("id") or next_call_id()
        out.append(chunk({"tool_calls": [{"index": index, "id": call_id, "type": "function", "function": {"name": call["name"], "arguments": first}}]}))
        out += [chunk({"tool_calls": [{"index": index, "function": {"arguments": p}}]}) for p in rest]
    finish = reply.get("finish") or ("tool-calls" if calls else "stop")
    error = reply.get("error") or {}
    out.append(chunk({}, FINISH_REASONS.get(finish) or (error.get("code", "").lower() or "content_filter")))
    usage = reply.get("usage")
    if usage is not None:
        for c in out:
            c["usage"] = None
        out[-1]["usage"] = _deepseek_usage(usage)
    # ASCII escapes: a lone surrogate in a scripted text must reach the port as JSON, not as bytes UTF-8 cannot hold.
    return "".join(f"data: {json.dumps(c, separators=(',', ':'))}\n\n" for c in out) + "data: [DONE]\n\n"


def _deepseek_usage(usage):
    """Disjoint counts as DeepSeek reports them: prompt_tokens includes the cache hits."""
    out = {"prompt_tokens": usage["inputTokens"] + usage.get("cacheReadTokens", 0), "completion_tokens": usage["outputTokens"]}
    if "cacheReadTokens" in usage:
        out["prompt_cache_hit_tokens"] = usage["cacheReadTokens"]
    if "reasoningTokens" in usage:
        out["completion_tokens_details"] = {"reasoning_tokens": usage["reasoningTokens"]}
    return out
