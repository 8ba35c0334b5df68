"""The generator: reproducible, well-formed episodes whose gold arguments the real extractor can offer."""

from __future__ import annotations

import math
from collections import Counter

from decisionloop.core.vocab import FINISH
from decisionloop.gold.suite import demo_suite_path, load_suite
from decisionloop.training.generator import INTENTS, Episode, dev_goals, episode, generate, normalised, offered
from decisionloop.training.generator.offerable import bad_fixed_values
from decisionloop.training.generator.stats import summarise


def test_the_same_seed_gives_the_same_episodes() -> None:
    assert generate(40, 11) == generate(40, 11)


def test_a_different_seed_gives_different_episodes() -> None:
    one, two = generate(40, 11), generate(40, 12)
    assert sum(a.task.goal != b.task.goal for a, b in zip(one, two, strict=True)) >= 35


def test_an_episode_depends_on_its_seed_and_index_only() -> None:
    assert generate(30, 3)[10:] == [episode(3, i) for i in range(10, 30)]


def test_every_episode_ends_with_finish_and_finishes_only_there(episodes: list[Episode]) -> None:
    for e in episodes:
        assert e.task.steps[-1].action == FINISH, e.task.id
        assert all(s.action != FINISH for s in e.task.steps[:-1]), e.task.id


def test_every_gold_tool_and_alternative_is_among_the_episode_tools(episodes: list[Episode]) -> None:
    for e in episodes:
        ids = {t.id for t in e.tools}
        assert len(ids) == len(e.tools), f"{e.task.id}: duplicate tool ids"
        for s in e.task.steps[:-1]:
            assert {c.action for c in s.calls()} <= ids, (e.task.id, s.action)


def test_gold_calls_fill_every_required_slot_of_their_tool_and_nothing_else(episodes: list[Episode]) -> None:
    for e in episodes:
        by_id = {t.id: t for t in e.tools}
        for s in e.task.steps[:-1]:
            for call in s.calls():
                slots = by_id[call.action].slots
                required = {slot.name for slot in slots if slot.required}
                assert required <= set(call.args) <= {slot.name for slot in slots}, (e.task.id, call)
                assert all(call.args.values()), (e.task.id, call)


def test_fixed_slot_gold_values_are_keys_of_the_slot_options(episodes: list[Episode]) -> None:
    assert [bad for e in episodes if (bad := bad_fixed_values(e.task, e.tools))] == []


def test_span_gold_values_are_offered_by_the_extractor_except_in_none_cases(episodes: list[Episode]) -> None:
    for e in episodes[:2000]:
        offer = offered(e.task, e.tools, e.now)
        assert offer.usable, (e.task.id, offer)
        assert offer.none_slots == e.none_slots, e.task.id


def test_offerable_values_stay_offered_when_candidates_come_from_every_observation(episodes: list[Episode]) -> None:
    lost = [e.task.id for e in episodes[:1500] if not e.none_case and offered(e.task, e.tools, e.now, "all").none_slots]
    assert lost == []


def test_nicknames_and_misspellings_are_none_cases_and_so_are_a_healthy_share(episodes: list[Episode]) -> None:
    rewrites = [e for e in episodes if e.intent.startswith("rewrite.")]
    assert rewrites
    assert all(e.none_case for e in rewrites)
    share = sum(e.none_case for e in episodes) / len(episodes)
    assert 0.08 <= share <= 0.25


def test_the_intent_mix_follows_the_weights(episodes: list[Episode]) -> None:
    counts = Counter(e.intent for e in episodes)
    total = sum(i.weight for i in INTENTS)
    for intent in INTENTS:
        expected = len(episodes) * intent.weight / total
        assert abs(counts[intent.name] - expected) <= 5 * math.sqrt(expected) + 2, (intent.name, counts[intent.name])
    families = Counter(name.split(".")[0] for name in counts.elements())
    assert set(families) >= {"weather", "wiki", "fact", "calc", "units", "date", "multihop", "memory", "message"}
    assert set(families) >= {"rewrite", "ambiguous", "custom", "chat"}


def test_the_first_hop_of_a_multi_hop_goal_is_followed_by_another_call(episodes: list[Episode]) -> None:
    multi = [e for e in episodes if e.intent.startswith("multihop.")]
    assert len(multi) > 500
    assert all(len(e.task.steps) == 3 for e in multi)
    assert all(e.task.steps[1].action != FINISH for e in multi)


def test_ambiguous_goals_ask_the_user_first_and_use_the_answer(episodes: list[Episode]) -> None:
    for e in (e for e in episodes if e.intent.startswith("ambiguous.")):
        first = e.task.steps[0]
        assert first.call.args == {}, e.task.id
        assert first.observation.startswith('The user answered: "'), e.task.id
        assert e.task.steps[1].action != FINISH


def test_goals_that_need_no_tool_finish_at_once(episodes: list[Episode]) -> None:
    for intent in ("chat", "chat.direct"):
        chat = [e for e in episodes if e.intent == intent]
        assert chat, intent
        assert all(len(e.task.steps) == 1 for e in chat), intent
        assert all("{" not in e.task.goal and "{" not in e.task.answer for e in chat), intent  # every slot filled


def test_side_effect_tools_are_marked_and_risky_intents_use_one(episodes: list[Episode]) -> None:
    for e in episodes:
        assert e.side_effects == frozenset(t.id for t in e.tools if t.side_effect), e.task.id
        assert all((t.risk > 0) == (t.side_effect is not None) for t in e.tools), e.task.id
    for e in (e for e in episodes if e.task.category == "risky" or e.intent == "memory.save"):
        assert any(s.action in e.side_effects for s in e.task.steps), e.task.id
    read_only: tuple[str, ...] = ("weather", "wiki", "fact", "calc", "units", "date", "memory.search", "memory.ask")
    read_only += ("wiki.event", "wiki.where", "wiki.named", "fact.founding", "fact.leader", "rewrite.described")
    for e in (e for e in episodes if e.intent in read_only):
        assert not any(s.action in e.side_effects for s in e.task.steps), e.task.id


def test_observations_look_like_the_real_tools(episodes: list[Episode]) -> None:
    for e in episodes[:1500]:
        by_id = {t.id: t for t in e.tools}
        for s in e.task.steps[:-1]:
            assert s.observation, e.task.id
            if by_id[s.action].description.startswith("Get the weather") and "found" not in s.observation:
                assert s.observation.startswith("Forecast for "), s.observation
            if s.action == "wikidata_fact" and "found" not in s.observation:
                assert s.observation.endswith(" (Wikidata)"), s.observation


def test_no_goal_of_the_dev_suite_is_generated(episodes: list[Episode]) -> None:
    suite = load_suite(demo_suite_path())
    assert len(dev_goals()) == len(suite.tasks) == 36
    generated = {normalised(e.task.goal) for e in episodes}
    assert generated.isdisjoint(dev_goals())
    assert generated.isdisjoint(normalised(t.goal.rstrip("?.!")) for t in suite.tasks)


def test_goals_are_varied(episodes: list[Episode]) -> None:
    assert len({e.task.goal for e in episodes}) > 0.9 * len(episodes)
    summary = summarise(episodes)
    assert summary.multi_step > 0.2 * len(episodes)
    assert summary.side_effect_episodes > 0.1 * len(episodes)
