"""Questions: their type tags and option names, and what `question_problem` refuses."""

from __future__ import annotations

from decisionloop.core.questions import ChoiceQuestion, NoulQuestion, Option, ScoreQuestion, question_problem

TOOL = ChoiceQuestion(
    instructions="Which tool next?",
    options=(Option(name="read_file", criteria="to read a file"), Option(name="NONE")),
)
NEEDS_AUTH = NoulQuestion(instructions="Does this step need the user's OK?", true="it changes data", false="read only")
BARE_NOUL = NoulQuestion(instructions="Is the goal met?")
RISK = ScoreQuestion(instructions="How risky is this step?", levels=("none", "low", "high"))


def test_type_property_matches_the_wire_tag() -> None:
    assert (TOOL.type, NEEDS_AUTH.type, RISK.type) == ("choice", "noul", "score")
    assert TOOL.names == ("read_file", "NONE")


def test_question_problem_names_duplicate_options() -> None:
    question = ChoiceQuestion(
        instructions="Pick one.", options=(Option(name="b"), Option(name="a"), Option(name="b"), Option(name="a"))
    )
    assert question_problem(question) == "option names must be unique; repeated: ['a', 'b']"


def test_question_problem_is_none_for_a_sendable_question() -> None:
    assert [question_problem(q) for q in (TOOL, NEEDS_AUTH, BARE_NOUL, RISK)] == [None] * 4
