"""Fixtures for backend tests: a decision server on loopback, a refused port, a recording sleep."""

from __future__ import annotations

import socket
from collections.abc import Iterator

import pytest

from tests.support.backends import Canned, RecordingSleep
from tests.support.loopback import LoopbackServer, StartLoopback


@pytest.fixture
def server(loopback: StartLoopback) -> LoopbackServer:
    """A started loopback server that answers every request with ``ANSWERS`` until scripted otherwise."""
    return loopback(Canned())


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
