"""The intents that set look-alikes apart: encyclopedia against single fact, the user's notes against the world,
the country of a first hop among other places, and people described instead of named (NONE) against their twins."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator

import pytest

from decisionloop.core.errors import ConfigError
from decisionloop.extract import extract, slot_options
from decisionloop.gold.match import arg_match
from decisionloop.tools.builtin import builtin_tools
from decisionloop.training.generator import Episode
from decisionloop.training.generator.aliases import DESCRIBED
from decisionloop.training.generator.episodes import check_families, in_family
from decisionloop.training.generator.events import EVENTS, MISSIONS, Event
from decisionloop.training.generator.generate import dev_goals, near_dev_goal
from decisionloop.training.generator.invented_tools import INVENTED
from decisionloop.training.generator.noise import fill
from decisionloop.training.generator.personal import ASKS, PERSONAL, Personal
from decisionloop.training.generator.phrasing import ABOUT_SOMEONE, EVENT, FACT, MISSION
from decisionloop.training.generator.places import COUNTRIES, NEIGHBOURS, PRESIDENTIAL, country
from decisionloop.training.generator.toolsets import VARIANTS

_ROLE = {i: plan.role for plan in VARIANTS for i in plan.ids}
_BUILTIN = {t.id: t for t in builtin_tools()}


def _role(tool_id: str) -> str:
    return _ROLE.get(tool_id, tool_id)


def _of(episodes: list[Episode], *intents: str) -> list[Episode]:
    found = [e for e in episodes if e.intent in intents]
    assert found, intents
    return found


def _calls(e: Episode) -> Iterator[tuple[str, dict[str, tuple[str, ...]]]]:
    """Each gold call but FINISH: its role and its arguments by the built-in slot names (in slot order)."""
    by_id = {t.id: t for t in e.tools}
    for s in e.task.steps[:-1]:
        role = _role(s.action)
        names = [slot.name for slot in _BUILTIN[role].slots] if role in _BUILTIN else []
        own = [slot.name for slot in by_id[s.action].slots]
        yield role, {names[own.index(k)] if names else k: v for k, v in s.call.args.items()}


def _offers(goal: str, role: str, slot: str, value: str) -> bool:
    """Whether the extractor offers ``value`` for the built-in tool's slot, from the goal alone."""
    spec = next(s for s in _BUILTIN[role].slots if s.name == slot)
    return any(arg_match(slot, o.name, (value,)) for o in slot_options(spec, extract(goal, [])))


# Encyclopedia against single fact


def test_founder_questions_ask_for_the_founder_and_founding_questions_for_the_year(episodes: list[Episode]) -> None:
    when = re.compile(r"\b(when|what year|which year|how long ago|founding (year|date)|come into existence)\b")
    seen: Counter[str] = Counter()
    for e in _of(episodes, "fact.founding", "fact"):
        role, args = next(_calls(e))
        prop = args["property"][0]
        if role != "wikidata_fact" or prop not in ("founder", "founded"):
            continue
        text = e.task.goal.casefold()
        if when.search(text):
            assert prop == "founded", e.task.goal
        elif re.search(r"\b(who|whom|founders?)\b", text):
            assert prop == "founder", e.task.goal
        seen[prop] += 1
    assert seen["founder"] >= 50
    assert seen["founded"] >= 40


def test_founded_by_whom_is_a_founder_question() -> None:
    assert all("when" not in t.casefold() for t in FACT["founder"])
    assert any("founded by whom" in t for t in FACT["founder"])
    assert any(t.startswith("When was {e} established") for t in FACT["founded"])


def test_leaders_are_heads_of_government_and_presidents_only_of_presidential_countries(
    episodes: list[Episode],
) -> None:
    for e in _of(episodes, "fact.leader"):
        _, args = next(_calls(e))
        assert args["property"] == ("head_of_government",), e.task.id
        entity = args["entity"][0]
        text = e.task.goal.casefold()
        if "president" in text:
            assert entity in PRESIDENTIAL, e.task.goal
        if "prime minister" in text or " pm " in text:
            assert entity not in PRESIDENTIAL, e.task.goal


def test_missions_and_events_look_up_the_name_without_a_trailing_common_noun(episodes: list[Episode]) -> None:
    names = {x.name: x for x in (*MISSIONS, *EVENTS)}
    trailing = 0
    for e in _of(episodes, "wiki.event"):
        role, args = next(_calls(e))
        assert role == "wiki_lookup"
        (topic,) = args["topic"]
        assert topic in names, topic
        assert not topic.endswith(tuple(f" {n}" for n in ("mission", "probe", "spacecraft", "flight"))), topic
        trailing += any(f"{topic} {n}".casefold() in e.task.goal.casefold() for n in names[topic].nouns)
    assert trailing > 20


@pytest.mark.parametrize("event", [*MISSIONS, *EVENTS], ids=[x.name for x in (*MISSIONS, *EVENTS)])
def test_every_event_name_is_offered_in_its_templates(event: Event) -> None:
    if event.nouns:
        goals = [fill(t, {"x": event.name, "n": n}) for t in MISSION for n in event.nouns]
    else:
        goals = [fill(t, {"x": event.name}) for t in EVENT]
    assert [g for g in goals if not _offers(g, "wiki_lookup", "topic", event.name)] == []


def test_where_is_a_named_place_is_an_encyclopedia_question(episodes: list[Episode]) -> None:
    for e in _of(episodes, "wiki.where"):
        step = e.task.steps[0]
        role, _ = next(_calls(e))
        assert role == "wiki_lookup", e.task.id
        assert " my " not in f" {e.task.goal.casefold()} ", e.task.goal
        assert all(_role(a.action) == "wikidata_fact" for a in step.alts)


# The user's notes against the world


def test_personal_questions_search_the_notes_for_the_thing_not_for_where_it_belongs(episodes: list[Episode]) -> None:
    tails = 0
    for e in _of(episodes, "memory.ask"):
        role, args = next(_calls(e))
        assert role == "note_search", e.task.id
        first = args["query"][0]
        assert first.casefold() in e.task.goal.casefold(), (e.task.goal, first)
        assert not {"work", "home", "gym", "the office"} & set(args["query"]), args
        tails += bool(re.search(r" (at work|at home|for the gym|at the gym|at the office)\b", e.task.goal.casefold()))
    assert tails > 20


@pytest.mark.parametrize("personal", PERSONAL, ids=[p.note.keys[0] for p in PERSONAL])
def test_every_personal_note_is_offered_in_most_of_its_questions(personal: Personal) -> None:
    key = personal.note.keys[0]
    tails = ("", *(f" {t}" for t in personal.tails))
    goals = [fill(t, {"k": key, "t": tail}) for t in ASKS[personal.ask] for tail in tails]
    offered = [g for g in goals if _offers(g, "note_search", "query", key)]
    assert len(offered) >= 0.7 * len(goals), sorted(set(goals) - set(offered))


def test_questions_about_the_users_things_and_about_the_world_are_both_common(episodes: list[Episode]) -> None:
    counts = Counter(e.intent for e in episodes)
    assert counts["memory.ask"] > 120
    assert counts["wiki.where"] > 60


# The country of a first hop among other places


def test_the_second_hop_takes_the_country_from_a_first_observation_that_names_other_places(
    episodes: list[Episode],
) -> None:
    props: Counter[str] = Counter()
    crowded = wiki_firsts = 0
    others = {
        *(c.region for c in COUNTRIES),
        *(c.continent for c in COUNTRIES),
        *(n for v in NEIGHBOURS.values() for n in v),
    }
    for e in _of(episodes, "multihop.country", "multihop.whose_capital"):
        (first_role, _), (role, args) = list(_calls(e))
        assert role == "wikidata_fact", e.task.id
        entity, prop = args["entity"][0], args["property"][0]
        assert country(entity) is not None, entity
        assert entity in e.task.steps[0].observation, e.task.id
        props[prop] += 1
        if first_role == "wiki_lookup":
            wiki_firsts += 1
            crowded += any(o in e.task.steps[0].observation for o in others - {entity})
    assert crowded > 0.6 * wiki_firsts
    assert (props["currency"] + props["official_language"]) > 0.45 * sum(props.values())


def test_whose_capital_goals_start_from_the_capital(episodes: list[Episode]) -> None:
    for e in _of(episodes, "multihop.whose_capital"):
        (_, first), (_, second) = list(_calls(e))
        capital = (first.get("topic") or first["entity"])[0]
        assert capital.casefold() in e.task.goal.casefold(), e.task.goal
        c = country(second["entity"][0])
        assert c is not None, second
        assert c.capital == capital, (capital, second)


# People described instead of named, and their twins


def test_described_people_and_companies_are_none_cases_with_the_real_name_as_gold(episodes: list[Episode]) -> None:
    reals = {d.real for d in DESCRIBED}
    for e in _of(episodes, "rewrite.described"):
        role, args = next(_calls(e))
        assert role == "wiki_lookup"
        (topic,) = args["topic"]
        assert topic in reals, topic
        assert topic.casefold() not in e.task.goal.casefold(), e.task.goal
        assert [i for i, _ in e.none_slots] == [0], e.task.id


def test_named_twins_are_about_as_many_and_take_the_name_from_the_goal(episodes: list[Episode]) -> None:
    described, named = _of(episodes, "rewrite.described"), _of(episodes, "wiki.named")
    assert 0.67 < len(named) / len(described) < 1.5
    for e in named:
        (topic,) = next(_calls(e))[1]["topic"]
        assert topic.casefold() in e.task.goal.casefold(), e.task.goal
    assert sum(e.none_case for e in named) < 0.2 * len(named)


def test_every_description_leaves_its_name_out_of_reach() -> None:
    for d in DESCRIBED:
        named = {w for w in d.real.casefold().split() if len(w) >= 3}
        assert not named & set(re.findall(r"[\w-]+", d.phrase.casefold())), d
        for template in ABOUT_SOMEONE[:3]:
            goal = fill(template, {"d": d.phrase})
            assert not _offers(goal, "wiki_lookup", "topic", d.real), goal
            assert _offers(fill(template, {"d": d.real}), "wiki_lookup", "topic", d.real), d.real


# No dev-suite goal, nor a near copy of one


def test_near_copies_of_dev_goals_are_recognised_and_never_generated(episodes: list[Episode]) -> None:
    longest = max(dev_goals(), key=lambda g: len(g.split()))
    words = longest.rstrip("?.!").split()
    assert near_dev_goal(longest.upper())
    assert near_dev_goal(" ".join([*words[:-1], "Zanzibar"]))
    assert not near_dev_goal(" ".join([*words[:3], "something else entirely, about Quasholm and its old harbour"]))
    assert [e.task.goal for e in episodes if near_dev_goal(e.task.goal)] == []


def test_a_family_holds_its_intents_and_an_unknown_family_is_refused() -> None:
    assert in_family("multihop.maker", ("multihop",))
    assert in_family("units", ("units",))
    assert not in_family("multihopx", ("multihop",))
    assert not in_family("multihop", ("multihop.maker",))
    check_families(("multihop", "custom.translate"))
    with pytest.raises(ConfigError, match="no intent is in the family 'multihops'; the intents: weather, clock, wiki"):
        check_families(("multihops",))


def test_the_time_is_asked_of_the_clock_with_a_city_or_for_where_the_user_is(episodes: list[Episode]) -> None:
    clocks = [e for e in episodes if e.intent == "clock"]
    assert len(clocks) > 30
    places = Counter("place" in e.task.steps[0].call.args for e in clocks)
    assert places[True] > places[False] > 5
    twin = set(next(p.ids for p in INVENTED if p.role == "local_time"))
    for e in clocks:
        ids = {t.id for t in e.tools}
        assert "clock" in ids, e.task.goal
        assert not ids & twin, e.task.goal  # never offered beside its twin
        assert e.task.steps[0].observation.startswith("It is "), e.task.steps[0].observation
