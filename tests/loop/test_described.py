"""A goal that names a place by description ("the country where Kyoto is") holds a later call whose value is not
that kind of place, whatever System 1's confidence."""

from __future__ import annotations

import pytest

from decisionloop.loop.described import described, described_holds, role_descriptions, role_holds
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


SEARCH = next(t for t in builtin_tools() if t.id == "wiki_lookup")
MESSAGE = next(t for t in builtin_tools() if t.id == "send_message")


@pytest.mark.parametrize(
    ("goal", "descriptions"),
    [
        ("Tell me about the scientist who discovered penicillin", ["discovered penicillin"]),
        ("Look up the company that makes the A380 in the encyclopedia", ["makes the A380 in the encyclopedia"]),
        ("Who started the maker of the Walkman?", ["the Walkman"]),
        ("Show me the notes that mention the dentist", []),  # notes are no person or organisation
        ("Tell me about penicillin", []),
    ],
)
def test_people_and_organisations_described_by_role(goal: str, descriptions: list[str]) -> None:
    assert role_descriptions(goal) == descriptions


def test_a_lookup_of_what_the_role_s_description_only_mentions_is_held_at_any_step() -> None:
    goal = "Tell me about the scientist who discovered penicillin"
    held = role_holds(goal, SEARCH, {"topic": "penicillin"})
    assert [(h.kind, h.detail) for h in held] == [
        (
            "arg_not_described",
            "topic: the goal asks about whom or what it describes; 'penicillin' is only mentioned there",
        )
    ]
    assert role_holds(goal, SEARCH, {"topic": "Alexander Fleming"}) == []  # the one described, once looked up


def test_a_tool_that_asks_for_the_relation_or_changes_something_is_not_held_by_a_role() -> None:
    assert role_holds("Who started the maker of the Walkman?", FACT, {"entity": "Walkman", "property": "maker"}) == []
    goal = "Tell the band that the show starts at 8"
    assert role_holds(goal, MESSAGE, {"to": "Sam", "text": "the show starts at 8"}) == []
