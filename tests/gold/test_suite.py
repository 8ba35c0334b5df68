"""The suite loader: the packaged dev split reads cleanly; each malformed part is named with its task and step."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from decisionloop.gold.match import arg_match, clean, step_matches
from decisionloop.gold.suite import SuiteError, demo_suite_path, load_suite, read_task, task_json


def test_the_dev_split_loads_with_finish_last_and_alternatives() -> None:
    suite = load_suite(demo_suite_path())
    assert len(suite.split("dev")) == 36
    assert suite.split("test") == ()
    assert all(t.steps[-1].action == "FINISH" for t in suite.tasks)
    kyoto = next(t for t in suite.tasks if t.id == "t070")
    assert kyoto.final_call is not None
    assert kyoto.final_call.call.args["expression"] == ("15% of 364,260", "0.15 * 364260")
    assert len(suite.seed_notes) == 7


def _write(tmp_path: Path, tasks: object) -> Path:
    path = tmp_path / "suite.json"
    path.write_text(json.dumps({"tasks": tasks}), encoding="utf-8")
    return path


FINISH = {"action": "FINISH", "args": {}, "observation": ""}
GOOD = {"id": "x1", "split": "dev", "category": "calc", "goal": "2+2?", "steps": [FINISH]}


@pytest.mark.parametrize(
    ("task", "message"),
    [
        ({**GOOD, "split": "train"}, "task 'x1': 'split' must be 'dev' or 'test', got 'train'"),
        ({**GOOD, "steps": []}, "task 'x1': 'steps' must be a non-empty list"),
        ({**GOOD, "steps": [{"action": "calculator", "args": {}}]}, "task 'x1': the last step must be FINISH"),
        ({**GOOD, "steps": [{"action": "calculator", "args": {"expression": []}}, FINISH]}, "task 'x1' step 0 arg"),
        ({**GOOD, "steps": [{"args": {}}, FINISH]}, "task 'x1' step 0: 'action' must be a non-empty text"),
        ({**GOOD, "goal": ""}, "task 'x1': 'goal' must be a non-empty text"),
        ({k: v for k, v in GOOD.items() if k != "id"}, "tasks[0]: 'id' must be a non-empty text"),
    ],
)
def test_malformed_tasks_name_the_task_and_step(tmp_path: Path, task: dict[str, object], message: str) -> None:
    with pytest.raises(SuiteError) as info:
        load_suite(_write(tmp_path, [task]))
    assert message in str(info.value)


def test_unreadable_files_say_so(tmp_path: Path) -> None:
    with pytest.raises(SuiteError, match="cannot read suite file"):
        load_suite(tmp_path / "missing.json")
    (tmp_path / "bad.json").write_text("{", encoding="utf-8")
    with pytest.raises(SuiteError, match="not a JSON suite file"):
        load_suite(tmp_path / "bad.json")


@pytest.mark.parametrize(
    ("slot", "predicted", "gold", "matches"),
    [
        ("expression", "15% of 364,260", ("0.15 * 364260",), True),
        ("expression", "15% of 364,261", ("0.15 * 364260",), False),
        ("quantity", "20 °F", ("20 degrees Fahrenheit",), True),
        ("quantity", "330 meters", ("330 m",), True),
        ("quantity", "330 feet", ("330 m",), False),
        ("place", "lisbon!", ("Lisbon",), True),
        ("place", "NONE", ("NONE",), False),
        ("place", None, ("Lisbon",), False),
    ],
)
def test_arguments_match_by_value_unit_or_clean_text(
    slot: str, predicted: str | None, gold: tuple[str, ...], matches: bool
) -> None:
    assert arg_match(slot, predicted, gold) is matches


def test_a_step_matches_its_gold_call_or_an_alternative() -> None:
    suite = load_suite(demo_suite_path())
    step = next(t for t in suite.tasks if t.id == "t001").steps[0]
    assert step_matches("weather", {"place": "lisbon", "when": "tomorrow"}, step)
    assert not step_matches("weather", {"place": "Lisbon", "when": "today"}, step)
    assert clean("Kraków, Poland") == "krak w poland"


def test_a_task_written_in_the_suite_form_reads_back_the_same() -> None:
    for task in load_suite(demo_suite_path()).tasks:
        assert read_task(json.loads(json.dumps(task_json(task))), "stored") == task
