"""The one real HTTP server on loopback that tests talk to: scripted replies in order, or a reply computed from
each request; every request recorded."""

from __future__ import annotations

import json
import threading
from collections import deque
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Protocol


@dataclass(frozen=True, slots=True, kw_only=True)
class Canned:
    """One HTTP reply: a JSON value (or raw bytes), after an optional delay."""

    status: int = 200
    body: object = field(default_factory=dict)
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


Responder = Callable[[Received], Canned]


class LoopbackServer(ThreadingHTTPServer):
    """A real HTTP server on 127.0.0.1; each POST gets the next scripted reply (the last one repeats) or, after
    ``respond_with``, what the responder computes from it."""

    daemon_threads = True

    def __init__(self, first: Canned | None = None) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.received: list[Received] = []
        self.stopping = threading.Event()
        self._replies: deque[Canned] = deque([first or Canned()])
        self._responder: Responder | None = None
        self._lock = threading.Lock()

    @property
    def url(self) -> str:
        """Base URL of the server."""
        return f"http://127.0.0.1:{self.server_address[1]}"

    def script(self, *replies: Canned) -> None:
        """Answer the next requests with these replies in order, repeating the last."""
        with self._lock:
            self._replies = deque(replies)
            self._responder = None

    def respond_with(self, responder: Responder) -> None:
        """Answer every request with what ``responder`` makes of it."""
        with self._lock:
            self._responder = responder

    def take(self, received: Received) -> Canned:
        """Record a request and return the reply it gets."""
        with self._lock:
            self.received.append(received)
            if self._responder is not None:
                responder = self._responder
            else:
                return self._replies.popleft() if len(self._replies) > 1 else self._replies[0]
        return responder(received)


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


@contextmanager
def serving(server: LoopbackServer) -> Iterator[LoopbackServer]:
    """``server`` started in a thread, then stopped without waiting for replies still delayed."""
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.stopping.set()
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


class StartLoopback(Protocol):
    """The ``loopback`` fixture: start one more server (answering ``first`` until scripted otherwise)."""

    def __call__(self, first: Canned | None = None) -> LoopbackServer:
        """A started server, stopped when the test ends."""
        ...
