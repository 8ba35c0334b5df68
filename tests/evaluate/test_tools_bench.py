"""``bench tools``: items read from JSONL (and their errors), decided with a scripted backend, totals, the CLI."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import replace
from datetime import date
from pathlib import Path

import pytest
from click.testing import CliRunner

from decisionloop.backends.scripted import ScriptedBackend
from decisionloop.cli.bench import bench
from decisionloop.core.backend import DecisionRequest
from decisionloop.core.questions import ChoiceQuestion
from decisionloop.evaluate.tools_bench import run_tools
from decisionloop.evaluate.tools_score import report_lines, right, totals
from decisionloop.gold.tools_items import ExpectedCall, ToolsDataError, load_items
from tests.support.loop import Picks, answers_for

WEATHER = {
    "name": "weather",
    "description": "Get the weather for a city.",
    "parameters": {
        "type": "object",
        "properties": {
            "city": {"type": "string", "description": "The city."},
            "unit": {"type": "string", "enum": ["celsius", "fahrenheit"]},
        },
        "required": ["city"],
    },
}
ROLL = {
    "type": "function",
    "function": {
        "name": "roll",
        "description": "Roll a die with a number of sides.",
        "parameters": {"type": "object", "properties": {"sides": {"type": "integer"}}, "required": ["sides"]},
    },
}
PARIS = "What is the weather in Paris in celsius?"
ROME = "What is the weather in Rome?"
DICE = "Roll the dice for me"
THANKS = "thanks!"
OSLO = "Weather in Oslo please"
ITEMS: list[dict[str, object]] = [
    {
        "id": "paris",
        "messages": [{"role": "system", "content": "Be brief."}, {"role": "user", "content": PARIS}],
        "tools": [WEATHER, ROLL],
        "expected": {"name": "weather", "arguments": {"city": "Paris", "unit": "celsius"}},
    },
    {"id": "rome", "question": ROME, "tools": [WEATHER, ROLL], "expected": {"name": "weather", "arguments": {}}},
    {"id": "dice", "question": DICE, "tools": [ROLL], "expected": "ask"},
    {"id": "thanks", "question": THANKS, "tools": [WEATHER], "expected": "none"},
    {"id": 5, "question": OSLO, "tools": [WEATHER]},
]
PICKS: dict[str, Picks] = {
    PARIS: {"tool": "weather", "arg:city": "Paris", "arg:unit": "celsius"},
    ROME: {"tool": "roll"},
    DICE: {},
    THANKS: {"needs_tool": 0.1, "tool": "NONE"},
    OSLO: {"arg:city": "Oslo"},
}


def _backend() -> ScriptedBackend:
    def respond(request: DecisionRequest) -> Mapping[str, object]:
        assert isinstance(request.state, Mapping)
        return {"answers": answers_for(request, PICKS[str(request.state["goal"])])}

    return ScriptedBackend(respond)


def _write(path: Path, rows: list[dict[str, object]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


@pytest.fixture
def items_file(tmp_path: Path) -> Path:
    return _write(tmp_path / "items.jsonl", ITEMS)


def test_items_load_with_their_tools_and_expectations(items_file: Path) -> None:
    paris, _rome, dice, thanks, oslo = load_items(items_file)
    assert (paris.question, [t.id for t in paris.tools]) == (PARIS, ["weather", "roll"])
    assert paris.expected == ExpectedCall(name="weather", arguments={"city": "Paris", "unit": "celsius"})
    assert paris.tools[1].slot("sides").type == "integer"
    assert [i.expected_kind for i in (paris, dice, thanks, oslo)] == ["call", "ask", "none", None]
    assert oslo.id == "5"


def test_a_scripted_run_gives_the_expected_decisions_and_totals(items_file: Path) -> None:
    records = run_tools(load_items(items_file), _backend(), today=date(2026, 12, 1))
    paris, rome, dice, thanks, oslo = records
    assert [r.decision for r in records] == ["call", "ask", "ask", "none", "call"]
    assert (paris.tool, paris.arguments, paris.held) == ("weather", {"city": "Paris", "unit": "celsius"}, False)
    assert (rome.tool, dice.missing, dice.held, oslo.arguments) == ("roll", ("sides",), False, {"city": "Oslo"})
    # thanks: NONE picked, so no argument is asked (weather's city would have had no candidate)
    assert (thanks.tool, thanks.missing, thanks.held) == (None, (), False)
    assert [right(r) for r in records] == [True, False, True, True, None]
    probabilities = paris.decisions[1]["answers"]
    assert isinstance(probabilities, dict)
    assert probabilities["tool"]["probabilities"]["weather"] == 0.96
    total = totals(records)
    assert (total.items, total.expected) == (5, 4)
    assert (total.decision_acc, total.call_rate, total.tool_acc) == (0.75, 1.0, 0.5)
    assert (total.relevance, total.no_call, total.ask_recall) == (1.0, 1.0, 1.0)
    assert (total.arg_acc, total.args_scored, total.offered) == (1.0, 2, 1.0)
    # nothing held; rome's "ask" (the wrong tool, whose value is missing) is the one automatic mistake
    assert (total.auto_share, total.auto_error) == (1.0, 0.25)
    assert report_lines(total, "t")[1].startswith("items 5  expected 4  decision_acc 0.750")
    # asking for a value on an item no tool fits makes no call (BFCL counts it right) but does not recognise it
    asked = totals([*records[:3], replace(thanks, decision="ask", tool="weather"), oslo])
    assert (asked.relevance, asked.no_call) == (0.0, 1.0)
    called = totals([replace(thanks, decision="call", tool="weather")])
    assert (called.relevance, called.no_call) == (0.0, 0.0)


@pytest.mark.parametrize(("needs_tool", "held"), [(0.1, False), (0.9, True)])
def test_a_none_under_its_own_gate_is_held_unless_needs_tool_agrees(
    tmp_path: Path, needs_tool: float, held: bool
) -> None:
    def respond(request: DecisionRequest) -> Mapping[str, object]:
        answers = answers_for(request, {"needs_tool": needs_tool})
        if "tool" in request.questions:
            answers["tool"] = {"choice": "NONE", "probabilities": {"NONE": 0.97, "weather": 0.03}}
        return {"answers": answers}

    path = _write(tmp_path / "i.jsonl", [{"id": "t", "question": THANKS, "tools": [WEATHER], "expected": "none"}])
    (record,) = run_tools(load_items(path), ScriptedBackend(respond), today=date(2026, 12, 1))
    assert (record.decision, record.held) == ("none", held)


def test_the_command_prints_totals_and_writes_each_record(items_file: Path, tmp_path: Path) -> None:
    out, saved = tmp_path / "out.jsonl", tmp_path / "all.json"
    args = ["tools", str(items_file), "--decisions", "rules", "--out", str(out), "--json", str(saved), "--limit", "4"]
    result = CliRunner().invoke(bench, args)
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("bench tools · items.jsonl · backend rule-judge")
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [r["id"] for r in rows] == ["paris", "rome", "dice", "thanks"]
    assert set(rows[0]) >= {"decision", "tool", "arguments", "held", "decisions", "latency_ms"}
    whole = json.loads(saved.read_text(encoding="utf-8"))
    assert whole["totals"]["items"] == 4
    assert len(whole["records"]) == 4


BAD: list[tuple[str, str]] = [
    ("{not json", ":1: not a JSON line (Expecting property name enclosed in double quotes at column 2)"),
    ("[1, 2]", ":1: each line must be a JSON object, got list"),
    ('{"question": "q", "tools": []}', ":1: 'id' must be a non-empty text or a number, got None"),
    ('{"id": "a", "tools": [{"name": "f"}]}', ":1: give exactly one of 'messages' (a chat) or 'question' (a text)"),
    ('{"id": "a", "question": "q", "messages": [], "tools": [{"name": "f"}]}', ":1: give exactly one of"),
    ('{"id": "a", "messages": [{"role": "assistant", "content": "hi"}], "tools": [{"name": "f"}]}', "no user message"),
    ('{"id": "a", "question": "q", "tools": {}}', ":1: 'tools' must be a list of functions, got {}"),
    ('{"id": "a", "question": "q", "tools": [{"name": "f"}, {"name": "f"}]}', "tools ['f'] are offered twice"),
    (
        '{"id": "a", "question": "q", "tools": [{"name": "f", "parameters": {"properties": {"x": {"type": "str1"}}}}]}',
        ":1: tool 0: function 'f' parameter 'x': unknown type 'str1'",
    ),
    ('{"id": "a", "question": "q", "tools": [{"name": "f"}], "expected": "maybe"}', "'expected' must be a call"),
    (
        '{"id": "a", "question": "q", "tools": [{"name": "f"}], "expected": {"name": "g"}}',
        "the expected call names 'g', which is not offered; tools: f",
    ),
    (
        '{"id": "a", "question": "q", "tools": [{"name": "f"}], "expected": {"name": "f", "arguments": {"x": 1}}}',
        "expected arguments ['x'] are not parameters of 'f': []",
    ),
]


@pytest.mark.parametrize(("line", "message"), BAD)
def test_bad_lines_name_the_line_and_what_is_wrong(tmp_path: Path, line: str, message: str) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(line + "\n", encoding="utf-8")
    with pytest.raises(ToolsDataError) as caught:
        load_items(path)
    assert str(caught.value).startswith(str(path))
    assert message in str(caught.value)


def test_a_repeated_id_and_an_empty_file_are_errors(tmp_path: Path) -> None:
    path = _write(tmp_path / "twice.jsonl", [ITEMS[3], {}, ITEMS[3]][::2])
    with pytest.raises(ToolsDataError, match=r"twice.jsonl:2: the id 'thanks' is already used on line 1"):
        load_items(path)
    (tmp_path / "empty.jsonl").write_text("\n\n", encoding="utf-8")
    with pytest.raises(ToolsDataError, match="no items; write one JSON object a line"):
        load_items(tmp_path / "empty.jsonl")


def test_the_command_reports_a_bad_line_cleanly(tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps(ITEMS[3]) + "\n{oops\n", encoding="utf-8")
    result = CliRunner().invoke(bench, ["tools", str(path), "--decisions", "rules"])
    assert result.exit_code == 1
    assert result.stderr.startswith(f"error: {path}:2: not a JSON line")


def test_an_item_offering_no_tool_is_none_without_a_tool_choice(tmp_path: Path) -> None:
    path = _write(tmp_path / "bare.jsonl", [{"id": "bare", "question": THANKS, "tools": [], "expected": "none"}])
    [record] = run_tools(load_items(path), _backend(), today=date(2026, 12, 1))
    assert (record.decision, record.tool, record.held, record.offered_tools) == ("none", None, False, 0)
    assert [d["block"] for d in record.decisions] == ["needs_tool"]


def test_accepted_values_come_from_accepted_even_when_empty() -> None:
    call = ExpectedCall(name="f", arguments={"a": 1}, accepted={"b": (), "c": ("x", "")})
    assert call.accepted_values() == {"a": (1,), "b": (), "c": ("x", "")}


def test_an_argument_is_judged_by_the_value_the_call_carries(tmp_path: Path) -> None:
    goal = "Roll a die with twelve sides"
    item: dict[str, object] = {
        "id": "d12",
        "question": goal,
        "tools": [ROLL],
        "expected": {"name": "roll", "arguments": {"sides": 12}},
    }

    def respond(request: DecisionRequest) -> Mapping[str, object]:
        return {"answers": answers_for(request, {"tool": "roll", "arg:sides": "twelve"})}

    [record] = run_tools(
        load_items(_write(tmp_path / "d12.jsonl", [item])), ScriptedBackend(respond), today=date(2026, 12, 1)
    )
    assert record.arguments == {"sides": 12}
    [arg] = record.args
    assert arg.picked == "12"  # "twelve" read as the integer slot's value, as the call sends it
    assert arg.offered  # and so is the option, when the right value is counted as offered
    assert right(record) is True


def test_a_number_slot_s_gold_written_as_text_is_read_as_the_number(tmp_path: Path) -> None:
    # Seal-Tools writes every gold value as a string: "38.0" for a number the call carries as 38
    report = {
        "name": "tax_report",
        "description": "Generate a tax report for an income.",
        "parameters": {"type": "object", "properties": {"income": {"type": "number"}}, "required": ["income"]},
    }
    goal = "Generate a tax report for an income of $38.0."
    item: dict[str, object] = {
        "id": "tax",
        "question": goal,
        "tools": [report],
        "expected": {"name": "tax_report", "arguments": {"income": "38.0"}},
    }

    def respond(request: DecisionRequest) -> Mapping[str, object]:
        return {"answers": answers_for(request, {"tool": "tax_report", "arg:income": "38.0"})}

    [record] = run_tools(
        load_items(_write(tmp_path / "t.jsonl", [item])), ScriptedBackend(respond), today=date(2026, 12, 1)
    )
    assert record.arguments == {"income": 38}
    assert record.args[0].offered
    assert right(record) is True


@pytest.mark.parametrize(("none", "held"), [(0.96, False), (0.6, True)])
def test_a_required_value_none_of_the_candidates_is_an_ask_held_unless_sure(
    tmp_path: Path, none: float, held: bool
) -> None:
    def respond(request: DecisionRequest) -> Mapping[str, object]:
        answers = answers_for(request, {"tool": "weather"})
        city = request.questions.get("arg:city")
        if isinstance(city, ChoiceQuestion):  # "Bob" is offered for the city; none of them is one
            others = [o.name for o in city.options if o.name != "NONE"]
            rest = dict.fromkeys(others, (1.0 - none) / len(others))
            answers["arg:city"] = {"choice": "NONE", "probabilities": {"NONE": none} | rest}
        return {"answers": answers}

    question = "What is the weather for Bob's trip?"
    path = _write(tmp_path / "i.jsonl", [{"id": "b", "question": question, "tools": [WEATHER], "expected": "ask"}])
    (record,) = run_tools(load_items(path), ScriptedBackend(respond), today=date(2026, 12, 1))
    assert (record.decision, record.tool, record.missing, record.held) == ("ask", "weather", ("city",), held)
    assert "city" not in record.arguments
