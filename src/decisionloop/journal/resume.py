"""What a resumed run starts from: the steps an interrupted (or killed) run finished, read back from the journal,
and the call whose result is unknown, when one was running as the run stopped.

A finished step comes back as it was (its call, who decided it, its holds, its result), so the resumed run goes on
after it and never calls it again. A call that started but has no recorded result may or may not have happened:
it is never run again unless the user says so (``unknown_step`` is the step to record when they do not).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import cast

from decisionloop.core.errors import JournalError
from decisionloop.core.records import Call, Hold, HoldKind, StepRecord
from decisionloop.core.tool import ToolResult
from decisionloop.core.vocab import FINISH, STOP, DecidedBy

RESUMABLE = "interrupted"  # the one stop reason a run can be resumed from; an unfinished (killed) run also can
UNKNOWN_RESULT = "the run stopped while this call ran, so its result is unknown; it was not run again"


@dataclass(frozen=True, slots=True, kw_only=True)
class Resumable:
    """An interrupted run, ready to go on."""

    run_id: str
    goal: str
    steps: tuple[StepRecord, ...]
    unknown: Call | None  # the call that was running when the run stopped, its result never recorded


def resumable(run: Mapping[str, object]) -> Resumable:
    """The run ``SqliteJournal.load`` gave, read for resuming; a JournalError for one that ended otherwise."""
    run_id, stop = str(run["id"]), run.get("stop")
    if run.get("ended_at") is not None and stop != RESUMABLE:
        raise JournalError(
            f"run {run_id} ended {stop!r}; only an interrupted or unfinished run can be resumed. "
            f'Run its goal again: decisionloop run "{run["goal"]}"'
        )
    calls = _rows(run, "tool_calls")
    steps = list(finished_steps(run))
    while steps and steps[-1].call is None:  # a finish or stop that did not end the run is decided again
        steps.pop()
    done = {s.index for s in steps}
    running = [c for c in calls if c.get("in_flight") and c.get("step") not in done]
    unknown = _call(running[-1]) if running else None
    return Resumable(run_id=run_id, goal=str(run["goal"]), steps=tuple(steps), unknown=unknown)


def finished_steps(run: Mapping[str, object]) -> tuple[StepRecord, ...]:
    """The steps of a loaded run as the loop recorded them: call, who decided, holds, result (a what-if replays
    them too, ``journal.what_if``)."""
    calls = _rows(run, "tool_calls")
    return tuple(_step(row, calls) for row in _rows(run, "steps"))


def unknown_step(resumed: Resumable) -> StepRecord | None:
    """The step that records the unknown call as not run again (the user was not asked, or said no)."""
    if resumed.unknown is None:
        return None
    return StepRecord(
        index=len(resumed.steps),
        call=resumed.unknown,
        decided_by="code",
        result=ToolResult(observation=UNKNOWN_RESULT, ok=False),
        note=UNKNOWN_RESULT,
    )


def _rows(run: Mapping[str, object], key: str) -> list[Mapping[str, object]]:
    rows = run.get(key, [])
    if not isinstance(rows, Sequence):
        raise JournalError(f"the journal's {key} of run {run.get('id')} are not a list: {rows!r}")
    return [cast(Mapping[str, object], r) for r in rows]


def _call(row: Mapping[str, object]) -> Call:
    args = row.get("args") or {}
    if not isinstance(args, Mapping):
        raise JournalError(f"a call's arguments in the journal are not an object: {args!r}")
    return Call(tool=str(row["tool"]), args={str(k): str(v) for k, v in args.items()})


def _step(row: Mapping[str, object], calls: Sequence[Mapping[str, object]]) -> StepRecord:
    index, tool = int(cast(int, row["index"])), str(row["tool"])
    holds = row.get("holds") or []
    if not isinstance(holds, Sequence):
        raise JournalError(f"step {index}'s holds in the journal are not a list: {holds!r}")
    held = tuple(Hold(kind=cast(HoldKind, h["kind"]), detail=str(h["detail"])) for h in holds)
    call = None if tool in (FINISH, STOP) else _call(row)
    result = None
    if row.get("observation") is not None:
        ran = next((c for c in reversed(calls) if c.get("step") == index and not c.get("in_flight")), {})
        result = ToolResult(
            observation=str(row["observation"]),
            answer=str(ran.get("answer") or ""),
            ok=bool(row.get("ok", True)),
            source=str(ran["source"]) if ran.get("source") else None,
        )
    return StepRecord(
        index=index,
        call=call,
        decided_by=cast(DecidedBy, row["decided_by"]),
        holds=held,
        result=result,
        note=str(row.get("note") or ""),
        stopped=tool == STOP,
    )
