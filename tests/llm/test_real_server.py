"""System 2 through a real LLM: llama-cpp-python's OpenAI-compatible server with SmolLM2-135M-Instruct on loopback
plans a held step (its reply held to the planner's JSON Schema), answers the stop check and answers "hello"
directly, with no tool call. Skipped, saying why, where llama-cpp-python or the model is not installed."""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner

from decisionloop.cli import main
from decisionloop.core.records import Call, Hold
from decisionloop.llm.chat import ChatMessage, ChatReply, HttpChat, JsonSchema
from decisionloop.llm.planner import stop_check
from decisionloop.llm.schemas import plan_schema, stop_schema
from decisionloop.llm.trust import TAKE_ALL, value_probability
from decisionloop.loop.requests import NeedResolution, Suggestion
from decisionloop.system2 import LlmSystem2
from decisionloop.tools.builtin import builtin_tools
from tests.support.llama_server import smollm2_server, unavailable

pytestmark = pytest.mark.skipif(unavailable() is not None, reason=f"no real LLM server: {unavailable()}")

TOOLS = builtin_tools()
GOAL = "What's the population of the Big Apple?"
TIMEOUT_S = 120.0  # two shared cores: a reply takes seconds, a slow one more


class _Recording:
    """An ``HttpChat`` that keeps every reply and the schema it was asked for."""

    def __init__(self, chat: HttpChat) -> None:
        self._chat = chat
        self.replies: list[tuple[JsonSchema | None, ChatReply]] = []

    @property
    def name(self) -> str:
        return self._chat.name

    def complete(
        self,
        messages: Sequence[ChatMessage],
        *,
        max_tokens: int,
        temperature: float = 0.0,
        schema: JsonSchema | None = None,
        logprobs: bool = False,
    ) -> ChatReply:
        reply = self._chat.complete(
            messages, max_tokens=max_tokens, temperature=temperature, schema=schema, logprobs=logprobs
        )
        self.replies.append((schema, reply))
        return reply


@pytest.fixture(scope="module")
def server_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    log = tmp_path_factory.mktemp("llama_server") / "server.log"
    with smollm2_server(log) as url:
        yield url


@pytest.fixture
def chat(server_url: str) -> Iterator[_Recording]:
    with HttpChat(base_url=server_url, model="smollm2", timeout_s=TIMEOUT_S) as http:
        yield _Recording(http)


def _held() -> NeedResolution:
    return NeedResolution(
        step=0,
        goal=GOAL,
        holds=(Hold(kind="arg_none", detail="entity: none of the values fits"),),
        suggestion=Suggestion(
            tools=(("wikidata_fact", 0.91), ("wiki_lookup", 0.05)),
            call=Call(tool="wikidata_fact", args={"property": "population"}),
            stop=False,
            done=None,
            spans={"entity": ("Big Apple",)},
        ),
        tools=TOOLS,
        history=(),
    )


def _schema_followed(replies: Sequence[tuple[JsonSchema | None, ChatReply]]) -> None:
    for schema, reply in replies:
        assert schema is not None
        assert reply.structured, f"the server did not take the schema: {reply.text!r}"
        jsonschema.validate(json.loads(reply.text, strict=False), dict(schema.schema))


def test_the_llm_plans_a_held_step_with_a_reply_that_follows_the_schema(chat: _Recording) -> None:
    resolution = LlmSystem2(chat, trust=TAKE_ALL).resolve(_held())
    assert resolution.by == "llm", resolution.detail  # usable: not handed on, not stopped
    assert resolution.kind in ("call", "finish")
    if resolution.call is not None:
        assert resolution.call.tool in {t.id for t in TOOLS}
    # every request carries the plan's schema; a first reply cut at the token cap is asked again once, as the
    # planner does (SmolLM2-135M rambles to the cap on this step since the clock took an offset argument)
    assert [schema for schema, _ in chat.replies] in ([plan_schema(TOOLS)], [plan_schema(TOOLS)] * 2)
    _schema_followed(chat.replies[-1:])
    assert resolution.llm.calls == len(chat.replies)
    assert (resolution.llm.input_tokens or 0) > 100  # the server's usage: the prompt lists every tool
    p = value_probability(chat.replies[-1][1], "action")  # its tokens spell the reply: the policy can read them
    assert p is not None
    assert 0.0 < p <= 1.0


def test_the_stop_check_reads_a_yes_or_no_that_follows_its_schema(chat: _Recording) -> None:
    answered = stop_check(chat, "What is the population of Paris?", "Population of Paris: 2,102,650 (2023)")
    [(schema, reply)] = chat.replies
    assert schema == stop_schema()
    _schema_followed(chat.replies)
    assert answered == (json.loads(reply.text, strict=False)["answered"] == "yes")


def test_hello_gets_the_llms_own_answer_and_no_tool_call(server_url: str, tmp_path: Path) -> None:
    args = ["run", "hello", "--llm", server_url, "--llm-model", "smollm2", "--llm-timeout", str(TIMEOUT_S)]
    result = CliRunner().invoke(main, [*args, "--json", "--no-input"])
    assert result.exit_code == 0, result.output
    run = json.loads(result.stdout)
    assert (run["stop"], run["delivery"]) == ("answered", "direct")
    assert run["answer"].strip()
    assert [step["tool"] for step in run["steps"]] == ["FINISH"]  # nothing ran
    assert run["meter"]["model_calls"] >= 1
