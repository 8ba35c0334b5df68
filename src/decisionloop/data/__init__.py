"""Data shipped with the package: the recorded dev-suite observations the offline demo replays."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

DEMO_SUITE = "laya_suite_dev.json"


def demo_suite_path() -> Path:
    """The packaged copy of the layaAgent dev split (goals, gold steps and recorded tool observations)."""
    return Path(str(resources.files("decisionloop.data").joinpath(DEMO_SUITE)))
