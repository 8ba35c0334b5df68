"""Which policy rules can never fire because earlier rules on the same quantity already cover them.

Each thresholded rule covers a half-line of its quantity (``>= t`` covers [t, ∞), ``top < t`` covers (-∞, t)).
A rule is unreachable when the union of the earlier half-lines on the same quantity contains its own.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from decisionloop.spec.model import Rule
from decisionloop.spec.predicates import Top, family


def unreachable_rules(rules: Iterable[Rule]) -> list[Rule]:
    """The rules that no answer can reach, in order."""
    below: dict[tuple[str, str], float] = {}  # quantity -> highest t of earlier '< t' rules
    above: dict[tuple[str, str], float] = {}  # quantity -> lowest t of earlier '>= t' rules
    dead: list[Rule] = []
    for rule in rules:
        threshold = rule.threshold
        if threshold is None:
            continue
        key = (family(rule.predicate), getattr(rule.predicate, "question", ""))
        low, high = below.get(key, -math.inf), above.get(key, math.inf)
        is_less = isinstance(rule.predicate, Top) and rule.predicate.op == "<"
        covered = high <= low or (threshold <= low if is_less else threshold >= high)
        if covered:
            dead.append(rule)
        elif is_less:
            below[key] = max(low, threshold)
        else:
            above[key] = min(high, threshold)
    return dead
