"""``decisionloop web``: its flags, the warning off loopback, the spec's sources, and a run opened exactly as
``run`` opens one, with the browser's person as System 2 and approver."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import cast

import pytest
from click.testing import CliRunner

import decisionloop.server.running as running
from decisionloop.cli.main import main
from decisionloop.cli.session import RunOptions
from decisionloop.cli.web import _Opener, spec_view
from decisionloop.journal import SqliteJournal, default_path
from decisionloop.settings import ready_home
from decisionloop.web import LiveRun
from decisionloop.web.spec_page import FILE_SOURCE, threshold_sources
from tests.support.web import DIVIDE, GYM, wait_for


@dataclass
class _Server:
    ran: list[object] = field(default_factory=list)

    class config:  # noqa: N801  (uvicorn's attribute)
        timeout_graceful_shutdown: int | None = None

    def run(self, sockets: list[object]) -> None:
        self.ran.append(sockets)


@pytest.fixture
def no_serving(monkeypatch: pytest.MonkeyPatch) -> _Server:
    server = _Server()
    monkeypatch.setattr(running, "server_for", lambda *a, **k: server)
    return server


def test_the_command_is_listed_and_has_its_flags() -> None:
    assert "web" in CliRunner().invoke(main, ["--help"]).output
    shown = CliRunner().invoke(main, ["web", "--help"]).output
    for flag in ("--host", "--port", "--token", "--offline", "--cwd", "--decisions", "--llm", "--gate", "--thresholds"):
        assert flag in shown, flag
    assert "[default: 127.0.0.1]" in shown
    assert "[default: 7799" in shown


def test_on_loopback_it_prints_the_url_and_serves(no_serving: _Server) -> None:
    result = CliRunner().invoke(main, ["web", "--port", "0", "--offline"])
    assert result.exit_code == 0, result.output
    assert "decisionloop web at http://127.0.0.1:" in result.output
    assert "warning" not in result.output
    assert len(no_serving.ran) == 1


def test_off_loopback_it_warns_and_the_url_carries_the_token(no_serving: _Server) -> None:
    bare = CliRunner().invoke(main, ["web", "--host", "0.0.0.0", "--port", "0"])
    assert "warning: listening on '0.0.0.0', not loopback: anyone who can reach it can run the agent" in bare.output
    keyed = CliRunner().invoke(main, ["web", "--host", "0.0.0.0", "--port", "0", "--token", "t0k"])
    assert "every request needs the token" in keyed.output
    assert "/?token=t0k" in keyed.output


def test_the_spec_view_names_where_each_threshold_came_from(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DECISIONLOOP_GATES", "needs_tool.needs_tool=0.6")
    view = spec_view(RunOptions(gates=("pick_args.arg=0.7",)))
    sources = {key: (now, source) for key, now, _, source in threshold_sources(view)}
    assert sources["needs_tool.needs_tool"] == (0.6, "DECISIONLOOP_GATES")
    assert sources["pick_args.arg"] == (0.7, "--gate")
    assert sources["pick_tool.tool"][1].startswith("model/files/thresholds.json")
    assert sources["grade_risk.risk[0]"][1] == FILE_SOURCE


def test_another_decision_server_starts_from_the_files_values() -> None:
    view = spec_view(RunOptions(decisions_url="rules"))
    assert {source for *_, source in threshold_sources(view)} == {FILE_SOURCE}


def _opener(**given: object) -> _Opener:
    return _Opener(RunOptions(decisions_url="rules", interactive=True, **given))  # type: ignore[arg-type]


def test_a_run_is_opened_as_run_opens_it_and_its_held_step_goes_to_the_browser() -> None:
    run = LiveRun(DIVIDE, preset=False, who="ana (web)")
    run.start(_opener(offline=True))
    held = wait_for(run, "dialog")  # the rule judge escalates every decision
    assert held["kind"] == "held"
    run.answer(str(held["dialog"]), {"action": "stop"})
    assert wait_for(run, "end")["stop"] == "stopped"
    with SqliteJournal(default_path(ready_home(os.environ))) as journal:
        data = journal.load(str(run.journal_id))
    assert data["config"]["interactive"] is True  # type: ignore[index]
    assert data["steps"][0]["decided_by"] == "person"  # type: ignore[index]


def test_a_preset_runs_as_the_demo_does() -> None:
    run = LiveRun(GYM, preset=True, who="ana (web)")
    run.start(_opener())
    wait_for(run, "journal")
    run.stop()
    wait_for(run, "end")
    with SqliteJournal(default_path(ready_home(os.environ))) as journal:
        config = cast(dict[str, object], journal.load(str(run.journal_id))["config"])
    assert config["demo"] is True
    assert config["offline"] is True


def test_an_unreachable_decision_server_is_an_error_in_the_trace(tmp_path: Path) -> None:
    run = LiveRun(DIVIDE, preset=False, who="ana (web)")
    run.start(_Opener(RunOptions(decisions_url="http://127.0.0.1:9", interactive=True)))
    error = wait_for(run, "error")
    assert "cannot reach the decision server at http://127.0.0.1:9" in str(error["message"])
