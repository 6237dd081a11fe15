"""Where the port is, how it is imported, and the two things every level shares with it:
its refusals mapped to the protocol's codes, and its clock pinned for a call.

The port raises plain exceptions whose wording is its only stable part, so one table maps
each documented wording to a code (as src/conformance/dsh/refusal-codes.ts does for DSH).
An exception the table does not know is not a refusal: it reaches recon as an internal
error (crashed), so a port bug or an adapter bug is never passed off as a verdict.
"""
import contextlib
import importlib
import os
import re
import sys

# Without RECON_PYPORT_DIR: the shared folder beside the checkout (as CI lays it), else the workplace's.
CHECKOUT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULT_PORT_DIRS = (
    os.path.normpath(os.path.join(CHECKOUT, "..", "shared", "third-party", "mini-deepseek-harness-python")),
    "/work/shared/third-party/mini-deepseek-harness-python",
)
PORT_DIR = os.environ.get("RECON_PYPORT_DIR") or next((d for d in DEFAULT_PORT_DIRS if os.path.isdir(d)), DEFAULT_PORT_DIRS[-1])


class Refusal(Exception):
    """A normal answer: {"ok": false, "code": ..., "message": ...}."""

    def __init__(self, code, message):
        super().__init__(message)
        self.code = code


class StartupProblem(Exception):
    """The port cannot be run here; `code` is one of the adapter's own codes (README)."""

    def __init__(self, code, message):
        super().__init__(f"{code}: {message}")
        self.code = code


def import_port():
    """Imports the port from PORT_DIR, or raises StartupProblem with PYPORT_NOT_FOUND / PYPORT_HTTPX_MISSING."""
    if not os.path.isfile(os.path.join(PORT_DIR, "miniharness", "__init__.py")):
        raise StartupProblem("PYPORT_NOT_FOUND", f"no miniharness package under {PORT_DIR}; set RECON_PYPORT_DIR to the checkout of mini-deepseek-harness-python")
    try:
        import httpx  # noqa: F401  (the port's DeepSeek transport)
    except ImportError:
        raise StartupProblem("PYPORT_HTTPX_MISSING", f"{sys.executable} cannot import httpx, which the port needs; install Debian's python3-httpx (apt-get install -y python3-httpx) or set RECON_PYPORT_PYTHON to an interpreter that has it") from None
    if PORT_DIR not in sys.path:
        sys.path.insert(0, PORT_DIR)
    try:
        return importlib.import_module("miniharness")
    except Exception as error:  # the port's own import failed: say so, with the cause
        raise StartupProblem("PYPORT_NOT_FOUND", f"importing miniharness from {PORT_DIR} failed: {type(error).__name__}: {error}") from None


# The port's refusals, by the words it raises them with (persistence.py, session.py,
# invariant.py, surface.py, deepseek.py). Order matters: the first match wins.
RULES = [
    (re.compile(r"会话格式版本 .*拒绝加载"), "FORMAT_VERSION"),
    (re.compile(r"未知事件类型"), "UNKNOWN_EVENT_TYPE"),
    (re.compile(r"seq 必须从 0 连续"), "SEQ_NOT_CONTIGUOUS"),
    (re.compile(r"无损 JSON"), "NOT_LOSSLESS_JSON"),
    (re.compile(r"surface|sourceEventSeqs|surfaceOp"), "SURFACE_INVALID"),
    (re.compile(r"^invalid reasoning mode"), "UNSUPPORTED_REASONING_EFFORT"),
]


def refusal_of(error):
    """The port's exception as a Refusal, or None when it is none of its documented refusals."""
    if isinstance(error, Refusal):
        return error
    code = getattr(error, "code", None)
    # LlmFailure and SessionForkError carry their own stable codes (UNSUPPORTED_CONTENT, INVALID_BOUNDARY, ...).
    if type(error).__name__ in ("LlmFailure", "SessionForkError") and isinstance(code, str):
        return Refusal(code, f"port: {error}")
    if isinstance(error, (ValueError, TypeError, RuntimeError)):
        for pattern, mapped in RULES:
            if pattern.search(str(error)):
                return Refusal(mapped, f"port: {error}")
    return None


def raise_as_refusal(error):
    """Raises `error` as a Refusal when it is a documented refusal of the port, else as it is."""
    refusal = refusal_of(error)
    if refusal is None:
        raise error
    if refusal is error:
        raise error
    raise refusal from error


def refusing(body):
    """Runs `body`; a documented refusal of the port becomes a Refusal, anything else propagates."""
    try:
        return body()
    except Exception as error:
        raise_as_refusal(error)


# Modules of the port that read the clock (`now_ms` imported by name): Session.append and its
# seed replay, and the JSONL header's createdAt.
CLOCK_READERS = ("miniharness.core.session.session", "miniharness.core.session.persistence")


@contextlib.contextmanager
def pinned_clock(now):
    """The port's clock is `now()` inside the block: the protocol gives times so that bytes compare."""
    modules = [sys.modules[name] for name in CLOCK_READERS]
    saved = [module.now_ms for module in modules]
    for module in modules:
        module.now_ms = now
    try:
        yield
    finally:
        for module, original in zip(modules, saved):
            module.now_ms = original


class Clock:
    """The scenario clock: `start`, then one `step` further at every read."""

    def __init__(self, start, step):
        self._next = start
        self._step = step

    def __call__(self):
        now = self._next
        self._next += self._step
        return now
