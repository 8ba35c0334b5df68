"""The questions of each decision, built for this step from the spec, the frames and the candidates.

The options of ``pick_tool`` are the tools that still apply this step; those of ``pick_args`` are one question
per slot of the chosen tool, its candidate values (or fixed list) with NONE last.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from decisionloop.core.questions import ChoiceQuestion, Option, Question
from decisionloop.core.tool import NONE, Slot, SpanKind, Tool
from decisionloop.core.vocab import ARG_PREFIX, ASK_USER
from decisionloop.decide import Ask
from decisionloop.extract import Candidate, slot_options
from decisionloop.extract.candidates import GOAL
from decisionloop.extract.slots import accepted_kinds
from decisionloop.loop.described import of_described_kind
from decisionloop.loop.frames import Frame, RunView, StepView, args_frame, deliver_frame, risk_frame, step_frame
from decisionloop.loop.frames import step_ok_frame as _step_ok_frame
from decisionloop.model.value_priors import place_slot
from decisionloop.spec.model import Block, Spec, SpecQuestion
from decisionloop.values.dates import ASKS_OF_A_DAY
from decisionloop.values.places import personal_place


@dataclass(frozen=True, slots=True, kw_only=True)
class Framed:
    """An ask and the frame its state came from."""

    ask: Ask
    frame: Frame


def tool_options(
    tools: Sequence[Tool], candidates: Sequence[Candidate], *, asking: str | None = None
) -> tuple[Tool, ...]:
    """The tools that still apply: those whose every required span slot has a candidate value or a literal, and,
    when the user can be asked for a missing value, the tools the goal ``asking`` names by a word of their id.

    A tool none of whose values can be found in the text cannot be called by System 1 (its argument would be
    NONE and the step held), so offering it only takes probability from the tools that can. Once the user can be
    asked, a tool the goal names ("what's the weather?") can be called after all; only named ones are added,
    since the decision model, trained on the tools that apply, picks among unnamed ones at random.
    """
    named = _words(asking) if asking is not None else set()
    return tuple(
        t
        for t in tools
        if all(not s.required or _fillable(s, candidates) for s in t.slots) or named & _words(t.id, minimum=3)
    )


# Kinds of value that read as one type only: a goal that gives a tool's every required slot one of these gives
# all that tool needs ("38.1 gallons" and "liters" for a conversion). Numbers, arithmetic and words are left out:
# most goals have some.
_SPECIFIC: frozenset[SpanKind] = frozenset(
    {"quantity", "unit", "date", "duration", "money", "percent", "email", "url", "file"}
)


def given_tools(tools: Sequence[Tool], candidates: Sequence[Candidate], goal: str = "") -> tuple[str, ...]:
    """The tools of two required slots or more, each taking only a kind of value that reads as one type (a
    quantity, a unit, a date, a sum of money, …; not text, not a bare number), to which the goal gives every
    required value, as many different values as slots; and where ``goal`` asks of a day ("what day was …", "how
    long until …"), the tools whose one required slot takes only a date the goal gives. When System 1, at the first
    step, picks no tool or one that needs no value (asking the user) beside such a tool, it overlooked what the goal
    spells out: the gate holds the step. On generator families never trained on, System 1 asks the user, or says no
    tool fits, at .97 or more for a conversion the goal gives whole; and it says no tool fits "what day was July 4
    1776" at 1.00."""
    from_goal = [c for c in candidates if c.source == GOAL]
    of_a_day = ASKS_OF_A_DAY.search(goal) is not None
    return tuple(t.id for t in tools if _spelled_out(t, from_goal) or (of_a_day and _dated(t, from_goal)))


def _dated(tool: Tool, from_goal: Sequence[Candidate]) -> bool:
    """Whether ``tool``'s one required slot takes only dates, and the goal's candidates give it one."""
    required = [s for s in tool.slots if s.required]
    if len(required) != 1 or required[0].is_fixed or set(accepted_kinds(required[0])) != {"date"}:
        return False
    return any(o.name not in (NONE, *required[0].extra) for o in slot_options(required[0], from_goal))


def _spelled_out(tool: Tool, from_goal: Sequence[Candidate]) -> bool:
    """Whether ``tool`` has two required slots or more, each of specific kinds only, and the goal's candidates
    give each a value (not a literal the slot always offers), as many different values as slots."""
    required = [s for s in tool.slots if s.required]
    if len(required) < 2 or any(s.is_fixed or not _SPECIFIC.issuperset(accepted_kinds(s)) for s in required):
        return False
    values: set[str] = set()
    for slot in required:
        given = {o.name.casefold() for o in slot_options(slot, from_goal) if o.name not in (NONE, *slot.extra)}
        if not given:
            return False
        values |= given
    return len(values) >= len(required)


def _words(text: str, *, minimum: int = 1) -> set[str]:
    """The words of ``text`` (ids split at ``_``), casefolded, a plural's ``s`` dropped."""
    return {w.removesuffix("s") for w in re.split(r"[\W_]+", text.casefold()) if len(w) >= minimum}


def _fillable(slot: Slot, candidates: Sequence[Candidate]) -> bool:
    return slot.is_fixed or any(o.name != NONE for o in slot_options(slot, candidates))


def _ask(block: Block, frame: Frame, questions: dict[str, Question], templates: dict[str, str] | None = None) -> Framed:
    return Framed(ask=Ask(block=block, state=frame.state, questions=questions, templates=templates or {}), frame=frame)


def _static(block: Block, frame: Frame) -> Framed:
    return _ask(block, frame, {q.id: q.build() for q in block.questions})


def step_asks(spec: Spec, run: RunView, options: Sequence[Tool], step: int, *, pick: bool = True) -> list[Framed]:
    """needs_tool, pick_tool over ``options`` and NONE ("none of these tools fits"; left out with ``pick``
    false, when the tool is already chosen) and, after the first step, is_done — all on the step frame."""
    frame = step_frame(run)
    block = spec.block("pick_tool")
    extra = tuple(Option(name=t.id, criteria=t.description) for t in options)
    framed = [_static(spec.block("needs_tool"), frame)]
    if pick and options:  # with no tool at all there is nothing to choose (NONE alone is no choice)
        framed.append(_ask(block, frame, {q.id: q.build(extra) for q in block.questions}))
    if step > 0:
        framed.append(_static(spec.block("is_done"), frame))
    return framed


def risk_ask(spec: Spec, goal: str) -> Framed:
    """grade_risk, once per run, on the goal alone."""
    return _static(spec.block("grade_risk"), risk_frame(RunView(goal=goal)))


def step_ok_ask(spec: Spec, step: StepView) -> Framed:
    """step_ok on one finished call and its output."""
    return _static(spec.block("step_ok"), _step_ok_frame(step.tool, step.args, step.observation))


def args_ask(
    spec: Spec, run: RunView, tool: Tool, candidates: Sequence[Candidate]
) -> tuple[Framed | None, tuple[str, ...]]:
    """One choice question per slot that has values to offer, and the required slots with no candidate at all
    (an optional slot with none is left out of the call, unless it takes a place and the goal names one only its
    writer knows: "what time is it in my hometown" lacks the clock's place, it does not ask for the local time)."""
    block = spec.block("pick_args")
    template = block.question("arg")
    questions: dict[str, Question] = {}
    missing: list[str] = []
    for slot in tool.slots:
        offered = tuple(o for o in slot_options(slot, candidates) if o.name != NONE or slot.is_fixed)
        kept = of_described_kind(run.goal, len(run.steps), slot, [o.name for o in offered])
        if kept is not None:  # "the country where Kyoto is", after the lookup: the countries offered, not Kyoto City
            offered = tuple(o for o in offered if o.name in kept)
        if not offered:  # nothing found; a fixed slot only when optional and not named (extract.slot_options)
            if slot.required or (_takes_place(slot) and personal_place(run.goal) is not None):
                missing.append(slot.name)
            continue
        questions[ARG_PREFIX + slot.name] = _choice(template, offered, slot.instruction, slot.none)
    if not questions:
        return None, tuple(missing)
    frame = args_frame(run)
    templates = {qid: template.id for qid in questions}
    optional = frozenset(ARG_PREFIX + s.name for s in tool.slots if not s.required) & set(questions)
    asked = Ask(block=block, state=frame.state, questions=questions, templates=templates, optional=optional)
    return Framed(ask=asked, frame=frame), tuple(missing)


def _takes_place(slot: Slot) -> bool:
    """Whether a slot takes a place: its kinds say so, or its name (``location``, ``city``, ``departureCity``)."""
    return "place" in slot.kinds or place_slot(slot.name)


def named_lacking(goal: str, tools: Sequence[Tool], candidates: Sequence[Candidate]) -> tuple[Tool, Slot] | None:
    """The first tool the goal names by a word of its id, and the first required slot of it that no candidate
    can fill ("what's the weather?" → weather, its place); None when there is no such tool."""
    named = _words(goal)
    for tool in tools:
        if tool.id == ASK_USER or not named & _words(tool.id, minimum=3):
            continue
        slot = next((s for s in tool.slots if s.required and not _fillable(s, candidates)), None)
        if slot is not None:
            return tool, slot
    return None


def user_question(tool: Tool, slot: Slot) -> str:
    """The question that asks the user for ``slot`` of ``tool``: the slot's own question, and why it is asked."""
    asked = slot.instruction.strip()
    if not asked.endswith("?"):
        asked = f"What should the {slot.name} be?"
    return f"{asked} ({tool.id} needs the {slot.name}, and I could not find it in what you said.)"


def _choice(template: SpecQuestion, offered: tuple[Option, ...], ask: str, none: str) -> ChoiceQuestion:
    """The slot's options, then the file's (NONE), each name once; NONE reads as the slot's own wording."""
    names = {o.name for o in offered}
    tail = tuple(Option(name=o.name, criteria=none if o.name == NONE else o.criteria) for o in template.options)
    return ChoiceQuestion(instructions=ask, options=(*offered, *(o for o in tail if o.name not in names)))


def deliver_ask(spec: Spec, goal: str, draft: str, steps: Sequence[StepView]) -> Framed:
    """can_deliver on the draft answer and the evidence it may rest on."""
    return _static(spec.block("can_deliver"), deliver_frame(goal, draft, steps))


# A reply that gives no value: the user does not know, or will not say.
_NO_VALUE = re.compile(
    r"(?i)^\W*(?:i\s+)?(?:don'?t|do\s+not|dont)\s+know(?:\s+\w+)?|^\W*(?:idk|dunno|no\s+idea|not\s+sure|no\s+clue"
    r"|never\s*mind|skip(?:\s+it)?|cancel|forget\s+it|no|nope|none|nothing|n/?a|\?+)\W*$"
)


def reply_value(reply: object) -> str | None:
    """The value a user's reply to a question for one value gives: the reply, stripped; None when it is empty or
    says there is none ("I don't know", "never mind", "no")."""
    if not isinstance(reply, str) or not reply.strip() or _NO_VALUE.match(reply.strip()):
        return None
    return reply.strip()
