"""System 2's done check, planner prompt and reply parsing, with the built-in tools and a scripted generator."""

from __future__ import annotations

import json
from collections.abc import Mapping

import httpx
import pytest
from hypothesis import given
from hypothesis import strategies as st

from decisionloop.backends import Usage
from decisionloop.core.errors import GeneratorError
from decisionloop.core.records import Call
from decisionloop.core.tool import Tool, ToolContext, ToolResult
from decisionloop.llm import (
    ChatMessage,
    ChatReply,
    HttpChat,
    Plan,
    PlannerInput,
    ScriptedChat,
    parse_plan,
    plan,
    planner_messages,
    stop_check,
)
from decisionloop.loop.frames import UNTRUSTED_CLOSE, UNTRUSTED_OPEN, StepView
from decisionloop.tools.catalog import SPECS


def _not_run(args: Mapping[str, str], ctx: ToolContext) -> ToolResult:
    raise AssertionError("the planner never runs tools")


TOOLS: tuple[Tool, ...] = tuple(s.bind(_not_run) for s in SPECS)
GOAL = "What is the population of the capital of Japan?"
STEPS = (
    StepView(
        tool="wikidata_fact",
        args={"entity": "Japan", "property": "capital"},
        observation="Capital of Japan (island country in East Asia): Tokyo (Wikidata)",
    ),
)
HELD = PlannerInput(
    goal=GOAL,
    steps=STEPS,
    tools=TOOLS,
    suggestions=(("wikidata_fact", 0.58), ("wiki_lookup", 0.21), ("FINISH", 0.11)),
    unsure=("action score 0.58 < 0.65", "same tool as the previous step (wikidata_fact)"),
    spans={"entity": ("Japan", "Tokyo", "East Asia"), "topic": ()},
)


def _system_prompt(inp: PlannerInput) -> str:
    system, user = planner_messages(inp)
    assert (system.role, user.role) == ("system", "user")
    return system.content


def _user_prompt(inp: PlannerInput) -> str:
    return planner_messages(inp)[1].content


def test_the_system_prompt_holds_the_role_the_tools_and_the_rules_the_same_for_every_step() -> None:
    lines = _system_prompt(HELD).split("\n")
    assert lines[:2] == [
        "You are the planner of a tool-using assistant. You choose the next tool call. "
        "Answer with one JSON object only.",
        "Tools:",
    ]
    assert lines[2 + len(SPECS) :] == [
        "Copy argument values from the goal or the last result when they are there; write a new value only when "
        "they are not (for example the real name behind a nickname).",
        "Use ask_user only when the goal does not say what or where. Use calculator for any arithmetic.",
    ]
    first = PlannerInput(goal="Weather in Oslo tomorrow?", tools=TOOLS)
    assert _system_prompt(first) == _system_prompt(HELD)  # a server caching prompt prefixes reads it once


def test_prompt_for_a_held_later_step_has_every_laya_line() -> None:
    lines = _user_prompt(HELD).split("\n")
    assert lines[:9] == [
        f"Goal: {GOAL}",
        "Steps done:",
        UNTRUSTED_OPEN,
        "- wikidata_fact(Japan, capital) -> Capital of Japan (island country in East Asia): Tokyo (Wikidata)",
        UNTRUSTED_CLOSE,
        "Result of the last step:",
        UNTRUSTED_OPEN,
        "Capital of Japan (island country in East Asia): Tokyo (Wikidata)",
        UNTRUSTED_CLOSE,
    ]
    assert lines[9:] == [
        "A smaller model ranked these choices (its probability): 1. wikidata_fact (58%) 2. wiki_lookup (21%) "
        "3. FINISH (11%); or choose another tool of the list. It was unsure "
        "(action score 0.58 < 0.65; same tool as the previous step (wikidata_fact)).",
        "Spans found in the goal and the tool output:",
        UNTRUSTED_OPEN,
        "entity: Japan | Tokyo | East Asia",
        UNTRUSTED_CLOSE,
        "The goal is not answered yet, so do not repeat a call that was already done.",
        'Reply with JSON: {"action": "<tool id>", "args": {...}, "reason": "<a few words>"}',
    ]


def test_prompt_lists_each_tool_with_its_args_and_fixed_keys_and_finish_once() -> None:
    prompt = _system_prompt(HELD)
    tool_lines = [line for line in prompt.split("\n") if line.startswith("- ")]
    assert tool_lines[0] == (
        "- wiki_lookup: Read the encyclopedia article about a person, place, thing or event. Args: topic"
    )
    assert tool_lines[1] == (
        "- wikidata_fact: Look up one fact about a named thing, such as its population, capital, CEO, founder or "
        "height. Args: entity | property (one of: population, capital, country, head_of_government, ceo, founded, "
        "founder, official_language, currency, area, height)"
    )
    assert tool_lines[2] == (
        "- weather: Get the weather forecast for a place and time. Args: place | when (one of: today, tomorrow, "
        "weekend, week, monday, tuesday, wednesday, thursday, friday, saturday, sunday)"
    )
    assert (
        "- ask_user: Ask the user to clarify when the goal leaves out who, what or where. Args: question" in tool_lines
    )
    assert tool_lines[-1] == "- FINISH: stop and answer with what was found"
    assert [line.split(":")[0] for line in tool_lines] == [f"- {s.id}" for s in SPECS]


def test_system_1s_no_tool_fits_is_not_offered_as_a_choice() -> None:
    # regression: offered "3. NONE (0%)", SmolLM2 wrote NONE as a required value and the reply was unusable
    inp = PlannerInput(goal=GOAL, tools=TOOLS, suggestions=(("wiki_lookup", 0.57), ("NONE", 0.003)))
    prompt = _user_prompt(inp)
    assert "A smaller model ranked these choices (its probability): 1. wiki_lookup (57%); or choose" in prompt
    assert "NONE" not in prompt


def test_prompt_for_the_first_step_says_nothing_was_looked_up() -> None:
    prompt = _user_prompt(PlannerInput(goal="Weather in Oslo tomorrow?", tools=TOOLS))
    assert "Steps done: none yet" in prompt
    assert "Nothing has been looked up yet." in prompt
    assert "Result of the last step" not in prompt
    assert "do not repeat" not in prompt
    assert "A smaller model" not in prompt
    assert "Spans found" not in prompt


def test_prompt_shows_at_most_eight_spans_per_slot() -> None:
    spans = {"topic": tuple(f"s{i}" for i in range(12)), "place": ("Oslo",)}
    prompt = _user_prompt(PlannerInput(goal=GOAL, tools=TOOLS, spans=spans))
    assert f"{UNTRUSTED_OPEN}\ntopic: s0 | s1 | s2 | s3 | s4 | s5 | s6 | s7; place: Oslo\n{UNTRUSTED_CLOSE}" in prompt


def test_prompt_only_advises_on_ask_user_and_calculator_when_they_are_offered() -> None:
    lookups = tuple(t for t in TOOLS if t.id in ("wiki_lookup", "calculator"))
    prompt = _system_prompt(PlannerInput(goal=GOAL, tools=lookups))
    assert "Use calculator for any arithmetic." in prompt
    assert "ask_user" not in prompt


def _parsed(reply: str) -> Plan:
    result = parse_plan(reply, TOOLS)
    assert result.raw == reply
    return result


def test_a_raw_newline_inside_a_string_is_read_as_written() -> None:
    # llama-cpp-python's JSON grammar lets control characters into strings; strict JSON would refuse the reply
    result = _parsed('{"action": "wiki_lookup", "args": {"topic": "Tokyo"}, "reason": "the\npopulation"}')
    assert result.call == Call(tool="wiki_lookup", args={"topic": "Tokyo"})
    assert result.reason == "the\npopulation"


def test_parses_a_plain_reply_into_a_call() -> None:
    result = _parsed('{"action": "wiki_lookup", "args": {"topic": "Tokyo"}, "reason": "need the population"}')
    assert result == Plan(
        call=Call(tool="wiki_lookup", args={"topic": "Tokyo"}),
        finish=False,
        reason="need the population",
        error=None,
        raw=result.raw,
    )


def test_finds_the_object_inside_prose_and_a_code_fence() -> None:
    reply = (
        "Sure! The capital is known, so I look up its population {as planned}.\n```json\n"
        '{\n  "action": "wikidata_fact",\n  "args": {"entity": "Tokyo", "property": "population"},\n'
        '  "reason": "population of Tokyo"\n}\n```\nLet me know if you need more.'
    )
    result = _parsed(reply)
    assert (result.call, result.error) == (
        Call(tool="wikidata_fact", args={"entity": "Tokyo", "property": "population"}),
        None,
    )


@pytest.mark.parametrize(
    "reply",
    [
        'I\'d say "use {braces}" here: {"action": "wiki_lookup", "args": {"topic": "Tokyo"}}',
        'Plan: { unfinished {"action": "wiki_lookup", "args": {"topic": "Tokyo"}} and more',
    ],
)
def test_stray_braces_and_quotes_in_prose_are_passed_over(reply: str) -> None:
    assert _parsed(reply).call == Call(tool="wiki_lookup", args={"topic": "Tokyo"})


def test_braces_and_escaped_quotes_inside_strings_do_not_end_the_object() -> None:
    reply = (
        '{"action": "calculator", "args": {"expression": "(3 + 4) * 2"}, "reason": "a } in \\"text\\" {"} trailing }'
    )
    result = _parsed(reply)
    assert result.call == Call(tool="calculator", args={"expression": "(3 + 4) * 2"})
    assert result.reason == 'a } in "text" {'


def test_an_unknown_action_is_an_error_naming_it_and_the_known_ids() -> None:
    result = _parsed('{"action": "web_search", "args": {"query": "Tokyo population"}}')
    assert result.call is None
    assert not result.finish
    known = ", ".join(s.id for s in SPECS)
    assert result.error == f"unknown action 'web_search'; known: {known}"


def test_an_invented_argument_is_dropped() -> None:
    result = _parsed('{"action": "wiki_lookup", "args": {"topic": "Tokyo", "language": "ja"}}')
    assert result.call == Call(tool="wiki_lookup", args={"topic": "Tokyo"})


@pytest.mark.parametrize("value", ['"NONE"', '"none"', '""', '"   "', "null", '["Oslo"]'])
def test_a_missing_or_none_value_is_an_error_naming_the_slot(value: str) -> None:
    result = _parsed(f'{{"action": "weather", "args": {{"place": {value}, "when": "tomorrow"}}}}')
    assert result.call is None
    assert result.error is not None
    assert result.error.startswith("no value for 'place' of 'weather'")


def test_a_slot_left_out_is_an_error_naming_it() -> None:
    result = _parsed('{"action": "weather", "args": {"place": "Oslo"}}')
    assert result.error is not None
    assert "'when'" in result.error


@pytest.mark.parametrize(
    ("given", "key"), [("capital city", "capital"), ("Population", "population"), ("chief executive officer", "ceo")]
)
def test_a_fixed_label_or_key_maps_back_to_its_key(given: str, key: str) -> None:
    result = _parsed(json.dumps({"action": "wikidata_fact", "args": {"entity": "Toyota", "property": given}}))
    assert result.call == Call(tool="wikidata_fact", args={"entity": "Toyota", "property": key})


def test_a_fixed_value_not_in_the_list_is_an_error_listing_the_options() -> None:
    result = _parsed('{"action": "weather", "args": {"place": "Oslo", "when": "next month"}}')
    assert result.error == (
        "'next month' is not an option of weather.when; options: today, tomorrow, weekend, week, monday, tuesday,"
        " wednesday, thursday, friday, saturday, sunday"
    )


def test_a_number_is_read_as_its_text() -> None:
    result = _parsed('{"action": "calculator", "args": {"expression": 364260}}')
    assert result.call == Call(tool="calculator", args={"expression": "364260"})


def test_ask_user_keeps_its_question() -> None:
    result = _parsed('{"action": "ask_user", "args": {"question": "Which Springfield do you mean?"}, "reason": "x"}')
    assert result.call == Call(tool="ask_user", args={"question": "Which Springfield do you mean?"})
    assert (
        _parsed('{"action": "ask_user", "args": {}}').error
        == "no value for 'question' of 'ask_user' (got None); the call needs one"
    )


@pytest.mark.parametrize("action", ["FINISH", "finish"])
def test_finish_is_always_an_action(action: str) -> None:
    result = _parsed(f'{{"action": "{action}", "args": {{}}, "reason": "Tokyo is the answer"}}')
    assert (result.finish, result.call, result.error, result.reason) == (True, None, None, "Tokyo is the answer")


@pytest.mark.parametrize(
    ("reply", "said"),
    [
        ("I would look up Tokyo.", "no JSON object in the reply 'I would look up Tokyo.'"),
        ('{"action": wiki_lookup}', "does not parse"),
        ('{"action": wiki_lookup, "args": {"topic": "Tokyo"}}', '\'{"action": wiki_lookup, "args": {"topic":'),
        ('{"action": "wiki_lookup", "args": ' * 5000, "no JSON object"),
        ('{"a": ' * 5000 + "1" + "}" * 5000, "does not parse"),
        ('{"action": "wiki_lookup", "args": ["Tokyo"]}', "args of 'wiki_lookup' must be a JSON object"),
        ('{"action": "wiki_lookup", "args": {"topic": "Tok', "no JSON object"),
    ],
)
def test_unusable_replies_are_errors_not_exceptions(reply: str, said: str) -> None:
    result = _parsed(reply)
    assert (result.call, result.finish) == (None, False)
    assert result.error is not None
    assert said in result.error


@given(st.text())
def test_parse_plan_never_raises(text: str) -> None:
    result = parse_plan(text, TOOLS)
    assert (result.call is None) == (result.error is not None or result.finish)


@given(
    prose=st.text().filter(lambda s: "{" not in s),
    topic=st.text(min_size=1).filter(lambda s: s.strip() and s.strip().upper() != "NONE"),
)
def test_any_topic_round_trips_through_json_in_prose(prose: str, topic: str) -> None:
    reply = prose + json.dumps({"action": "wiki_lookup", "args": {"topic": topic}}) + prose
    assert parse_plan(reply, TOOLS).call == Call(tool="wiki_lookup", args={"topic": topic.strip()})


@pytest.mark.parametrize("reply", ["yes", "Yes.", "YES", " **Yes**, it says Tokyo.", '"yes"'])
def test_stop_check_reads_yes(reply: str) -> None:
    chat = ScriptedChat([reply])
    assert stop_check(chat, GOAL, STEPS[0].observation)
    [request] = chat.requests
    assert (request.max_tokens, request.temperature, [m.role for m in request.messages]) == (12, 0.0, ["user"])
    assert request.messages[0].content == (
        f"Question: {GOAL}\nFound:\n{UNTRUSTED_OPEN}\n{STEPS[0].observation}\n{UNTRUSTED_CLOSE}\n\n"
        "Is the answer to the question contained in what was found? Reply with only yes or no, as JSON: "
        '{"answered": "yes"} or {"answered": "no"}.'
    )
    assert request.schema is not None
    assert request.schema.name == "goal_answered"


@pytest.mark.parametrize(("reply", "yes"), [('{"answered": "yes"}', True), ('{"answered": "no"}', False)])
def test_stop_check_reads_the_structured_reply(reply: str, yes: bool) -> None:
    assert stop_check(ScriptedChat([reply]), GOAL, STEPS[0].observation) is yes


@pytest.mark.parametrize("reply", ["no", "No.", "The answer is yes", "", "nope"])
def test_stop_check_reads_anything_else_as_no(reply: str) -> None:
    assert not stop_check(ScriptedChat([reply]), GOAL, STEPS[0].observation)


def test_plan_finishes_when_the_done_check_says_yes() -> None:
    chat = ScriptedChat(["Yes"])
    result = plan(chat, HELD, check_stop=True)
    assert (result.finish, result.call, result.reason, result.calls) == (
        True,
        None,
        "the last result answers the goal",
        1,
    )
    assert len(chat.requests) == 1


def _billed(*texts: str) -> HttpChat:
    """An HttpChat whose fake server bills 100 prompt and 5 completion tokens per reply."""
    replies = iter(texts)

    def handle(request: httpx.Request) -> httpx.Response:
        body = {
            "choices": [{"message": {"role": "assistant", "content": next(replies)}}],
            "usage": {"prompt_tokens": 100, "completion_tokens": 5},
        }
        return httpx.Response(200, json=body)

    return HttpChat(base_url="http://127.0.0.1:8080/v1", model="qwen", transport=httpx.MockTransport(handle))


def test_plan_asks_the_planner_after_a_no_and_sums_the_usage() -> None:
    with _billed("no", '{"action": "wikidata_fact", "args": {"entity": "Tokyo", "property": "population"}}') as chat:
        result = plan(chat, HELD, check_stop=True)
    assert result.call == Call(tool="wikidata_fact", args={"entity": "Tokyo", "property": "population"})
    assert (result.calls, result.usage) == (2, Usage(input_tokens=200, output_tokens=10))


def test_plan_skips_the_done_check_when_not_asked_or_before_any_step() -> None:
    reply = '{"action": "weather", "args": {"place": "Oslo", "when": "the coming weekend"}}'
    for inp, check in ((HELD, False), (PlannerInput(goal="Weekend weather in Oslo?", tools=TOOLS), True)):
        chat = ScriptedChat([reply])
        result = plan(chat, inp, check_stop=check)
        assert result.call == Call(tool="weather", args={"place": "Oslo", "when": "weekend"})
        assert (result.calls, result.usage) == (1, Usage())
        [request] = chat.requests
        assert (request.max_tokens, request.temperature) == (120, 0.0)
        assert request.messages == tuple(planner_messages(inp))


def test_plan_retries_an_unusable_reply_once_quoting_the_error_then_returns_both_errors() -> None:
    chat = ScriptedChat(["no", "I am not sure.", "Still not sure."])
    result = plan(chat, HELD, check_stop=True)
    assert (result.call, result.finish, result.calls, result.raw) == (None, False, 3, "Still not sure.")
    assert result.error is not None
    assert result.error.startswith("no JSON object in the reply 'I am not sure.'")
    assert "; asked again: no JSON object in the reply 'Still not sure.'" in result.error
    retry = chat.requests[2]
    assert retry.messages[:-2] == tuple(planner_messages(HELD))
    assert retry.messages[-2] == ChatMessage(role="assistant", content="I am not sure.")
    assert retry.messages[-1].content.startswith("That reply could not be used: no JSON object in the reply")
    assert retry.schema == chat.requests[1].schema


def test_plan_takes_the_retried_reply_when_it_is_usable() -> None:
    chat = ScriptedChat(
        ["no", '{"action": "teleport"}', '{"action": "weather", "args": {"place": "Oslo", "when": "weekend"}}']
    )
    result = plan(chat, HELD, check_stop=True)
    assert (result.call, result.error, result.calls) == (
        Call(tool="weather", args={"place": "Oslo", "when": "weekend"}),
        None,
        3,
    )
    assert "unknown action 'teleport'" in chat.requests[2].messages[-1].content


def test_a_failing_call_ends_the_plan_with_its_error_and_keeps_the_record_of_every_call() -> None:
    down = GeneratorError("scripted", "transport", "connection refused")
    result = plan(ScriptedChat(["no", down]), HELD, check_stop=True)
    assert (result.failed, result.call, result.finish) == (True, None, False)
    assert result.error is not None
    assert "the LLM failed" in result.error
    assert "connection refused" in result.error
    assert [(c.purpose, c.error is not None, c.used) for c in result.use.made] == [
        ("stop_check", False, False),
        ("plan", True, False),
    ]


def test_each_call_is_recorded_with_its_purpose_model_and_tokens() -> None:
    chat = ScriptedChat(
        [
            ChatReply(text="no", model="m", latency_ms=5.0, input_tokens=40, output_tokens=2),
            ChatReply(text='{"action": "teleport"}', model="m", latency_ms=5.0, input_tokens=90, output_tokens=6),
            '{"action": "weather", "args": {"place": "Oslo", "when": "weekend"}}',
        ]
    )
    made = plan(chat, HELD, check_stop=True).use.made
    assert [c.purpose for c in made] == ["stop_check", "plan", "plan_retry"]
    assert [(c.model, c.input_tokens, c.output_tokens) for c in made[:2]] == [("m", 40, 2), ("m", 90, 6)]
    assert all(c.ms >= 0.0 and not c.used for c in made)
