"""The BFCL adapter on hand-written items shaped like bfcl-eval's JSON lines: loading, tools, scoring, the CLI."""

from __future__ import annotations

import importlib.util
import json
from collections.abc import Mapping
from datetime import UTC, datetime
from importlib.machinery import ModuleSpec
from pathlib import Path

import pytest
from click.testing import CliRunner

from decisionloop.backends.scripted import ScriptedBackend
from decisionloop.cli.bench import bench
from decisionloop.core.backend import DecisionRequest
from decisionloop.core.questions import ChoiceQuestion, NoulQuestion, ScoreQuestion
from decisionloop.core.tool import ToolContext
from decisionloop.evaluate.bfcl import bfcl_tool, run_bfcl
from decisionloop.evaluate.bfcl_data import BfclDataError, bfcl_data_dir, load_bfcl
from decisionloop.evaluate.bfcl_score import (
    ArgRecord,
    BfclRecord,
    arg_accuracy,
    by_category,
    call_rate,
    figures,
    median_ms,
    not_extractable,
    relevance,
    tool_accuracy,
)
from decisionloop.extract import accepted_kinds
from decisionloop.gold.accept import accepts, numbers, occurs
from decisionloop.tools.schema import TEXT_KINDS

TRIANGLE = {
    "name": "calculate_triangle_area",
    "description": "Calculate the area of a triangle given its base and height.",
    "parameters": {
        "type": "dict",
        "properties": {
            "base": {"type": "integer", "description": "The base of the triangle."},
            "height": {"type": "integer", "description": "The height of the triangle."},
            "unit": {"type": "string", "description": "The unit of measure (defaults to 'units' if not specified)"},
        },
        "required": ["base", "height"],
    },
}
WEATHER = {
    "name": "weather.get",
    "description": "Get the current weather and a forecast for a city.",
    "parameters": {
        "type": "dict",
        "properties": {
            "location": {"type": "string", "description": "The city, e.g. Boston."},
            "unit": {"type": "string", "enum": ["celsius", "fahrenheit"], "description": "The temperature unit."},
            "days": {"type": "integer", "description": "How many days to forecast."},
            "detailed": {"type": "boolean", "description": "Whether to add hourly detail.", "default": False},
            "tags": {"type": "array", "items": {"type": "string"}, "description": "Labels to attach."},
        },
        "required": ["location", "unit", "days"],
    },
}
CURRENCY = {
    "name": "currency.convert",
    "description": "Convert an amount of money from one currency to another.",
    "parameters": {
        "type": "dict",
        "properties": {"amount": {"type": "float", "description": "The amount to convert."}},
        "required": ["amount"],
    },
}
SIMPLE_Q = "Find the area of a triangle with a base of 10 units and height of 5 units."
MULTIPLE_Q = "What's the weather in Paris in celsius?"
IRRELEVANT_Q = "Who wrote the novel War and Peace?"


def _turns(text: str) -> list[list[dict[str, str]]]:
    return [[{"role": "user", "content": text}]]


ITEMS: dict[str, list[dict[str, object]]] = {
    "simple_python": [{"id": "simple_python_0", "question": _turns(SIMPLE_Q), "function": [TRIANGLE]}],
    "multiple": [{"id": "multiple_0", "question": _turns(MULTIPLE_Q), "function": [TRIANGLE, WEATHER, CURRENCY]}],
    "irrelevance": [{"id": "irrelevance_0", "question": _turns(IRRELEVANT_Q), "function": [TRIANGLE]}],
}
ANSWERS: dict[str, list[dict[str, object]]] = {
    "simple_python": [
        {
            "id": "simple_python_0",
            "ground_truth": [{"calculate_triangle_area": {"base": [10], "height": [5], "unit": ["units", ""]}}],
        }
    ],
    "multiple": [
        {
            "id": "multiple_0",
            "ground_truth": [
                {
                    "weather.get": {
                        "location": ["Paris", "Paris, France"],
                        "unit": ["celsius"],
                        "days": [7],
                        "detailed": ["", False],
                    }
                }
            ],
        }
    ],
}


def _lines(rows: list[dict[str, object]]) -> str:
    return "".join(json.dumps(row) + "\n" for row in rows)


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    """A directory laid out like ``bfcl_eval/data``."""
    (tmp_path / "possible_answer").mkdir()
    for category, rows in ITEMS.items():
        (tmp_path / f"BFCL_v4_{category}.json").write_text(_lines(rows), encoding="utf-8")
    for category, rows in ANSWERS.items():
        (tmp_path / "possible_answer" / f"BFCL_v4_{category}.json").write_text(_lines(rows), encoding="utf-8")
    return tmp_path


# --- loading --------------------------------------------------------------------------------------------------


def test_items_load_with_their_accepted_call(data_dir: Path) -> None:
    [simple] = load_bfcl("simple_python", data_dir)
    assert simple.question == SIMPLE_Q
    assert [f.name for f in simple.functions] == ["calculate_triangle_area"]
    assert simple.functions[0].required == ("base", "height")
    assert simple.gold is not None
    assert simple.gold.function == "calculate_triangle_area"
    unit = simple.gold.args[2]
    assert (unit.name, unit.accepted, unit.optional) == ("unit", ("units", ""), True)
    assert not simple.gold.args[0].optional
    [irrelevant] = load_bfcl("irrelevance", data_dir)
    assert irrelevant.gold is None


def test_the_question_is_every_user_message(data_dir: Path) -> None:
    turns = [
        [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "Hi."}],
        [{"role": "user", "content": "Who wrote it?"}],
    ]
    row: dict[str, object] = {"id": "irrelevance_0", "question": turns, "function": []}
    (data_dir / "BFCL_v4_irrelevance.json").write_text(_lines([row]), encoding="utf-8")
    [item] = load_bfcl("irrelevance", data_dir)
    assert item.question == "Hi.\nWho wrote it?"
    assert item.functions == ()


@pytest.mark.parametrize(
    ("category", "file", "text", "message"),
    [
        ("multiple", "BFCL_v4_multiple.json", "{not json\n", "BFCL_v4_multiple.json:1: not a JSON line"),
        ("multiple", "BFCL_v4_multiple.json", "[1]\n", "BFCL_v4_multiple.json:1: each line must be a JSON object"),
        ("irrelevance", "BFCL_v4_irrelevance.json", '\n{"id": "", "function": []}\n', ":2: 'id' must be a non-empty"),
        (
            "irrelevance",
            "BFCL_v4_irrelevance.json",
            _lines([{"id": "i", "question": [[{"role": "system", "content": "x"}]], "function": []}]),
            ":1: 'question' has no user message",
        ),
        (
            "multiple",
            "BFCL_v4_multiple.json",
            _lines([{"id": "multiple_9", "question": _turns("q"), "function": []}]),
            "BFCL_v4_multiple.json:1: item 'multiple_9' has no possible answer",
        ),
        (
            "multiple",
            "possible_answer/BFCL_v4_multiple.json",
            _lines([{"id": "multiple_0", "ground_truth": [{"a": {}}, {"b": {}}]}]),
            "possible_answer/BFCL_v4_multiple.json:1: 'ground_truth' must hold exactly one call",
        ),
        (
            "multiple",
            "possible_answer/BFCL_v4_multiple.json",
            _lines([{"id": "multiple_0", "ground_truth": [{"weather.get": {"unit": "celsius"}}]}]),
            "the arguments of 'weather.get' must map each name to a list",
        ),
        (
            "multiple",
            "BFCL_v4_multiple.json",
            _lines(
                [
                    {
                        "id": "multiple_0",
                        "question": _turns("q"),
                        "function": [{"name": "f", "parameters": {"properties": {"x": {"enum": "ab"}}}}],
                    }
                ]
            ),
            "BFCL_v4_multiple.json:1 function 0 parameter 'x': 'enum' must be a list",
        ),
    ],
)
def test_malformed_lines_name_the_file_and_line(
    data_dir: Path, category: str, file: str, text: str, message: str
) -> None:
    (data_dir / file).write_text(text, encoding="utf-8")
    with pytest.raises(BfclDataError) as info:
        load_bfcl(category, data_dir)
    assert message in str(info.value)


def test_an_unknown_category_lists_the_known_ones(data_dir: Path) -> None:
    with pytest.raises(BfclDataError) as info:
        load_bfcl("simple_java", data_dir)
    assert "unknown BFCL category 'simple_java'; known: simple_python, multiple, irrelevance, live_simple" in str(
        info.value
    )


def test_a_missing_file_says_how_to_get_it(tmp_path: Path) -> None:
    with pytest.raises(BfclDataError) as info:
        load_bfcl("multiple", tmp_path)
    assert "cannot read BFCL file" in str(info.value)
    assert "pip install --no-deps bfcl-eval" in str(info.value)


def test_without_the_package_the_message_gives_the_install_command(monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.util.find_spec

    def find_spec(name: str, package: str | None = None) -> ModuleSpec | None:
        return None if name == "bfcl_eval" else real(name, package)

    monkeypatch.setattr(importlib.util, "find_spec", find_spec)
    with pytest.raises(BfclDataError) as info:
        bfcl_data_dir()
    assert "install it with `pip install --no-deps bfcl-eval`" in str(info.value)


# --- tools ----------------------------------------------------------------------------------------------------


def test_each_function_becomes_a_tool_with_a_typed_slot_per_parameter(data_dir: Path) -> None:
    [item] = load_bfcl("multiple", data_dir)
    tool = bfcl_tool(item.functions[1])
    assert (tool.id, tool.description) == ("weather.get", WEATHER["description"])
    assert [s.name for s in tool.slots] == ["location", "unit", "days", "detailed", "tags"]
    location, unit, days, detailed, tags = tool.slots
    assert (location.kinds, location.instruction, location.type) == (
        TEXT_KINDS,
        "The city, e.g. Boston. (location)",
        "string",
    )
    assert ([o.name for o in unit.fixed], unit.type) == (["celsius", "fahrenheit"], "enum")
    assert (days.type, days.kinds) == ("integer", ())  # the extractor offers what reads as an integer
    assert accepted_kinds(days) == ("number", "percent", "money", "quantity")
    assert ([o.name for o in detailed.fixed], detailed.type, detailed.default) == (
        ["true", "false"],
        "boolean",
        "false",
    )
    assert (tags.type, tags.item, tags.kinds) == ("list", "string", TEXT_KINDS)
    assert [s.required for s in tool.slots] == [True, True, True, False, False]
    assert not tool.run({}, ToolContext(now=datetime(2026, 1, 1, tzinfo=UTC))).ok


# --- scoring --------------------------------------------------------------------------------------------------


def test_values_occur_and_match_by_number_or_normalised_text() -> None:
    assert numbers("sides 1,200 and -3.5, dated 2024-03-01") == [1200.0, -3.5, 2024.0, 3.0, 1.0]
    assert [occurs(10, "a base of 10 units"), occurs(2.5, "2.50 kg"), occurs(1, "10 units")] == [True, True, False]
    assert [occurs("New York", "weather in new york, please"), occurs("York", "Yorkshire")] == [True, False]
    assert [occurs("", "anything"), occurs(True, "true"), occurs([], "1")] == [False, False, False]
    # a list occurs when every item does, and matches item by item in order, however it is written
    assert [occurs([12, 24], "values 12 and 24"), occurs([12, 25], "values 12 and 24")] == [True, False]
    assert [accepts([12, 24], "[12, 24]"), accepts([12, 24], "12 and 24"), accepts([12, 24], "[24, 12]")] == [
        True,
        True,
        False,
    ]
    assert [accepts(["Vegan"], '["vegan"]'), accepts(["Vegan"], "vegan food"), accepts([1.0], "[1, 2]")] == [
        True,
        False,
        False,
    ]
    assert [accepts(10, "10 units"), accepts(10, "10 by 5"), accepts(10, "NONE")] == [True, False, False]
    assert [accepts("Paris, France", "paris france"), accepts(False, "false"), accepts(True, "1")] == [
        True,
        True,
        False,
    ]


def _arg(*accepted: object, picked: str | None, extractable: bool = True, offered: bool = True) -> ArgRecord:
    optional = any(v is None or v == "" for v in accepted)
    return ArgRecord(
        name="x", accepted=accepted, optional=optional, extractable=extractable, offered=offered, picked=picked
    )


def _record(
    gold: str | None,
    picked: str | None,
    *,
    calls: bool = True,
    several: bool = True,
    args: tuple[ArgRecord, ...] = (),
    category: str = "multiple",
) -> BfclRecord:
    return BfclRecord(
        id="r",
        category=category,
        gold=gold,
        calls=calls,
        picked=picked,
        several=several,
        args=args,
        automatic=False,
        latencies_ms=(1.0, 3.0),
    )


def test_tool_selection_counts_only_items_with_a_choice_to_make() -> None:
    records = [_record("f", "f"), _record("f", "g"), _record("f", "f", several=False), _record(None, "f")]
    assert tool_accuracy(records) == 0.5
    assert tool_accuracy([_record("f", "f", several=False)]) is None


def test_relevance_and_call_rate_read_whether_a_function_or_none_was_picked() -> None:
    records = [_record(None, None, calls=False), _record(None, "f"), _record("f", None, calls=False)]
    assert relevance(records) == 0.5
    assert call_rate(records) == 0.0
    assert relevance([_record("f", "f")]) is None


def test_arguments_are_scored_when_extractable_and_the_function_is_right() -> None:
    right = _record(
        "f",
        "f",
        args=(
            _arg(10, picked="10 units"),
            _arg("units", "", picked=None),
            _arg("celsius", picked="fahrenheit"),
            _arg(7, picked=None, extractable=False),
        ),
    )
    wrong_tool = _record("f", "g", args=(_arg(5, picked=None),))
    assert arg_accuracy([right, wrong_tool]) == pytest.approx(2 / 3)
    assert not_extractable([right, wrong_tool]) == pytest.approx(1 / 4)
    assert arg_accuracy([wrong_tool]) is None


def test_figures_per_category_and_overall() -> None:
    records = [_record("f", "f", category="multiple"), _record(None, None, calls=False, category="irrelevance")]
    table = by_category(records)
    assert list(table) == ["multiple", "irrelevance", "overall"]
    assert table["overall"] == figures(records)
    assert (table["irrelevance"].relevance, table["irrelevance"].tool_acc) == (1.0, None)
    assert median_ms(records) == 2.0
    assert median_ms([]) is None


# --- end to end -----------------------------------------------------------------------------------------------

Picks = Mapping[str, str | float]


def _answers_for(request: DecisionRequest, picks: Picks) -> dict[str, object]:
    """A sure answer per question: the picked option when offered (else the last), the given probability."""
    answers: dict[str, object] = {}
    for qid, question in request.questions.items():
        want = picks.get(qid)
        match question:
            case ChoiceQuestion(names=names):
                choice = want if isinstance(want, str) and want in names else names[-1]
                rest = 0.04 / (len(names) - 1)
                answers[qid] = {"choice": choice, "probabilities": {n: 0.96 if n == choice else rest for n in names}}
            case NoulQuestion():
                answers[qid] = {"noul": want if isinstance(want, float) else 0.95}
            case ScoreQuestion(levels=levels):
                answers[qid] = {"probabilities": {str(i): 1.0 if i == 0 else 0.0 for i in range(len(levels))}}
    return answers


PICKS: dict[str, Picks] = {
    SIMPLE_Q: {"tool": "calculate_triangle_area", "arg:base": "10", "arg:height": "5"},
    MULTIPLE_Q: {"tool": "weather.get", "arg:location": "Paris", "arg:unit": "celsius", "arg:detailed": "true"},
    IRRELEVANT_Q: {"needs_tool": 0.1, "tool": "NONE"},
}


def _by_goal(request: DecisionRequest) -> Mapping[str, object]:
    assert isinstance(request.state, Mapping)
    return {"answers": _answers_for(request, PICKS[str(request.state["goal"])])}


def test_a_scripted_run_gives_the_expected_figures(data_dir: Path) -> None:
    items = [i for c in ("simple_python", "multiple", "irrelevance") for i in load_bfcl(c, data_dir)]
    seen: list[str] = []
    records = run_bfcl(items, ScriptedBackend(_by_goal), on_item=lambda r: seen.append(r.id))
    assert seen == ["simple_python_0", "multiple_0", "irrelevance_0"]
    simple, multiple, irrelevant = records
    assert (simple.picked, simple.several, multiple.picked, irrelevant.calls) == (
        "calculate_triangle_area",
        False,
        "weather.get",
        False,
    )
    assert {a.name: a.picked for a in multiple.args} == {
        "location": "Paris",
        "unit": "celsius",
        "days": None,
        "detailed": None,  # the question says nothing of detail: not offered, left out (its default applies)
    }
    overall = by_category(records)["overall"]
    assert (overall.tool_acc, overall.call_rate, overall.relevance) == (1.0, 1.0, 1.0)
    # scored: base, height, unit (left out, may be) | location, unit, detailed (left out, may be)
    assert overall.args_scored == 6
    assert overall.arg_acc == 1.0
    # required: base, height, location, unit, days — the question never says 7 days
    assert overall.not_extractable == pytest.approx(1 / 5)
    assert overall.extractor_recall == 1.0
    # NONE for the optional unit (simple) leaves it out, so the item is automatic; multiple is not, as the
    # required days has no candidate (the loop's gate holds such a step)
    assert [r.automatic for r in records] == [True, False, True]
    assert overall.auto_share == pytest.approx(2 / 3)


# --- command line ---------------------------------------------------------------------------------------------


def test_the_command_prints_a_row_per_category_and_writes_json(data_dir: Path, tmp_path: Path) -> None:
    out = tmp_path / "bfcl.json"
    args = ["bfcl", "--data-dir", str(data_dir), "--json", str(out), "--limit", "1", "--decisions", "rules"]
    result = CliRunner().invoke(bench, args)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith(f"BFCL v4 ({data_dir}) · backend rule-judge")
    assert [line.split()[0] for line in lines[2:6]] == ["simple_python", "multiple", "irrelevance", "overall"]
    assert "rule judge" in result.stderr
    saved = json.loads(out.read_text(encoding="utf-8"))
    assert set(saved) >= {"benchmark", "source", "backend", "held_out", "categories", "overall", "records"}
    assert saved["overall"]["items"] == 3
    assert saved["categories"]["irrelevance"]["tool_acc"] is None
    assert {r["id"] for r in saved["records"]} == {"simple_python_0", "multiple_0", "irrelevance_0"}


def test_held_out_categories_are_flagged(data_dir: Path) -> None:
    (data_dir / "BFCL_v4_live_irrelevance.json").write_text(
        _lines([{"id": "live_irrelevance_0-0-0", "question": _turns(IRRELEVANT_Q), "function": [CURRENCY]}]),
        encoding="utf-8",
    )
    result = CliRunner().invoke(bench, ["bfcl", "--data-dir", str(data_dir), "--categories", "live_irrelevance"])
    assert result.exit_code == 0, result.output
    assert "held out: live_irrelevance — report these figures, never tune on them" in result.stderr


def test_a_bad_category_fails_cleanly(data_dir: Path) -> None:
    result = CliRunner().invoke(bench, ["bfcl", "--data-dir", str(data_dir), "--categories", "multiple,simple"])
    assert result.exit_code == 1
    assert result.stderr.startswith("error: unknown BFCL category 'simple'; known: simple_python")
