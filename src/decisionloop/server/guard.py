"""Connection guard for uvicorn's h11 protocol: a cap on open connections and a deadline for each request head.

What each limit protects against:

- ``keep_alive_s`` (uvicorn's ``timeout_keep_alive``): a client that keeps a connection open after its reply and
  sends nothing. uvicorn cancels that timer on any byte received, so it does not stop a slow client.
- ``header_timeout_s``: a client that sends its request head a byte at a time ("slowloris"). uvicorn has no such
  deadline; here a connection waiting for a head (new, or kept alive after a reply) must complete it within the
  deadline, else it is answered 408 and closed.
- ``max_header_bytes`` (h11's incomplete-event limit): a head that never ends; h11 refuses it with 400.
- ``max_connections``: many clients at once, slow or not, exhausting the file descriptors (then every request
  fails, and asyncio logs each failed accept). At the cap, a new connection displaces the one that has waited
  longest for its first request head; failing that, the kept-alive one idle longest (nginx reclaims idle
  keep-alive connections alike). A client that was answered once is displaced only after every connection that
  never completed a head, so working clients keep being served while slow ones churn. Only one that has waited
  ``grace_s`` (1 s, or half the header deadline) is displaced: a burst of thousands of accepts takes less than
  one turn of the event loop, and must not displace a client whose head is there but not read yet. With none to
  displace, the new connection is answered 503 and closed.
  uvicorn's own ``limit_concurrency`` would answer 503 to everyone at the cap, the slow clients holding it.
- ``accept_backlog``: asyncio accepts up to this many connections in one turn of its loop, before any of them
  reaches the cap; the descriptors must have room for such a burst above the cap, else accept fails with EMFILE
  and asyncio logs a traceback for every further try in the burst (the flood of the finding). So
  ``max_connections`` is held below the descriptor limit less the backlog, and ``quiet_accept_errors`` turns
  what is left of those reports into the throttled log.
- A body trickled in after a complete head is the app's ``body_timeout_s`` (408).

What is dropped is logged as one line of counts per interval (``ThrottledLog``), never a line per connection.
"""

from __future__ import annotations

import asyncio
import http
import logging
import resource
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from uvicorn.protocols.http.h11_impl import H11Protocol

from decisionloop.core.errors import ConfigError
from decisionloop.core.wire import Refusal, encode_json, refusal_to_wire
from decisionloop.server.throttled_log import ThrottledLog

_log = logging.getLogger(__name__)
_FD_RESERVE = 64  # descriptors left for the listening socket, the model files, logs and the worker


@dataclass(frozen=True, slots=True, kw_only=True)
class ConnectionLimits:
    """How many connections the server holds open, and how long a client may take to send a request head."""

    max_connections: int = 1024
    header_timeout_s: float = 10.0
    keep_alive_s: int = 5
    max_header_bytes: int = 16_384
    accept_backlog: int = 256

    def __post_init__(self) -> None:
        if min(self.max_connections, self.max_header_bytes, self.accept_backlog) < 1:
            raise ConfigError(f"max_connections, max_header_bytes and accept_backlog must be at least 1, got {self!r}")
        if not (self.header_timeout_s > 0 and self.keep_alive_s > 0):
            raise ConfigError(f"header_timeout_s and keep_alive_s must be over 0 seconds, got {self!r}")

    def within_descriptors(self) -> ConnectionLimits:
        """These limits with ``max_connections`` lowered below this process's file-descriptor limit, less an accept
        burst, if need be."""
        soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
        room = soft - _FD_RESERVE - self.accept_backlog
        if soft == resource.RLIM_INFINITY or self.max_connections <= room:
            return self
        _log.warning(
            "max_connections %d is over what %d file descriptors allow (less %d for an accept burst); "
            "holding at most %d (raise `ulimit -n`)",
            self.max_connections,
            soft,
            self.accept_backlog,
            max(1, room),
        )
        return replace(self, max_connections=max(1, room))


def guarded_protocol(limits: ConnectionLimits) -> type[H11Protocol]:
    """An h11 protocol class for one server, its connections sharing ``limits`` and one drop log."""

    class Guarded(_GuardedH11):
        _guard: ClassVar[_Guard] = _Guard(limits)

    return Guarded


def quiet_accept_errors(loop: asyncio.AbstractEventLoop) -> None:
    """Report ``loop``'s failed accepts (out of descriptors) through a throttled log, not a traceback each; other
    unhandled errors as before."""
    log = ThrottledLog(_log, "could not accept a connection")

    def handle(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        if context.get("message") == "socket.accept() out of system resource":
            log.event(f"{context.get('exception')} (raise `ulimit -n` or lower max_connections)")
        else:
            loop.default_exception_handler(context)

    loop.set_exception_handler(handle)


class _Guard:
    """What the connections of one server share: the live ones, those waiting for a head (oldest first; ``fresh``
    never answered, ``idle`` kept alive after a reply), the drop log."""

    def __init__(self, limits: ConnectionLimits) -> None:
        self.limits = limits
        self.live: set[_GuardedH11] = set()
        self.grace_s = min(1.0, limits.header_timeout_s / 2)
        # Connection -> when it began to wait; insertion order is that order.
        self.fresh: dict[_GuardedH11, float] = {}
        self.idle: dict[_GuardedH11, float] = {}
        self.log = ThrottledLog(_log, "dropped a connection")
        self._flush: asyncio.TimerHandle | None = None

    def displaceable(self, now: float) -> _GuardedH11 | None:
        """The connection to drop for a new one: the oldest never answered, else the longest idle, if it has waited
        ``grace_s``; None when there is none."""
        for waiting in (self.fresh, self.idle):
            for connection, since in waiting.items():
                if now - since >= self.grace_s:
                    return connection
                break
        return None

    def forget(self, connection: _GuardedH11) -> None:
        self.fresh.pop(connection, None)
        self.idle.pop(connection, None)

    def dropped(self, kind: str, loop: asyncio.AbstractEventLoop) -> None:
        self.log.event(kind)
        if self.log.pending and self._flush is None:
            self._flush = loop.call_later(10.0, self._flushed)

    def _flushed(self) -> None:
        self._flush = None
        self.log.flush()


class _GuardedH11(H11Protocol):
    """uvicorn's h11 protocol, with a deadline per request head and a cap on connections (see the module)."""

    _guard: ClassVar[_Guard]
    _head_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        guard = self._guard
        cap = guard.limits.max_connections
        if len(guard.live) >= cap:
            oldest = guard.displaceable(self.loop.time())
            if oldest is None:
                busy = f"all {cap} connections are busy; retry shortly"
                transport.write(_raw_refusal(503, "server_busy", busy))
                transport.close()
                guard.dropped(f"refused at the {cap}-connection cap, none to displace (503)", self.loop)
                return
            said = "its first request head" if oldest in guard.fresh else "its next request"
            oldest._drop(f"displaced at the {cap}-connection cap while waiting for {said}")
        guard.live.add(self)
        self._await_head(guard.fresh)

    def connection_lost(self, exc: Exception | None) -> None:
        self._forget()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        cycle = self.cycle
        super().data_received(data)
        if self.cycle is not cycle:  # a request head was read
            self._got_head()

    def on_response_complete(self) -> None:
        cycle = self.cycle
        super().on_response_complete()
        if self.transport.is_closing():
            self._forget()
        elif self.cycle is cycle:  # no pipelined request started: wait for the next head
            self._await_head(self._guard.idle)

    def _await_head(self, waiting: dict[_GuardedH11, float]) -> None:
        guard = self._guard
        self._cancel_timer()
        guard.forget(self)
        waiting[self] = self.loop.time()
        self._head_timer = self.loop.call_later(guard.limits.header_timeout_s, self._head_timed_out)

    def _got_head(self) -> None:
        self._cancel_timer()
        self._guard.forget(self)

    def _head_timed_out(self) -> None:
        self._head_timer = None
        timeout = self._guard.limits.header_timeout_s
        message = f"no complete request head within {timeout:g} s; send the headers at once"
        self.transport.write(_raw_refusal(408, "header_timeout", message))
        self._drop(f"no request head within {timeout:g} s (408)")

    def _drop(self, kind: str) -> None:
        self._forget()
        self.transport.close()
        self._guard.dropped(kind, self.loop)

    def _forget(self) -> None:
        self._cancel_timer()
        self._guard.forget(self)
        self._guard.live.discard(self)

    def _cancel_timer(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None


def _raw_refusal(status: int, code: str, message: str) -> bytes:
    """A whole HTTP/1.1 response closing the connection, written outside h11 (no request was read to answer)."""
    body = encode_json(refusal_to_wire(Refusal(status=status, code=code, message=message)))
    head = (
        f"HTTP/1.1 {status} {http.HTTPStatus(status).phrase}\r\ncontent-type: application/json\r\n"
        f"content-length: {len(body)}\r\nconnection: close\r\n\r\n"
    )
    return head.encode() + body
