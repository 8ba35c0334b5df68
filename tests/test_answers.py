"""Answers: validation against the question asked, gate quantities from probabilities, and the wire form."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from decisionloop.core.answers import (
    Answer,
    ChoiceAnswer,
    InvalidAnswerError,
    NoulAnswer,
    ScoreAnswer,
    parse_answer,
    summarise,
)
from decisionloop.core.questions import ChoiceQuestion, NoulQuestion, Option, Question, ScoreQuestion
from decisionloop.core.wire import answer_to_wire

TOOL = ChoiceQuestion(
    instructions="Which tool next?",
    options=(Option(name="weather", criteria="look up a forecast"), Option(name="notes"), Option(name="NONE")),
)
NEEDS_AUTH = NoulQuestion(instructions="Does this step need the user's OK?")
RISK = ScoreQuestion(instructions="How risky is this step?", levels=("none", "low", "high"))
QUESTIONS: tuple[Question, ...] = (TOOL, NEEDS_AUTH, RISK)
VALID: dict[str, dict[str, object]] = {
    "choice": {"choice": "weather", "probabilities": {"weather": 0.8, "notes": 0.15, "NONE": 0.05}},
    "noul": {"noul": 0.3},
    "score": {"probabilities": {"0": 0.6, "1": 0.3, "2": 0.1}},
}


def _by_type(question: Question) -> str:
    return question.type


# --- gate quantities -----------------------------------------------------------------------------------------


def test_choice_top_is_the_chosen_probability_whatever_confidence_says() -> None:
    raw = {
        "type": "choice",
        "choice": "weather",
        "probabilities": {"weather": 0.4, "notes": 0.35, "NONE": 0.25},
        "confidence": 0.99,
    }
    answer = parse_answer(raw, TOOL)
    assert isinstance(answer, ChoiceAnswer)
    assert answer.top == pytest.approx(0.4)
    assert answer.margin == pytest.approx(0.05)
    assert answer.confidence == 0.99  # kept for the record only
    assert summarise(answer) == "weather (0.40)"


def test_choice_margin_is_negative_when_the_choice_is_not_the_most_probable() -> None:
    raw = {"choice": "notes", "probabilities": {"weather": 0.5, "notes": 0.3, "NONE": 0.2}}
    answer = parse_answer(raw, TOOL)
    assert isinstance(answer, ChoiceAnswer)
    assert answer.top == pytest.approx(0.3)
    assert answer.margin == pytest.approx(-0.2)
    assert [name for name, _ in answer.ranked()] == ["weather", "notes", "NONE"]


def test_options_missing_from_probabilities_count_as_zero() -> None:
    answer = parse_answer({"choice": "notes", "probabilities": {"notes": 1.0}}, TOOL)
    assert isinstance(answer, ChoiceAnswer)
    assert dict(answer.probabilities) == {"weather": 0.0, "notes": 1.0, "NONE": 0.0}
    assert answer.margin == 1.0
    assert answer.confidence is None


@pytest.mark.parametrize(
    ("noul", "top", "margin"), [(0.0, 1.0, 1.0), (0.2, 0.8, 0.6), (0.5, 0.5, 0.0), (0.9, 0.9, 0.8), (1, 1.0, 1.0)]
)
def test_noul_top_is_the_more_likely_side(noul: float, top: float, margin: float) -> None:
    answer = parse_answer({"noul": noul}, NEEDS_AUTH)
    assert isinstance(answer, NoulAnswer)
    assert answer.noul == noul
    assert answer.top == pytest.approx(top)
    assert answer.margin == pytest.approx(margin)


@pytest.mark.parametrize(
    "probabilities",
    [{"0": 0.2, "1": 0.3, "2": 0.5}, {"none": 0.2, "low": 0.3, "high": 0.5}, {"none": 0.2, "1": 0.3, "high": 0.5}],
    ids=["by-index", "by-text", "mixed"],
)
def test_score_expected_level_is_the_probability_weighted_sum(probabilities: dict[str, float]) -> None:
    answer = parse_answer({"type": "score", "probabilities": probabilities}, RISK)
    assert isinstance(answer, ScoreAnswer)
    assert answer.probabilities == pytest.approx((0.2, 0.3, 0.5))
    assert answer.expected == pytest.approx(0 * 0.2 + 1 * 0.3 + 2 * 0.5)
    assert answer.top == pytest.approx(0.5)
    assert answer.margin == pytest.approx(0.2)
    assert answer.legend == ("none", "low", "high")
    assert summarise(answer) == "1.30"


def test_score_expected_ignores_the_servers_score_field() -> None:
    answer = parse_answer({"score": 0.0, "probabilities": {"2": 1.0}}, RISK)
    assert isinstance(answer, ScoreAnswer)
    assert answer.probabilities == (0.0, 0.0, 1.0)
    assert answer.expected == 2.0


def test_probabilities_within_tolerance_are_normalised() -> None:
    answer = parse_answer({"choice": "weather", "probabilities": {"weather": 0.594, "notes": 0.396}}, TOOL)
    assert isinstance(answer, ChoiceAnswer)
    assert answer.top == pytest.approx(0.6)
    assert math.fsum(answer.probabilities.values()) == pytest.approx(1.0)


# --- what parse_answer refuses -------------------------------------------------------------------------------


def test_a_choice_not_offered_is_refused_naming_the_offered_options() -> None:
    raw = {"choice": "calendar", "probabilities": {"weather": 1.0}}
    with pytest.raises(InvalidAnswerError, match=r"choice 'calendar' was not offered; offered: weather, notes, NONE"):
        parse_answer(raw, TOOL)


def test_a_probability_for_an_option_not_offered_is_refused() -> None:
    raw = {"choice": "weather", "probabilities": {"weather": 0.9, "calendar": 0.1}}
    with pytest.raises(InvalidAnswerError, match=r"probability given for 'calendar', which was not offered"):
        parse_answer(raw, TOOL)


@pytest.mark.parametrize(
    "raw",
    [{"choice": "weather"}, {"choice": "weather", "probabilities": [0.8, 0.2]}, {"choice": "weather", "confidence": 1}],
    ids=["missing", "list", "confidence-only"],
)
def test_a_choice_without_probabilities_is_refused(raw: dict[str, object]) -> None:
    with pytest.raises(InvalidAnswerError, match=r"needs 'probabilities'"):
        parse_answer(raw, TOOL)


@pytest.mark.parametrize("choice", [None, "", 1, ["weather"]])
def test_a_choice_that_is_not_a_non_empty_string_is_refused(choice: object) -> None:
    with pytest.raises(InvalidAnswerError, match=r"choice must be a non-empty string"):
        parse_answer({"choice": choice, "probabilities": {"weather": 1.0}}, TOOL)


@pytest.mark.parametrize(
    ("question", "tag"),
    [(q, tag) for q in QUESTIONS for tag in ("choice", "noul", "score", "rank", "") if tag != q.type],
)
def test_an_answer_of_the_wrong_type_tag_is_refused(question: Question, tag: str) -> None:
    with pytest.raises(InvalidAnswerError, match=rf"answer of type '{tag}' to a {question.type} question"):
        parse_answer({**VALID[question.type], "type": tag}, question)


@pytest.mark.parametrize("question", QUESTIONS, ids=_by_type)
def test_a_missing_type_tag_is_accepted(question: Question) -> None:
    untagged = parse_answer(VALID[question.type], question)
    assert untagged == parse_answer({**VALID[question.type], "type": question.type}, question)


@pytest.mark.parametrize(
    ("noul", "message"),
    [
        (1.5, r"must lie in \[0, 1\], got 1.5"),
        (-0.1, r"must lie in \[0, 1\], got -0.1"),
        (math.nan, r"must lie in \[0, 1\], got nan"),
        (math.inf, r"must lie in \[0, 1\], got inf"),
        (True, r"must be a number, got True"),
        ("0.7", r"must be a number, got '0.7'"),
        (None, r"must be a number, got None"),
    ],
)
def test_a_noul_outside_zero_one_or_not_a_number_is_refused(noul: object, message: str) -> None:
    with pytest.raises(InvalidAnswerError, match=rf"noul {message}"):
        parse_answer({"noul": noul}, NEEDS_AUTH)


@pytest.mark.parametrize(
    ("raw", "question"),
    [
        ({"choice": "weather", "probabilities": {"weather": 0.5, "notes": 0.2}}, TOOL),
        ({"choice": "weather", "probabilities": {"weather": 0.7, "notes": 0.33}}, TOOL),
        ({"choice": "weather", "probabilities": {"weather": 0.0}}, TOOL),
        ({"probabilities": {"0": 0.5, "1": 0.47}}, RISK),
        ({"probabilities": {"0": 0.9, "2": 0.9}}, RISK),
    ],
    ids=["choice-0.70", "choice-1.03", "choice-0", "score-0.97", "score-1.80"],
)
def test_probabilities_not_summing_to_one_are_refused(raw: dict[str, object], question: Question) -> None:
    with pytest.raises(InvalidAnswerError, match=r"probabilities must sum to 1, got"):
        parse_answer(raw, question)


@pytest.mark.parametrize(
    ("probabilities", "message"),
    [
        (None, r"needs 'probabilities' per level"),
        ({}, r"needs 'probabilities' per level"),
        ({"3": 1.0}, r"probability given for level '3'; levels are 0..2"),
        ({"extreme": 1.0}, r"probability given for level 'extreme'; levels are 0..2"),
        ({"0": "0.5", "1": 0.5}, r"probability of level '0' must be a number"),
    ],
)
def test_bad_score_probabilities_are_refused(probabilities: object, message: str) -> None:
    with pytest.raises(InvalidAnswerError, match=message):
        parse_answer({"probabilities": probabilities}, RISK)


def test_a_choice_probability_outside_zero_one_is_refused() -> None:
    with pytest.raises(InvalidAnswerError, match=r"probability of 'weather' must lie in \[0, 1\]"):
        parse_answer({"choice": "weather", "probabilities": {"weather": 1.2, "notes": -0.2}}, TOOL)


@pytest.mark.parametrize("question", QUESTIONS, ids=_by_type)
def test_an_answer_that_is_not_an_object_is_refused(question: Question) -> None:
    with pytest.raises(InvalidAnswerError, match=r"an answer must be an object, got list"):
        parse_answer([0.5], question)


# --- known bugs: JSON values that escape as other exceptions -------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "question"),
    [
        ({"noul": 10**400}, NEEDS_AUTH),
        ({"choice": "weather", "probabilities": {"weather": 10**400}}, TOOL),
        ({"probabilities": {"0": 10**400}}, RISK),
    ],
    ids=["noul", "choice", "score"],
)
def test_a_huge_json_integer_is_an_invalid_answer(raw: dict[str, object], question: Question) -> None:
    with pytest.raises(InvalidAnswerError):
        parse_answer(json.loads(json.dumps(raw)), question)


def test_a_huge_integer_confidence_is_not_a_crash() -> None:
    answer = parse_answer({"choice": "weather", "probabilities": {"weather": 1.0}, "confidence": 10**400}, TOOL)
    assert isinstance(answer, ChoiceAnswer)


@pytest.mark.parametrize("key", ["²", "①", "9" * 5000], ids=["superscript", "circled", "5000-digits"])
def test_a_level_key_int_cannot_read_is_an_invalid_answer(key: str) -> None:
    with pytest.raises(InvalidAnswerError):
        parse_answer({"probabilities": {key: 1.0}}, RISK)


# --- wire form -----------------------------------------------------------------------------------------------


def test_answer_to_wire_shapes() -> None:
    choice = ChoiceAnswer(choice="weather", probabilities={"weather": 0.75, "notes": 0.25, "NONE": 0.0})
    assert answer_to_wire(choice) == {
        "type": "choice",
        "choice": "weather",
        "probabilities": {"weather": 0.75, "notes": 0.25, "NONE": 0.0},
        "confidence": 0.75,
    }
    assert answer_to_wire(NoulAnswer(noul=0.25)) == {"type": "noul", "noul": 0.25}
    score = ScoreAnswer(probabilities=(0.5, 0.25, 0.25), legend=("none", "low", "high"))
    assert answer_to_wire(score) == {
        "type": "score",
        "score": 0.75,
        "probabilities": {"0": 0.5, "1": 0.25, "2": 0.25},
        "legend": {"0": "none", "1": "low", "2": "high"},
    }


def test_summarise_noul() -> None:
    assert summarise(NoulAnswer(noul=0.256)) == "0.26"


def _distribution(size: int) -> st.SearchStrategy[list[float]]:
    weights = st.lists(st.floats(0.0, 1.0), min_size=size, max_size=size).filter(lambda ws: sum(ws) > 0.01)
    return weights.map(lambda ws: [w / sum(ws) for w in ws])


@st.composite
def _answers(draw: st.DrawFn, question: Question) -> Answer:
    match question:
        case ChoiceQuestion(options=options):
            probabilities = dict(zip(question.names, draw(_distribution(len(options))), strict=True))
            return ChoiceAnswer(choice=draw(st.sampled_from(question.names)), probabilities=probabilities)
        case NoulQuestion():
            return NoulAnswer(noul=draw(st.floats(0.0, 1.0)))
        case ScoreQuestion(levels=levels):
            return ScoreAnswer(probabilities=tuple(draw(_distribution(len(levels)))), legend=levels)


def _same(parsed: Answer, original: Answer) -> None:
    match parsed, original:
        case ChoiceAnswer(), ChoiceAnswer():
            assert parsed.choice == original.choice
            assert dict(parsed.probabilities) == pytest.approx(dict(original.probabilities))
            assert parsed.confidence == pytest.approx(original.top)
        case NoulAnswer(), NoulAnswer():
            assert parsed == original
        case ScoreAnswer(), ScoreAnswer():
            assert parsed.probabilities == pytest.approx(original.probabilities)
            assert parsed.legend == original.legend
        case _:
            pytest.fail(f"{parsed!r} is not the same kind of answer as {original!r}")


@given(st.sampled_from(QUESTIONS).flatmap(lambda q: st.tuples(st.just(q), _answers(q))))
def test_answer_to_wire_then_parse_answer_round_trips(case: tuple[Question, Answer]) -> None:
    question, answer = case
    _same(parse_answer(json.loads(json.dumps(answer_to_wire(answer))), question), answer)


# --- any JSON value: a valid answer or InvalidAnswerError, nothing else ------------------------------------------

_json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
_keys = st.text(st.characters(exclude_categories=["Cs"]), max_size=4)


def _answer_shaped(question: Question) -> st.SearchStrategy[object]:
    """Objects with the answer's field names, so generated values reach the checks past the first one."""
    known = [*question.names] if isinstance(question, ChoiceQuestion) else []
    if isinstance(question, ScoreQuestion):
        known = [*question.levels, *(str(i) for i in range(len(question.levels) + 1))]
    probability = st.floats(0.0, 1.0) | _json_values
    probabilities = st.dictionaries(st.sampled_from(known) | _keys if known else _keys, probability, max_size=5)
    return st.fixed_dictionaries(
        {},
        optional={
            "type": st.sampled_from(["choice", "noul", "score"]) | _json_values,
            "choice": st.sampled_from(known) | _json_values if known else _json_values,
            "noul": probability,
            "probabilities": probabilities | _json_values,
            "confidence": _json_values,
            "score": _json_values,
        },
    )


def _raw_answers(question: Question) -> st.SearchStrategy[object]:
    valid = _answers(question).map(answer_to_wire)
    return st.one_of(_json_values, _answer_shaped(question), valid)


def _assert_valid(answer: Answer, question: Question) -> None:
    match answer:
        case ChoiceAnswer():
            assert isinstance(question, ChoiceQuestion)
            assert answer.choice in question.names
            assert list(answer.probabilities) == list(question.names)
            probabilities = list(answer.probabilities.values())
        case NoulAnswer():
            assert isinstance(question, NoulQuestion)
            probabilities = [answer.noul, 1.0 - answer.noul]
        case ScoreAnswer():
            assert isinstance(question, ScoreQuestion)
            assert len(answer.probabilities) == len(question.levels)
            probabilities = list(answer.probabilities)
            assert 0.0 <= answer.expected <= len(question.levels) - 1 + 1e-9
    assert all(0.0 <= p <= 1.0 for p in probabilities)
    assert math.fsum(probabilities) == pytest.approx(1.0)
    assert 0.0 <= answer.top <= 1.0
    assert -1.0 <= answer.margin <= 1.0


@given(st.sampled_from(QUESTIONS).flatmap(lambda q: st.tuples(st.just(q), _raw_answers(q))))
def test_any_json_value_is_a_valid_answer_or_an_invalid_answer_error(case: tuple[Question, object]) -> None:
    question, raw = case
    try:
        answer = parse_answer(raw, question)
    except InvalidAnswerError:
        return
    _assert_valid(answer, question)
