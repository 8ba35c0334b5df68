"""Training examples from episodes, made by the loop's own frame and question code with gold labels.

Each episode is run through the teacher-forced protocol (evaluate/teacher.py) against an oracle that answers
from its gold trace; every question asked and the oracle's answer become one example. The answer check
(can_deliver) is not part of that protocol, so its examples are built here from the episode's answer: the
right answer, one with a number changed, one that claims what was not found, and an honest "could not find".
``tool_example`` asks pick_tool over a given list of tools, for examples made outside the protocol.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from decisionloop.core.backend import BackendReply, DecisionRequest
from decisionloop.core.tool import Tool
from decisionloop.gold.oracle import OracleBackend
from decisionloop.gold.suite import Task
from decisionloop.gold.teacher import TeacherSetup, history, run_task
from decisionloop.loop.asks import deliver_ask, step_asks
from decisionloop.loop.frames import RunView
from decisionloop.model.features import Framed, frame
from decisionloop.spec.model import Spec

SURE = 0.5
TOOL = "tool"  # pick_tool's question
_NUMBER = re.compile(r"\d[\d,]*(?:\.\d+)?")


@dataclass(frozen=True, slots=True, kw_only=True)
class Example:
    """One question, framed as the model sees it, and the index of its right option."""

    framed: Framed
    label: int
    question: str


class Recorder:
    """Wraps the oracle and keeps every request with its answers."""

    def __init__(self, inner: OracleBackend) -> None:
        self._inner = inner
        self.seen: list[tuple[DecisionRequest, Mapping[str, object]]] = []

    @property
    def name(self) -> str:
        return self._inner.name

    def decide(self, request: DecisionRequest) -> BackendReply:
        reply = self._inner.decide(request)
        self.seen.append((request, reply.answers))
        return reply


def label_of(framed: Framed, answer: object) -> int | None:
    """The index of the option the oracle's answer stands for; None when the oracle had no gold for it."""
    if not isinstance(answer, Mapping):
        return None
    if framed.kind == "noul":
        noul = answer.get("noul")
        return (0 if noul >= SURE else 1) if isinstance(noul, float) else None
    probs = answer.get("probabilities")
    if not isinstance(probs, Mapping):
        return None
    best = max(probs, key=lambda k: float(probs[k]))
    if float(probs[best]) < SURE or str(best) not in framed.names:
        return None
    return framed.names.index(str(best))


def task_examples(
    task: Task, tools: Sequence[Tool], side_effects: frozenset[str], spec: Spec, now: datetime
) -> list[Example]:
    """Every question the teacher-forced protocol asks about ``task``, labelled from its gold trace."""
    recorder = Recorder(OracleBackend(task, side_effects=side_effects))
    run_task(task, TeacherSetup(spec=spec, tools=tuple(tools), now=now, candidates="all"), recorder)
    return list(_labelled(recorder.seen))


def _labelled(seen: Iterable[tuple[DecisionRequest, Mapping[str, object]]]) -> Iterable[Example]:
    for request, answers in seen:
        for qid, question in request.questions.items():
            framed = frame(request.state, question)
            label = label_of(framed, answers.get(qid))
            if label is not None:
                yield Example(framed=framed, label=label, question=_family(qid))


def _family(qid: str) -> str:
    return qid.split(":", 1)[0] if ":" in qid else qid


def tool_example(spec: Spec, goal: str, tools: Sequence[Tool], right: str) -> Example:
    """pick_tool at a first step over ``tools`` (and NONE), as the loop asks it, labelled ``right``."""
    asks = step_asks(spec, RunView(goal=goal), tools, 0)
    pick = next(a.ask for a in asks if a.ask.block.id == "pick_tool")
    framed = frame(pick.state, pick.questions[TOOL])
    return Example(framed=framed, label=framed.names.index(right), question=TOOL)


def deliver_examples(task: Task, spec: Spec, rng: random.Random) -> list[Example]:
    """can_deliver on drafts of ``task``'s answer: right, a changed number, an invented claim, an honest miss."""
    steps = history(task, len(task.steps) - 1)
    if not task.answer or not steps:
        return []
    drafts = [(task.answer, True, False)]
    if _NUMBER.search(task.answer):
        drafts.append((_NUMBER.sub(lambda m: _changed(m.group(), rng), task.answer, count=1), False, True))
    drafts.append((f"{task.answer} It was also confirmed by an official announcement yesterday.", False, True))
    drafts.append(("I could not find an answer.", False, False))
    examples = []
    for draft, deliverable, unsupported in drafts:
        asked = deliver_ask(spec, task.goal, draft, steps).ask
        for qid, question in asked.questions.items():
            truth = deliverable if qid == "deliverable" else unsupported
            examples.append(Example(framed=frame(asked.state, question), label=0 if truth else 1, question=qid))
    return examples


def _changed(number: str, rng: random.Random) -> str:
    digits = [c for c in number if c.isdigit()]
    i = rng.randrange(len(digits))
    digits[i] = str((int(digits[i]) + rng.randint(1, 8)) % 10)
    it = iter(digits)
    return "".join(next(it) if c.isdigit() else c for c in number)
