"""A what-if's forced option: at one step, one question of one block takes the option a person chose.

System 1 is asked as usual (the journal keeps what it answered); the loop then reads the forced question as
answered for sure with the chosen option (probability 1, a noul's ``yes`` or ``no``, a score's level), and the
step's go-on-or-stop answers as that choice implies (a tool chosen means the step calls one), and applies each
block's policy again, so the gate sees a choice as sure as a person's. The other questions keep System 1's
answers and pass the gate as always: a forced argument of an unsure tool still holds the step, and a side-effect
call still asks the guard.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from decisionloop.core.answers import ChoiceAnswer, NoulAnswer, ScoreAnswer
from decisionloop.core.backend import BackendReply
from decisionloop.core.decision import Decision
from decisionloop.core.questions import ChoiceQuestion, NoulQuestion, Question, ScoreQuestion
from decisionloop.core.records import Hold, StepRecord
from decisionloop.core.wire import answer_to_wire
from decisionloop.decide import Ask, judge

YES, NO = "yes", "no"
# The blocks a step asks; can_deliver judges the answer after the last step, so no what-if re-runs from it.
STEP_BLOCKS = frozenset({"needs_tool", "pick_tool", "pick_args", "grade_risk", "step_ok", "is_done"})
_NEEDS_TOOL, _IS_DONE = "needs_tool", "is_done"  # the blocks whose answers say go on or stop (``loop.gate``)


@dataclass(frozen=True, slots=True, kw_only=True)
class Forced:
    """At ``step``, ``block``'s question ``question`` takes ``option``: a choice's option name, ``yes`` or ``no``
    for a noul, a level's index (``"0"``, ``"1"``, …) for a score."""

    step: int
    block: str
    question: str
    option: str

    def text(self) -> str:
        """``pick_tool's tool = 'search'``, as notes and pages say it."""
        return f"{self.block}'s {self.question} = {self.option!r}"


def option_names(question: Question) -> tuple[str, ...]:
    """The options a question may be forced to."""
    match question:
        case ChoiceQuestion(options=options):
            return tuple(o.name for o in options)
        case NoulQuestion():
            return (YES, NO)
        case ScoreQuestion(levels=levels):
            return tuple(str(i) for i in range(len(levels)))


def forced_answers(forced: Forced, block: str) -> dict[str, str]:
    """The options the what-if takes for ``block``'s questions at its step: the forced one, and the go-on-or-stop
    answers it implies, so the step does what the person chose (a tool or a value chosen: the step calls, so
    needs_tool is yes and is_done no; needs_tool yes or is_done no: go on; needs_tool no or is_done yes: stop)."""
    go_on = {_NEEDS_TOOL: {"needs_tool": YES}, _IS_DONE: {"done": NO}}
    stop = {_NEEDS_TOOL: {"needs_tool": NO}, _IS_DONE: {"done": YES}}
    if forced.block in ("pick_tool", "pick_args"):
        implied = go_on
    elif (forced.block, forced.question) in ((_NEEDS_TOOL, "needs_tool"), (_IS_DONE, "done")):
        says_go_on = (forced.option == YES) == (forced.block == _NEEDS_TOOL)
        implied = go_on if says_go_on else stop
    else:
        implied = {}
    wanted = dict(implied.get(block, {}))
    if block == forced.block:
        wanted[forced.question] = forced.option
    return wanted


def takes(ask: Ask, forced: Forced) -> bool:
    """Whether ``ask`` asks the forced question and offers the forced option."""
    question = ask.questions.get(forced.question)
    return ask.block.id == forced.block and question is not None and forced.option in option_names(question)


def forced_decision(ask: Ask, decision: Decision, forced: Forced) -> Decision | None:
    """``decision`` with the questions the what-if answers (``forced_answers``) answered for sure and the block's
    policy applied again; None when it answers none of this ask's questions."""
    wanted = {
        qid: option
        for qid, option in forced_answers(forced, ask.block.id).items()
        if qid in ask.questions and option in option_names(ask.questions[qid])
    }
    if not wanted:
        return None
    answers: dict[str, object] = {qid: answer_to_wire(a) for qid, a in decision.answers.items()}
    answers.update({qid: _sure(ask.questions[qid], option) for qid, option in wanted.items()})
    reply = BackendReply(
        answers=answers,
        backend=decision.backend,
        model=decision.model,
        latency_ms=decision.latency_ms,
        usage=decision.usage,
        degraded=decision.degraded,  # a degraded step stays held: the what-if changes answers, not the backend's
        warnings=decision.warnings,
    )
    judged = judge(ask, reply)
    taken = ", ".join(f"{qid} = {option!r}" for qid, option in wanted.items())
    return replace(judged, reasons=(f"what-if: {taken} (a person chose {forced.text()})", *judged.reasons))


def _sure(question: Question, option: str) -> dict[str, object]:
    match question:
        case ChoiceQuestion(options=options):
            probabilities = {o.name: 1.0 if o.name == option else 0.0 for o in options}
            return {"type": "choice", "choice": option, "probabilities": probabilities}
        case NoulQuestion():
            return {"type": "noul", "noul": 1.0 if option == YES else 0.0}
        case ScoreQuestion(levels=levels):
            return {
                "type": "score",
                "probabilities": {str(i): 1.0 if str(i) == option else 0.0 for i in range(len(levels))},
            }


def system1_gave(decision: Decision, forced: Forced) -> float | None:
    """The probability System 1 gave the forced option (None when it did not answer the question)."""
    answer = decision.answers.get(forced.question)
    match answer:
        case ChoiceAnswer(probabilities=probabilities):
            return probabilities.get(forced.option, 0.0)
        case NoulAnswer(noul=noul):
            return noul if forced.option == YES else 1.0 - noul
        case ScoreAnswer(probabilities=probabilities):
            level = int(forced.option) if forced.option.isdigit() else -1
            return probabilities[level] if 0 <= level < len(probabilities) else None
        case None:
            return None


def forced_note(forced: Forced, p: float | None) -> str:
    """The forced step's note: what the person chose, and what System 1 thought of it."""
    gave = f" (System 1 gave it {p:.3f})" if p is not None else ""
    return f"a what-if: you chose {forced.text()}{gave}"


def forced_record(record: StepRecord, note: str) -> StepRecord:
    """The forced step as the journal keeps it: decided by the person where System 1's gate let it run, with the
    what-if's note first."""
    decided_by = "person" if record.decided_by == "system1" else record.decided_by
    return replace(record, decided_by=decided_by, note=f"{note}; {record.note}" if record.note else note)


def unasked_hold(forced: Forced) -> Hold:
    """Why the forced step goes to System 2 when the run did not ask the forced question with that option."""
    return Hold(
        kind="what_if_unasked",
        detail=f"the what-if's {forced.text()} was not asked at this step, so it could not be taken",
    )
