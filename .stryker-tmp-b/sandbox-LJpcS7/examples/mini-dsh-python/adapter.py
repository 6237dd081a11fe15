#!/usr/bin/env python3
"""The reconstructable stdio adapter (docs/PROTOCOL.md) for mini-deepseek-harness-python, a
Python port of deepseek-harness (MIT). The port is the thing under test: it is imported
from where it lies, never copied, and every answer is computed by its code; this adapter
only moves data between the protocol and the port's API and maps the port's refusals to
the protocol's codes. What the port does differently from the spec is answered as the
port does it, for recon to find.

    npx recon check --impl cmd:"python3 examples/mini-dsh-python/adapter.py" \\
        --expectations expectations/mini-deepseek-harness-python.json

Levels (what the port's modules expose):
  log    load, append          log_level.py: JsonlPersistence, load_events_checked,
                               repair_interrupted_turn, Session (seed replay and append)
  fold   deriveMessages,       log_level.py: derive_messages; TokenMeter's header fold
         foldRequestHeader
  wire   serialize, parseStream  wire_level.py: DeepSeekAdapter on httpx's MockTransport
  loop   run                   loop_level.py: AgentLoop with DeepSeekAdapter, as the
                               port's headless entry composes it
  log    fork (operation)      log_level.py: SessionStore.fork
Not declared: request (the port has no call that rebuilds a request from a log: its loop
sends its live state and records it), the OpenAI and Anthropic wires (it has DeepSeek's
only), and the scenario features its loop cannot play.

Environment:
  RECON_PYPORT_DIR     the port's checkout (default: shared/third-party/mini-deepseek-harness-python
                       beside this checkout, else under /work/shared)
  RECON_PYPORT_PYTHON  the interpreter to run under. Without it, an interpreter that cannot
                       import httpx hands over to /usr/bin/python3 when that one can (where
                       Debian's python3-httpx installs it), and says so on stderr.
If the port or httpx is missing, the handshake is answered with a JSON-RPC error whose
message starts with PYPORT_NOT_FOUND or PYPORT_HTTPX_MISSING, and the adapter exits.
"""
import json
import os
import subprocess
import sys
import traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True  # the port's checkout may be read-only

from port import Refusal, StartupProblem, import_port  # noqa: E402

PROTOCOL_VERSION = 1
SYSTEM_PYTHON = "/usr/bin/python3"


def hand_over():
    """Re-runs this file under RECON_PYPORT_PYTHON, or under the system Python when only it has httpx."""
    if os.environ.get("RECON_PYPORT_HANDED_OVER") == "1":
        return
    wanted = os.environ.get("RECON_PYPORT_PYTHON")
    if wanted is None:
        try:
            import httpx  # noqa: F401
            return
        except ImportError:
            pass
        if not os.path.exists(SYSTEM_PYTHON) or os.path.realpath(SYSTEM_PYTHON) == os.path.realpath(sys.executable):
            return
        if subprocess.run([SYSTEM_PYTHON, "-c", "import httpx"], capture_output=True).returncode != 0:
            return
        sys.stderr.write(f"mini-dsh-python: {sys.executable} cannot import httpx; running under {SYSTEM_PYTHON}, which can\n")
        wanted = SYSTEM_PYTHON
    elif os.path.realpath(wanted) == os.path.realpath(sys.executable):
        return
    os.environ["RECON_PYPORT_HANDED_OVER"] = "1"
    os.execv(wanted, [wanted, os.path.abspath(__file__), *sys.argv[1:]])


def handshake(port, features):
    import httpx

    return {
        "protocolVersion": PROTOCOL_VERSION,
        "name": "mini-deepseek-harness-python",
        # The port's version, and the httpx that serializes its request bodies (their separators changed in httpx 0.28).
        "version": f"{port.__version__} (httpx {httpx.__version__}, python {sys.version.split()[0]})",
        "language": "python",
        "levels": ["log", "fold", "wire", "loop"],
        "providers": ["deepseek"],
        "scenarioFeatures": features,
        "operations": ["fork"],
    }


def methods():
    """The methods of the declared levels; imported once the port is (they import it)."""
    import log_level
    import loop_level
    import wire_level

    return loop_level.FEATURES, {
        "log/load": log_level.load,
        "log/append": log_level.append,
        "log/fork": log_level.fork,
        "fold/deriveMessages": log_level.derive_messages,
        "fold/foldRequestHeader": log_level.fold_request_header,
        "wire/serialize": wire_level.serialize,
        "wire/parseStream": wire_level.parse_stream,
        "loop/run": loop_level.run,
    }


def answer(request, port, features, served):
    """The response to one request (None for a notification): an outcome, or a JSON-RPC error."""
    rid, method, params = request.get("id"), request.get("method"), request.get("params") or {}
    result = error = None
    if method == "initialize":
        if params.get("protocolVersion") != PROTOCOL_VERSION:
            error = {"code": -32602, "message": f"this adapter speaks protocol version {PROTOCOL_VERSION}"}
        else:
            result = handshake(port, features)
    elif method == "shutdown":
        result = None
    elif method in served:
        try:
            result = {"ok": True, "value": served[method](params)}
        except Refusal as refusal:
            result = {"ok": False, "code": refusal.code, "message": str(refusal)}
        except Exception as failure:  # a port exception that is no refusal, or an adapter bug: crashed, with its cause
            traceback.print_exc(file=sys.stderr)
            error = {"code": -32603, "message": f"{method}: {type(failure).__name__}: {failure}"}
    else:
        error = {"code": -32601, "message": f"method {method!r} is not served here"}
    if rid is None:
        return None
    return {"jsonrpc": "2.0", "id": rid, "error": error} if error else {"jsonrpc": "2.0", "id": rid, "result": result}


def serve(respond):
    """Reads requests line by line and writes one compact line per answer; stops at shutdown or end of input."""
    for line in iter(sys.stdin.readline, ""):
        if not line.strip():
            continue
        try:
            message = json.loads(line)
        except ValueError as error:
            sys.stdout.write(json.dumps({"jsonrpc": "2.0", "id": None, "error": {"code": -32700, "message": f"not JSON: {error}"}}, separators=(",", ":")) + "\n")
            sys.stdout.flush()
            continue
        batch = message if isinstance(message, list) else [message]
        responses = [r for r in map(respond, batch) if r is not None]
        if responses:
            # ASCII escapes keep a lone surrogate (a valid JSON string) writable.
            sys.stdout.write(json.dumps(responses if isinstance(message, list) else responses[0], separators=(",", ":")) + "\n")
            sys.stdout.flush()
        if any(isinstance(r, dict) and r.get("method") == "shutdown" for r in batch):
            return


def refuse_to_start(problem):
    """Answers every request with the problem, so the driver's handshake reports its code, then exits."""
    sys.stderr.write(f"mini-dsh-python: {problem}\n")
    reply = lambda request: None if request.get("id") is None else {"jsonrpc": "2.0", "id": request["id"], "error": {"code": -32000, "message": str(problem)}}
    serve(reply)
    sys.exit(3)


def main():
    sys.stdin.reconfigure(encoding="utf-8")
    sys.stdout.reconfigure(encoding="utf-8")
    hand_over()
    try:
        port = import_port()
    except StartupProblem as problem:
        refuse_to_start(problem)
    features, served = methods()
    serve(lambda request: answer(request, port, features, served))


if __name__ == "__main__":
    main()
