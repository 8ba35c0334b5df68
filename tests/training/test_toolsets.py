"""Tool sets: built-in tools, renamed variants and invented tools, drawn at random around what a goal needs."""

from __future__ import annotations

import random
from collections import Counter
from datetime import UTC, datetime

import pytest

from decisionloop.core.tool import SPAN_KINDS, ToolContext
from decisionloop.tools.catalog import SPECS, UNITS, WORKSPACE_SPECS
from decisionloop.training.generator import BUILTIN_ROLES, Episode, draw_kit, generated_ids
from decisionloop.training.generator.invented_tools import INVENTED
from decisionloop.training.generator.kit import realise
from decisionloop.training.generator.toolsets import VARIANTS

BUILTIN_IDS = frozenset(s.id for s in (*SPECS, *WORKSPACE_SPECS))
NOW = datetime(2026, 9, 24, 12, tzinfo=UTC)


def test_generated_ids_never_collide_with_built_in_ids_or_with_each_other() -> None:
    assert generated_ids().isdisjoint(BUILTIN_IDS)
    pools = Counter(i for plan in (*VARIANTS, *INVENTED) for i in plan.ids)
    assert [i for i, n in pools.items() if n > 1] == []


def test_every_plan_realises_into_valid_tools() -> None:
    for plan in (*VARIANTS, *INVENTED):
        for tool_id in plan.ids:
            names = {s.key: s.names[-1] for s in plan.slots}
            tool = realise(plan, tool_id, plan.descriptions[0], names).tool
            assert len({s.name for s in tool.slots}) == len(tool.slots), tool_id
            for slot in tool.slots:
                assert slot.is_fixed or (slot.kinds and set(slot.kinds) <= set(SPAN_KINDS)), (tool_id, slot.name)
            assert (tool.side_effect is None) == (tool.risk == 0), tool_id


def test_variants_keep_the_meaning_of_the_built_in_they_stand_for() -> None:
    builtin = {s.id: s for s in SPECS}
    for plan in VARIANTS:
        original = builtin[plan.role]
        assert [s.key for s in plan.slots] == [s.name for s in original.slots], plan.role
        assert plan.side_effect == original.side_effect, plan.role
        assert plan.risk == original.risk, plan.role
        for key, slot in zip(plan.slots, original.slots, strict=True):
            fixed = UNITS if slot.name == "to_unit" else tuple((o.name, o.criteria) for o in slot.fixed)
            assert tuple(k for k, _ in key.fixed) == tuple(k for k, _ in fixed), plan.role
            assert key.extra == slot.extra, plan.role


def test_generated_tools_refuse_to_run() -> None:
    tool = realise(INVENTED[0], INVENTED[0].ids[0], "d", {s.key: s.names[0] for s in INVENTED[0].slots}).tool
    with pytest.raises(RuntimeError, match="synthetic episodes carry their observations"):
        tool.run({}, ToolContext(now=NOW))


def test_a_kit_plays_every_needed_role_with_unique_ids() -> None:
    rng = random.Random(5)
    for _ in range(300):
        need = ("ask_user", rng.choice(BUILTIN_ROLES), rng.choice(INVENTED).role)
        kit = draw_kit(rng, need, (), NOW)
        assert set(need) <= set(kit.played)
        assert len({t.id for t in kit.tools}) == len(kit.tools)
        assert {t.id for t in kit.tools} == {p.tool.id for p in kit.played.values()}


def test_kits_vary_ids_order_and_distractors() -> None:
    rng = random.Random(9)
    kits = [draw_kit(rng, ("weather",), (), NOW) for _ in range(400)]
    weather_ids = Counter(k.played["weather"].tool.id for k in kits)
    assert weather_ids["weather"] > 200
    assert len(weather_ids) >= 4
    catalog = list(BUILTIN_ROLES)  # the catalog less the tools the bundled model was not trained with
    assert sum([t.id for t in k.tools] == catalog for k in kits) > 50
    assert sum(any(t.id in {p.role for p in INVENTED} or t.id in generated_ids() for t in k.tools) for k in kits) > 200
    assert len({tuple(t.id for t in k.tools) for k in kits}) > 250  # a quarter are the whole catalog


def test_episodes_never_reuse_a_built_in_id_for_another_tool(episodes: list[Episode]) -> None:
    specs = {s.id: s for s in (*SPECS, *WORKSPACE_SPECS)}
    for e in episodes:
        for t in e.tools:
            assert t.id in generated_ids() or (t.id in specs and t.description == specs[t.id].description), t.id
