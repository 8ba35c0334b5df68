"""Training examples from the journal: every held step a person or the LLM resolved, with their final decision.

For such a step the journal has the questions System 1 was asked (with their frames) and the call that was made
instead. That call labels them: pick_tool's right option is the tool called; needs_tool is true (a call) or false
(finish); each argument question asked about the called tool is labelled with the value used, or NONE when that
value was not among the options. Stops and questions the final call cannot label are left out, and so is the step
a what-if forced (``journal.what_if``): the person asked what would happen, they did not say what was right.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

from decisionloop.core.tool import NONE
from decisionloop.core.vocab import ARG_PREFIX, FINISH, STOP
from decisionloop.core.wire import json_objects, question_from_wire
from decisionloop.journal import SqliteJournal, default_path
from decisionloop.journal.what_if import linked
from decisionloop.model.features import frame
from decisionloop.settings import home
from decisionloop.training.examples import Example

RESOLVERS = frozenset({"llm", "person"})


def journal_examples(path: Path | None = None, limit: int = 100_000) -> list[Example]:
    """Examples from every resolved step of the journal at ``path`` (default: the user's journal)."""
    with SqliteJournal(path or default_path(home(os.environ))) as journal:
        runs = [journal.load(r.id) for r in journal.runs(limit)]
    return [e for run in runs for e in run_examples(run)]


def run_examples(run: Mapping[str, object]) -> list[Example]:
    """The examples of one exported run (the JSON shape of ``SqliteJournal.load``)."""
    steps = json_objects(run.get("steps"))
    groups = {g.get("step"): json_objects(g.get("decisions")) for g in json_objects(run.get("decisions"))}
    link = linked(run.get("config"))
    forced = link[1].step if link is not None else None
    examples: list[Example] = []
    for step in steps:
        if step.get("decided_by") in RESOLVERS and step.get("tool") != STOP and step.get("index") != forced:
            examples += _labelled(step, groups.get(step.get("index"), []))
    return examples


def _labelled(step: Mapping[str, object], decisions: Sequence[Mapping[str, object]]) -> Iterable[Example]:
    tool = str(step.get("tool"))
    args = step.get("args") if isinstance(step.get("args"), Mapping) else {}
    assert isinstance(args, Mapping)
    for row in decisions:
        questions = row.get("questions")
        if not isinstance(questions, Mapping):
            continue
        state = row.get("state")
        about = state.get("tool") if isinstance(state, Mapping) else None
        for qid, wire in questions.items():
            if str(qid).startswith(ARG_PREFIX) and about != tool:
                continue  # asked about another tool than the one called
            question = question_from_wire(wire)
            framed = frame(state, question)
            label = _label(str(qid), framed.names, tool, args)
            if label is not None:
                yield Example(framed=framed, label=label, question=str(qid).split(":", 1)[0])


def _label(qid: str, names: tuple[str, ...], tool: str, args: Mapping[str, object]) -> int | None:
    if qid == "needs_tool":
        return 1 if tool == FINISH else 0
    if qid == "tool":
        return names.index(tool) if tool in names else None
    if qid.startswith(ARG_PREFIX) and tool != FINISH:
        value = args.get(qid.removeprefix(ARG_PREFIX))
        if value is None:
            return None
        wanted = str(value) if str(value) in names else NONE
        return names.index(wanted) if wanted in names else None
    return None
