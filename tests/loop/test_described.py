"""A goal that names a place by description ("the country where Kyoto is") holds a later call whose value is not
that kind of place, whatever System 1's confidence."""

from __future__ import annotations

import pytest

from decisionloop.loop.described import described, described_holds
from decisionloop.tools.builtin import builtin_tools

FACT = next(t for t in builtin_tools() if t.id == "wikidata_fact")
WEATHER = next(t for t in builtin_tools() if t.id == "weather")


@pytest.mark.parametrize(
    ("goal", "kind"),
    [
        ("What is the population of the country where Kyoto is?", "country"),
        ("What is the area of the country whose capital is Nairobi?", "country"),
        ("Weather in the city where the Eiffel Tower stands", "city"),
        ("Weather this weekend in the City of Light", None),
        ("Which country has the most people?", None),
    ],
)
def test_the_described_kind_of_place(goal: str, kind: str | None) -> None:
    assert described(goal) == kind


def test_the_second_hop_must_be_the_country_not_the_city_the_goal_mentions() -> None:
    goal = "What is the population of the country where Kyoto is?"
    held = described_holds(goal, 1, FACT, {"entity": "Kyoto City", "property": "population"})
    assert [(h.kind, h.detail) for h in held] == [
        ("arg_not_described", "entity: the goal asks about a country; 'Kyoto City' is not a known one")
    ]
    assert described_holds(goal, 1, FACT, {"entity": "Japan", "property": "population"}) == []
    assert described_holds(goal, 0, FACT, {"entity": "Kyoto", "property": "country"}) == []  # the lookup itself


def test_a_landmark_is_not_the_city_the_goal_describes() -> None:
    goal = "Weather tomorrow in the city where the Eiffel Tower stands"
    assert [h.kind for h in described_holds(goal, 1, WEATHER, {"place": "Eiffel Tower", "when": "tomorrow"})] == [
        "arg_not_described"
    ]
    assert described_holds(goal, 1, WEATHER, {"place": "Paris", "when": "tomorrow"}) == []
