"""The log and fold levels on the port's own code.

load     the port's resume path (cli/session_cmds.resume_session → repair_and_replay): the
         log is written where its JsonlPersistence reads it, read by its file reader (header
         version, torn tail cut on disk, every line parsed), checked by load_events_checked
         (unknown types), repaired (repair_interrupted_turn) and replayed into a Session
         (seed validation). The stored events are the answer; the repair's closers and the
         session/end-seed the seed replay adds are later writes, not part of the stored log.
append   a fresh Session grown through the loaded events by Session.append, then each
         offered event appended the same way (the clock pinned to its time); the accepted
         ones are written as the port's resume writes new events: JsonlPersistence.append
         and flush, after the stored lines of the same file.
fork     (operation) SessionStore.fork of the session the resume path built (as the port
         holds a session it loaded: repair_and_replay gives it no header fields). Its boundary
         is an inclusive seq, so the protocol's event count k is seq k - 1, and "all" the last
         stored event (the port's own default would take the closers and the end-seed marker
         the load added). The child is written as the port writes a child session:
         JsonlPersistence.declare with its meta, then its events.
fold     derive_messages over each prefix of the loaded events (the port's fold is this
         pure projection), and the TokenMeter's fold of request/header: the only
         incremental fold of the header the port has (it prices each request for
         compaction; AgentLoop never folds the header from a log, it logs a new one).
"""
import json
import shutil
import tempfile
from pathlib import Path

from port import Refusal, pinned_clock, refusing


class StoredLog:
    """One log as the port reads it, in a directory of its own that `close` removes."""

    def __init__(self, jsonl, where=None):
        from miniharness.core.session.persistence import JsonlPersistence

        self.root = tempfile.mkdtemp(prefix="recon-pyport-")
        try:
            self.path = Path(self.root, "log", "session.jsonl") if where is None else where(self.root, jsonl)
            self.path.parent.mkdir(parents=True)
            with open(self.path, "w", encoding="utf-8", errors="surrogatepass", newline="") as file:
                file.write(jsonl)
            self.persistence = JsonlPersistence(self.root)
            self.header, self.events = self._read(jsonl)
        except BaseException:
            self.close()
            raise

    def _read(self, jsonl):
        try:
            return self.persistence._read_file(self.path)
        except json.JSONDecodeError as error:
            # The port parses every line with json.loads and catches nothing: the line that failed names the fault.
            first = jsonl.split("\n", 1)[0]
            if error.doc.rstrip("\n") == first:
                raise Refusal("SESSION_HEADER_INVALID", f"port: the header line is not JSON: {error}") from error
            raise Refusal("TORN_COMMITTED", f"port: a committed line is not JSON: {error}") from error

    def session(self):
        """The live Session the port's resume path builds from this log (validates every stored event)."""
        from miniharness.core.session import Session, repair_interrupted_turn
        from miniharness.core.session.persistence import load_events_checked

        if self.header is None:
            return None
        raw = load_events_checked(self.events)
        repaired = raw + repair_interrupted_turn(raw)
        if not repaired:
            return Session(self.header.get("id"), created_at=self.header.get("createdAt"))
        # The seed replay stamps the session/end-seed it adds; that marker is not answered.
        with pinned_clock(lambda: 0):
            return Session(self.header.get("id"), seed=repaired, created_at=self.header.get("createdAt"))

    def text(self):
        with open(self.path, encoding="utf-8", errors="surrogatepass", newline="") as file:
            return file.read()

    def close(self):
        shutil.rmtree(self.root, ignore_errors=True)


def _where(root, jsonl):
    """Where the port's JsonlPersistence keeps this session (root/<cwd>/<id>/session.jsonl). It
    reads a file wherever it lies, but writes new events to this path (_resolve), so a log
    that is appended to lies here; a cwd too long for one directory name cannot."""
    from miniharness.core.session.persistence import _log_path

    try:
        header = json.loads(jsonl.split("\n", 1)[0])
    except ValueError:
        header = None
    if isinstance(header, dict) and isinstance(header.get("id"), str) and header["id"] != "":
        cwd = header.get("cwd")
        return _log_path(Path(root), cwd if isinstance(cwd, str) else "", header["id"])
    return Path(root) / "unnamed" / "session.jsonl"


def loaded(jsonl, body, where=None):
    """`body(stored, session)` on the log loaded through the port's resume path; refusals mapped."""
    stored = refusing(lambda: StoredLog(jsonl, where))
    try:
        session = refusing(stored.session)
        return refusing(lambda: body(stored, session))
    finally:
        stored.close()


def thawed(value):
    from miniharness.core.session import thaw

    return thaw(value)


def load(params):
    def answer(stored, session):
        events = [] if session is None else session.events[: len(stored.events)]
        return {"header": stored.header, "events": thawed(list(events))}

    return loaded(params["jsonl"], answer)


def _append_at(session, event):
    """Session.append with the clock pinned to the event's time; `ignorable` has no parameter there."""
    with pinned_clock(lambda: event.get("time")):
        return session.append(event["type"], event.get("data"), surfaceOp=event.get("surfaceOp"), sourceEventSeqs=event.get("sourceEventSeqs"))


def _grown(stored, session):
    """A fresh Session with the stored events appended one by one (a seeded one would add session/end-seed)."""
    from miniharness.core.session import Session

    live = Session(session.session_id, created_at=session.created_at)
    for event in thawed(list(session.events[: len(stored.events)])):
        _append_at(live, event)
    return live


def append(params):
    def answer(stored, session):
        if session is None:
            raise Refusal("SESSION_HEADER_INVALID", "port: the log has no header line to append to")
        live = _grown(stored, session)
        outcomes = []
        for event in params["events"]:
            try:
                outcomes.append({"ok": True, "seq": refusing(lambda: _append_at(live, event))["seq"]})
            except Refusal as refusal:
                outcomes.append({"ok": False, "code": refusal.code, "message": str(refusal)})
        fresh = live.events[len(stored.events):]
        for event in fresh:
            stored.persistence.append(live.session_id, dict(event))
        stored.persistence.flush()
        return {"jsonl": stored.text(), "outcomes": outcomes}

    return loaded(params["jsonl"], answer, _where)


def fork(params):
    from miniharness.core.scope import Context
    from miniharness.core.session.persistence import JsonlPersistence
    from miniharness.core.session_store import install_sessions

    def answer(stored, session):
        if session is None:
            raise Refusal("SESSION_HEADER_INVALID", "port: the log has no header line to fork")
        store = install_sessions(Context(name="recon-fork"))
        store.enter(session)
        count = params.get("boundary")
        if count is None:
            count = len(stored.events)
        boundary = None if count == 0 and params.get("boundary") is None else count - 1
        with pinned_clock(lambda: params["createdAt"]):
            child = refusing(lambda: store.fork(session, boundary, params["childId"]))
        root = tempfile.mkdtemp(prefix="recon-pyport-fork-")
        try:
            persistence = JsonlPersistence(root)
            persistence.declare(child.session_id, meta=child.meta, created_at=child.created_at)
            for event in child.events:
                persistence.append(child.session_id, dict(event))
            persistence.flush()
            with open(persistence.path_of(child.session_id), encoding="utf-8", newline="") as file:
                return file.read()
        finally:
            shutil.rmtree(root, ignore_errors=True)

    return loaded(params["jsonl"], answer)


def derive_messages(params):
    from miniharness.core.session import derive_messages as project

    def answer(stored, session):
        events = [] if session is None else list(session.events)
        return [thawed(project(events[:k])) for k in params["prefixes"]]

    return loaded(params["jsonl"], answer)


class _Prefix:
    """What TokenMeter reads of a session (its id and events), grown prefix by prefix: one live fold."""

    def __init__(self, session_id):
        self.session_id = session_id
        self.events = ()


def fold_request_header(params):
    from miniharness.llm.token_meter import TokenMeter

    def answer(stored, session):
        events = () if session is None else tuple(session.events)
        meter = TokenMeter()
        view = _Prefix(None if session is None else session.session_id)
        out = []
        for k in params["prefixes"]:
            view.events = events[:k]
            header = meter._sync(view)["header"]
            out.append(None if header is None else thawed(header))
        return out

    return loaded(params["jsonl"], answer)
