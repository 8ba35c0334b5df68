"""Fixtures for backend tests: a real HTTP server on loopback, a refused port, a recording sleep."""

from __future__ import annotations

import json
import socket
import threading
from collections import deque
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from decisionloop.backends import DecisionRequest
from decisionloop.core.questions import ChoiceQuestion, NoulQuestion, Option, ScoreQuestion

ANSWERS: dict[str, object] = {
    "needs_tool": {"type": "noul", "noul": 0.93},
    "tool": {"type": "choice", "choice": "read_file", "probabilities": {"read_file": 0.8, "list_dir": 0.2}},
    "risk": {"type": "score", "score": 0.2, "probabilities": {"0": 0.8, "1": 0.2}},
}


def make_request(*, timeout_s: float = 30.0) -> DecisionRequest:
    """A request with one question of each type."""
    return DecisionRequest(
        state={"goal": "summarise notes.txt", "steps_done": 1},
        questions={
            "needs_tool": NoulQuestion(instructions="Is another tool call needed?", true="yes", false="no"),
            "tool": ChoiceQuestion(
                instructions="Which tool next?",
                options=(Option(name="read_file", criteria="to read a file"), Option(name="list_dir")),
            ),
            "risk": ScoreQuestion(instructions="How risky?", levels=("none", "some")),
        },
        timeout_s=timeout_s,
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class Canned:
    """One scripted HTTP reply: a JSON value (or raw bytes), after an optional delay."""

    status: int = 200
    body: object = field(default_factory=lambda: {"answers": ANSWERS})
    headers: Mapping[str, str] = field(default_factory=dict)
    delay_s: float = 0.0

    def payload(self) -> bytes:
        """The bytes to send."""
        return self.body if isinstance(self.body, bytes) else json.dumps(self.body).encode()


@dataclass(frozen=True, slots=True, kw_only=True)
class Received:
    """One request as the server saw it (header names lower-cased, body parsed as JSON)."""

    method: str
    path: str
    headers: Mapping[str, str]
    body: object


class LoopbackServer(ThreadingHTTPServer):
    """A real HTTP server on 127.0.0.1 answering each request with the next scripted reply; the last one repeats."""

    daemon_threads = True

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.received: list[Received] = []
        self.stopping = threading.Event()
        self._replies: deque[Canned] = deque([Canned()])
        self._lock = threading.Lock()

    @property
    def url(self) -> str:
        """Base URL of the server."""
        return f"http://127.0.0.1:{self.server_address[1]}"

    def script(self, *replies: Canned) -> None:
        """Answer the next requests with these replies in order, repeating the last."""
        with self._lock:
            self._replies = deque(replies)

    def take(self, received: Received) -> Canned:
        """Record a request and return the reply it gets."""
        with self._lock:
            self.received.append(received)
            return self._replies.popleft() if len(self._replies) > 1 else self._replies[0]


class _Handler(BaseHTTPRequestHandler):
    def do_POST(self) -> None:
        server = self.server
        assert isinstance(server, LoopbackServer)
        raw = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        headers = {k.lower(): v for k, v in self.headers.items()}
        reply = server.take(Received(method="POST", path=self.path, headers=headers, body=json.loads(raw or b"null")))
        if reply.delay_s and server.stopping.wait(reply.delay_s):
            return  # the test is over and its client gone: answer nobody
        payload = reply.payload()
        self.send_response(reply.status)
        for name, value in {"Content-Type": "application/json", **reply.headers}.items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def log_message(self, format: str, *args: object) -> None:
        """Keep test output quiet."""


class RecordingSleep:
    """A fake ``time.sleep``: records each wait and returns at once."""

    def __init__(self) -> None:
        self.waits: list[float] = []

    def __call__(self, seconds: float) -> None:
        self.waits.append(seconds)


@pytest.fixture
def server() -> Iterator[LoopbackServer]:
    """A started loopback server, stopped without waiting for replies still delayed."""
    srv = LoopbackServer()
    thread = threading.Thread(target=srv.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield srv
    finally:
        srv.stopping.set()
        srv.shutdown()
        srv.server_close()
        thread.join(timeout=5)


@pytest.fixture
def refused_url() -> Iterator[str]:
    """A loopback URL whose port is bound but not listening, so every connection is refused."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        yield f"http://127.0.0.1:{sock.getsockname()[1]}"


@pytest.fixture
def sleep() -> RecordingSleep:
    """A fake sleep to hand to RetryingBackend."""
    return RecordingSleep()
