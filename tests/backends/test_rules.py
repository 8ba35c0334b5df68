"""RuleJudge, the demo backend: degraded replies whose answers are still valid wire answers."""

from __future__ import annotations

from collections.abc import Mapping

import pytest
from hypothesis import given
from hypothesis import strategies as st

from decisionloop.backends import BackendReply, DecisionRequest, State
from decisionloop.backends.rules import RuleJudge
from decisionloop.core.answers import ChoiceAnswer, NoulAnswer, ScoreAnswer, parse_answer
from decisionloop.core.questions import ChoiceQuestion, NoulQuestion, Option, Question, ScoreQuestion

TOOL = ChoiceQuestion(
    instructions="Which tool next?",
    options=(
        Option(name="NONE", criteria="no tool fits; answer directly"),
        Option(name="weather", criteria="look up the forecast for a city"),
        Option(name="notes", criteria="read or change the user's saved notes"),
    ),
)
RISK = ScoreQuestion(instructions="How risky is this step?", levels=("none", "low", "medium", "high"))
QUESTIONS: dict[str, Question] = {
    "tool": TOOL,
    "needs_auth": NoulQuestion(instructions="Does this step need the user's OK?", true="it changes data"),
    "ok": NoulQuestion(instructions="Did the last tool call succeed?"),
    "unsupported": NoulQuestion(instructions="Is the request beyond the tools?"),
    "deliverable": NoulQuestion(instructions="Can the answer be given now?"),
    "polite": NoulQuestion(instructions="Is the user polite?"),
    "risk": RISK,
    "effort": ScoreQuestion(instructions="How much work is left?", levels=("none", "some")),
}


def _ask(state: State, questions: Mapping[str, Question]) -> BackendReply:
    return RuleJudge().decide(DecisionRequest(state=state, questions=questions))


def _noul(state: State, qid: str) -> float:
    answer = parse_answer(_ask(state, {qid: QUESTIONS[qid]}).answers[qid], QUESTIONS[qid])
    assert isinstance(answer, NoulAnswer)
    return answer.noul


def _risk(state: State) -> float:
    answer = parse_answer(_ask(state, {"risk": RISK}).answers["risk"], RISK)
    assert isinstance(answer, ScoreAnswer)
    return answer.expected


def _choice(state: State, question: ChoiceQuestion = TOOL) -> ChoiceAnswer:
    answer = parse_answer(_ask(state, {"tool": question}).answers["tool"], question)
    assert isinstance(answer, ChoiceAnswer)
    return answer


def test_every_reply_is_degraded_and_says_why() -> None:
    judge = RuleJudge()
    reply = judge.decide(DecisionRequest(state={"user": "what is 2+2"}, questions=QUESTIONS))
    assert judge.name == "rule-judge"
    assert (reply.backend, reply.model, reply.degraded) == ("rule-judge", "rules", True)
    assert reply.warnings
    assert "demo" in reply.warnings[0]
    assert reply.latency_ms >= 0.0
    assert reply.usage is None


def test_an_empty_request_is_still_degraded() -> None:
    reply = _ask("", {})
    assert reply.answers == {}
    assert reply.degraded


def test_every_answer_is_a_valid_wire_answer_of_its_question_type() -> None:
    reply = _ask({"user": "delete all my notes", "step": 2}, QUESTIONS)
    assert set(reply.answers) == set(QUESTIONS)
    for qid, question in QUESTIONS.items():
        raw = reply.answers[qid]
        assert isinstance(raw, Mapping)
        assert raw["type"] == question.type
        parse_answer(raw, question)


@pytest.mark.parametrize(
    "state",
    [{"user": "delete all my notes"}, "delete all my notes", ["the user says:", "delete all my notes"]],
    ids=["mapping", "text", "lines"],
)
def test_deleting_notes_is_riskier_than_asking_the_weather(state: State) -> None:
    assert _risk(state) > _risk({"user": "what is the weather in Paris"})
    assert _risk(state) >= 2.0


def test_sending_a_message_needs_auth_and_arithmetic_does_not() -> None:
    assert _noul({"user": "send a message to Sam"}, "needs_auth") > 0.5
    assert _noul({"user": "what is 2+2"}, "needs_auth") < 0.5


def test_a_failure_in_the_state_makes_ok_unlikely() -> None:
    assert _noul({"observation": "error: file not found"}, "ok") < 0.5
    assert _noul({"observation": "12 degrees and sunny"}, "ok") > 0.5


@pytest.mark.parametrize(
    ("state", "chosen"),
    [
        ({"user": "what is the weather in Paris"}, "weather"),
        ({"user": "what is the forecast for Oslo tomorrow"}, "weather"),
        ({"user": "read my saved notes"}, "notes"),
    ],
)
def test_choice_picks_the_option_whose_criteria_overlaps_the_state(state: State, chosen: str) -> None:
    answer = _choice(state)
    assert answer.choice == chosen
    assert answer.ranked()[0][0] == chosen
    assert answer.margin > 0.0


@pytest.mark.parametrize(
    "state",
    [{"user": "no tool fits, answer directly"}, {"user": "hello"}, ""],
    ids=["overlaps-NONE-only", "overlaps-nothing", "empty"],
)
def test_choice_never_prefers_none_when_another_option_exists(state: State) -> None:
    assert _choice(state).choice != "NONE"


_words = st.sampled_from(["delete", "send", "note", "weather", "NONE", "fits", "error", "Paris", "2+2", "the"])
_text = st.lists(_words | st.text(max_size=10), max_size=6).map(" ".join)
_criteria = st.none() | _text
_states: st.SearchStrategy[State] = st.one_of(
    _text,
    st.dictionaries(st.text(max_size=8), _text | st.integers(), max_size=4),
    st.lists(_text, max_size=4),
)
_options = st.lists(
    st.builds(
        Option, name=st.sampled_from(["NONE", "weather", "notes"]) | st.text(min_size=1, max_size=8), criteria=_criteria
    ),
    min_size=2,
    max_size=5,
    unique_by=lambda o: o.name,
).map(tuple)
_choices = st.builds(ChoiceQuestion, instructions=st.just("Which one?"), options=_options)
_scores = st.builds(
    ScoreQuestion,
    instructions=st.just("How much?"),
    levels=st.lists(st.text(max_size=8), min_size=2, max_size=10).map(tuple),
)
_nouls = st.builds(NoulQuestion, instructions=st.just("Is it so?"))
_question_sets = st.dictionaries(
    st.sampled_from(["tool", "needs_auth", "ok", "unsupported", "deliverable", "risk", "other"]),
    st.one_of(_choices, _scores, _nouls),
    min_size=1,
    max_size=3,
)


@given(_states, _question_sets)
def test_answers_to_any_questions_about_any_state_parse(state: State, questions: dict[str, Question]) -> None:
    reply = _ask(state, questions)
    assert reply.degraded
    for qid, question in questions.items():
        answer = parse_answer(reply.answers[qid], question)
        if isinstance(answer, ChoiceAnswer):
            assert answer.choice != "NONE"  # every generated choice offers at least one other option
