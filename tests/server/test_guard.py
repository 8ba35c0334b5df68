"""Connection guard over real loopback sockets: a slow request head is dropped, the cap displaces slow clients,
a trickled body is refused, and what is dropped is logged as counts, not a line per connection."""

from __future__ import annotations

import asyncio
import errno
import json
import logging
import socket
import time
from collections.abc import Iterator

import httpx
import pytest

from decisionloop.core.errors import ConfigError
from decisionloop.server import create_app
from decisionloop.server.guard import ConnectionLimits, quiet_accept_errors
from decisionloop.server.running import serving_in_thread
from decisionloop.server.throttled_log import ThrottledLog
from tests.support.decision_backends import FixedBackend

BODY = {"state": "s", "questions": {"q": {"type": "noul", "instructions": "?"}}}
# Short deadlines make the test quick; nothing asserts how long anything took.
LIMITS = ConnectionLimits(max_connections=4, header_timeout_s=0.3, keep_alive_s=5)


@pytest.fixture
def url() -> Iterator[str]:
    with serving_in_thread(create_app(FixedBackend(), body_timeout_s=0.3), limits=LIMITS) as url:
        yield url


def _connect(url: str) -> socket.socket:
    host, port = url.removeprefix("http://").rsplit(":", 1)
    return socket.create_connection((host, int(port)), timeout=10.0)


def _read_all(sock: socket.socket) -> bytes:
    """What the server sends until it closes the connection ('' when it reset it)."""
    chunks = []
    try:
        while chunk := sock.recv(4096):
            chunks.append(chunk)
    except ConnectionResetError:
        pass
    return b"".join(chunks)


def _refusal(raw: bytes) -> tuple[str, dict[str, str]]:
    head, _, body = raw.partition(b"\r\n\r\n")
    return head.split(b"\r\n")[0].decode(), json.loads(body)["error"]


def test_a_request_head_sent_too_slowly_is_answered_408_and_closed(url: str) -> None:
    with _connect(url) as sock:
        sock.sendall(b"POST /v1/systemone HTTP/1.1\r\nHost: x\r\n")  # and never the rest
        status, error = _refusal(_read_all(sock))
    assert status == "HTTP/1.1 408 Request Timeout"
    assert error["code"] == "header_timeout"
    assert "no complete request head within 0.3 s" in error["message"]


def test_a_kept_alive_connection_gets_the_head_deadline_again(url: str) -> None:
    with httpx.Client(base_url=url) as client:
        assert client.post("/v1/systemone", json=BODY).status_code == 200
    with _connect(url) as sock:
        request = json.dumps(BODY).encode()
        sock.sendall(
            b"POST /v1/systemone HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n%s" % (len(request), request)
        )
        sock.sendall(b"POST /v1/sys")  # a second request on the same connection, its head never finished
        raw = _read_all(sock)
    assert raw.startswith(b"HTTP/1.1 200 OK")
    assert b"HTTP/1.1 408 Request Timeout" in raw


def test_at_the_cap_slow_clients_are_displaced_and_a_real_client_is_served() -> None:
    limits = ConnectionLimits(max_connections=4, header_timeout_s=4.0)  # a displacement grace of 1 s
    with serving_in_thread(create_app(FixedBackend()), limits=limits) as url:
        slow = [_connect(url) for _ in range(limits.max_connections)]
        for sock in slow:
            sock.sendall(b"GET /heal")
        time.sleep(1.0)  # past the grace: a connection that just arrived is never displaced
        with httpx.Client(base_url=url) as client:
            answered = client.post("/v1/systemone", json=BODY)
        first = _read_all(slow[0])
        for sock in slow:
            sock.close()
    assert answered.status_code == 200
    assert first == b""  # the oldest slow client was dropped to make room, without a reply


def test_a_body_trickled_after_its_head_is_408(url: str) -> None:
    with _connect(url) as sock:
        sock.sendall(b"POST /v1/systemone HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{")
        status, error = _refusal(_read_all(sock))
    assert status == "HTTP/1.1 408 Request Timeout"
    assert error["code"] == "body_timeout"
    assert "did not arrive within 0.3 s (got 1 bytes)" in error["message"]


def test_the_throttled_log_writes_the_first_event_then_one_line_of_counts(caplog: pytest.LogCaptureFixture) -> None:
    now = [0.0]
    log = ThrottledLog(logging.getLogger("throttled"), "dropped a connection", every_s=10.0, clock=lambda: now[0])
    with caplog.at_level(logging.WARNING, logger="throttled"):
        for second in range(1000):
            now[0] = second / 200  # 1000 events in 5 s
            log.event("no request head within 10 s (408)" if second % 4 else "displaced at the cap")
        log.flush()
    assert [r.getMessage() for r in caplog.records] == [
        "dropped a connection: displaced at the cap",
        "dropped a connection, 999 more in the last 5 s: 750 no request head within 10 s (408); "
        "249 displaced at the cap",
    ]


def test_limits_are_checked() -> None:
    with pytest.raises(ConfigError, match="header_timeout_s and keep_alive_s must be over 0 seconds"):
        ConnectionLimits(header_timeout_s=0)


def test_failed_accepts_are_one_throttled_line_not_a_traceback_each(caplog: pytest.LogCaptureFixture) -> None:
    loop = asyncio.new_event_loop()
    try:
        quiet_accept_errors(loop)
        with caplog.at_level(logging.WARNING):
            for _ in range(2048):  # one accept burst at the descriptor limit
                error = OSError(errno.EMFILE, "Too many open files")
                loop.call_exception_handler({"message": "socket.accept() out of system resource", "exception": error})
    finally:
        loop.close()
    [line] = caplog.records
    assert line.getMessage().startswith("could not accept a connection: [Errno 24] Too many open files")
    assert line.exc_info is None
