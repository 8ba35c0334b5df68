"""Questions: their `/v1/systemone` wire shapes, the round trip, and what `question_from_wire` refuses."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping

import pytest
from hypothesis import given
from hypothesis import strategies as st

from decisionloop.core.questions import (
    MAX_CHOICE_OPTIONS,
    MAX_SCORE_LEVELS,
    ChoiceQuestion,
    NoulQuestion,
    Option,
    Question,
    ScoreQuestion,
    question_from_wire,
    question_problem,
    question_to_wire,
)

TOOL = ChoiceQuestion(
    instructions="Which tool next?",
    options=(Option(name="read_file", criteria="to read a file"), Option(name="NONE")),
)
NEEDS_AUTH = NoulQuestion(instructions="Does this step need the user's OK?", true="it changes data", false="read only")
BARE_NOUL = NoulQuestion(instructions="Is the goal met?")
RISK = ScoreQuestion(instructions="How risky is this step?", levels=("none", "low", "high"))


def _json_trip(wire: object) -> object:
    """The wire value as a server would receive it."""
    return json.loads(json.dumps(wire))


# --- wire shapes ---------------------------------------------------------------------------------------------


def test_choice_criteria_is_an_object_of_option_to_text_or_null_in_offered_order() -> None:
    wire = question_to_wire(TOOL)
    assert wire == {
        "type": "choice",
        "instructions": "Which tool next?",
        "criteria": {"read_file": "to read a file", "NONE": None},
    }
    criteria = wire["criteria"]
    assert isinstance(criteria, dict)
    assert list(criteria) == ["read_file", "NONE"]


def test_noul_criteria_has_true_and_false_when_given() -> None:
    assert question_to_wire(NEEDS_AUTH) == {
        "type": "noul",
        "instructions": "Does this step need the user's OK?",
        "criteria": {"true": "it changes data", "false": "read only"},
    }


def test_noul_without_criteria_sends_no_criteria_key() -> None:
    assert question_to_wire(BARE_NOUL) == {"type": "noul", "instructions": "Is the goal met?"}


def test_noul_with_one_side_sends_both_keys_the_other_empty() -> None:
    wire = question_to_wire(NoulQuestion(instructions="Done?", true="the answer was given"))
    assert wire["criteria"] == {"true": "the answer was given", "false": ""}


def test_score_criteria_is_the_list_of_levels_lowest_first() -> None:
    assert question_to_wire(RISK) == {
        "type": "score",
        "instructions": "How risky is this step?",
        "criteria": ["none", "low", "high"],
    }


def test_type_property_matches_the_wire_tag() -> None:
    assert (TOOL.type, NEEDS_AUTH.type, RISK.type) == ("choice", "noul", "score")
    assert TOOL.names == ("read_file", "NONE")


# --- round trip ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("question", [TOOL, NEEDS_AUTH, BARE_NOUL, RISK], ids=lambda q: q.type)
def test_to_wire_then_from_wire_gives_the_question_back(question: Question) -> None:
    assert question_from_wire(_json_trip(question_to_wire(question))) == question


_instructions = st.text(min_size=1, max_size=40).filter(lambda s: bool(s.strip()))
_options = st.lists(
    st.builds(Option, name=st.text(max_size=12), criteria=st.none() | st.text(max_size=30)),
    min_size=2,
    max_size=8,
    unique_by=lambda o: o.name,
).map(tuple)
_choices = st.builds(ChoiceQuestion, instructions=_instructions, options=_options)
_nouls = st.builds(NoulQuestion, instructions=_instructions) | st.builds(
    NoulQuestion, instructions=_instructions, true=st.text(max_size=30), false=st.text(max_size=30)
)
_scores = st.builds(
    ScoreQuestion,
    instructions=_instructions,
    levels=st.lists(st.text(max_size=20), min_size=2, max_size=MAX_SCORE_LEVELS).map(tuple),
)
questions: st.SearchStrategy[Question] = st.one_of(_choices, _nouls, _scores)


@given(questions)
def test_generated_questions_survive_the_round_trip(question: Question) -> None:
    assert question_problem(question) is None
    assert question_from_wire(_json_trip(question_to_wire(question))) == question


@given(_instructions, st.text(max_size=30))
def test_one_sided_noul_is_stable_on_the_wire(instructions: str, side: str) -> None:
    # None becomes "" on the way out, so compare wire forms rather than questions.
    for question in (
        NoulQuestion(instructions=instructions, true=side),
        NoulQuestion(instructions=instructions, false=side),
    ):
        wire = question_to_wire(question)
        assert question_to_wire(question_from_wire(_json_trip(wire))) == wire


# --- what from_wire refuses ----------------------------------------------------------------------------------


def _choice_wire(names: list[str]) -> dict[str, object]:
    return {"type": "choice", "instructions": "Pick one.", "criteria": dict.fromkeys(names)}


def _score_wire(count: int) -> dict[str, object]:
    return {"type": "score", "instructions": "Rate it.", "criteria": [f"level {i}" for i in range(count)]}


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        pytest.param(["choice"], r"must be an object, got list", id="not-an-object"),
        pytest.param(
            {"type": "rank", "instructions": "x"},
            r"unknown question type 'rank'; known: choice, noul, score",
            id="unknown-type",
        ),
        pytest.param({"instructions": "x"}, r"unknown question type None", id="missing-type"),
        pytest.param({"type": "noul"}, r"non-empty string 'instructions'", id="missing-instructions"),
        pytest.param(
            {"type": "noul", "instructions": "  "}, r"non-empty string 'instructions'", id="blank-instructions"
        ),
        pytest.param({"type": "noul", "instructions": 3}, r"non-empty string 'instructions'", id="number-instructions"),
        pytest.param({"type": "choice", "instructions": "x"}, r"option -> text or null", id="choice-no-criteria"),
        pytest.param(
            {"type": "choice", "instructions": "x", "criteria": ["a", "b"]}, r"option -> text or null", id="choice-list"
        ),
        pytest.param(
            {"type": "choice", "instructions": "x", "criteria": {"a": 1, "b": None}},
            r"option -> text or null",
            id="choice-number",
        ),
        pytest.param(
            {"type": "noul", "instructions": "x", "criteria": ["yes", "no"]}, r"keys 'true' and 'false'", id="noul-list"
        ),
        pytest.param(
            {"type": "noul", "instructions": "x", "criteria": {"true": "a", "maybe": "b"}},
            r"keys 'true' and 'false'",
            id="noul-extra-key",
        ),
        pytest.param(
            {"type": "noul", "instructions": "x", "criteria": {"true": 1, "false": "b"}},
            r"noul criteria values must be strings",
            id="noul-number",
        ),
        pytest.param(
            {"type": "score", "instructions": "x"}, r"a list of level texts, lowest first", id="score-no-criteria"
        ),
        pytest.param(
            {"type": "score", "instructions": "x", "criteria": {"0": "lo", "1": "hi"}},
            r"a list of level texts",
            id="score-object",
        ),
        pytest.param(
            {"type": "score", "instructions": "x", "criteria": ["lo", 1]}, r"a list of level texts", id="score-number"
        ),
        pytest.param(_choice_wire(["only"]), r"at least 2 options, got 1: \['only'\]", id="1-option"),
        pytest.param(_choice_wire([f"o{i}" for i in range(256)]), r"at most 255 options, got 256", id="256-options"),
        pytest.param(_score_wire(1), r"2 to 10 levels, got 1", id="1-level"),
        pytest.param(_score_wire(11), r"2 to 10 levels, got 11", id="11-levels"),
    ],
)
def test_from_wire_names_the_problem(raw: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        question_from_wire(raw)


def test_the_limits_themselves_are_accepted() -> None:
    choice = question_from_wire(_choice_wire([f"o{i}" for i in range(MAX_CHOICE_OPTIONS)]))
    assert isinstance(choice, ChoiceQuestion)
    assert len(choice.options) == MAX_CHOICE_OPTIONS
    score = question_from_wire(_score_wire(MAX_SCORE_LEVELS))
    assert isinstance(score, ScoreQuestion)
    assert len(score.levels) == MAX_SCORE_LEVELS


class _Pairs(Mapping[str, object]):
    """A mapping that keeps every key/value pair in order, repeats included, as a streaming JSON parser would."""

    def __init__(self, *pairs: tuple[str, object]) -> None:
        self._pairs = pairs

    def __getitem__(self, key: str) -> object:
        return next(v for k, v in reversed(self._pairs) if k == key)

    def __iter__(self) -> Iterator[str]:
        return (k for k, _ in self._pairs)

    def __len__(self) -> int:
        return len(self._pairs)


def test_from_wire_refuses_duplicate_option_names() -> None:
    # A parsed JSON object cannot repeat a key, so the duplicate check is reached through a pair-keeping mapping.
    criteria = _Pairs(("a", None), ("b", None), ("a", None))
    with pytest.raises(ValueError, match=r"option names must be unique; repeated: \['a'\]"):
        question_from_wire({"type": "choice", "instructions": "Pick one.", "criteria": criteria})


def test_question_problem_names_duplicate_options() -> None:
    question = ChoiceQuestion(
        instructions="Pick one.", options=(Option(name="b"), Option(name="a"), Option(name="b"), Option(name="a"))
    )
    assert question_problem(question) == "option names must be unique; repeated: ['a', 'b']"


def test_question_problem_is_none_for_a_sendable_question() -> None:
    assert [question_problem(q) for q in (TOOL, NEEDS_AUTH, BARE_NOUL, RISK)] == [None] * 4


_json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=10,
)
_question_like = st.fixed_dictionaries(
    {},
    optional={
        "type": st.sampled_from(["choice", "noul", "score"]) | _json_values,
        "instructions": _instructions | _json_values,
        "criteria": _json_values,
    },
)


@given(_json_values | _question_like)
def test_from_wire_returns_a_sendable_question_or_raises_value_error(raw: object) -> None:
    try:
        question = question_from_wire(raw)
    except ValueError:
        return
    assert question_problem(question) is None
