"""``bench tools`` totals from per-item records, and the lines that show them.

Figures count only the items that say what they expect; a figure with nothing to count is None (shown —),
never 0. Arguments are scored as in the BFCL adapter: on items whose picked tool is the expected one, each
expected argument whose value System 1 can offer (in the question, or among a fixed slot's options).
"""

from __future__ import annotations

import statistics
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass

from decisionloop.evaluate.bfcl_score import ArgRecord, arg_right
from decisionloop.evaluate.tools_bench import ToolsRecord


@dataclass(frozen=True, slots=True, kw_only=True)
class ToolsTotals:
    """The figures of a set of records (None where nothing was there to count)."""

    items: int
    expected: int
    decision_acc: float | None
    call_rate: float | None
    tool_acc: float | None
    relevance: float | None
    no_call: float | None
    ask_recall: float | None
    arg_acc: float | None
    args_scored: int
    offered: float | None
    auto_share: float | None
    auto_error: float | None
    p50_ms: float | None
    p90_ms: float | None


def right(record: ToolsRecord) -> bool | None:
    """Whether the item was decided as expected: the kind, and for a call the tool and every argument."""
    if record.expected is None:
        return None
    if record.decision != record.expected:
        return False
    return record.expected != "call" or (record.tool == record.expected_tool and all(map(arg_right, record.args)))


def scored_args(records: Iterable[ToolsRecord]) -> list[ArgRecord]:
    """The offerable expected arguments of the items whose picked tool is the expected one."""
    return [a for r in records if r.expected == "call" and r.tool == r.expected_tool for a in r.args if a.extractable]


def totals(records: Sequence[ToolsRecord]) -> ToolsTotals:
    """Every figure of ``records``."""
    known = [r for r in records if r.expected is not None]
    calls = [r for r in known if r.expected == "call"]
    args = scored_args(records)
    latencies = [r.latency_ms for r in records]
    return ToolsTotals(
        items=len(records),
        expected=len(known),
        decision_acc=_share(
            r.decision == r.expected and (r.expected != "call" or r.tool == r.expected_tool) for r in known
        ),
        call_rate=_share(r.decision != "none" for r in calls),
        tool_acc=_share(r.tool == r.expected_tool for r in calls if r.offered_tools > 1),
        relevance=_share(r.decision == "none" for r in known if r.expected == "none"),
        no_call=_share(r.decision != "call" for r in known if r.expected == "none"),
        ask_recall=_share(r.decision == "ask" for r in known if r.expected == "ask"),
        arg_acc=_share(map(arg_right, args)),
        args_scored=len(args),
        offered=_share(a.offered for a in args),
        auto_share=_share(not r.held for r in records),
        auto_error=_share(not right(r) for r in known if not r.held),
        p50_ms=statistics.median(latencies) if latencies else None,
        p90_ms=_quantile(latencies, 0.9),
    )


_LEGEND = (
    "decision   call / ask / none as expected (a call: with the expected tool)",
    "call_rate  decided to call (or ask), on items expecting a call",
    "tool_acc   picked the expected tool, on items expecting a call with several tools offered",
    "relevance  decided none (pick_tool picked NONE: none of the tools fits), on items expecting none",
    "no_call    decided none or ask (no call made: BFCL's irrelevance score), on items expecting none",
    "ask        decided ask, on items expecting ask",
    "arg_acc    right value, on the `args` arguments whose value System 1 can offer (picked tool right)",
    "offered    one of those values was among the options pick_args was given",
    "auto       items the gate let through;  auto_err: of those (expected given), decided wrong",
    "p50_ms     per item (every decision and the extraction);  — nothing to count",
)


def report_lines(total: ToolsTotals, title: str) -> list[str]:
    """The title, the figures on two lines, then the legend."""
    row = asdict(total)
    first = ("items", "expected", "decision_acc", "call_rate", "tool_acc", "relevance", "no_call", "ask_recall")
    second = ("arg_acc", "args_scored", "offered", "auto_share", "auto_error", "p50_ms", "p90_ms")
    return [title, _row(row, first), _row(row, second), *_LEGEND]


def _row(row: dict[str, object], keys: Sequence[str]) -> str:
    return "  ".join(f"{k} {_cell(row[k])}" for k in keys)


def _cell(value: object) -> str:
    if value is None:
        return "—"
    if isinstance(value, float):
        return f"{value:.1f}" if value >= 10 else f"{value:.3f}"
    return str(value)


def _quantile(values: Sequence[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def _share(flags: Iterable[bool]) -> float | None:
    seen = list(flags)
    return sum(seen) / len(seen) if seen else None
