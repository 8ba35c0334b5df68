"""The lexical facts of an option: whether the question's words stand next to it in the goal, and how well the
best of the other options fits the goal (what lets NONE be learned as "even the best is a poor match")."""

from __future__ import annotations

import numpy as np

from decisionloop.core.questions import ChoiceQuestion, Option
from decisionloop.model.features import (
    N_EMBEDDED_FACTS,
    N_TEXT_FACTS,
    N_WORD_FACTS,
    embedded_facts,
    frame,
    lexical_facts,
    word_facts,
)

GOAL = "Find the area of a triangle with a base of 10 units and height of 5 units."


def _facts(question: str) -> dict[str, list[float]]:
    asked = ChoiceQuestion(instructions=question, options=(Option(name="10"), Option(name="5"), Option(name="NONE")))
    framed = frame({"goal": GOAL}, asked)
    return dict(zip(framed.names, lexical_facts(framed), strict=True))


def test_the_words_before_an_option_that_the_question_uses_are_a_fact() -> None:
    base, height = _facts("The base of the triangle."), _facts("The height of the triangle (height)")
    assert all(len(row) == N_TEXT_FACTS for row in base.values())
    before = N_TEXT_FACTS - 2
    assert base["10"][before] > 0.0
    assert base["5"][before] == 0.0
    assert height["5"][before] > 0.0
    assert height["10"][before] == 0.0
    assert base["NONE"][before:] == [0.0, 0.0]


def test_every_row_sees_the_best_fit_among_the_options_that_are_not_none() -> None:
    goal = np.asarray([1.0, 0.0, 0.0], dtype=np.float32)
    options = np.asarray([[0.6, 0.8, 0.0], [0.9, 0.1, 0.0], [0.1, 0.0, 0.99]], dtype=np.float32)
    rows = embedded_facts(("weather", "calculator", "NONE"), goal, options)
    assert rows.shape == (3, N_EMBEDDED_FACTS)
    cosine, best, below, is_best = rows.T
    assert np.allclose(cosine, [0.6, 0.9, 0.1])
    assert np.allclose(best, [0.9, 0.9, 0.9])  # NONE's row too: it does not count as a fit of its own
    assert np.allclose(below, [0.3, 0.0, 0.0])
    assert is_best.tolist() == [0.0, 1.0, 0.0]


def test_a_question_of_none_alone_has_no_best_fit() -> None:
    rows = embedded_facts(("NONE",), np.ones(2, dtype=np.float32), np.ones((1, 2), dtype=np.float32))
    assert rows.tolist() == [[2.0, 0.0, 0.0, 0.0]]


def _words_of(goal: str, tools: dict[str, str]) -> dict[str, list[float]]:
    options = (*(Option(name=n, criteria=c) for n, c in tools.items()), Option(name="NONE"))
    framed = frame({"goal": goal}, ChoiceQuestion(instructions="Which tool?", options=options))
    return dict(zip(framed.names, word_facts(framed).tolist(), strict=True))


def test_a_tool_whose_words_the_goal_uses_is_seen_as_the_best_word_match() -> None:
    rows = _words_of(
        "Tell the satellite to send the message 'feed the cat'.",
        {
            "sendSatelliteMessage": "Send a message through a satellite link",
            "sendSMS": "Send a text message to a phone number",
        },
    )
    assert all(len(row) == N_WORD_FACTS for row in rows.values())
    name, text, best_name, best_text, below_name, below_text = zip(*rows.values(), strict=True)
    assert name[0] == 1.0  # send, satellite, message: the name split at its case changes
    assert name[1] < name[0]
    assert text[1] < text[0]
    assert best_name == (1.0, 1.0, 1.0)
    assert best_text[2] == text[0]
    assert below_name[1] > 0.0
    assert below_text[1] > 0.0
    assert rows["NONE"][:2] == [0.0, 0.0]
    assert rows["NONE"][4:] == [0.0, 0.0]


def test_a_goal_no_tool_speaks_of_gives_none_a_poor_best_match() -> None:
    rows = _words_of("thanks, that was lovely", {"weather": "Current weather for a city"})
    assert rows["NONE"][2:4] == [0.0, 0.0]
