"""``decisionloop chat``: turns in one session, the earlier ones carried to the LLM, and a conversation without any
LLM where what no tool can do gets a plain reply."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from decisionloop.cli import main
from decisionloop.core.backend import DecisionRequest
from decisionloop.core.wire import question_from_wire
from decisionloop.journal import SqliteJournal, default_path
from decisionloop.loop.conversation import Conversation, Turn
from tests.support.loop import Picks, answers_for
from tests.support.loopback import Canned, Received, StartLoopback
from tests.support.openai import completion, messages_of

DIVIDE = "What is 7,200 divided by 16?"
PICKS: dict[str, Picks] = {
    DIVIDE: {"tool": "calculator", "arg:expression": "7,200 divided by 16"},
    "thanks!": {"needs_tool": 0.1, "tool": "NONE"},
    "hello": {"needs_tool": 0.1, "tool": "NONE"},
    "what did I ask you first?": {"needs_tool": 0.1, "tool": "NONE"},
}


def _decisions(request: Received) -> Canned:
    """System 1 as a loopback server: each goal's picks; done once a step has run."""
    assert isinstance(request.body, dict)
    questions = {qid: question_from_wire(q) for qid, q in request.body["questions"].items()}
    state = request.body["state"]
    goal = state.get("goal") if isinstance(state, dict) else state
    picks = PICKS.get(str(goal), {})
    if "steps" in state and "nothing yet" not in str(state["steps"]):
        picks = {**picks, "needs_tool": 0.02, "done": 0.97}
    return Canned(body={"answers": answers_for(DecisionRequest(state=state, questions=questions), picks)})


def _llm(request: Received) -> Canned:
    """An LLM that greets, writes an answer from evidence, recalls the first turn, and says yes to a stop check."""
    said = messages_of(request)[-1]["content"]
    if "answered" in json.dumps(request.body):  # the stop check's schema
        return completion('{"answered": "yes"}')
    if said.endswith("what did I ask you first?"):
        return completion("You first said hello.")
    return completion("7,200 divided by 16 is 450." if "What was done" in said else "Hello! What can I do for you?")


def _chat(*args: str, said: list[str]) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["chat", "--offline", *args], input="".join(f"{s}\n" for s in said))
    return result.exit_code, result.output


def _runs() -> list[dict[str, Any]]:
    with SqliteJournal(default_path(Path(os.environ["DECISIONLOOP_HOME"]))) as journal:
        return [journal.load(r.id) for r in reversed(journal.runs())]


def test_two_turns_without_any_llm(loopback: StartLoopback) -> None:
    server = loopback()
    server.respond_with(_decisions)
    code, out = _chat("--decisions", server.url, said=[DIVIDE, "thanks!", "exit", "never read"])
    assert code == 0, out
    assert "agent: 7,200 divided by 16 = 450" in out
    assert "agent: None of my tools can do this. The tools I have:" in out  # what it can do, plainly
    assert "stop: no_tool" in out
    assert "context: 1 earlier turn(s)" in out
    assert "context: 2 earlier turn(s)" in out
    runs = _runs()
    assert [r["goal"] for r in runs] == [DIVIDE, "thanks!"]  # "exit" ended it
    assert len({r["config"]["chat"] for r in runs}) == 1
    assert [r["config"]["turn"] for r in runs] == [1, 2]


def test_three_turns_with_an_llm_that_sees_the_earlier_ones(loopback: StartLoopback) -> None:
    decisions = loopback()
    decisions.respond_with(_decisions)
    llm = loopback()
    llm.respond_with(_llm)
    said = ["hello", DIVIDE, "what did I ask you first?"]
    code, out = _chat("--decisions", decisions.url, "--llm", f"{llm.url}/v1", "--llm-model", "smollm2", said=said)
    assert code == 0, out
    # the division's answer is the calculator's own (one tool result: the LLM writes none)
    for answer in ("Hello! What can I do for you?", "7,200 divided by 16 = 450", "You first said hello."):
        assert f"agent: {answer}" in out
    written = [messages_of(r)[-1]["content"] for r in llm.received if "answered" not in json.dumps(r.body)]
    first, third = written
    assert "Earlier in this conversation" not in first
    assert "user: hello\nagent: Hello! What can I do for you?\nuser: What is 7,200 divided by 16?" in third
    assert "user: What is 7,200 divided by 16?\nagent: 7,200 divided by 16 = 450" in third
    assert third.endswith("what did I ask you first?")


def test_the_earlier_turns_carried_fit_the_budget() -> None:
    talk = Conversation(budget=60)
    for n in range(3):
        talk = talk.add(Turn(said=f"question {n}", answer=f"answer {n}", stop="answered"))
    assert talk.text() == "user: question 2\nagent: answer 2"  # the newest that fits 60 characters
    assert talk.budget_line().endswith("older left out")
    assert Conversation().budget_line() == "context: 0 earlier turn(s), 0 of 2,000 characters"


def test_json_is_for_run(loopback: StartLoopback) -> None:
    code, out = _chat("--json", said=[])
    assert code == 2
    assert "--json and --quiet are for decisionloop run" in out
