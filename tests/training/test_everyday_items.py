"""scripts/everyday_items.py and the everyday requests it reads: items ``bench tools`` and training load as the
built-in tools' own choice, parts that share no request, and bad lines named."""

from __future__ import annotations

import json
import re
from pathlib import Path
from types import ModuleType

import pytest

from decisionloop.gold.tools_items import ExpectedCall, load_items
from decisionloop.spec.load import load_spec
from decisionloop.tools.builtin import builtin_tools
from decisionloop.training.examples import tool_example
from tests.support.scripts import load_script


def _script() -> ModuleType:
    return load_script("everyday_items")


def _items(tmp_path: Path, split: str, folder: Path | None = None) -> Path:
    script = _script()
    rows = list(script.everyday_items(split, folder or script.DATA))
    path = tmp_path / f"{split}.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


@pytest.mark.parametrize("split", ["train", "validation"])
def test_every_request_becomes_an_item_over_the_builtin_tools(tmp_path: Path, split: str) -> None:
    items = load_items(_items(tmp_path, split))
    ids = [t.id for t in builtin_tools()]
    assert len(items) > 200
    assert all([t.id for t in item.tools] == ids for item in items)
    kinds = {item.expected if isinstance(item.expected, str) else "call" for item in items}
    assert kinds == {"call", "none"}
    called = {item.expected.name for item in items if isinstance(item.expected, ExpectedCall)}
    assert called == set(ids)  # every built-in tool is some request's first call


def test_an_item_asks_the_same_tool_choice_as_the_loop_does(tmp_path: Path) -> None:
    spec = load_spec()
    item = load_items(_items(tmp_path, "validation"))[0]
    read_back = tool_example(spec, item.question, item.tools, "clock").framed
    assert read_back == tool_example(spec, item.question, builtin_tools(), "clock").framed


def test_an_item_offers_the_built_in_tools_themselves_so_arguments_are_asked_as_the_loop_asks(tmp_path: Path) -> None:
    # what a schema cannot say (the span kinds of each slot, "today" for a date, NONE's own words) comes with them
    item = load_items(_items(tmp_path, "validation"))[0]
    assert [(t.id, t.slots) for t in item.tools] == [(t.id, t.slots) for t in builtin_tools()]


def test_the_parts_share_no_request() -> None:
    script = _script()

    def goals(split: str) -> set[str]:
        return {str(item["question"]).lower().strip() for item in script.everyday_items(split)}

    assert not goals("train") & goals("validation")


def test_no_goal_of_the_tests_is_trained_on() -> None:
    """A goal a test runs through the loop, word for word in the train part, would test what the head learnt by
    heart."""
    tests = Path(__file__).resolve().parents[1]
    quoted = {
        m.group(1).lower().strip()
        for path in tests.rglob("*.py")
        for m in re.finditer(r'"([^"\n]{8,200})"', path.read_text(encoding="utf-8"))
    }
    trained = {str(item["question"]).lower().strip() for item in _script().everyday_items("train")}
    assert not trained & quoted


def test_a_bad_line_is_named(tmp_path: Path) -> None:
    rows = [{"goal": "what time is it in lima", "tool": "clock"}, {"goal": "book a table", "tool": "book_table"}]
    (tmp_path / "everyday_train.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    with pytest.raises(ValueError, match=r"everyday_train\.jsonl:2: want"):
        list(_script().everyday_items("train", tmp_path))


def _write(tmp_path: Path, *rows: dict[str, object]) -> Path:
    (tmp_path / "everyday_train.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return tmp_path


def test_labelled_arguments_are_the_calls_expected_ones(tmp_path: Path) -> None:
    rows: list[dict[str, object]] = [
        {
            "goal": "weather in cape town tmrw",
            "tool": "weather",
            "arguments": {"place": "cape town", "when": "tomorrow"},
        },
        {"goal": "what time is it", "tool": "clock", "arguments": {"place": None, "offset": None, "at": None}},
        {"goal": "text her that i'm late", "tool": "send_message", "arguments": {"to": None, "text": "i'm late"}},
        {
            "goal": "what day is it in 100 days",
            "tool": "date_math",
            "arguments": {"date": "today", "offset": "100 days"},
        },
        {"goal": "what's 2 plus 2", "tool": "calculator"},
    ]
    expected = [item["expected"]["arguments"] for item in _script().everyday_items("train", _write(tmp_path, *rows))]
    assert expected == [
        {"place": "cape town", "when": "tomorrow"},
        {"place": None, "offset": None, "at": None},  # optional: left out of the call
        {"text": "i'm late"},  # a required value the goal lacks is not scored
        {"date": "today", "offset": "100 days"},
        {},
    ]


@pytest.mark.parametrize(
    ("arguments", "said"),
    [
        ({"place": "paris", "when": "tomorrow"}, "place='paris' is not written"),
        ({"place": "lima", "when": "fortnight"}, "when='fortnight' is not written in the goal or listed"),
        ({"city": "lima"}, "weather has no slot 'city'"),
        ({"place": 3}, "has no slot 'place', or its value is not a string"),
    ],
)
def test_a_labelled_argument_the_goal_does_not_give_is_named(
    tmp_path: Path, arguments: dict[str, object], said: str
) -> None:
    folder = _write(tmp_path, {"goal": "weather in lima on friday", "tool": "weather", "arguments": arguments})
    with pytest.raises(ValueError, match=rf"everyday_train\.jsonl:1: .*{re.escape(said)}"):
        list(_script().everyday_items("train", folder))
