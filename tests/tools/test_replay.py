"""The replay book: every recorded step of the dev suite is found again, and broken suite files are named."""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from decisionloop.core.errors import ConfigError
from decisionloop.core.tool import ToolContext
from decisionloop.gold.suite import demo_suite_path
from decisionloop.tools.replay import Recording, ReplayBook, ReplayError, normalise, replay_runner

SUITE = demo_suite_path()
CTX = ToolContext(now=datetime(2026, 9, 24, 12, tzinfo=UTC))
GoldStep = tuple[str, int, dict[str, object]]


@pytest.fixture(scope="module")
def book() -> ReplayBook:
    return ReplayBook.from_suite(SUITE)


def gold_steps() -> Iterator[GoldStep]:
    for task in json.loads(SUITE.read_text(encoding="utf-8"))["tasks"]:
        for index, step in enumerate(task["steps"]):
            if step["action"] not in ("FINISH", "ask_user"):
                yield task["id"], index, step


def alternatives(args: dict[str, str | list[str]]) -> list[dict[str, str]]:
    options = [[(k, x) for x in (v if isinstance(v, list) else [v])] for k, v in args.items()]
    return [dict(pairs) for pairs in itertools.product(*options)]


def test_the_dev_suite_loads_every_tool_step(book: ReplayBook) -> None:
    steps = list(gold_steps())
    assert len(steps) == 42
    assert len(book.recordings) == 44  # and the two ask_user steps
    assert {r.tool_id for r in book.recordings} >= {"weather", "wiki_lookup", "wikidata_fact", "ask_user"}


@pytest.mark.parametrize(("task", "index", "step"), list(gold_steps()), ids=lambda v: v if isinstance(v, str) else "")
def test_every_gold_step_is_found_with_every_alternative(
    book: ReplayBook, task: str, index: int, step: dict[str, object]
) -> None:
    for args in alternatives(step["args"]):  # type: ignore[arg-type]
        found = book.lookup(str(step["action"]), args)
        assert found is not None, f"{task} step {index}: {args}"
        assert found.ok
        assert (found.observation, found.answer, found.source) == (
            step["observation"],
            step.get("answer", ""),
            step.get("source"),
        )


@pytest.mark.parametrize(
    ("tool_id", "args", "start"),
    [
        ("weather", {"place": "  LISBON ", "when": "tomorrow"}, "Forecast for Lisbon,"),
        ("weather", {"place": "cape\ttown?", "when": "week"}, "Forecast for Cape Town,"),
        ("wiki_lookup", {"topic": "great  barrier reef."}, "Great Barrier Reef ("),
        ("wikidata_fact", {"entity": '"new york city"', "property": "population"}, "Population of New York City"),
        ("note_save", {"text": "The spare key is under the blue pot."}, "Saved the note:"),
        ("calculator", {"expression": "15% OF 364,260"}, "15% of 364,260 = 54,639"),
    ],
)
def test_case_whitespace_and_end_punctuation_do_not_matter(
    book: ReplayBook, tool_id: str, args: dict[str, str], start: str
) -> None:
    found = book.lookup(tool_id, args)
    assert found is not None
    assert found.observation.startswith(start)


def test_fixed_slots_must_match_exactly(book: ReplayBook) -> None:
    assert book.lookup("weather", {"place": "Lisbon", "when": "tomorrow"}) is not None
    assert book.lookup("weather", {"place": "Lisbon", "when": "Tomorrow"}) is None
    assert book.lookup("weather", {"place": "Lisbon", "when": "today"}) is None
    assert book.lookup("unit_convert", {"quantity": "60 mph", "to_unit": "km/h"}) is not None
    # the target unit is a span now, matched as spans are (its punctuation aside)
    assert book.lookup("unit_convert", {"quantity": "60 mph", "to_unit": "km/h."}) is not None


@pytest.mark.parametrize(
    ("tool_id", "args", "start"),
    [
        ("wiki_lookup", {"topic": "the Rosetta Stone"}, "Rosetta Stone (Egyptian stele"),
        ("weather", {"place": "Krakow", "when": "weekend"}, "Forecast for Krakow, Lesser Poland"),
        ("wiki_lookup", {"topic": "Apollo-11"}, "Apollo 11 (First crewed"),
    ],
)
def test_span_values_differing_in_accents_articles_or_inner_punctuation_still_match(
    book: ReplayBook, tool_id: str, args: dict[str, str], start: str
) -> None:
    found = book.lookup(tool_id, args)
    assert found is not None
    assert found.observation.startswith(start)


def test_normalise_keeps_brackets_and_percent() -> None:
    assert normalise("  (2 + 3) * 4  ") == "(2 + 3) * 4"
    assert normalise("What is 18%?") == "what is 18%"
    assert normalise("“Kraków”,") == "kraków"


def test_an_unknown_call_gets_a_clear_failed_observation(book: ReplayBook) -> None:
    assert book.lookup("weather", {"place": "Oslo", "when": "today"}) is None
    result = replay_runner(book, "weather")({"place": "Oslo", "when": "today"}, CTX)
    assert (result.ok, result.observation) == (False, "no recorded observation for weather(place='Oslo', when='today')")


def test_the_runner_serves_the_recorded_result(book: ReplayBook) -> None:
    result = replay_runner(book, "wikidata_fact")({"entity": "Kenya", "property": "area"}, CTX)
    assert result.ok
    assert result.observation == "Area of Kenya (country in Eastern Africa): 581,309 km² (Wikidata)"
    assert result.source == "https://www.wikidata.org/wiki/Q114"


def test_ask_user_is_found_only_within_its_task_whatever_the_question(book: ReplayBook) -> None:
    assert book.lookup("ask_user", {}) is None
    found = book.lookup("ask_user", {"question": "Which temperature?"}, task_id="t094")
    assert found is not None
    assert found.observation == 'The user answered: "20 degrees Fahrenheit to Celsius"'
    runner = replay_runner(book, "ask_user", task_id="t097")
    assert runner({"question": "What should I look up?"}, CTX).answer == 'You said: "The Rosetta Stone"'


def write_suite(tmp_path: Path, *tasks: object) -> Path:
    path = tmp_path / "suite.json"
    path.write_text(json.dumps({"version": 1, "tasks": list(tasks)}), encoding="utf-8")
    return path


def task(task_id: str, *steps: object) -> dict[str, object]:
    return {"id": task_id, "steps": [*steps, {"action": "FINISH", "args": {}, "observation": ""}]}


def search(query: str, observation: str) -> dict[str, object]:
    return {"action": "note_search", "args": {"query": query}, "observation": observation}


def test_a_task_prefers_its_own_recording_and_otherwise_the_first(tmp_path: Path) -> None:
    path = write_suite(tmp_path, task("m1", search("gym", "first")), task("m2", search("gym", "second")))
    book = ReplayBook.from_suite(path)
    assert [r.task_id for r in book.recordings] == ["m1", "m2"]
    assert book.recordings[0] == Recording(
        task_id="m1", step=0, tool_id="note_search", args={"query": ("gym",)}, result=book.recordings[0].result
    )
    assert [book.lookup("note_search", {"query": "gym"}, task_id=t) for t in ("m2", None)] == [
        book.recordings[1].result,
        book.recordings[0].result,
    ]


def test_a_loose_match_must_be_unambiguous(tmp_path: Path) -> None:
    book = ReplayBook.from_suite(write_suite(tmp_path, task("m1", search("the gym", "one"), search("gym", "two"))))
    assert book.lookup("note_search", {"query": "a gym"}) is None
    found = book.lookup("note_search", {"query": "gym"})
    assert found is not None
    assert found.observation == "two"


def test_recorded_failures_and_unknown_tools_replay_as_recorded(tmp_path: Path) -> None:
    miss = {"action": "wiki_lookup", "args": {"topic": "Qwxz"}, "observation": "No article.", "ok": False}
    custom = {"action": "stock_price", "args": {"symbol": "ACME"}, "observation": "ACME: 12.50", "source": None}
    book = ReplayBook.from_suite(write_suite(tmp_path, task("x1", miss, custom)))
    found = book.lookup("wiki_lookup", {"topic": "qwxz"})
    assert found is not None
    assert not found.ok
    priced = book.lookup("stock_price", {"symbol": "acme"})
    assert priced is not None
    assert (priced.observation, priced.source) == ("ACME: 12.50", None)


@pytest.mark.parametrize(
    ("steps", "message"),
    [
        ([{"args": {}, "observation": ""}], "task 'b1' step 0: missing 'action'"),
        ([search("x", "y"), {"action": "weather", "args": ["Lisbon"], "observation": ""}], "task 'b1' step 1: 'args'"),
        ([{"action": "weather", "observation": "x"}], "task 'b1' step 0: 'args' must be an object"),
        ([{"action": "weather", "args": {"place": []}, "observation": "x"}], "step 0 arg 'place': expected text"),
        ([{"action": "weather", "args": {"place": {"a": 1}}, "observation": "x"}], "step 0 arg 'place'"),
        ([{"action": "weather", "args": {}}], "task 'b1' step 0: 'observation' must be text, got nothing"),
        ([{"action": "weather", "args": {}, "observation": "x", "answer": 3}], "step 0: 'answer' must be text"),
        ([{"action": "weather", "args": {}, "observation": "x", "ok": "yes"}], "step 0: 'ok' must be true or false"),
        (["weather"], "task 'b1' step 0: a step must be an object"),
    ],
)
def test_malformed_steps_are_named_by_task_and_step(tmp_path: Path, steps: list[object], message: str) -> None:
    path = write_suite(tmp_path, task("ok1", search("x", "y")), {"id": "b1", "steps": steps})
    with pytest.raises(ReplayError, match="^" + re.escape(str(path))) as caught:
        ReplayBook.from_suite(path)
    assert message in str(caught.value)
    assert isinstance(caught.value, ConfigError)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('{"tasks": [{"steps": []}]}', "tasks[0] needs a text 'id'"),
        ('{"tasks": [{"id": "b2", "steps": {}}]}', "task 'b2': 'steps' must be a list"),
        ('{"version": 1}', "expected an object with a 'tasks' list"),
        ('{"tasks": [', "not a JSON suite file"),
    ],
)
def test_malformed_files_say_what_is_wrong(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "suite.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(ReplayError, match=re.escape(message)):
        ReplayBook.from_suite(path)


def test_a_missing_file_names_the_path(tmp_path: Path) -> None:
    with pytest.raises(ReplayError, match=r"cannot read suite file .*nope\.json.*check the path"):
        ReplayBook.from_suite(tmp_path / "nope.json")


def test_a_persons_offline_run_says_when_each_replayed_result_was_recorded_and_what_offline_can_answer() -> None:
    book = ReplayBook.from_suite(demo_suite_path())
    assert book.recorded_at == "2026-09-24T12:00:00Z"
    dated = replay_runner(book, "weather", dated=True)
    ctx = ToolContext(now=datetime(2026, 12, 1, tzinfo=UTC))
    found = dated({"place": "Lisbon", "when": "tomorrow"}, ctx)
    assert found.observation.endswith("(recorded 2026-09-24, replayed offline)")
    assert found.answer.endswith("(recorded 2026-09-24, replayed offline)")
    plain = replay_runner(book, "weather")({"place": "Lisbon", "when": "tomorrow"}, ctx)
    assert "recorded 2026" not in plain.observation  # the evaluator compares the recorded text itself
    missing = dated({"place": "Oslo", "when": "tomorrow"}, ctx)
    assert not missing.ok
    assert missing.observation == (
        "no recorded observation for weather(place='Oslo', when='tomorrow'); offline, only the recorded goals have "
        "answers (`decisionloop demo` runs them), or leave out --offline"
    )
