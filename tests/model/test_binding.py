"""The binding facts: which option a slot's question binds to, from the goal's words (BFCL's failing cases)."""

from __future__ import annotations

import numpy as np
import pytest

from decisionloop.core.questions import ChoiceQuestion, Option
from decisionloop.model.actions import N_ACTION_FACTS
from decisionloop.model.binding import N_BINDING_FACTS, N_BINDING_FACTS_V6, binding_facts
from decisionloop.model.encoder import DIM
from decisionloop.model.features import N_LEXICAL, READABLE_VERSIONS, facts, frame, lexical_width

(DIRECTION, AGAINST_DIRECTION, ORDER, AGAINST_ORDER, MEASURE, AGAINST_MEASURE, NEAR, NEAREST) = range(8)
SLOT_WORDS, QUOTED, PART_OF_QUOTE, PART_OF_OPTION = range(8, N_BINDING_FACTS)
TRIP = "Get directions from Sydney to Melbourne using the fastest route."
CHARGES = "Calculate the electromagnetic force between two charges of 5C and 7C placed 3 meters apart."
WATER = "The final temperature when 20 kg of water at 30 degree Celsius is mixed with 15 kg of water at 60 °C."
BOND = "A bond giving a coupon payment of $100 annually for next 5 years with discount rate 4%."


def _facts(question: str, names: list[str], goal: str) -> dict[str, list[float]]:
    rows = binding_facts(question, [*names, "NONE"], goal)
    assert rows.shape == (len(names) + 1, N_BINDING_FACTS)
    assert not rows[-1].any(), "the NONE row says nothing"
    return {name: rows[i].tolist() for i, name in enumerate(names)}


@pytest.mark.parametrize(
    ("question", "fits", "against"),
    [
        ("Starting location for the journey. (start_location)", "Sydney", "Melbourne"),
        ("The destination of the journey. (end_location)", "Melbourne", "Sydney"),
    ],
)
def test_from_and_to_bind_a_start_and_an_end(question: str, fits: str, against: str) -> None:
    facts = _facts(question, ["Sydney", "Melbourne", "fastest route"], TRIP)
    assert facts[fits][DIRECTION] == 1
    assert facts[against][AGAINST_DIRECTION] == 1
    assert facts["fastest route"][DIRECTION] == facts["fastest route"][AGAINST_DIRECTION] == 0


def test_to_in_a_sentence_says_no_direction_but_in_a_name_it_does() -> None:
    said = _facts("The unit to convert to.", ["km"], "convert 5 miles to km")
    named = _facts("The unit (to_unit)", ["km"], "convert 5 miles to km")
    assert said["km"][DIRECTION] == 0
    assert named["km"][DIRECTION] == 1


def test_a_numbered_slot_takes_the_value_of_its_place_among_values_of_its_measure() -> None:
    second_mass = _facts("The mass of the second body of water in kg (mass2)", ["20", "30", "15", "60"], WATER)
    assert second_mass["15"][ORDER] == 1
    assert second_mass["15"][MEASURE] == 1
    assert second_mass["20"][AGAINST_ORDER] == 1
    assert second_mass["60"][AGAINST_MEASURE] == 1, "60 °C is a temperature, not a mass"
    second_temperature = _facts("The temperature of the second body (temperature2)", ["20", "30", "15", "60"], WATER)
    assert second_temperature["60"][ORDER] == second_temperature["60"][MEASURE] == 1


def test_a_unit_stuck_to_a_number_is_read_as_written() -> None:
    first = _facts("The magnitude of the first charge in coulombs. (charge1)", ["5", "7", "3"], CHARGES)
    assert first["5"][ORDER] == first["5"][MEASURE] == 1, "5C: five coulombs"
    assert first["7"][AGAINST_ORDER] == 1
    assert first["3"][AGAINST_MEASURE] == 1
    distance = _facts("The distance between the two charges in meters.", ["5", "7", "3"], CHARGES)
    assert distance["3"][MEASURE] == 1
    assert distance["5"][AGAINST_MEASURE] == 1


def test_money_time_and_percent_measures() -> None:
    payment = _facts("The annual coupon payment. (coupon_payment)", ["100", "5", "4"], BOND)
    period = _facts("The time frame in years (period)", ["100", "5", "4"], BOND)
    rate = _facts("The discount rate.", ["100", "5", "4"], BOND)
    assert payment["100"][MEASURE] == period["5"][MEASURE] == rate["4"][MEASURE] == 1
    assert payment["5"][AGAINST_MEASURE] == period["100"][AGAINST_MEASURE] == rate["100"][AGAINST_MEASURE] == 1


def test_a_pair_of_slot_words_binds_a_pair_of_values_in_order() -> None:
    goal = "Calculate the area of a right-angled triangle given the lengths of its base and height as 6cm and 10cm."
    base = _facts("The base of the triangle.", ["6", "10"], goal)
    height = _facts("The height of the triangle.", ["6", "10"], goal)
    assert base["6"][ORDER] == 1
    assert base["10"][AGAINST_ORDER] == 1
    assert height["10"][ORDER] == 1
    assert height["6"][AGAINST_ORDER] == 1


def test_the_nearest_value_to_the_slots_word_is_marked() -> None:
    facts = _facts("The height of the triangle.", ["10", "5"], "a triangle with base of 10 units and height of 5 units")
    assert facts["5"][NEAREST] == 1
    assert facts["10"][NEAREST] == 0
    assert facts["5"][NEAR] > facts["10"][NEAR] > 0
    assert facts["10"][MEASURE] == facts["10"][AGAINST_MEASURE] == 0, "'units' measures nothing"


def test_an_option_not_in_the_goal_and_a_question_with_no_clue_say_nothing() -> None:
    assert not any(_facts("The city.", ["Paris"], "what is the weather like")["Paris"])
    assert not binding_facts("", ["a"], "a b").any()
    assert not binding_facts("The city.", ["a"], "").any()


def test_older_feature_versions_are_version_8_rows_with_fewer_facts() -> None:
    question = ChoiceQuestion(instructions="End year (end_year)", options=(Option(name="1871"), Option(name="1945")))
    framed = frame({"goal": "Key war events in German history from 1871 to 1945."}, question)
    goal = np.ones(DIM, dtype=np.float32) / np.sqrt(DIM)
    options = np.stack([goal, -goal])
    new = facts(framed, goal, options)
    five, six, seven = (facts(framed, goal, options, version=v) for v in (5, 6, 7))
    assert new.shape == (2, N_LEXICAL)
    assert seven.shape == (2, N_LEXICAL - N_ACTION_FACTS)
    assert five.shape == (2, N_LEXICAL - N_ACTION_FACTS - N_BINDING_FACTS)
    assert six.shape == (2, N_LEXICAL - N_ACTION_FACTS - N_BINDING_FACTS + N_BINDING_FACTS_V6)
    for version, old in ((5, five), (6, six), (7, seven), (8, new)):
        assert old.shape[1] == lexical_width(version)
        assert np.array_equal(new[:, : old.shape[1]], old)
    assert new[1, N_LEXICAL - N_ACTION_FACTS - N_BINDING_FACTS] == 1, "1945 follows 'to': the end year"
    assert {5, 6, 7} <= set(READABLE_VERSIONS), "the shipped model's versions still read"


def test_an_option_that_only_repeats_the_slot_s_words_is_told_from_the_quoted_value() -> None:
    goal = 'Find books in the library catalog with the keywords "mystery" and genre "mystery".'
    facts = _facts("Keywords to search for books in the library catalog", ["keywords", "mystery"], goal)
    assert facts["keywords"][SLOT_WORDS] == 1
    assert facts["mystery"][SLOT_WORDS] == 0
    assert facts["mystery"][QUOTED] == 1
    genre = _facts("Search in a genre (e.g., mystery, romance)", ["genre", "mystery"], goal)
    assert (genre["genre"][SLOT_WORDS], genre["mystery"][SLOT_WORDS]) == (1, 0), "examples are no slot words"


def test_a_part_of_a_quoted_text_or_of_another_option_is_marked() -> None:
    goal = "Create a youth program called 'Inspire Tomorrow' with the mild detergent, isn't it?"
    facts = _facts("The name", ["Tomorrow", "Inspire Tomorrow", "mild", "mild detergent"], goal)
    assert facts["Tomorrow"][PART_OF_QUOTE] == facts["Tomorrow"][PART_OF_OPTION] == 1
    assert facts["Inspire Tomorrow"][QUOTED] == 1
    assert facts["Inspire Tomorrow"][PART_OF_QUOTE] == facts["Inspire Tomorrow"][PART_OF_OPTION] == 0
    assert facts["mild"][PART_OF_OPTION] == 1
    assert facts["mild"][PART_OF_QUOTE] == 0, "an apostrophe opens no quote"
    assert not any(_facts("The name", ["Paris"], goal)["Paris"]), "an option not in the goal says nothing"
