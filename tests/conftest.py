"""Keep every test away from the user's environment and home directory."""

from __future__ import annotations

import os
from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _isolated_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in list(os.environ):
        if name.startswith("DECISIONLOOP_"):
            monkeypatch.delenv(name)
    monkeypatch.setenv("DECISIONLOOP_HOME", str(tmp_path / "home"))
