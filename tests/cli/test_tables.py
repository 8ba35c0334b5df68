"""``runs`` and ``model info`` for people and scripts: a table with a header and the answer, JSON that parses."""

from __future__ import annotations

import json
import os
from pathlib import Path

from click.testing import CliRunner

from decisionloop.cli import main
from decisionloop.journal import SqliteJournal, default_path
from decisionloop.journal.what_if import WHAT_IF_OF
from decisionloop.settings import ready_home
from tests.support.journal import GOAL, held_run_events, record_all

ANSWER = "Not done: you declined to let the agent run note_save."


def _invoke(*args: str, width: int = 200) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args), env={"COLUMNS": str(width)})
    return result.exit_code, result.stdout


def _two_runs() -> tuple[str, str]:
    """An ended run with an answer, then an unfinished one killed with its first call in flight."""
    with SqliteJournal(default_path(ready_home(os.environ))) as journal:
        ended = record_all(journal, held_run_events())
        unfinished = record_all(journal, held_run_events()[:2])
    return ended, unfinished


def test_runs_is_a_table_with_a_header_and_the_answer_and_flags_the_unfinished_run() -> None:
    ended, unfinished = _two_runs()
    code, out = _invoke("runs")
    assert code == 0
    header, *rows = out.splitlines()
    assert header.split() == ["id", "started", "goal", "stop", "answer", "steps", "flag"]
    (done,) = [r for r in rows if r.startswith(ended[:8])]
    assert GOAL in done
    assert ANSWER in done
    assert "declined" in done
    assert "unfinished" not in done
    (killed,) = [r for r in rows if r.startswith(unfinished[:8])]
    assert killed.split()[-1] == "unfinished"
    assert f"⚠ {unfinished[:8]}: 1 call(s) in flight, no result recorded; the call was not re-run" in out


def test_runs_clips_long_texts_to_a_narrow_terminal() -> None:
    _two_runs()
    code, out = _invoke("runs", width=80)
    assert code == 0
    table = [line for line in out.splitlines() if not line.startswith("⚠")]
    assert max(len(line) for line in table) <= 80
    assert "…" in out
    assert out.splitlines()[0].split()[-1] == "flag"


def test_runs_json_lists_every_field_whole() -> None:
    ended, unfinished = _two_runs()
    code, out = _invoke("runs", "--json", "--limit", "5")
    assert code == 0
    listed = json.loads(out)
    assert [r["id"] for r in listed] == [unfinished, ended]
    newest, oldest = listed
    assert (oldest["goal"], oldest["answer"], oldest["stop"], oldest["status"]) == (GOAL, ANSWER, "declined", "ended")
    assert oldest["steps"] == 2
    assert oldest["ended_at"] is not None
    assert (newest["status"], newest["stop"], newest["answer"], newest["in_flight"]) == ("unfinished", None, None, 1)
    assert json.loads(_invoke("runs", "--json", "--limit", "1")[1])[0]["id"] == unfinished


def test_runs_filter_by_how_they_stopped_and_by_words_of_the_goal_or_answer() -> None:
    ended, unfinished = _two_runs()

    def listed(*flags: str) -> list[str]:
        return [r["id"] for r in json.loads(_invoke("runs", "--json", *flags)[1])]

    assert listed("--stop", "declined") == [ended]
    assert listed("--stop", "unfinished") == [unfinished]
    assert listed("--search", "DECLINED TO LET") == [ended]  # the answer, in any case
    assert listed("--search", GOAL.split()[1].upper()) == [unfinished, ended]  # the goal
    assert listed("--stop", "answered") == []
    assert _invoke("runs", "--stop", "answered") == (0, "no runs match\n")
    code, _ = _invoke("runs", "--stop", "nonsense")
    assert code == 2


def test_runs_json_with_no_runs_is_an_empty_list() -> None:
    assert _invoke("runs", "--json") == (0, "[]\n")


def test_model_info_is_tables_not_a_python_dict() -> None:
    code, out = _invoke("model", "info")
    assert code == 0
    assert "{'" not in out
    assert "':" not in out
    for heading in ("files", "training", "held-out accuracy", "calibration temperatures", "gate thresholds"):
        assert heading in out.splitlines()
    assert "where they came from (eval --tune-cap)" in out
    assert any(line.split()[:1] == ["encoder.int8.onnx"] and "MB" in line for line in out.splitlines())
    assert any(line.split()[:1] == ["all"] and line.endswith("%") for line in out.splitlines())


def test_model_info_json_parses_and_holds_the_same_facts() -> None:
    code, out = _invoke("model", "info", "--json")
    assert code == 0
    facts = json.loads(out)
    assert facts["model_id"].startswith("decisionloop-")
    assert len(facts["files"]["encoder.int8.onnx"]["sha256"]) == 64
    assert facts["training"]["held_accuracy"]["all"] > 0.5
    assert facts["thresholds"]["gates"]
    assert Path(facts["thresholds"]["file"]).name == "thresholds.json"
    assert facts["thresholds"]["source"]["cap"] is not None


def test_runs_says_which_run_a_what_if_re_ran() -> None:
    ended, _ = _two_runs()
    link = {"run": ended, "step": 1, "block": "pick_tool", "question": "tool", "option": "weather"}
    with SqliteJournal(default_path(ready_home(os.environ))) as journal:
        again = journal.start(GOAL, {WHAT_IF_OF: link})
    code, out = _invoke("runs")
    assert code == 0
    assert f"↳ {again[:8]}: a what-if of {ended[:8]}, re-run from step 2 with pick_tool's tool = 'weather'" in out
    listed = {r["id"]: r[WHAT_IF_OF] for r in json.loads(_invoke("runs", "--json")[1])}
    assert listed[again] == link
    assert listed[ended] is None
