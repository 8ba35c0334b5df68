"""Print the candidate extractor's recall on the dev suite: per slot, overall, the misses, and the time it takes.

For every gold step whose tool has span slots, the candidates come from the goal and the observations of the
earlier gold steps; a slot is recalled when any accepted gold value matches an offered option after
normalisation (case, spaces, surrounding punctuation; expressions by value; quantities by value and unit).
Slots whose gold value appears nowhere in the text (rewrites such as a nickname for a city) are reported
apart as not extractable. The matching here is written independently of the extractor on purpose.

Usage: python scripts/extractor_recall.py [SUITE.json]
"""

from __future__ import annotations

import ast
import json
import math
import operator
import re
import statistics
import string
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import pint

from decisionloop.core.tool import Slot
from decisionloop.extract import extract, slot_options
from decisionloop.gold.suite import demo_suite_path
from decisionloop.tools.catalog import spec

Suite = dict[str, Any]  # the suite's JSON, as documented in shared/benchmarks/README.md
DEFAULT_SUITE = demo_suite_path()  # the packaged copy of shared/benchmarks/laya_suite_dev.json
_PUNCT = string.punctuation + "“”‘’«»"
_WORD_OPS = (
    (r"(\d)\s*%\s*of\s+", r"\1/100*"),
    (r"(\d)\s+percent\s+of\s+", r"\1/100*"),
    (r"\bdivided\s+by\b|÷", "/"),
    (r"\bmultiplied\s+by\b|\btimes\b|\bby\b|×|\bx\b", "*"),
    (r"\bplus\b", "+"),
    (r"\bminus\b", "-"),
    (r"\bto\s+the\s+power\s+of\b|\^", "**"),
)
_BINOPS: dict[type[ast.operator], Callable[[float, float], float]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.Div: operator.truediv,
    ast.Pow: operator.pow,
}
_UREG: pint.UnitRegistry[float] = pint.UnitRegistry()


@dataclass(frozen=True, slots=True, kw_only=True)
class SlotCase:
    """One span slot of one gold step: what the extractor offered and whether a gold value is among it."""

    task: str
    category: str
    slot: str
    gold: tuple[str, ...]
    offered: tuple[str, ...]
    recalled: bool
    extractable: bool


def normalise(text: str) -> str:
    """Casefold, collapse spaces, strip surrounding punctuation."""
    return " ".join(text.casefold().split()).strip(_PUNCT + " ")


def expression_value(text: str) -> float | None:
    """The value of a calculator expression, or None when it is not one."""
    expr = text.replace(",", "")
    for pattern, repl in _WORD_OPS:
        expr = re.sub(pattern, repl, expr, flags=re.IGNORECASE)
    try:
        return _evaluate(ast.parse(expr.strip(), mode="eval").body)
    except (SyntaxError, ValueError, ZeroDivisionError, OverflowError):
        return None


def _evaluate(node: ast.expr) -> float:
    if isinstance(node, ast.Constant) and isinstance(node.value, int | float):
        return float(node.value)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.UAdd):
        value = _evaluate(node.operand)
        return -value if isinstance(node.op, ast.USub) else value
    if isinstance(node, ast.BinOp) and type(node.op) in _BINOPS:
        return _BINOPS[type(node.op)](_evaluate(node.left), _evaluate(node.right))
    raise ValueError(f"not arithmetic: {ast.dump(node)!r}")


def quantity_key(text: str) -> tuple[float, str] | None:
    """(value, unit) of a quantity such as "330 meters" or "20 °F", or None."""
    m = re.fullmatch(r"\s*(-?[\d,]*\.?\d+)\s*(.+?)\s*", text)
    if not m:
        return None
    unit = re.sub(r"(?i)^degrees?\s+(\w+)$", lambda d: d.group(1).casefold(), m.group(2)).replace("° ", "°")
    try:
        return float(m.group(1).replace(",", "")), str(_UREG.parse_units(unit))
    except Exception:  # pint raises many error types for what is not a unit
        return None


_SCALES = {
    "c": "degree_Celsius",
    "celsius": "degree_Celsius",
    "f": "degree_Fahrenheit",
    "fahrenheit": "degree_Fahrenheit",
}


def unit_key(text: str) -> str | None:
    """The pint unit a target unit such as "km per hour", "ft" or "C" names (a bare C or F is a scale), or None."""
    word = re.sub(r"^(?:degrees?\s+|°\s*)", "", normalise(text))
    if word in _SCALES:
        return _SCALES[word]
    for attempt in (word, word.replace(" ", "_")):
        try:
            return str(_UREG.parse_units(attempt))
        except Exception:  # pint raises many error types for what is not a unit
            continue
    return None


def matches(slot: Slot, gold: str, option: str) -> bool:
    """Whether an offered option stands for the gold value."""
    if normalise(gold) == normalise(option):
        return True
    if "expression" in slot.kinds:
        a, b = expression_value(gold), expression_value(option)
        return a is not None and b is not None and math.isclose(a, b, rel_tol=1e-9)
    if "quantity" in slot.kinds:
        qa, qb = quantity_key(gold), quantity_key(option)
        return qa is not None and qa == qb
    if "unit" in slot.kinds:
        ua, ub = unit_key(gold), unit_key(option)
        return ua is not None and ua == ub
    return False


def _in_text(slot: Slot, gold: tuple[str, ...], texts: list[str]) -> bool:
    """Whether a gold value can be read off the text at all (derived kinds always can)."""
    if {"expression", "quantity"} & set(slot.kinds):
        return True
    haystack = normalise(" ".join(texts))
    return any(normalise(g) in haystack for g in gold)


def cases(suite: Suite) -> Iterator[SlotCase]:
    """Every span slot of every gold step, with what the extractor offers for it."""
    now = datetime.fromisoformat(str(suite["recordedAt"]))
    for task in suite["tasks"]:
        observations: list[str] = []
        for step in task["steps"]:
            tool = spec(step["action"])
            candidates = extract(task["goal"], observations, now=now)
            for name, value in step["args"].items():
                slot = next((s for s in tool.slots if s.name == name), None)
                if slot is None or slot.is_fixed:
                    continue
                gold = tuple(value) if isinstance(value, list) else (str(value),)
                offered = tuple(o.name for o in slot_options(slot, candidates)[:-1])
                recalled = any(matches(slot, g, o) for g in gold for o in offered)
                yield SlotCase(
                    task=task["id"],
                    category=task["category"],
                    slot=f"{tool.id}.{name}",
                    gold=gold,
                    offered=offered,
                    recalled=recalled,
                    extractable=recalled or _in_text(slot, gold, [task["goal"], *observations]),
                )
            if step["observation"]:
                observations.append(step["observation"])


def recall(found: list[SlotCase]) -> float:
    """Share of the extractable slots recalled (1.0 when there are none)."""
    extractable = [c for c in found if c.extractable]
    return sum(c.recalled for c in extractable) / len(extractable) if extractable else 1.0


def timing(suite: Suite, rounds: int) -> tuple[float, float, float]:
    """Milliseconds per extract() call on texts not seen before (the median call, and the mean), and on texts
    already seen (cached per text, the mean).

    Each fresh round pads every text with trailing spaces, which changes no span but misses the per-text cache.
    """
    now = datetime.fromisoformat(str(suite["recordedAt"]))
    calls = [
        (t["goal"], [s["observation"] for s in t["steps"][:k] if s["observation"]])
        for t in suite["tasks"]
        for k in range(len(t["steps"]))
    ]
    each: list[float] = []
    for r in range(1, rounds + 1):
        for goal, obs in calls:
            start = time.perf_counter()
            extract(goal + " " * r, [o + " " * r for o in obs], now=now)
            each.append((time.perf_counter() - start) * 1000)
    start = time.perf_counter()
    for _ in range(rounds):
        for goal, obs in calls:
            extract(goal, obs, now=now)
    warm = (time.perf_counter() - start) * 1000 / (len(calls) * rounds)
    return statistics.median(each), statistics.fmean(each), warm


def report(found: list[SlotCase]) -> None:
    """Print per-slot and overall recall, the misses and the slots not extractable from the text."""
    print(f"{'slot':28} {'n':>3} {'hit':>3} {'recall':>7} {'spans offered (mean)':>21}")
    for slot in sorted({c.slot for c in found}):
        rows = [c for c in found if c.slot == slot and c.extractable]
        if rows:
            hits = sum(c.recalled for c in rows)
            offered = sum(len(c.offered) for c in rows) / len(rows)
            print(f"{slot:28} {len(rows):>3} {hits:>3} {hits / len(rows):>7.1%} {offered:>21.1f}")
    extractable = [c for c in found if c.extractable]
    print(
        f"{'overall (extractable)':28} {len(extractable):>3} {sum(c.recalled for c in extractable):>3} "
        f"{recall(found):>7.1%}"
    )
    print(
        f"{'overall (all span slots)':28} {len(found):>3} {sum(c.recalled for c in found):>3} "
        f"{sum(c.recalled for c in found) / len(found):>7.1%}"
    )
    misses = [c for c in extractable if not c.recalled]
    print("\nmisses:" if misses else "\nmisses: none")
    for c in misses:
        print(f"  {c.task} {c.slot} gold={list(c.gold)} offered={list(c.offered)}")
    print("\nnot extractable from the text (gold value absent from goal and observations):")
    for c in (c for c in found if not c.extractable):
        print(f"  {c.task} [{c.category}] {c.slot} gold={list(c.gold)} offered={list(c.offered)}")


def main(argv: list[str]) -> None:
    """Run the measurement and print it."""
    path = Path(argv[1]) if len(argv) > 1 else DEFAULT_SUITE
    start = time.perf_counter()
    suite = json.loads(path.read_text(encoding="utf-8"))
    found = list(cases(suite))
    first = time.perf_counter() - start
    report(found)
    median, mean, warm = timing(suite, rounds=10)
    print(f"\nfirst pass, including loading the gazetteer, lexicon and unit registry: {first:.2f} s")
    print(
        f"extract() per goal+observations: p50 {median:.2f} ms (mean {mean:.2f}) on new texts, "
        f"{warm:.2f} ms on texts seen before"
    )


if __name__ == "__main__":
    main(sys.argv)
