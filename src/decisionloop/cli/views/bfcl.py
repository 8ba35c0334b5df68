"""BFCL figures shown as a table: one row per category, the columns named in a legend below it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict

from decisionloop.evaluate.bfcl_score import BfclFigures

# (heading, BfclFigures field, width)
_COLUMNS = (
    ("items", "items", 6),
    ("tool_acc", "tool_acc", 9),
    ("call_rate", "call_rate", 10),
    ("relevance", "relevance", 10),
    ("arg_acc", "arg_acc", 8),
    ("args", "args_scored", 6),
    ("offered", "extractor_recall", 8),
    ("not_extr", "not_extractable", 9),
    ("auto", "auto_share", 6),
    ("p50_ms", "median_ms", 8),
)
_LEGEND = (
    "tool_acc   picked the accepted function, on items offering several functions",
    "call_rate  needs_tool proposes a call, on items that need one",
    "relevance  needs_tool proposes no call, on irrelevance items",
    "arg_acc    right value, on the `args` arguments whose value System 1 can offer (picked function right)",
    "offered    one of those values was among the options pick_args was given",
    "not_extr   required arguments whose value the question does not hold",
    "auto       items whose every decision the gate let through, no required value missing",
    "p50_ms     median backend request;  — nothing to count",
)


def bfcl_lines(table: Mapping[str, BfclFigures], title: str) -> list[str]:
    """The title, a heading row, one row per category, then the legend."""
    lines = [title, f"{'category':<18}" + "".join(f"{head:>{width}}" for head, _, width in _COLUMNS)]
    for name, figures in table.items():
        row = asdict(figures)
        lines.append(f"{name:<18}" + "".join(f"{_cell(row[key], key):>{width}}" for _, key, width in _COLUMNS))
    return lines + list(_LEGEND)


def _cell(value: object, key: str) -> str:
    if value is None:
        return "—"
    if isinstance(value, float):
        return f"{value:.2f}" if key == "median_ms" else f"{value:.3f}"
    return str(value)
