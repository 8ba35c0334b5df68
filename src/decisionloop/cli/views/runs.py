"""The run list: a table for people, and every field as JSON for scripts."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich.table import Table
from rich.text import Text

from decisionloop.core.vocab import STOP_REASONS
from decisionloop.journal import NOT_RERUN, RunSummary
from decisionloop.journal.what_if import WHAT_IF_OF, linked

__all__ = ["run_summary_json", "runs_notes", "runs_table"]

_SHORT_ID = 8
_STARTED = len("2026-12-01 19:35")
_TEXT_MIN = 8
_TEXT_MAX = 60
_STOP = max(len(reason) for reason in STOP_REASONS)  # every stop reason whole, never clipped


def runs_table(found: Sequence[RunSummary], width: int) -> Table:
    """One row a run in ``width`` columns; long goals and answers end in an ellipsis (``--json`` has them whole)."""
    unfinished = any(r.status == "unfinished" for r in found)
    fixed = _SHORT_ID + _STARTED + _STOP + len("steps") + (len("unfinished") if unfinished else 0)
    gaps = 2 * (6 if unfinished else 5)
    text = max(_TEXT_MIN, min(_TEXT_MAX, (width - fixed - gaps) // 2))
    table = Table(box=None, header_style="bold", pad_edge=False, show_edge=False)
    table.add_column("id", no_wrap=True, min_width=_SHORT_ID)
    table.add_column("started", no_wrap=True, min_width=_STARTED)
    table.add_column("goal", no_wrap=True, overflow="ellipsis", max_width=text)
    table.add_column("stop", no_wrap=True, min_width=_STOP)
    table.add_column("answer", no_wrap=True, overflow="ellipsis", max_width=text)
    table.add_column("steps", justify="right", no_wrap=True, min_width=len("steps"))
    if unfinished:  # the column only when some run has no end, so finished lists keep room for the texts
        table.add_column("flag", no_wrap=True, min_width=len("unfinished"))
    for r in found:
        cells: list[str | Text] = [r.id[:_SHORT_ID], r.started_at[:_STARTED].replace("T", " ")]
        cells += [Text(_one_line(r.goal)), r.stop or "—", Text(_one_line(r.answer or "—")), str(r.steps)]
        table.add_row(*cells, *([_flag(r)] if unfinished else []))
    return table


def runs_notes(found: Sequence[RunSummary]) -> list[str]:
    """A line under the table for each run with calls in flight (their results are unknown and were not re-run),
    and for each what-if: the run it re-ran, from which step, with which option."""
    notes = [
        f"⚠ {r.id[:_SHORT_ID]}: {r.in_flight} call(s) in flight, {NOT_RERUN}; decisionloop export {r.id[:_SHORT_ID]}"
        for r in found
        if r.in_flight
    ]
    for r in found:
        link = linked({WHAT_IF_OF: r.what_if_of})
        if link is not None:
            old, forced = link
            step = f"step {forced.step + 1}"
            notes.append(
                f"↳ {r.id[:_SHORT_ID]}: a what-if of {old[:_SHORT_ID]}, re-run from {step} with {forced.text()}"
            )
    return notes


def run_summary_json(r: RunSummary, llm_calls: Sequence[Mapping[str, object]] = ()) -> dict[str, object]:
    """Every field of one run, the id and goal and answer whole, and its LLM calls (``SqliteJournal.llm_calls``)."""
    return {
        "id": r.id,
        "goal": r.goal,
        "started_at": r.started_at,
        "ended_at": r.ended_at,
        "status": r.status,
        "stop": r.stop,
        "answer": r.answer,
        "steps": r.steps,
        "in_flight": r.in_flight,
        WHAT_IF_OF: r.what_if_of,
        "llm_calls": [dict(c) for c in llm_calls],
    }


def _flag(r: RunSummary) -> Text:
    if r.status != "unfinished":
        return Text("")
    return Text("unfinished", style="yellow")


def _one_line(text: str) -> str:
    """Newlines would break the row; the table shows the text on one line."""
    return " ".join(text.split())
