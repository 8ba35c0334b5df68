"""Random tool sets: the built-in tools (all of them in catalog order, or a random subset, some renamed and
re-described, in shuffled order) plus invented tools as distractors or as the tool the goal needs."""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from dataclasses import replace
from datetime import datetime
from functools import cache

from decisionloop.core.tool import Slot
from decisionloop.core.vocab import ASK_USER, FINISH
from decisionloop.tools.builtin import builtin_tools
from decisionloop.tools.catalog import SPECS, UNITS, WORKSPACE_SPECS, spec
from decisionloop.training.generator.invented_tools import INVENTED
from decisionloop.training.generator.kit import Kit, Played, ToolPlan, realise
from decisionloop.training.generator.tables import load

CATALOG_SHARE = 0.25
VARIANT_SHARE = 0.3
OTHER_BUILTIN_SHARE = 0.5
ASK_USER_SHARE = 0.8
WORKSPACE_SHARE = 0.06
SHUFFLE_SHARE = 0.75
DISTRACTORS = (0, 0, 0, 1, 1, 1, 2, 2, 3, 4)


def _as_builtin(variant: ToolPlan) -> ToolPlan:
    """A variant with the built-in's fixed options, extras, side effect and risk: only names and wording vary."""
    builtin = spec(variant.role)
    slots = {s.name: s for s in builtin.slots}
    return replace(
        variant,
        slots=tuple(replace(s, fixed=_pairs(slots[s.key]), extra=slots[s.key].extra) for s in variant.slots),
        side_effect=builtin.side_effect,
        risk=builtin.risk,
    )


def _pairs(slot: Slot) -> tuple[tuple[str, str], ...]:
    """A built-in slot's options as (key, label); the key stands in for a label the option lacks. The bundled
    model learned unit_convert's target as the catalog's keyed units, which its variants keep until it is
    retrained on unit spans."""
    if slot.name == "to_unit" and not slot.fixed:
        return UNITS
    return tuple((o.name, o.criteria or o.name) for o in slot.fixed)


# Built-in tools under other ids, descriptions and slot names.
VARIANTS = tuple(_as_builtin(p) for p in load("toolsets", "variants", tuple[ToolPlan, ...]))
_UNTRAINED = frozenset({FINISH})
# Roles that do the same job: never offered beside each other, so the tool a goal needs has no twin to lose to.
TWINS = {"clock": "local_time", "local_time": "clock"}
BUILTIN_ROLES: tuple[str, ...] = tuple(s.id for s in SPECS if s.id not in _UNTRAINED)
_VARIANT = {p.role: p for p in VARIANTS}
_INVENTED = {p.role: p for p in INVENTED}


@cache
def _builtins() -> dict[str, Played]:
    tools = builtin_tools(workspace=True)
    return {t.id: Played(role=t.id, tool=t, names={s.name: s.name for s in t.slots}) for t in tools}


def _draw(plan: ToolPlan, rng: random.Random) -> Played:
    names = {s.key: rng.choice(s.names) for s in plan.slots}
    return realise(plan, rng.choice(plan.ids), rng.choice(plan.descriptions), names)


def _player(role: str, rng: random.Random, variants: bool) -> Played:
    if role in _INVENTED:
        return _draw(_INVENTED[role], rng)
    if variants and role in _VARIANT and rng.random() < VARIANT_SHARE:
        return _draw(_VARIANT[role], rng)
    return _builtins()[role]


def _roles(rng: random.Random, need: Collection[str], maybe: Collection[str]) -> list[str]:
    roles = [*need, *(r for r in maybe if rng.random() < 0.7)]
    roles += [r for r in BUILTIN_ROLES if r != ASK_USER and rng.random() < OTHER_BUILTIN_SHARE]
    if rng.random() < ASK_USER_SHARE:
        roles.append(ASK_USER)
    others = [p.role for p in INVENTED if p.role not in need]
    roles += rng.sample(others, rng.choice(DISTRACTORS))
    roles += [s.id for s in WORKSPACE_SPECS if rng.random() < WORKSPACE_SHARE]
    return list(dict.fromkeys(roles))


def _ordered(roles: Sequence[str]) -> list[str]:
    order = {r: i for i, r in enumerate((*BUILTIN_ROLES, *(s.id for s in WORKSPACE_SPECS)))}
    return sorted(roles, key=lambda r: order.get(r, len(order)))


def draw_kit(rng: random.Random, need: Sequence[str], maybe: Sequence[str], now: datetime) -> Kit:
    """Tools for an episode: every role in ``need``, some of ``maybe`` (alternatives), others as distractors
    (never the twin of a needed role)."""
    twins = {TWINS[r] for r in need if r in TWINS} - set(need)
    if rng.random() < CATALOG_SHARE:
        roles = [r for r in (*BUILTIN_ROLES, *(r for r in need if r not in BUILTIN_ROLES)) if r not in twins]
        played = [_player(r, rng, variants=False) for r in roles]
    else:
        roles = [r for r in _roles(rng, need, maybe) if r not in twins]
        if rng.random() < SHUFFLE_SHARE:
            rng.shuffle(roles)
        else:
            roles = _ordered(roles)
        played = [_player(r, rng, variants=True) for r in roles]
    return Kit(tools=tuple(p.tool for p in played), played={p.role: p for p in played}, now=now)


def generated_ids() -> frozenset[str]:
    """Every id a variant or invented tool may take (none of them a built-in id)."""
    return frozenset(i for p in (*VARIANTS, *INVENTED) for i in p.ids)
