#!/usr/bin/env python3
"""A minimal adapter for the reconstructable stdio protocol (docs/PROTOCOL.md), stdlib only.

It declares the "log" level and implements `log/load` for a subset of the format: the
session header, format version, contiguous seqs, lossless numbers and torn tails. It
does not expand packed chunk rows or check event shapes, and it does not implement
`log/append` (it answers "method not found"), so `recon check` reports some log
properties as failing. Run it with:

    npx recon check --impl cmd:"python3 examples/python-adapter/adapter.py"
"""
import json
import math
import sys

PROTOCOL_VERSION = 1


class Refusal(Exception):
    """A refusal is a normal answer: {"ok": false, "code": ...}."""

    def __init__(self, code, message):
        super().__init__(message)
        self.code = code


def reject_constant(name):
    raise Refusal("NOT_LOSSLESS_JSON", f"{name} is not JSON")


def parse(line):
    """JSON that survives a round trip unchanged: no NaN/Infinity, no -0, no overflow."""
    def number(text, kind):
        value = kind(text)
        if math.isinf(value) or (value == 0 and text.startswith("-")):
            raise Refusal("NOT_LOSSLESS_JSON", f"the number {text} does not survive a round trip")
        return value
    return json.loads(line, parse_constant=reject_constant, parse_float=lambda t: number(t, float), parse_int=lambda t: number(t, int))


def load(jsonl):
    lines = jsonl.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    try:
        header = parse(lines[0]) if lines else None
    except ValueError:
        header = None
    if not isinstance(header, dict) or header.get("type") != "session":
        raise Refusal("SESSION_HEADER_INVALID", "line 1 is not a session header")
    if header.get("version") != 0:
        raise Refusal("FORMAT_VERSION", f"log format version {header.get('version')!r}; this adapter reads 0")
    if not isinstance(header.get("id"), str) or not header["id"]:
        raise Refusal("SESSION_HEADER_INVALID", "the session header has no id")
    events = []
    for number, line in enumerate(lines[1:], start=2):
        try:
            event = parse(line)
        except ValueError:
            if number == len(lines):
                break  # a torn last line: cut it
            raise Refusal("TORN_COMMITTED", f"line {number} is not JSON")
        if not isinstance(event, dict) or event.get("seq") != len(events):
            raise Refusal("SEQ_NOT_CONTIGUOUS", f"line {number}: seq must be {len(events)}")
        events.append(event)
    return {"header": header, "events": events}


def answer(request):
    """The response to one request, or None for a notification."""
    rid, method, params = request.get("id"), request.get("method"), request.get("params") or {}
    result = error = None
    if method == "initialize":
        if params.get("protocolVersion") != PROTOCOL_VERSION:
            error = {"code": -32602, "message": f"this adapter speaks protocol version {PROTOCOL_VERSION}"}
        else:
            # scenarioFeatures: the optional scenario features its loop plays. It has no loop
            # level, so none; an adapter that leaves the field out declines them all the same.
            # A harness whose loop runs would declare "liveModel" once its own HTTP client can
            # be pointed at scenario["model"]["baseUrl"] (e.g. an OpenAI-compatible client's
            # base_url): recon then checks the bytes that client really sends. Declined here.
            # era: the design of the rule it follows, "current" (no session prefix), as when left out.
            result = {"protocolVersion": PROTOCOL_VERSION, "name": "python-example", "version": "0.1.0", "language": "python", "levels": ["log"], "scenarioFeatures": [], "era": "current"}
    elif method == "log/load":
        try:
            result = {"ok": True, "value": load(params["jsonl"])}
        except Refusal as refusal:
            result = {"ok": False, "code": refusal.code, "message": str(refusal)}
    elif method == "shutdown":
        result = None
    else:
        error = {"code": -32601, "message": f"method {method!r} is not implemented"}
    if rid is None:
        return None
    return {"jsonrpc": "2.0", "id": rid, "error": error} if error else {"jsonrpc": "2.0", "id": rid, "result": result}


def main():
    sys.stdin.reconfigure(encoding="utf-8")
    sys.stdout.reconfigure(encoding="utf-8")
    for line in iter(sys.stdin.readline, ""):
        if not line.strip():
            continue
        message = json.loads(line)
        batch = message if isinstance(message, list) else [message]
        responses = [r for r in map(answer, batch) if r is not None]
        if responses:
            sys.stdout.write(json.dumps(responses if isinstance(message, list) else responses[0]) + "\n")
            sys.stdout.flush()  # one answer per line, as soon as it is ready
        if any(request.get("method") == "shutdown" for request in batch):
            return


if __name__ == "__main__":
    main()
