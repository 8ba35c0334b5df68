"""Goals no tool fits ("hello", a haiku) end with the LLM's own answer and no tool call, through a real HTTP
server on loopback answering as llama.cpp's server does."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from decisionloop.cli import main
from decisionloop.llm.writer import DIRECT_INSTRUCTION
from tests.support.loopback import StartLoopback
from tests.support.openai import completion, messages_of


@pytest.mark.parametrize(
    ("goal", "answer"),
    [("hello", "Hello! How can I help you today?"), ("write a haiku about rain", "Soft rain on the roof / …")],
)
def test_a_goal_no_tool_fits_gets_the_llms_answer_and_no_tool_call(
    loopback: StartLoopback, goal: str, answer: str
) -> None:
    server = loopback(completion(answer, prompt_tokens=58, completion_tokens=9))
    args = ["run", goal, "--llm", f"{server.url}/v1", "--llm-model", "smollm2", "--json", "--no-input"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    run = json.loads(result.stdout)
    assert (run["stop"], run["delivery"], run["answer"]) == ("answered", "direct", answer)
    assert [(step["tool"], step["observation"]) for step in run["steps"]] == [("FINISH", None)]  # nothing ran
    assert (run["meter"]["model_calls"], run["meter"]["model_input_tokens"], run["meter"]["model_output_tokens"]) == (
        1,
        58,
        9,
    )
    [request] = server.received
    assert messages_of(request) == [
        {"role": "system", "content": DIRECT_INSTRUCTION},
        {"role": "user", "content": goal},
    ]


def test_no_tool_fitting_unsurely_goes_to_the_llm_which_finishes_and_answers(loopback: StartLoopback) -> None:
    # "tell me a story": NONE (.83) is not sure enough to pass the gate alone, so the held first step is the LLM's
    # to decide; it finishes, and then writes the answer itself
    server = loopback()
    said = [('{"action": "', -0.1), ("FINISH", -0.05), ('", "args": {}, "reason": "a story needs no tool"}', -1.0)]
    server.script(
        completion("".join(t for t, _ in said), prompt_tokens=300, logprobs=said),
        completion("Once upon a time …", prompt_tokens=58, completion_tokens=9),
    )
    args = ["run", "tell me a story", "--llm", f"{server.url}/v1", "--llm-model", "smollm2", "--json"]
    result = CliRunner().invoke(main, [*args, "--no-input"])
    assert result.exit_code == 0, result.output
    run = json.loads(result.stdout)
    assert (run["stop"], run["delivery"], run["answer"]) == ("answered", "direct", "Once upon a time …")
    [step] = run["steps"]
    assert (step["tool"], step["decided_by"], step["observation"]) == ("FINISH", "llm", None)  # nothing ran
    assert [h["kind"] for h in step["holds"]] == ["tool_unsure"]  # NONE ranks as FINISH: the LLM's FINISH is taken
    plan, direct = server.received
    asked = messages_of(plan)[-1]  # the planner's question, on the goal
    assert asked["role"] == "user"
    assert "tell me a story" in asked["content"]
    assert messages_of(direct) == [
        {"role": "system", "content": DIRECT_INSTRUCTION},
        {"role": "user", "content": "tell me a story"},
    ]
    assert (run["meter"]["model_calls"], run["meter"]["llm_purposes"]["direct"]) == (2, 1)


def test_each_llm_call_is_journaled_and_listed_by_runs_json_and_export(loopback: StartLoopback) -> None:
    server = loopback(completion("Hello! How can I help you today?", prompt_tokens=58, completion_tokens=9))
    args = ["run", "hello", "--llm", f"{server.url}/v1", "--llm-model", "smollm2", "--json", "--no-input"]
    assert CliRunner().invoke(main, args).exit_code == 0
    [listed] = json.loads(CliRunner().invoke(main, ["runs", "--json", "--limit", "1"]).stdout)
    [call] = listed["llm_calls"]
    assert {k: call[k] for k in ("step", "purpose", "model", "input_tokens", "output_tokens", "used", "error")} == {
        "step": 1,
        "purpose": "direct",
        "model": "SmolLM2-135M-Instruct",
        "input_tokens": 58,
        "output_tokens": 9,
        "used": True,
        "error": None,
    }
    assert isinstance(call["ms"], float)
    assert call["ms"] >= 0.0
    exported = json.loads(CliRunner().invoke(main, ["export", listed["id"]]).stdout)
    assert exported["llm_calls"] == [call]
    assert exported["meter"]["llm_purposes"]["direct"] == 1
    assert exported["meter"]["llm_used"] == 1
