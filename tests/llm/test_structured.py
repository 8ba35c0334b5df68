"""Structured replies: the planner's and the stop check's JSON Schemas, the probe of a real server on loopback
(remembered per base URL), the modes, and replies cut at max_tokens."""

from __future__ import annotations

import json
from collections.abc import Mapping

import jsonschema
import pytest

from decisionloop.core.errors import ConfigError, GeneratorError
from decisionloop.core.records import Call
from decisionloop.core.tool import Slot, Tool, ToolContext, ToolResult
from decisionloop.llm.chat import (
    ChatMessage,
    HttpChat,
    Structured,
    parse_structured,
    structured_form,
    structured_unsupported,
)
from decisionloop.llm.planner import PLAN_MAX_TOKENS, PlannerInput, plan, stop_check
from decisionloop.llm.schemas import plan_schema, slot_schema, stop_schema
from decisionloop.tools.catalog import SPECS
from tests.support.loopback import LoopbackServer, StartLoopback
from tests.support.openai import completion, llama_cpp_python_refusal, rejected_field


def _not_run(args: Mapping[str, str], ctx: ToolContext) -> ToolResult:
    raise AssertionError("the planner never runs tools")


TOOLS: tuple[Tool, ...] = tuple(s.bind(_not_run) for s in SPECS)
HELD = PlannerInput(goal="What is 7,200 divided by 16?", tools=TOOLS, suggestions=(("calculator", 0.52),))
CALC = json.dumps({"action": "calculator", "args": {"expression": "7200 / 16"}, "reason": "arithmetic"})
MESSAGES = (ChatMessage(role="user", content="Is Oslo in Norway?"),)


def _chat(server: LoopbackServer, structured: Structured = "auto") -> HttpChat:
    return HttpChat(base_url=f"{server.url}/v1", model="smollm2", structured=structured)


def _body(server: LoopbackServer, index: int) -> dict[str, object]:
    body = server.received[index].body
    assert isinstance(body, dict)
    return body


# --- the schemas ------------------------------------------------------------------------------------------


def test_the_plan_schema_offers_each_tool_and_finish_with_its_own_typed_arguments() -> None:
    schema = plan_schema(TOOLS).schema
    jsonschema.Draft202012Validator.check_schema(schema)
    branches = schema["anyOf"]
    assert isinstance(branches, list)
    actions = [b["properties"]["action"]["enum"] for b in branches]
    assert actions == [[t.id] for t in TOOLS if t.id != "FINISH"] + [["FINISH"]]
    valid = jsonschema.Draft202012Validator(schema)
    assert valid.is_valid(json.loads(CALC))
    assert valid.is_valid({"action": "FINISH", "args": {}, "reason": "done"})
    assert valid.is_valid({"action": "ask_user", "args": {"question": "Which Paris?"}, "reason": "unclear"})
    assert valid.is_valid(
        {"action": "clock", "args": {"place": None, "offset": None, "at": None}, "reason": "local time"}
    )
    # Another tool's arguments, an option that is not one, an action not offered: none is a valid reply.
    assert not valid.is_valid({"action": "calculator", "args": {"place": "Oslo", "when": "today"}, "reason": ""})
    assert not valid.is_valid({"action": "weather", "args": {"place": "Oslo", "when": "someday"}, "reason": ""})
    assert not valid.is_valid({"action": "teleport", "args": {}, "reason": ""})
    assert not valid.is_valid({"action": "wiki_lookup", "args": {"topic": ""}, "reason": ""})
    assert not valid.is_valid({"action": "wiki_lookup", "args": {"topic": "x" * 101}, "reason": ""})
    assert not valid.is_valid({"action": "FINISH", "args": {}, "reason": "x" * 61})


@pytest.mark.parametrize(
    ("slot", "expected"),
    [
        (Slot(name="n", instruction="", type="integer"), {"type": "integer"}),
        (
            Slot(name="x", instruction="", type="number", required=False),
            {"anyOf": [{"type": "number"}, {"type": "null"}]},
        ),
        (Slot(name="xs", instruction="", type="list", item="number"), {"type": "array", "items": {"type": "number"}}),
        # free text is never empty and never longer than fits the reply's max_tokens
        (Slot(name="s", instruction=""), {"type": "string", "minLength": 1, "maxLength": 100}),
    ],
)
def test_a_slot_schema_follows_the_slot_type(slot: Slot, expected: dict[str, object]) -> None:
    assert slot_schema(slot) == expected


def test_typed_values_of_a_structured_reply_become_the_text_a_call_carries(loopback: StartLoopback) -> None:
    slots = (
        Slot(name="n", instruction="", type="integer"),
        Slot(name="on", instruction="", type="boolean"),
        Slot(name="xs", instruction="", type="list", item="number"),
        Slot(name="unit", instruction="", required=False),
    )
    tool = Tool(id="stats", description="Statistics of numbers", slots=slots, run=_not_run)
    reply = {"action": "stats", "args": {"n": 3, "on": True, "xs": [1.5, 2], "unit": None}, "reason": "numbers"}
    server = loopback(completion(json.dumps(reply)))
    with _chat(server) as chat:
        result = plan(chat, PlannerInput(goal="stats of 1.5 and 2", tools=(tool,)), check_stop=False)
    assert result.call == Call(tool="stats", args={"n": "3", "on": "true", "xs": "[1.5, 2]"})


# --- the probe --------------------------------------------------------------------------------------------


def test_the_planner_sends_its_schema_as_response_format(loopback: StartLoopback) -> None:
    server = loopback(completion(CALC))
    with _chat(server) as chat:
        result = plan(chat, HELD, check_stop=False)
    assert result.call == Call(tool="calculator", args={"expression": "7200 / 16"})
    assert _body(server, 0)["response_format"] == {
        "type": "json_schema",
        "json_schema": {"name": "next_step", "schema": plan_schema(TOOLS).schema, "strict": True},
    }
    assert not structured_unsupported(f"{server.url}/v1")


def _form(server: LoopbackServer, index: int) -> object:
    format_ = _body(server, index).get("response_format")
    return format_.get("type") if isinstance(format_, dict) else None


def test_a_server_that_rejects_the_field_is_asked_without_it_and_remembered(loopback: StartLoopback) -> None:
    server = loopback()
    refused = rejected_field("response_format")
    server.script(refused, refused, completion(CALC), completion(CALC))
    with _chat(server) as chat:
        first = plan(chat, HELD, check_stop=False)
        second = plan(chat, HELD, check_stop=False)
    assert first.call == second.call == Call(tool="calculator", args={"expression": "7200 / 16"})
    sent = [_form(server, i) for i in range(len(server.received))]
    assert sent == ["json_schema", "json_object", None, None]  # probed once; the second plan never sends it
    assert structured_unsupported(f"{server.url}/v1/")


def test_llama_cpp_pythons_server_gets_the_json_object_form_and_it_is_remembered(loopback: StartLoopback) -> None:
    server = loopback()
    server.script(llama_cpp_python_refusal(), completion(CALC), completion(CALC))
    with _chat(server) as chat:
        first = plan(chat, HELD, check_stop=False)
        second = plan(chat, HELD, check_stop=False)
    assert first.call == second.call == Call(tool="calculator", args={"expression": "7200 / 16"})
    assert [_form(server, i) for i in range(3)] == ["json_schema", "json_object", "json_object"]
    assert _body(server, 1)["response_format"] == {"type": "json_object", "schema": plan_schema(TOOLS).schema}
    assert structured_form(f"{server.url}/v1") == "json_object"
    assert not structured_unsupported(f"{server.url}/v1")


def test_the_500_naming_response_format_is_a_refusal_and_not_retried(loopback: StartLoopback) -> None:
    server = loopback(llama_cpp_python_refusal())
    with _chat(server, "on") as chat, pytest.raises(GeneratorError) as caught:
        chat.complete(MESSAGES, max_tokens=12, schema=stop_schema())
    assert len(server.received) == 2  # each form once: a refusal is not a transient failure
    assert "--llm-structured auto or off" in caught.value.message


def test_a_server_that_ignores_the_field_and_writes_prose_is_remembered(loopback: StartLoopback) -> None:
    server = loopback()
    server.script(completion("Yes, Oslo is the capital of Norway."), completion("yes"))
    with _chat(server) as chat:
        reply = chat.complete(MESSAGES, max_tokens=12, schema=stop_schema())
        later = chat.complete(MESSAGES, max_tokens=12, schema=stop_schema())
    assert (reply.structured, later.structured) == (False, False)
    assert ["response_format" in _body(server, i) for i in range(2)] == [True, False]


def test_a_400_about_something_else_is_raised_and_nothing_is_remembered(loopback: StartLoopback) -> None:
    server = loopback(rejected_field("temperature"))
    with _chat(server) as chat, pytest.raises(GeneratorError) as caught:
        chat.complete(MESSAGES, max_tokens=12, schema=stop_schema())
    assert caught.value.code == "client"
    assert len(server.received) == 3  # each form, then without: the 400 could be about the field
    assert not structured_unsupported(f"{server.url}/v1")


def test_on_never_falls_back_and_says_how_to(loopback: StartLoopback) -> None:
    server = loopback(rejected_field("response_format"))
    with _chat(server, "on") as chat, pytest.raises(GeneratorError) as caught:
        chat.complete(MESSAGES, max_tokens=12, schema=stop_schema())
    assert "--llm-structured auto or off" in caught.value.message
    assert [_form(server, i) for i in range(len(server.received))] == ["json_schema", "json_object"]


def test_off_never_sends_the_field(loopback: StartLoopback) -> None:
    server = loopback(completion('{"answered": "yes"}'))
    with _chat(server, "off") as chat:
        assert stop_check(chat, "Is Oslo in Norway?", "Oslo is the capital of Norway.")
    assert "response_format" not in _body(server, 0)


def test_the_stop_check_sends_its_schema_and_reads_the_json(loopback: StartLoopback) -> None:
    server = loopback(completion('{"answered": "no"}', completion_tokens=6))
    with _chat(server) as chat:
        assert not stop_check(chat, "Is Oslo in Norway?", "Oslo has 700,000 people.")
    format_ = _body(server, 0)["response_format"]
    assert isinstance(format_, dict)
    assert format_["json_schema"]["schema"]["properties"] == {"answered": {"type": "string", "enum": ["yes", "no"]}}


@pytest.mark.parametrize("bad", ["sometimes", ""])
def test_an_unknown_mode_is_a_config_error_listing_the_modes(bad: str) -> None:
    with pytest.raises(ConfigError) as caught:
        parse_structured(bad)
    assert f"{bad!r}" in str(caught.value)
    assert "auto, on, off" in str(caught.value)


# --- cut replies (regression: read as their first nested object, "unknown action None") ---------------------

CUT = '{"action": "calculator", "args": {"expression": "7200 / 16"}, "reason": "the goal asks for a division of'


def test_a_reply_cut_at_max_tokens_is_not_parsed_and_is_asked_again_with_more_room(loopback: StartLoopback) -> None:
    server = loopback()
    server.script(completion(CUT, finish_reason="length", completion_tokens=PLAN_MAX_TOKENS), completion(CALC))
    with _chat(server) as chat:
        result = plan(chat, HELD, check_stop=False)
    assert result.call == Call(tool="calculator", args={"expression": "7200 / 16"})
    assert result.calls == 2
    retry = _body(server, 1)
    assert retry["max_tokens"] == 2 * PLAN_MAX_TOKENS
    said = retry["messages"]
    assert isinstance(said, list)
    assert "cut at max_tokens (120)" in said[-1]["content"]
    assert "Keep it short" in said[-1]["content"]


def test_two_cut_replies_say_so_and_never_unknown_action_none(loopback: StartLoopback) -> None:
    server = loopback(completion(CUT, finish_reason="length", completion_tokens=PLAN_MAX_TOKENS))
    with _chat(server) as chat:
        result = plan(chat, HELD, check_stop=False)
    assert result.call is None
    assert result.error is not None
    assert "cut at max_tokens" in result.error
    assert "unknown action" not in result.error
