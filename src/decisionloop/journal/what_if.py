"""A what-if of a journalled run: run it again from one step, one decision of that step taking another option.

The steps before that step come back from the journal as they were (``resume.finished_steps``) and are never
called again; that step is decided afresh with the chosen option forced (``loop.what_if``), and the run goes on
live like any other. The new run's config records ``what_if_of`` (the old run, the step, the block, the question,
the option), which links the two both ways (``SqliteJournal.what_ifs_of``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from decisionloop.core.errors import JournalError, WireError
from decisionloop.core.records import StepRecord
from decisionloop.core.wire import json_objects, question_from_wire
from decisionloop.journal.resume import finished_steps
from decisionloop.loop.what_if import STEP_BLOCKS, Forced, option_names

WHAT_IF_OF = "what_if_of"  # the config key of a what-if run


@dataclass(frozen=True, slots=True, kw_only=True)
class WhatIf:
    """A run to start: the old run's goal, the steps it replays, the option it forces."""

    run_id: str
    goal: str
    history: tuple[StepRecord, ...]
    forced: Forced

    def link(self) -> dict[str, object]:
        """What the new run's config records under ``what_if_of``."""
        f = self.forced
        return {"run": self.run_id, "step": f.step, "block": f.block, "question": f.question, "option": f.option}


def what_if(run: Mapping[str, object], forced: Forced) -> WhatIf:
    """The what-if of ``run`` (as ``SqliteJournal.load`` gives it) that takes ``forced``; a JournalError saying what
    to pick instead when the run has no such step, decision, question or option."""
    run_id = str(run["id"])
    steps = finished_steps(run)
    if not 0 <= forced.step < len(steps):
        raise JournalError(f"run {run_id} has no finished step {forced.step + 1}; pick one of its {len(steps)} step(s)")
    if forced.block not in STEP_BLOCKS:
        known = ", ".join(sorted(STEP_BLOCKS))
        raise JournalError(f"a what-if re-runs a step, so it changes one of {known}; not {forced.block!r}")
    try:
        names = option_names(question_from_wire(_asked(run, forced)))
    except WireError as err:
        raise JournalError(
            f"the journal's {forced.block} question at step {forced.step + 1} does not read: {err}"
        ) from err
    if forced.option not in names:
        raise JournalError(
            f"{forced.block}'s {forced.question} at step {forced.step + 1} has no option {forced.option!r}; "
            f"its options: {', '.join(names)}"
        )
    history = steps[: forced.step]
    gone = next((s.index for s in history if s.call is None or s.result is None), None)
    if gone is not None:
        raise JournalError(f"step {gone + 1} of run {run_id} has no call and result to replay; pick an earlier step")
    return WhatIf(run_id=run_id, goal=str(run["goal"]), history=history, forced=forced)


def _asked(run: Mapping[str, object], forced: Forced) -> object:
    """The question (as sent on the wire) the forced block asked at the forced step; a JournalError when that step
    did not ask it."""
    for group in json_objects(run.get("decisions")):
        for row in json_objects(group.get("decisions")) if group.get("step") == forced.step else []:
            decision, questions = row.get("decision"), row.get("questions")
            if not isinstance(decision, Mapping) or decision.get("block") != forced.block:
                continue
            if isinstance(questions, Mapping) and forced.question in questions:
                return questions[forced.question]
    raise JournalError(
        f"step {forced.step + 1} of run {run.get('id')} did not ask {forced.block}'s {forced.question!r}; "
        "pick a decision the run page shows at that step"
    )


def linked(config: object) -> tuple[str, Forced] | None:
    """The run a what-if run re-ran and the option it forced, read from its config; None for any other run."""
    link = config.get(WHAT_IF_OF) if isinstance(config, Mapping) else None
    if not isinstance(link, Mapping):
        return None
    step, texts = link.get("step"), [link.get(k) for k in ("run", "block", "question", "option")]
    if not isinstance(step, int) or not all(isinstance(t, str) for t in texts):
        return None
    run, block, question, option = (str(t) for t in texts)
    return run, Forced(step=step, block=block, question=question, option=option)
