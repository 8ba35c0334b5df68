"""A loaded run (``SqliteJournal.load``'s JSON) as the run page reads it: its rows, its calls, its numbers."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from decisionloop.core.wire import json_objects

Row = Mapping[str, object]
maps = json_objects  # the JSON objects of a list (anything else: none)


def index_of(value: object) -> int:
    """A step index, or -1 when it is not one."""
    return value if isinstance(value, int) and not isinstance(value, bool) else -1


def texts(value: object) -> list[str]:
    """A list's items as text (anything else: none)."""
    return [str(v) for v in value] if isinstance(value, list) else []


def at_step(rows: Sequence[Row], step: int) -> list[Row]:
    """The rows of one step."""
    return [r for r in rows if r.get("step") == step]


def decisions_by_step(run: Row) -> dict[int, list[Row]]:
    """Each step's decision rows (frame, questions, decision), in the order they were made."""
    return {index_of(g.get("step")): maps(g.get("decisions")) for g in maps(run.get("decisions"))}


def call_text(tool: object, args: object) -> str:
    """``calculator(expression='7,200 / 16')``; a tool alone when it has no arguments."""
    if not isinstance(args, Mapping) or not args:
        return str(tool)
    return f"{tool}({', '.join(f'{k}={v!r}' for k, v in args.items())})"


def ms_text(value: object) -> str:
    """Milliseconds as people read them; a dash when there are none."""
    return f"{value:.0f} ms" if isinstance(value, float | int) and not isinstance(value, bool) else "—"


def level_name(legend: object) -> str:
    """A score level's name: its legend up to the first colon ("read-only: it only looks up…" → "read-only")."""
    return str(legend).split(":")[0]


def as_mapping(value: object) -> Mapping[str, object]:
    """A JSON object, or an empty one for anything else."""
    return value if isinstance(value, Mapping) else {}


def number(value: object) -> float:
    """A JSON number as a float; 0 for anything else."""
    return float(value) if isinstance(value, float | int) and not isinstance(value, bool) else 0.0
