"""Held steps in a real pseudo-terminal: accepting a proposal that leaves a value out asks for it (and never ends
the run), and the value prompt says what a number means."""

from __future__ import annotations

import os
from pathlib import Path

from decisionloop.core.backend import DecisionRequest
from decisionloop.core.questions import ChoiceQuestion
from decisionloop.core.tool import NONE
from decisionloop.core.wire import question_from_wire
from decisionloop.journal import SqliteJournal, default_path
from tests.support.loop import Picks, answers_for
from tests.support.loopback import Canned, Received, StartLoopback
from tests.support.terminal import Terminal

LISTED = "Tell me about the Eiffel Tower from Wikipedia"  # "Eiffel Tower" and "Wikipedia" are offered as topics


def _decisions(request: Received) -> Canned:
    """wiki_lookup with no topic (an unsure NONE, so the step is held rather than the topic asked for at once);
    done once a step has run."""
    assert isinstance(request.body, dict)
    questions = {qid: question_from_wire(q) for qid, q in request.body["questions"].items()}
    state = request.body["state"]
    picks: Picks = {"tool": "wiki_lookup", "arg:topic": "NONE"}
    if isinstance(state, dict) and "steps" in state and "nothing yet" not in str(state["steps"]):
        picks = {**picks, "needs_tool": 0.02, "done": 0.97}
    answers = answers_for(DecisionRequest(state=state, questions=questions), picks)
    topic = questions.get("arg:topic")
    if isinstance(topic, ChoiceQuestion):
        others = [o.name for o in topic.options if o.name != NONE]
        answers["arg:topic"] = {"choice": NONE, "probabilities": {NONE: 0.6} | dict.fromkeys(others, 0.4 / len(others))}
    return Canned(body={"answers": answers})


def _topic_typed(loopback: StartLoopback, goal: str, typed: bytes) -> tuple[Terminal, int, object]:
    """Accept the held wiki_lookup() in a terminal, type ``typed`` at the topic prompt; the terminal, the exit
    status and the one call's arguments."""
    server = loopback()
    server.respond_with(_decisions)
    term = Terminal("run", "--decisions", server.url, "--offline", goal)
    term.expect("[a/t/f/s] (a): ")
    term.send(b"a\r")  # accept wiki_lookup(), which leaves the topic out
    term.expect("wiki_lookup still needs: topic")  # asked for it, not "Not done: … left out topic"
    term.expect("): ")
    term.send(typed)
    status = term.wait()
    with SqliteJournal(default_path(Path(os.environ["DECISIONLOOP_HOME"]))) as journal:
        [run] = journal.runs()
        calls = journal.load(run.id)["tool_calls"]
    assert isinstance(calls, list)
    [call] = calls
    assert call["tool"] == "wiki_lookup", term.text
    return term, status, call["args"]


def test_accepting_a_proposal_without_its_value_asks_for_it_and_a_number_picks_from_the_list_shown(
    loopback: StartLoopback,
) -> None:
    term, status, args = _topic_typed(loopback, LISTED, b"2\r")
    assert "(1–2 picks from the list, or type any other value)" in " ".join(term.text.split())
    assert args == {"topic": "Wikipedia"}
    assert "left out topic" not in term.text  # the run went on with the value asked for
    assert "System 2" not in term.text  # the person is "you"
    assert status == 6, term.text  # offline, nothing is recorded for that topic: no answer, and the status says so
