"""Which policy rules can never fire because earlier rules already cover them, or because nothing satisfies them.

Each thresholded rule covers a half-line of its quantity (``>= t`` covers [t, ∞), ``top < t`` covers (-∞, t)), and
every quantity (a probability, a top, an expected level) is at least 0. A rule is unreachable when the union of the
earlier half-lines on the same quantity contains its own. Once earlier rules cover a quantity's whole range they
hold for every usable answer (a missing one escalates), so every later rule, ``else`` too, is unreachable.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from decisionloop.spec.model import Rule
from decisionloop.spec.predicates import Top, family, render_predicate

FLOOR = 0.0


# covered: earlier tiers on its quantity cover it; always: earlier rules hold for every answer; empty: `top < 0`.
Cause = Literal["covered", "always", "empty"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Unreachable:
    """A rule no answer reaches, and why; ``always`` names the earlier rules that hold for every answer, if any."""

    rule: Rule
    cause: Cause
    why: str
    always: tuple[Rule, ...] = ()


def unreachable_rules(rules: Iterable[Rule]) -> list[Unreachable]:
    """The rules that no answer can reach, in order."""
    below: dict[tuple[str, str], tuple[float, Rule]] = {}  # quantity -> the earlier '< t' rule with the highest t
    above: dict[tuple[str, str], tuple[float, Rule]] = {}  # quantity -> the earlier '>= t' rule with the lowest t
    always: tuple[Rule, ...] = ()
    dead: list[Unreachable] = []
    for rule in rules:
        threshold = rule.threshold
        if always:
            dead.append(Unreachable(rule=rule, cause="always", why=_always_why(always), always=always))
            continue
        if threshold is None:
            continue
        key = (family(rule.predicate), getattr(rule.predicate, "question", ""))
        low, lower = below.get(key, (FLOOR, None))
        high, higher = above.get(key, (math.inf, None))
        is_less = isinstance(rule.predicate, Top) and rule.predicate.op == "<"
        if is_less and threshold <= FLOOR:
            dead.append(Unreachable(rule=rule, cause="empty", why=f"no answer has top below {FLOOR:g}"))
        elif threshold <= low if is_less else threshold >= high:
            dead.append(Unreachable(rule=rule, cause="covered", why="the rules above it already cover it"))
        elif is_less:
            below[key] = (threshold, rule)
            always = (higher, rule) if higher is not None and high <= threshold else ()
        else:
            above[key] = (threshold, rule)
            always = (rule,) if threshold <= FLOOR else (lower, rule) if lower is not None and threshold <= low else ()
    return dead


def _always_why(rules: tuple[Rule, ...]) -> str:
    quantity = render_predicate(rules[-1].predicate).split(" ")[0]
    if len(rules) == 1:
        return f"'{rules[0].text}' above it holds for every answer ({quantity} is never below {FLOOR:g})"
    return f"'{rules[0].text}' and '{rules[1].text}' above it together hold for every value of {quantity}"
