"""Does a call match the gold? Laya's rules: numbers by value, quantities by value and unit, target units by the
unit they name ("Celsius" is "C"), text normalised."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping

from decisionloop.core.tool import NONE
from decisionloop.gold.suite import GoldCall, GoldStep
from decisionloop.tools.local import calculate, parse_quantity, target_unit

_NOT_WORD = re.compile(r"[^0-9a-z%]+")
_REL_TOLERANCE = 1e-9


def clean(text: str) -> str:
    """Lower case, every run of characters other than letters, digits and % made one space."""
    return _NOT_WORD.sub(" ", text.casefold()).strip()


def arg_match(slot: str, predicted: str | None, gold: tuple[str, ...]) -> bool:
    """Whether ``predicted`` is one of the accepted ``gold`` values of ``slot`` (NONE and None never match)."""
    if predicted is None or predicted == NONE:
        return False
    return any(_same(slot, predicted, g) for g in gold)


def _same(slot: str, predicted: str, gold: str) -> bool:
    if slot == "expression":
        a, b = calculate(predicted), calculate(gold)
        if a is not None and b is not None:
            return math.isclose(a, b, rel_tol=0.0, abs_tol=_REL_TOLERANCE * max(1.0, abs(b)))
    if slot == "quantity":
        qa, qb = parse_quantity(predicted), parse_quantity(gold)
        if qa is not None and qb is not None:
            return qa[1] == qb[1] and math.isclose(qa[0], qb[0], rel_tol=_REL_TOLERANCE)
    if slot == "to_unit":
        ua, ub = target_unit(predicted), target_unit(gold)
        if ua is not None and ub is not None:
            return ua[0] == ub[0]
    return clean(predicted) == clean(gold)


def call_matches(tool: str, args: Mapping[str, str], gold: GoldCall) -> bool:
    """Same tool, and every gold slot matched (ask_user has no slots, so any ask_user matches)."""
    return tool == gold.action and all(arg_match(slot, args.get(slot), values) for slot, values in gold.args.items())


def step_matches(tool: str, args: Mapping[str, str], step: GoldStep) -> bool:
    """The call matches the gold call of the step or one of its accepted alternatives."""
    return any(call_matches(tool, args, gold) for gold in step.calls())
