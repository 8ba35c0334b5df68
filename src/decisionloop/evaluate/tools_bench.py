"""System 1 on any function-calling data: needs_tool and pick_tool over an item's tools, then pick_args.

The decision of an item is ``none`` when pick_tool picks NONE ("none of these tools fits"; or no tool is
offered), ``ask`` when a required slot of the picked tool lacks its value (``Decided.lacking``: no candidate, a
NONE, or a value another slot took), else ``call``. Every tool is
offered to pick_tool, one alone too, as in the BFCL adapter (no ``tool_options`` filter), so the figure
measures the choice itself; pick_args is asked whenever a tool is picked. needs_tool is asked and recorded as
the loop asks it, but it reads the steps done, not the tools, so no decision rests on it here. ``held`` is
whether a decision the outcome rests on went to System 2 (none and ask: pick_tool; a call: pick_tool and
pick_args).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date

from decisionloop.core.answers import ChoiceAnswer
from decisionloop.core.backend import DecisionBackend
from decisionloop.core.decision import Decision
from decisionloop.core.tool import NONE, Slot, Tool
from decisionloop.core.wire import answer_to_wire
from decisionloop.decide import decide_batch
from decisionloop.evaluate.bfcl_score import ArgRecord, extractable, offered
from decisionloop.extract import Candidate, extract, slot_options
from decisionloop.gold.tools_items import ExpectedCall, Kind, ToolsItem
from decisionloop.loop.asks import args_ask, given_tools, step_asks
from decisionloop.loop.frames import RunView
from decisionloop.loop.gate import (
    PICK_QUESTION,
    StepDecisions,
    args_threshold,
    chosen_args,
    no_tool_fits,
    numbers_holds,
    overlooked_holds,
    shared_lacking,
    shared_value_holds,
    sure_unsaid,
    unsaid_slots,
)
from decisionloop.model.matching import Match, Matcher
from decisionloop.spec.load import load_spec
from decisionloop.spec.model import Spec
from decisionloop.values.typed import canonical

_JSON_TYPES = frozenset({"integer", "number", "boolean", "list"})


@dataclass(frozen=True, slots=True, kw_only=True)
class Decided:
    """System 1's decisions on one question over a set of tools."""

    needs_tool: Decision
    pick_tool: Decision | None
    tool: Tool | None
    pick_args: Decision | None
    missing: tuple[str, ...]
    candidates: tuple[Candidate, ...]
    given: tuple[str, ...] = ()  # the tools the question gives every value of (loop.asks.given_tools)
    match: Match | None = None  # the offered tool closest to the question (model.matching)
    question: str = ""  # what was asked, whose numbers hold a NONE as they hold a run's first step (numbers_holds)

    @property
    def overlooked(self) -> bool:
        """The gate holds the pick as it does a run's first step: the question gives every value of another tool,
        or another tool reads clearly closest to it."""
        decisions = StepDecisions(
            needs_tool=self.needs_tool, pick_tool=self.pick_tool, given_tools=self.given, match=self.match
        )
        return self.pick_tool is not None and bool(overlooked_holds(decisions, self.tool))

    @property
    def decisions(self) -> tuple[Decision, ...]:
        """Every decision made, in the order asked."""
        return tuple(d for d in (self.needs_tool, self.pick_tool, self.pick_args) if d is not None)

    @property
    def lacking(self) -> tuple[str, ...]:
        """The required values the question does not give: no candidate at all, System 1 found none of the
        candidates to be it (NONE), or another slot took the value it chose (``shared_lacking``). The loop asks
        the user for them."""
        if self.tool is None:
            return ()
        unsaid = unsaid_slots(self.pick_args, self.tool)
        return tuple(dict.fromkeys((*self.missing, *unsaid, *shared_lacking(self.pick_args, self.tool))))

    @property
    def automatic(self) -> bool:
        """No decision an outcome rests on (the tool choice, the arguments) went to System 2, and no required
        value is missing; a NONE, when it is sure enough to end a run's first step."""
        if self.tool is None and self.pick_tool is not None:
            return self.sure_none
        return not self.lacking and not any(d.escalated for d in self.decisions if d.block != "needs_tool")

    @property
    def sure_none(self) -> bool:
        """pick_tool's NONE is sure enough to end a run's first step in the loop (``no_tool_fits``), and the question
        gives no numbers to work with, which hold it there (``numbers_holds``)."""
        decisions = StepDecisions(needs_tool=self.needs_tool, pick_tool=self.pick_tool)
        return no_tool_fits(decisions) and not numbers_holds(self.question)


def decide_tools(
    question: str,
    tools: Sequence[Tool],
    backend: DecisionBackend,
    spec: Spec,
    *,
    args: bool = True,
    matcher: Matcher | None = None,
) -> Decided:
    """needs_tool and pick_tool (every tool and NONE) in one request, then pick_args for the picked tool;
    ``matcher`` reads which tool is closest to the question, as the gate of a run's first step does."""
    step = decide_batch(backend, [f.ask for f in step_asks(spec, RunView(goal=question), tools, 0)])
    pick = step[1] if tools else None
    tool = picked_tool(tools, pick)
    candidates = tuple(extract(question, []))
    pick_args: Decision | None = None
    missing: tuple[str, ...] = ()
    if args and tool is not None:
        view = RunView(goal=question, tool=tool.id, tool_description=tool.description)
        asked, missing = args_ask(spec, view, tool, candidates)
        pick_args = decide_batch(backend, [asked.ask])[0] if asked is not None else None
    return Decided(
        needs_tool=step[0],
        pick_tool=pick,
        tool=tool,
        pick_args=pick_args,
        missing=missing,
        candidates=candidates,
        given=given_tools(tools, candidates, question),
        match=matcher(question, tools) if matcher is not None else None,
        question=question,
    )


def picked_tool(tools: Sequence[Tool], pick: Decision | None) -> Tool | None:
    """The tool pick_tool chose; None for NONE, or when nothing was asked (no tool offered)."""
    if pick is None:
        return None
    answer = pick.answers.get(PICK_QUESTION)
    if not isinstance(answer, ChoiceAnswer):
        return None
    return next((t for t in tools if t.id == answer.choice), None)


@dataclass(frozen=True, slots=True, kw_only=True)
class ToolsRecord:
    """What System 1 decided on one item and how it compares with what was expected."""

    id: str
    expected: Kind | None
    expected_tool: str | None
    decision: Kind
    tool: str | None
    arguments: Mapping[str, object]
    missing: tuple[str, ...]
    held: bool
    offered_tools: int
    args: tuple[ArgRecord, ...]
    decisions: tuple[Mapping[str, object], ...]
    latency_ms: float
    match: Match | None = None  # the offered tool closest to the question, when a matcher read it


OnRecord = Callable[[ToolsRecord], None]


def run_tools(
    items: Iterable[ToolsItem],
    backend: DecisionBackend,
    *,
    today: date,
    spec: Spec | None = None,
    on_record: OnRecord | None = None,
    matcher: Matcher | None = None,
) -> list[ToolsRecord]:
    """Decide every item in order; ``on_record`` sees each record as soon as it is made (for a progress bar);
    ``matcher`` holds a first pick of no tool as the loop's gate does (``model.matching``)."""
    used = spec or load_spec()
    records: list[ToolsRecord] = []
    for item in items:
        records.append(run_item(item, backend, used, today, matcher=matcher))
        if on_record is not None:
            on_record(records[-1])
    return records


def run_item(
    item: ToolsItem, backend: DecisionBackend, spec: Spec, today: date, *, matcher: Matcher | None = None
) -> ToolsRecord:
    """One item decided and recorded."""
    started = time.perf_counter()
    decided = decide_tools(item.question, item.tools, backend, spec, matcher=matcher)
    latency_ms = (time.perf_counter() - started) * 1000.0
    tool = decided.tool
    picks = chosen_args(decided.pick_args)
    expected = item.expected if isinstance(item.expected, ExpectedCall) else None
    kind = _kind(decided)
    arguments = call_arguments(tool, picks, today) if tool is not None else {}
    return ToolsRecord(
        id=item.id,
        expected=item.expected_kind,
        expected_tool=expected.name if expected is not None else None,
        decision=kind,
        tool=tool.id if tool is not None else None,
        arguments=arguments,
        missing=decided.lacking,
        held=_held(decided, kind, spec)
        or decided.overlooked
        or (tool is not None and bool(shared_value_holds(tool, picks))),
        offered_tools=len(item.tools),
        args=_arg_records(item, tool, {k: _text(v) for k, v in arguments.items()}, decided.candidates, today),
        decisions=tuple(_decision_json(d) for d in decided.decisions),
        latency_ms=latency_ms,
        match=decided.match,
    )


def _kind(decided: Decided) -> Kind:
    """none (no tool), ask (a required value the question does not give) or call."""
    if decided.tool is None:
        return "none"
    return "ask" if decided.lacking else "call"


def _held(decided: Decided, kind: Kind, spec: Spec) -> bool:
    """Whether a decision the outcome rests on went to System 2, as in the loop: a none is held unless it ends a
    run's first step (``no_tool_fits``); an ask, unless a required value has no candidate, every argument's
    answer, a NONE for one too, is sure enough for the gate (``sure_unsaid``), or another slot took its value
    (``shared_lacking``)."""
    if kind == "none" and decided.pick_tool is not None:
        return not decided.sure_none
    if kind == "ask":  # asked at once when a value is missing or sure not to be among those offered
        tool_held = decided.pick_tool is not None and decided.pick_tool.escalated
        tool = decided.tool
        sure = decided.missing or (
            tool is not None
            and (sure_unsaid(decided.pick_args, tool, args_threshold(spec)) or shared_lacking(decided.pick_args, tool))
        )
        return tool_held or not sure
    return any(d.escalated for d in _grounds(decided, kind))


def _grounds(decided: Decided, kind: Kind) -> tuple[Decision, ...]:
    """The decisions an item's outcome rests on: the tool choice, and for a call its arguments too."""
    rests = ("pick_tool", "pick_args") if kind == "call" else ("pick_tool",)
    return tuple(d for d in decided.decisions if d.block in rests)


def call_arguments(tool: Tool, picks: Mapping[str, str], today: date) -> dict[str, object]:
    """The call's arguments: each pick written as its slot's type (numbers, booleans and lists as JSON's own);
    a pick that does not read as the type is kept as the text chosen."""
    return {name: _typed(tool.slot(name), text, today) for name, text in picks.items()}


def _typed(slot: Slot, text: str, today: date) -> object:
    written = canonical(slot.type, text, today=today, item=slot.item)
    if written is None:
        return text
    if slot.type in _JSON_TYPES:
        return json.loads(written)
    return written


def _text(value: object) -> str:
    """A call's value as the text an accepted value is matched against: the typed value the call carries
    ("three" for an integer slot is 3), JSON's own spelling for numbers, booleans and lists."""
    return value if isinstance(value, str) else json.dumps(value)


def _arg_records(
    item: ToolsItem, tool: Tool | None, picks: Mapping[str, str], candidates: Sequence[Candidate], today: date
) -> tuple[ArgRecord, ...]:
    """One record per expected argument, read against the expected tool's slots; picks count only when the
    picked tool is the expected one. An option counts as offered by the value a call would carry, as a pick
    does ("five" for an integer slot is 5)."""
    expected = item.expected
    if not isinstance(expected, ExpectedCall):
        return ()
    right_tool = tool is not None and tool.id == expected.name
    gold = next(t for t in item.tools if t.id == expected.name)  # tools_items checks it is offered
    slots = {s.name: s for s in gold.slots}
    return tuple(
        ArgRecord(
            name=name,
            accepted=_as_typed(accepted, slots.get(name)),
            optional=any(v is None or v == "" for v in accepted),
            extractable=extractable(accepted, slots.get(name), item.question),
            offered=name in slots and offered_as_called(accepted, slots[name], candidates, today),
            picked=picks.get(name) if right_tool else None,
        )
        for name, accepted in expected.accepted_values().items()
    )


def offered_as_called(accepted: Sequence[object], slot: Slot, candidates: Sequence[Candidate], today: date) -> bool:
    """Whether an accepted value is among the slot's options, each read as the value a call choosing it would
    carry, as a pick is."""
    options = slot_options(slot, candidates, today=today)
    called = tuple(replace(o, name=_text(_typed(slot, o.name, today))) if o.name != NONE else o for o in options)
    return offered(_as_typed(tuple(accepted), slot), called)


def _as_typed(accepted: tuple[object, ...], slot: Slot | None) -> tuple[object, ...]:
    """The accepted values of a number slot as numbers: Seal-Tools writes every gold value as a string, and its
    "38.0" is the call's 38."""
    if slot is None or slot.type not in ("number", "integer"):
        return accepted
    return tuple(_number(v) if isinstance(v, str) else v for v in accepted)


def _number(text: str) -> object:
    try:
        return float(text)
    except ValueError:
        return text


def _decision_json(decision: Decision) -> dict[str, object]:
    return {
        "block": decision.block,
        "action": decision.action,
        "proposed": decision.proposed,
        "answers": {qid: answer_to_wire(a) for qid, a in decision.answers.items()},
        "reasons": list(decision.reasons),
        "latency_ms": decision.latency_ms,
    }
