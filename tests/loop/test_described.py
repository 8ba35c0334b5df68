"""A goal that names a place by description ("the country where Kyoto is") holds a later call whose value is not
that kind of place, whatever System 1's confidence."""

from __future__ import annotations

import pytest

from decisionloop.core.records import Call
from decisionloop.loop.described import (
    asked_of_mentioned_holds,
    described,
    described_holds,
    of_described_kind,
    role_descriptions,
    role_holds,
    stop_described_holds,
)
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


def test_after_the_lookup_only_values_of_the_kind_described_are_offered() -> None:
    goal = "What is the population of the country where Kyoto is?"
    entity = FACT.slot("entity")
    offered = ["Kyoto", "Kansai", "Japan", "Kyoto City", "Kyoto Prefecture", "Honshu"]
    assert of_described_kind(goal, 1, entity, offered) == ["Japan"]
    assert of_described_kind(goal, 0, entity, offered) is None  # the lookup itself takes Kyoto
    assert of_described_kind(goal, 1, entity, ["Kyoto", "Kansai"]) is None  # none is: all offered, all held
    assert of_described_kind("What is the population of Japan?", 1, entity, offered) is None
    prop = FACT.slot("property")
    assert of_described_kind(goal, 1, prop, ["population", "country"]) is None  # a fixed list is no place


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
    assert [h.kind for h in role_holds(goal, SEARCH, {"topic": "scientist"})] == ["arg_not_described"]


def test_a_tool_that_asks_for_the_relation_or_changes_something_is_not_held_by_a_role() -> None:
    assert role_holds("Who started the maker of the Walkman?", FACT, {"entity": "Walkman", "property": "maker"}) == []
    goal = "Tell the band that the show starts at 8"
    assert role_holds(goal, MESSAGE, {"to": "Sam", "text": "the show starts at 8"}) == []


@pytest.mark.parametrize(
    ("goal", "last"),
    [
        (
            "Who is the CEO of the company that makes the PlayStation?",
            Call(tool="wiki_lookup", args={"topic": "PlayStation"}),
        ),
        (
            "WHO IS THE CEO OF THE COMPANY THAT MAKES THE E195",
            Call(tool="wikidata_fact", args={"entity": "E195", "property": "manufacturer"}),
        ),
        ("What is the population of the country where Kyoto is?", Call(tool="wiki_lookup", args={"topic": "Kyoto"})),
    ],
)
def test_a_stop_right_after_looking_up_what_a_description_mentions_is_held(goal: str, last: Call) -> None:
    assert [h.kind for h in stop_described_holds(goal, last)] == ["stop_described"]


@pytest.mark.parametrize(
    ("goal", "last"),
    [
        (
            "Who is the CEO of the company that makes the PlayStation?",
            Call(tool="wikidata_fact", args={"entity": "Sony", "property": "ceo"}),
        ),
        (
            "What is the population of the country where Kyoto is?",
            Call(tool="wikidata_fact", args={"entity": "Japan", "property": "population"}),
        ),
        ("Who is the CEO of Sony?", Call(tool="wikidata_fact", args={"entity": "Sony", "property": "ceo"})),
        ("Who is the CEO of the company that makes the PlayStation?", None),
    ],
)
def test_a_stop_after_the_described_thing_itself_is_not_held(goal: str, last: Call | None) -> None:
    assert stop_described_holds(goal, last) == []


@pytest.mark.parametrize(
    ("goal", "args"),
    [
        ("Who founded the company that makes the Lego Technic?", {"entity": "Lego Technic", "property": "founder"}),
        ("Who is the CEO of the company that makes the Testarossa", {"entity": "Testarossa", "property": "ceo"}),
        ("What is the population of the country where Kyoto is?", {"entity": "Kyoto", "property": "population"}),
        # asked in words that are not the property's, or after the description
        ("Who got the maker of the Walkman started?", {"entity": "Walkman", "property": "founder"}),
        ("When was the company behind the Model S founded?", {"entity": "Model S", "property": "founded"}),
        ("who runs the firm behind the Kindle", {"entity": "Kindle", "property": "ceo"}),
    ],
)
def test_what_the_goal_asks_of_the_thing_described_is_not_asked_of_what_it_mentions(
    goal: str, args: dict[str, str]
) -> None:
    assert [h.kind for h in asked_of_mentioned_holds(goal, FACT, args)] == ["arg_not_described"]


@pytest.mark.parametrize(
    ("goal", "args"),
    [
        ("What is the population of the country where Kyoto is?", {"entity": "Kyoto", "property": "country"}),
        ("What is the population of the country where Kyoto is?", {"entity": "Japan", "property": "population"}),
        ("Who started the maker of the Walkman?", {"entity": "Sony", "property": "founder"}),
        ("Who founded Lego?", {"entity": "Lego", "property": "founder"}),
        ("Who is the scientist who discovered penicillin?", {"entity": "penicillin", "property": "discoverer"}),
        ("When was the company behind the Model S founded?", {"entity": "Tesla", "property": "founded"}),
        ("who is the president of france", {"entity": "france", "property": "head_of_government"}),
    ],
)
def test_the_relation_that_finds_the_thing_described_or_the_thing_itself_is_not_held(
    goal: str, args: dict[str, str]
) -> None:
    assert asked_of_mentioned_holds(goal, FACT, args) == []
