"""The lexical facts of an option include whether the question's words stand next to it in the goal."""

from __future__ import annotations

from decisionloop.core.questions import ChoiceQuestion, Option
from decisionloop.model.features import N_LEXICAL, frame, lexical_facts

GOAL = "Find the area of a triangle with a base of 10 units and height of 5 units."


def _facts(question: str) -> dict[str, list[float]]:
    asked = ChoiceQuestion(instructions=question, options=(Option(name="10"), Option(name="5"), Option(name="NONE")))
    framed = frame({"goal": GOAL}, asked)
    return dict(zip(framed.names, lexical_facts(framed), strict=True))


def test_the_words_before_an_option_that_the_question_uses_are_a_fact() -> None:
    base, height = _facts("The base of the triangle."), _facts("The height of the triangle (height)")
    assert all(len(row) == N_LEXICAL for row in base.values())
    before = N_LEXICAL - 2
    assert base["10"][before] > 0.0
    assert base["5"][before] == 0.0
    assert height["5"][before] > 0.0
    assert height["10"][before] == 0.0
    assert base["NONE"][before:] == [0.0, 0.0]
