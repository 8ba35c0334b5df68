"""Policies behave as their thresholds say: probability sweeps across each boundary."""

from __future__ import annotations

import pytest

from decisionloop.core.answers import Answer, ChoiceAnswer, NoulAnswer, ScoreAnswer
from decisionloop.spec import load_spec
from decisionloop.spec.policy import evaluate
from decisionloop.spec.predicates import holds, parse_predicate, render_predicate

SPEC = load_spec()


def risk(level_probs: tuple[float, ...], needs_auth: float = 0.0) -> dict[str, Answer]:
    return {"risk": ScoreAnswer(probabilities=level_probs), "needs_auth": NoulAnswer(noul=needs_auth)}


@pytest.mark.parametrize(("p", "action"), [(0.49, "answer"), (0.5, "use_tool"), (0.9, "use_tool")])
def test_needs_tool_flips_at_one_half(p: float, action: str) -> None:
    assert evaluate(SPEC.block("needs_tool"), {"needs_tool": NoulAnswer(noul=p)}).action == action


@pytest.mark.parametrize(
    ("probs", "action"),
    [
        ((1.0, 0.0, 0.0, 0.0), "auto"),
        ((0.1, 0.9, 0.0, 0.0), "auto"),  # expected level 0.9
        ((0.0, 1.0, 0.0, 0.0), "auto_audit"),  # 1.0: the audit rung
        ((0.0, 0.5, 0.5, 0.0), "auto_audit"),  # 1.5
        ((0.0, 0.0, 1.0, 0.0), "ask_human"),  # 2.0: the authorisation rung
        ((0.0, 0.0, 0.0, 1.0), "ask_human"),
    ],
)
def test_grade_risk_flips_at_one_and_two(probs: tuple[float, ...], action: str) -> None:
    assert evaluate(SPEC.block("grade_risk"), risk(probs)).action == action


def test_needs_auth_asks_even_when_the_score_is_low() -> None:
    outcome = evaluate(SPEC.block("grade_risk"), risk((1.0, 0.0, 0.0, 0.0), needs_auth=0.5))
    assert outcome.action == "ask_human"
    assert outcome.reason == "prob:needs_auth >= 0.5 → ask_human"


def test_top_reads_the_chosen_options_probability_not_confidence() -> None:
    answer = ChoiceAnswer(choice="weather", probabilities={"weather": 0.6, "calculator": 0.4}, confidence=0.99)
    assert evaluate(SPEC.block("pick_tool"), {"tool": answer}).action == "escalate"
    sure = ChoiceAnswer(choice="weather", probabilities={"weather": 0.7, "calculator": 0.3}, confidence=0.01)
    assert evaluate(SPEC.block("pick_tool"), {"tool": sure}).action == "call"


def test_none_escalates_however_sure() -> None:
    answer = ChoiceAnswer(choice="NONE", probabilities={"NONE": 0.99, "Paris": 0.01})
    outcome = evaluate(SPEC.block("pick_args"), {"arg": answer})
    assert (outcome.action, outcome.reason) == ("escalate", "picked:arg = NONE → escalate")


@pytest.mark.parametrize(
    ("choice", "p", "action"),
    [("NONE", 0.99, "escalate"), ("NONE", 0.995, "call"), ("weather", 0.99, "call"), ("weather", 0.6, "escalate")],
)
def test_none_must_be_surer_than_a_tool_to_pass(choice: str, p: float, action: str) -> None:
    other = "calculator" if choice != "calculator" else "weather"
    answer = ChoiceAnswer(choice=choice, probabilities={choice: p, other: 1 - p})
    outcome = evaluate(SPEC.block("pick_tool"), {"tool": answer})
    assert outcome.action == action
    if (choice, action) == ("NONE", "escalate"):
        assert outcome.reason == "picked:tool = NONE and top < 0.995 → escalate"


def test_a_conjunction_holds_when_every_part_does_and_reads_back_as_written() -> None:
    text = "picked:tool = NONE and top < 0.5"
    both = parse_predicate(text, "tool")
    assert render_predicate(both) == text
    unsure = ChoiceAnswer(choice="NONE", probabilities={"NONE": 0.4, "weather": 0.6})
    assert holds(both, {"tool": unsure}) is True
    assert holds(both, {"tool": ChoiceAnswer(choice="NONE", probabilities={"NONE": 0.6, "weather": 0.4})}) is False
    assert holds(both, {"tool": ChoiceAnswer(choice="weather", probabilities={"NONE": 0.4, "weather": 0.6})}) is False
    assert holds(both, {}) is None  # no answer: fail closed


def test_unsupported_beats_deliverable() -> None:
    answers: dict[str, Answer] = {"deliverable": NoulAnswer(noul=0.99), "unsupported": NoulAnswer(noul=0.5)}
    assert evaluate(SPEC.block("can_deliver"), answers).action == "revise"


def test_a_missing_answer_escalates_instead_of_skipping_its_rule() -> None:
    outcome = evaluate(SPEC.block("can_deliver"), {"deliverable": NoulAnswer(noul=0.99)})
    assert outcome.action == "escalate"
    assert "'unsupported'" in outcome.reason


def test_a_wrongly_typed_answer_escalates() -> None:
    outcome = evaluate(SPEC.block("is_done"), {"done": ScoreAnswer(probabilities=(0.0, 1.0))})
    assert outcome.action == "escalate"


def test_margin_is_the_distance_to_the_nearest_threshold_evaluated() -> None:
    outcome = evaluate(SPEC.block("step_ok"), {"ok": NoulAnswer(noul=0.62)})
    assert outcome.action == "continue"
    assert outcome.margin == pytest.approx(0.02)
