"""``decisionloop decide --decisions`` against a real loopback server."""

from __future__ import annotations

import json

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
