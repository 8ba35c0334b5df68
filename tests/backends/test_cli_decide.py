"""``decisionloop decide --decisions`` against a real loopback server."""

from __future__ import annotations

import json
import socket
from pathlib import Path

import pytest
from click.testing import CliRunner

from decisionloop.cli import main
from tests.support.backends import Canned
from tests.support.loopback import LoopbackServer


def test_decide_asks_the_server_and_shows_its_answer(server: LoopbackServer) -> None:
    server.script(Canned(body={"model": "jev-1.13.0", "answers": {"needs_tool": {"type": "noul", "noul": 0.83}}}))
    result = CliRunner().invoke(
        main,
        ["decide", "needs_tool", "--state", '{"goal": "weather in Oslo"}', "--decisions", server.url, "--json"],
        env={"DECISIONLOOP_DECISIONS_KEY": "secret", "DECISIONLOOP_DECISIONS_MODEL": "jev-1.13.0"},
    )
    assert result.exit_code == 0, result.stderr
    decision = json.loads(result.stdout)
    assert (decision["action"], decision["degraded"], decision["model"]) == ("use_tool", False, "jev-1.13.0")
    sent = server.received[0]
    assert sent.headers["authorization"] == "Bearer secret"
    assert isinstance(sent.body, dict)
    assert sent.body["model"] == "jev-1.13.0"
    assert sent.body["state"] == {"goal": "weather in Oslo"}


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.parametrize("command", [["decide", "needs_tool", "--state", "hello"], ["run", "What is 2+3?"]])
def test_a_named_server_that_cannot_be_reached_is_one_clear_error_before_anything_runs(
    command: list[str], tmp_path: Path
) -> None:
    url = f"http://127.0.0.1:{_closed_port()}"
    result = CliRunner().invoke(main, [*command, "--decisions", url], env={"DECISIONLOOP_HOME": str(tmp_path)})
    assert result.exit_code == 1
    assert result.stderr.strip().splitlines() == [
        f"error: cannot reach the decision server at {url} ([Errno 111] Connection refused); start one with "
        "`decisionloop serve-decisions`, or leave out --decisions and DECISIONLOOP_DECISIONS_URL to use the bundled "
        "model"
    ]
    assert "retry" not in result.output


def test_a_server_without_healthz_still_counts_as_reachable(server: LoopbackServer) -> None:
    server.script(Canned(body={"answers": {"needs_tool": {"type": "noul", "noul": 0.83}}}))
    result = CliRunner().invoke(main, ["decide", "needs_tool", "--state", "hi", "--decisions", server.url, "--json"])
    assert result.exit_code == 0, result.stderr
    assert [r.method for r in server.received] == ["POST"]
