"""Each candidate carries the words around it, and a span slot's options read with them: what tells the base of
10 from the height of 5, or "from Sydney" from "to Melbourne"."""

from __future__ import annotations

from decisionloop.core.tool import Slot
from decisionloop.extract import extract, slot_options
from decisionloop.extract.candidates import around

TRIANGLE = "Find the area of a triangle with a base of 10 units and height of 5 units."


def test_the_context_is_four_words_before_the_first_occurrence_and_two_after_with_the_span_marked() -> None:
    assert around(TRIANGLE, "10") == "with a base of [10] units and"
    assert around("Drive from Sydney to Melbourne", "melbourne") == "Drive from Sydney to [Melbourne]"
    assert around("short", "absent") == ""


def test_the_context_is_of_the_first_occurrence_as_words_of_its_own() -> None:
    goal = "The future value of $5000 at an annual rate of 5% over 10 years"
    assert around(goal, "5") == "an annual rate of [5] % over"
    assert around(goal, "10") == "rate of 5% over [10] years"
    assert around("a box of 12kg", "12") == "a box of [12] kg"  # inside a longer word when nowhere else


def test_a_typed_slot_offers_each_number_with_the_words_around_it() -> None:
    options = slot_options(Slot(name="base", instruction="The base", type="integer"), extract(TRIANGLE, []))
    criteria = {o.name: o.criteria for o in options}
    assert criteria["10"] == "with a base of [10] units and"
    assert criteria["5"] == "units and height of [5] units."


def test_context_does_not_make_two_candidates_differ() -> None:
    found = extract("Weather in Paris and in Paris again", [])
    assert [c.span for c in found if c.kind == "place"].count("Paris") == 1
