"""The courtesies around a request are no part of what it asks; a message that is nothing else stays whole."""

from __future__ import annotations

import pytest

from decisionloop.core.courtesy import request


@pytest.mark.parametrize(
    ("typed", "asked"),
    [
        ("hey, note that the plumber is coming on Tuesday thanks!", "note that the plumber is coming on Tuesday"),
        ("please who founded Nintendo? thx", "please who founded Nintendo?"),
        ("ok so send Priya a message saying I'll be late :)", "send Priya a message saying I'll be late"),
        ("can you help me? look it up for me pls", "look it up for me"),
        ("hi! quick question: convert 20 degrees", "convert 20 degrees"),
        ("What is the weather in Oslo? Thank you so much!", "What is the weather in Oslo?"),
        ("Could you please help me out? What is 2+2?", "What is 2+2?"),
    ],
)
def test_courtesies_are_left_out(typed: str, asked: str) -> None:
    assert request(typed) == asked


@pytest.mark.parametrize(
    "typed",
    [
        "thanks!",
        "hello",
        "Thank you",
        "Hey there",
        "Say thanks to Ana",
        "Send Ana a message saying thanks",
        "Text Bob: thanks!",
        "reply with thank you",
        "Weather in Lisbon tomorrow",
        "Please request the electronic copy of the book",
    ],
)
def test_what_is_to_be_said_and_a_bare_courtesy_stay(typed: str) -> None:
    assert request(typed) == typed


@pytest.mark.parametrize(
    ("typed", "asked"),
    [
        ("weather tmrw in paris", "weather tomorrow in paris"),
        ("3 days from Tmrw", "3 days from tomorrow"),
        ("what's on tonite", "what's on tonight"),
        ("tmrws forecast", "tmrws forecast"),  # a whole word only
    ],
)
def test_days_as_people_text_them_are_spelled_out(typed: str, asked: str) -> None:
    assert request(typed) == asked


@pytest.mark.parametrize(
    ("typed", "asked"),
    [
        ("what is 3,5 plus 2,25", "what is 3.5 plus 2.25"),
        ("2,5 kg in pounds", "2.5 kg in pounds"),
        ("1,250 times 3", "1,250 times 3"),  # a thousands separator: three digits after it
        ("12,345.67 + 1", "12,345.67 + 1"),
        ("give me 1,2,3", "give me 1,2,3"),  # a list
        ("average of 78, 85, 92", "average of 78, 85, 92"),
        ("the distance between A(3,4) and B(1,2)", "the distance between A(3,4) and B(1,2)"),  # coordinates
        ("the point [3,4]", "the point [3,4]"),
    ],
)
def test_a_decimal_comma_is_read_as_a_point(typed: str, asked: str) -> None:
    assert request(typed) == asked


@pytest.mark.parametrize(
    ("typed", "asked"),
    [
        ("convert 1 1/2 cups to ml", "convert 1.5 cups to ml"),
        ("2 3/4 inches in cm", "2.75 inches in cm"),
        ("1 1/3 cups", "1.3333 cups"),
        ("1½ cups of milk", "1.5 cups of milk"),
        ("its 12 ½ miles", "its 12.5 miles"),
        ("add ¾ cup sugar", "add 3/4 cup sugar"),  # a fraction alone stays one
        ("on 1 1/2/2027", "on 1 1/2/2027"),  # a date's slashes
        ("3 5/4 cups", "3 5/4 cups"),  # no proper fraction
    ],
)
def test_a_number_and_a_fraction_are_read_as_one_number(typed: str, asked: str) -> None:
    assert request(typed) == asked
