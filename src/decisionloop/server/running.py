"""Running the app under uvicorn: bind a socket first (so the URL is known, even for port 0), then serve."""

from __future__ import annotations

import asyncio
import ipaddress
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import uvicorn
from starlette.applications import Starlette

from decisionloop.core.errors import ConfigError
from decisionloop.server.guard import ConnectionLimits, guarded_protocol, quiet_accept_errors

_START_TIMEOUT_S = 10.0


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port``; ConfigError says why it cannot be had and what to try."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM, proto=socket.IPPROTO_TCP
        )[0]
        # An explicit IPPROTO_TCP, not 0: asyncio sets TCP_NODELAY only on sockets that say they are TCP, and
        # without it every reply on a kept-alive connection waits ~40 ms for a delayed ACK.
        sock = socket.socket(family, kind, proto)
    except OSError as err:
        raise ConfigError(f"cannot listen on {host!r} port {port!r} ({err}); check --host") from err
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(2048)
    except OSError as err:
        sock.close()
        raise ConfigError(f"cannot listen on {host!r} port {port!r} ({err}); pick another --port or --host") from err
    return sock


def url_of(sock: socket.socket) -> str:
    """``http://host:port`` of a bound socket, IPv6 hosts bracketed."""
    host, port = sock.getsockname()[:2]
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"


def is_loopback(host: str) -> bool:
    """Whether ``host`` only accepts connections from this machine."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def server_for(
    app: Starlette,
    *,
    limits: ConnectionLimits | None = None,
    log_level: str = "info",
    access_log: bool = True,
) -> uvicorn.Server:
    """A uvicorn server for ``app`` on plain asyncio and h11 (no optional speedups needed), its connections capped
    and their request heads given a deadline (``guard``); ``max_connections`` held below the descriptor limit."""
    limits = (limits or ConnectionLimits()).within_descriptors()
    config = uvicorn.Config(
        app,
        log_level=log_level,
        access_log=access_log,
        lifespan="on",
        loop="asyncio",
        http=guarded_protocol(limits),
        ws="none",
        timeout_keep_alive=limits.keep_alive_s,
        h11_max_incomplete_event_size=limits.max_header_bytes,
        backlog=limits.accept_backlog,
    )
    return _GuardedServer(config)


class _GuardedServer(uvicorn.Server):
    """A uvicorn server whose loop reports failed accepts through a throttled log (``guard.quiet_accept_errors``)."""

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        quiet_accept_errors(asyncio.get_running_loop())
        await super().startup(sockets)


@contextmanager
def serving_in_thread(
    app: Starlette, *, host: str = "127.0.0.1", port: int = 0, limits: ConnectionLimits | None = None
) -> Iterator[str]:
    """Serve ``app`` on a background thread for the ``with`` block; yields the base URL (tests, benchmarks)."""
    sock = bind(host, port)
    server = server_for(app, limits=limits, log_level="warning", access_log=False)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, name="uvicorn", daemon=True)
    thread.start()
    try:
        _wait_started(server, thread)
        yield url_of(sock)
    finally:
        server.should_exit = True
        thread.join(_START_TIMEOUT_S)
        sock.close()


def _wait_started(server: uvicorn.Server, thread: threading.Thread) -> None:
    deadline = time.monotonic() + _START_TIMEOUT_S
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError(f"the server did not start within {_START_TIMEOUT_S:g} s")
        time.sleep(0.01)
