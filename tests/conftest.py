"""Keep every test away from the user's environment and home directory; the shared loopback HTTP servers."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import pytest

from decisionloop.llm.chat import forget_structured
from tests.support.loopback import Canned, LoopbackServer, StartLoopback, serving


@pytest.fixture(autouse=True)
def _isolated_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in list(os.environ):
        if name.startswith("DECISIONLOOP_"):
            monkeypatch.delenv(name)
    monkeypatch.setenv("DECISIONLOOP_HOME", str(tmp_path / "home"))


@pytest.fixture(autouse=True)
def _no_structured_memory() -> Iterator[None]:
    """What a server was found to support is remembered for the process: each test starts from nothing."""
    forget_structured()
    yield
    forget_structured()


@pytest.fixture
def loopback() -> Iterator[StartLoopback]:
    """Start real HTTP servers on 127.0.0.1 (script them, or ``respond_with``); all stopped after the test."""
    with ExitStack() as stack:

        def start(first: Canned | None = None) -> LoopbackServer:
            return stack.enter_context(serving(LoopbackServer(first)))

        yield start
