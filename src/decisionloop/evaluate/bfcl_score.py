"""BFCL figures from per-item records: tool selection, relevance detection, argument accuracy, extractability.

Every figure is read from System 1's answers (the option it chose: a function, or NONE), not from
the gate's action, so a backend whose answers are degraded (the rule judge) still gets figures; the share of
items the gate would have let through automatically is reported beside them. A figure with nothing to count
is None, never 0.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass

from decisionloop.core.questions import Option
from decisionloop.core.tool import NONE, Slot
from decisionloop.gold.accept import accepts, occurs


@dataclass(frozen=True, slots=True, kw_only=True)
class ArgRecord:
    """One argument of the accepted call: its accepted values, whether the question offers one, what was picked."""

    name: str
    accepted: tuple[object, ...]
    optional: bool
    extractable: bool
    offered: bool
    picked: str | None


@dataclass(frozen=True, slots=True, kw_only=True)
class BfclRecord:
    """What System 1 decided on one item; ``gold`` is the accepted function (None: no call is right)."""

    id: str
    category: str
    gold: str | None
    calls: bool  # System 1 picked a function (not NONE)
    picked: str | None
    several: bool  # more than one function was offered
    args: tuple[ArgRecord, ...]
    automatic: bool
    latencies_ms: tuple[float, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class BfclFigures:
    """The figures of a set of records (None where nothing was there to count)."""

    items: int
    tool_acc: float | None
    call_rate: float | None
    relevance: float | None
    arg_acc: float | None
    args_scored: int
    extractor_recall: float | None
    not_extractable: float | None
    auto_share: float | None
    median_ms: float | None


def extractable(accepted: Sequence[object], slot: Slot | None, question: str) -> bool:
    """Whether System 1 can offer an accepted value: one of a fixed slot's options, else written in the question."""
    if slot is not None and slot.is_fixed:
        return offered(accepted, slot.fixed)
    return any(occurs(v, question) for v in accepted)


def offered(accepted: Sequence[object], options: Sequence[Option]) -> bool:
    """Whether one of ``options`` is an accepted value; a slot offering nothing at all (an optional boolean the
    goal does not name) is left out, which an accepted "" allows."""
    if not options:
        return any(v is None or v == "" for v in accepted)
    return any(accepts(v, o.name) for v in accepted for o in options)


def arg_right(arg: ArgRecord) -> bool:
    """The pick matches an accepted value, or nothing was picked for an argument that may be left out."""
    if arg.picked is None or arg.picked == NONE:
        return arg.optional
    return any(accepts(v, arg.picked) for v in arg.accepted)


def tool_accuracy(records: Iterable[BfclRecord]) -> float | None:
    """Share of items needing a call, with a choice among several functions, where the pick is the accepted one."""
    return _share(r.picked == r.gold for r in records if r.gold is not None and r.several)


def call_rate(records: Iterable[BfclRecord]) -> float | None:
    """Share of items needing a call where System 1 picks a function (not NONE)."""
    return _share(r.calls for r in records if r.gold is not None)


def relevance(records: Iterable[BfclRecord]) -> float | None:
    """Share of irrelevance items (no call is right) where System 1 picks NONE: none of the functions fits."""
    return _share(not r.calls for r in records if r.gold is None)


def scored_args(records: Iterable[BfclRecord]) -> list[ArgRecord]:
    """The extractable arguments of the items whose picked function is the accepted one."""
    return [a for r in records if r.gold is not None and r.picked == r.gold for a in r.args if a.extractable]


def arg_accuracy(records: Iterable[BfclRecord]) -> float | None:
    """Share of scored arguments whose pick is right (see ``scored_args`` and ``arg_right``)."""
    return _share(arg_right(a) for a in scored_args(records))


def extractor_recall(records: Iterable[BfclRecord]) -> float | None:
    """Share of scored arguments for which an accepted value was among the options offered to pick_args."""
    return _share(a.offered for a in scored_args(records))


def not_extractable(records: Iterable[BfclRecord]) -> float | None:
    """Share of required arguments (none may be left out) for which System 1 has no right value to offer."""
    return _share(not a.extractable for r in records if r.gold is not None for a in r.args if not a.optional)


def median_ms(records: Iterable[BfclRecord]) -> float | None:
    """Median latency of the backend requests (one per decision batch)."""
    latencies = [ms for r in records for ms in r.latencies_ms]
    return statistics.median(latencies) if latencies else None


def figures(records: Sequence[BfclRecord]) -> BfclFigures:
    """Every figure of ``records``."""
    return BfclFigures(
        items=len(records),
        tool_acc=tool_accuracy(records),
        call_rate=call_rate(records),
        relevance=relevance(records),
        arg_acc=arg_accuracy(records),
        args_scored=len(scored_args(records)),
        extractor_recall=extractor_recall(records),
        not_extractable=not_extractable(records),
        auto_share=_share(r.automatic for r in records),
        median_ms=median_ms(records),
    )


def by_category(records: Sequence[BfclRecord]) -> dict[str, BfclFigures]:
    """Figures per category in first-seen order, then ``overall`` over every record."""
    names = dict.fromkeys(r.category for r in records)
    table = {name: figures([r for r in records if r.category == name]) for name in names}
    return {**table, "overall": figures(records)}


def result_json(
    records: Sequence[BfclRecord], *, backend: str, source: str, held_out: Sequence[str]
) -> dict[str, object]:
    """The JSON-ready result: where the data came from, the figures per category and overall, every record."""
    table = by_category(records)
    return {
        "benchmark": "bfcl",
        "source": source,
        "backend": backend,
        "held_out": list(held_out),
        "categories": {k: asdict(v) for k, v in table.items() if k != "overall"},
        "overall": asdict(table["overall"]),
        "records": [asdict(r) for r in records],
    }


def _share(flags: Iterable[bool]) -> float | None:
    seen = list(flags)
    return sum(seen) / len(seen) if seen else None
