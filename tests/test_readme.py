"""The README's Python example of ``drive()`` and its curl example against the decision server run as written."""

from __future__ import annotations

import contextlib
import io
import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import get_args

import pytest

from decisionloop.core.vocab import StopReason
from decisionloop.model.backend import ModelBackend, has_model
from decisionloop.server import create_app
from decisionloop.server.running import serving_in_thread

README = (Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8")
pytestmark = pytest.mark.skipif(not has_model(), reason="no bundled decision model is shipped in this tree")


def _block(language: str, marker: str) -> str:
    blocks: list[str] = re.findall(rf"```{language}\n(.*?)```", README, flags=re.DOTALL)
    [block] = [b for b in blocks if marker in b]
    return block


def test_the_drive_example_runs_a_goal_with_a_tool_of_your_own() -> None:
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(_block("python", "drive("), "README.md", "exec"), {"__name__": "readme_example"})  # our own README
    first, *steps = printed.getvalue().splitlines()
    assert first.split()[0] in get_args(StopReason)
    assert steps  # one line per step
    if first.startswith("answered"):
        assert first == "answered 28.80 each"


@pytest.mark.skipif(shutil.which("curl") is None, reason="curl is not installed")
def test_the_curl_example_gets_an_answer_per_question_from_the_decision_server() -> None:
    command = _block("bash", "curl -s")
    with serving_in_thread(create_app(ModelBackend())) as url:
        sent = command.replace("http://127.0.0.1:7789", url)
        reply = json.loads(subprocess.run(["bash", "-c", sent], capture_output=True, check=True, text=True).stdout)
    answers = reply["answers"]
    assert set(answers) == {"tool", "needs_tool"}
    assert answers["tool"]["choice"] == "weather"
    assert sum(answers["tool"]["probabilities"].values()) == pytest.approx(1.0, abs=1e-3)
    assert 0.0 <= answers["needs_tool"]["noul"] <= 1.0
    assert reply["model"].startswith("decisionloop-")
