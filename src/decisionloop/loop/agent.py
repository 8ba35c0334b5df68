"""The agent loop as a generator with no I/O: it yields typed requests and is sent their replies.

One step: the step frame's questions (needs_tool, pick_tool over the tools that still apply, is_done; step_ok on
the previous call; grade_risk on the goal once per run) go out together; then one question per argument slot.
The gate either lets System 1's proposal run or holds it, with typed reasons, for System 2; a proposal held only
because a required value is in neither the goal nor the results (no candidate, or a sure NONE among those
offered) asks the user for it instead, once per value, when the run can ask (``LoopSetup.ask_missing``), and the
reply is a candidate for the next step. The guard asks a person before every call to a tool with a side effect,
showing the call's previewed effect, and only an approval of that call and that effect lets it run. Every way a
run ends has a named stop reason. A what-if (``LoopSetup.forced``) takes a person's option at one step
(``loop.what_if``).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from decisionloop.core.answers import ChoiceAnswer, NoulAnswer
from decisionloop.core.decision import Decision
from decisionloop.core.records import Approval, Call, Hold, RunResult, StepRecord
from decisionloop.core.tool import NONE, Effect, Slot, Tool, ToolResult
from decisionloop.core.vocab import ARG_PREFIX, ASK_USER, FINISH, Delivery, StopReason
from decisionloop.extract import Candidate, extract, slot_options
from decisionloop.loop.asks import (
    Framed,
    args_ask,
    deliver_ask,
    given_tools,
    named_lacking,
    reply_value,
    risk_ask,
    step_asks,
    step_ok_ask,
    user_question,
)
from decisionloop.loop.asks import tool_options as _tool_options
from decisionloop.loop.claims import claims_reason, unsupported_claims
from decisionloop.loop.frames import RunView, StepView
from decisionloop.loop.gate import (
    ARG_HOLDS,
    StepDecisions,
    args_threshold,
    no_tool_fits,
    route_step,
    shared_lacking,
    sure_unsaid,
    tool_threshold,
    torn_to_ask,
    wants_to_stop,
)
from decisionloop.loop.requests import (
    SUGGESTED_TOOLS,
    Draft,
    LlmCalls,
    LlmUse,
    NeedAnswer,
    NeedApproval,
    NeedDecisions,
    NeedPreview,
    NeedResolution,
    NeedTool,
    Request,
    Resolution,
    StepDone,
    Suggestion,
    step_views,
)
from decisionloop.loop.revise import revision_reason
from decisionloop.loop.template import TemplateStep, is_no_answer, template_answer, template_suffices
from decisionloop.loop.what_if import (
    STEP_BLOCKS,
    Forced,
    forced_decision,
    forced_note,
    forced_record,
    system1_gave,
    takes,
    unasked_hold,
)
from decisionloop.model.matching import Matcher
from decisionloop.spec.gates import block_thresholds
from decisionloop.spec.model import Spec

LoopGen = Generator[Request, object, RunResult]
MAX_EDITS = 5  # edits of one guarded call before the step counts as declined (a loop of edits ends)
_SHOWN_SPANS = 8
_WHO = {"person": "you", "llm": "the LLM", "code": "the agent"}  # who decided a held step, as the user reads it


@dataclass(frozen=True, slots=True, kw_only=True)
class Limits:
    """Budgets of one run: steps, wall-clock seconds and LLM calls (System 2 and the answer writer)."""

    max_steps: int = 8
    max_seconds: float = 300.0
    max_model_calls: int = 20


@dataclass(frozen=True, slots=True, kw_only=True)
class LoopSetup:
    """What the loop is given: the decisions, the tools, the budgets, a monotonic clock and today's date.

    ``ask_missing``: the user can be asked (through the ``ask_user`` tool) for a required value the text does not
    hold, so a tool the goal names is offered even when its values are not all in the text; the driver sets it
    when its tool context can ask the user. ``history``: the steps a resumed run had finished (``decisionloop
    resume``); the run goes on after them and never runs them again, and they count against the step budget.
    ``forced``: a what-if's option, taken at its step (the first this run takes, or a later one) whatever System 1
    answered there (``loop.what_if``).
    """

    spec: Spec
    tools: tuple[Tool, ...]
    limits: Limits
    clock: Callable[[], float]
    now: datetime
    ask_missing: bool = False
    history: tuple[StepRecord, ...] = ()
    forced: Forced | None = None
    conversation: str = ""  # earlier turns of a chat, for System 2 and the answer writer (``loop.conversation``)
    matcher: Matcher | None = None  # reads which offered tool is closest to the goal (``model.matching``)


@dataclass(frozen=True, slots=True, kw_only=True)
class _End:
    stop: StopReason
    detail: str


def run_loop(goal: str, setup: LoopSetup) -> LoopGen:
    """Run the agent on ``goal``: yields requests, returns the RunResult."""
    if not goal.strip():
        raise ValueError("the goal is empty; say what the agent should do")
    ids = [t.id for t in setup.tools]
    if len(set(ids)) != len(ids):
        raise ValueError(f"tool ids must be distinct, got {ids}")
    indices = [r.index for r in setup.history]
    if indices != list(range(len(indices))):
        raise ValueError(f"a resumed run's steps are numbered 0, 1, 2, … in order; got {indices}")
    forced = setup.forced
    if forced is not None and forced.step < len(indices):
        raise ValueError(f"a what-if forces step {forced.step}, one of the {len(indices)} steps it replays")
    if forced is not None and forced.block not in STEP_BLOCKS:
        raise ValueError(
            f"a what-if forces a step's block, one of {', '.join(sorted(STEP_BLOCKS))}; not {forced.block!r}"
        )
    return (yield from _Run(goal.strip(), setup).run())


class _Run:
    """The state of one run; each method is one part of a step."""

    def __init__(self, goal: str, setup: LoopSetup) -> None:
        self.goal = goal
        self.setup = setup
        self.spec: Spec = setup.spec
        self.tools = {t.id: t for t in setup.tools if t.id != FINISH}
        self.records: list[StepRecord] = list(setup.history)
        self.llm_calls = 0
        self.goal_risky = True
        self.started = setup.clock()
        self.can_ask = setup.ask_missing and ASK_USER in self.tools
        self.asked: set[tuple[str, str]] = set()  # (tool, slot) the user was asked for, so each is asked once
        self.pending: Tool | None = None  # the tool whose value the user was just asked for: the next step's tool
        self.awaited: Slot | None = None  # the slot of that value: the user's reply is a candidate of its kind
        self.told: list[Candidate] = []  # the user's replies so read, offered first at every later step
        self.forced_note: str | None = None  # set once the what-if's option was taken

    def run(self) -> LoopGen:
        for index in itertools.count(len(self.records)):
            end = self._budget_end(index)
            if end is None:
                end = yield from self._step(index)
            if end is not None:
                return (yield from self._end(end))
        raise AssertionError("unreachable")

    # --- one step -------------------------------------------------------------------------------------------

    def _budget_end(self, index: int) -> _End | None:
        limits = self.setup.limits
        if index >= limits.max_steps:
            return _End(stop="step_budget", detail=f"Not done: the step budget of {limits.max_steps} ran out.")
        if self.setup.clock() - self.started >= limits.max_seconds:
            return _End(stop="time_budget", detail=f"Not done: the time budget of {limits.max_seconds:g} s ran out.")
        if self.llm_calls >= limits.max_model_calls:
            return _End(
                stop="call_budget", detail=f"Not done: the budget of {limits.max_model_calls} LLM calls ran out."
            )
        return None

    def _step(self, index: int) -> Generator[Request, object, _End | None]:
        views = self._views()
        # a failed call's message ("The user did not answer.", "this tool needs the network") gives no values
        candidates = extract(self.goal, [v.observation if v.ok else "" for v in views], now=self.setup.now)
        candidates = self._with_replies(candidates)
        asking = self.goal if self.can_ask else None
        options = _tool_options(tuple(self.tools.values()), candidates, asking=asking)
        chosen = self.pending  # its choice passed the gate when the user was asked for its value
        if chosen is not None:
            options, self.pending = (chosen,), None
        framed = step_asks(self.spec, RunView(goal=self.goal, steps=tuple(views)), options, index, pick=chosen is None)
        if index == len(self.setup.history):  # the goal's risk is read once, at the first step this run takes
            framed.append(risk_ask(self.spec, self.goal))
        if views:  # a step that ran: did it work? (a resumed run's steps may carry no result)
            framed.append(step_ok_ask(self.spec, views[-1]))
        decided = yield from self._decide(index, framed)
        first = index == 0 and chosen is None
        risk = decided.get("grade_risk")
        if risk is not None:
            self.goal_risky = risk.action != "auto"
        step = StepDecisions(
            needs_tool=decided["needs_tool"],
            pick_tool=decided.get("pick_tool"),
            is_done=decided.get("is_done"),
            only_tool=chosen.id if chosen is not None else None,
            given_tools=given_tools(options, candidates, self.goal) if first else (),
            match=self.setup.matcher(self.goal, options) if first and self.setup.matcher is not None else None,
        )
        tool = None
        if not wants_to_stop(index, step):
            tool = self.tools[step.only_tool] if step.only_tool else self._picked(step.pick_tool)
            if tool is not None:
                step = yield from self._arguments(index, step, tool, candidates)
        others = tuple(d for b, d in decided.items() if b in ("grade_risk", "step_ok"))
        previous = self.records[-1].call if self.records else None
        route = route_step(
            index,
            step,
            tool=tool,
            previous=previous,
            goal_risky=self.goal_risky,
            others=others,
            goal=self.goal,
            earlier=[r.call for r in self.records if r.call is not None],
            told=views[-1].observation if views and views[-1].ok else "",
            unanswered=previous is not None and previous.tool == ASK_USER and bool(views) and not views[-1].ok,
        )
        forced = self.setup.forced
        if forced is not None and forced.step == index and self.forced_note is None:
            route = replace(route, holds=(*route.holds, unasked_hold(forced)))  # fail closed: System 2 decides
        decisions = tuple(d for d in (*decided.values(), step.pick_args) if d is not None)
        if index == 0 and route.auto and route.call is None and no_tool_fits(step):
            return (yield from self._no_tool(decisions, candidates))
        if route.auto:  # a held proposal goes to System 2 as it is
            route = replace(route, call=self._asked_what(route.call, candidates))
        ask = self._missing_ask(tool, step, route.holds) or self._torn_ask(step, route.holds, candidates)
        if ask is not None:
            record = StepRecord(
                index=index, call=ask[0], decided_by="code", decisions=decisions, holds=route.holds, note=ask[1]
            )
            return (yield from self._call(record))
        return (yield from self._settle(index, route.call, list(route.holds), decisions, step, candidates))

    def _asked_what(self, call: Call | None, candidates: Sequence[Candidate]) -> Call | None:
        """A call of ask_user with no question asks for the value the goal leaves out of a tool it names, where
        there is one ("what's the weather?" → "Which place should the weather forecast be for? …"); that tool is
        then the next step's, as when the loop asks for a missing value itself."""
        if not self.can_ask or call is None or call.tool != ASK_USER or call.args.get("question", "").strip():
            return call
        named = named_lacking(self.goal, tuple(self.tools.values()), candidates)
        if named is None:
            return call
        self._asking(*named)
        return Call(tool=ASK_USER, args={**call.args, "question": user_question(*named)})

    def _asking(self, tool: Tool, slot: Slot) -> None:
        """The user is asked for ``slot`` of ``tool``: once, and the reply goes to that tool's next step."""
        self.asked.add((tool.id, slot.name))
        self.pending, self.awaited = tool, slot

    def _with_replies(self, candidates: list[Candidate]) -> list[Candidate]:
        """``candidates`` with the user's replies to the values asked for first, each a span of the asked slot's
        kind whatever words it is in ("mum", "my sister" for send_message's to, which the extractor reads as a
        person only in a goal's "text my sister"), and not read otherwise (nor offered to another slot, as the
        message's text); a reply that did not come, that gives no value ("I don't know"), or to a slot without kinds
        adds none."""
        slot, self.awaited = self.awaited, None
        last = self.records[-1] if self.records else None
        if (
            slot is not None
            and slot.kinds
            and last is not None
            and last.call is not None
            and last.call.tool == ASK_USER
        ):
            said = reply_value(last.result.data.get("reply")) if last.result is not None and last.result.ok else None
            if said is not None:
                source = f"obs:{len(self.records) - 1}"
                self.told.append(Candidate(span=said, kind=slot.kinds[0], source=source, context=said))
        told = {(c.source, c.span.casefold()) for c in self.told}  # the reply read otherwise is no other slot's
        return [*self.told, *(c for c in candidates if (c.source, c.span.casefold()) not in told)]

    def _torn_ask(
        self, step: StepDecisions, holds: Sequence[Hold], candidates: Sequence[Candidate]
    ) -> tuple[Call, str] | None:
        """The ask_user call for the value a tool the goal names lacks, when System 1 is torn only between asking
        the user and that tool (``gate.torn_to_ask``): both choices ask for it. Asked once, as ``_missing_ask``."""
        if not self.can_ask or step.only_tool is not None:
            return None
        named = named_lacking(self.goal, tuple(self.tools.values()), candidates)
        if named is None or (named[0].id, named[1].name) in self.asked:
            return None
        tool, slot = named
        if not torn_to_ask(step.pick_tool, tool.id, holds, tool_threshold(self.spec)):
            return None
        self._asking(tool, slot)
        note = f"asked you for the {slot.name} of {tool.id} (System 1 was torn between asking you and {tool.id})"
        return Call(tool=ASK_USER, args={"question": user_question(tool, slot)}), note

    def _no_tool(
        self, decisions: tuple[Decision, ...], candidates: Sequence[Candidate]
    ) -> Generator[Request, object, _End]:
        """System 1 found, sure enough to pass the gate, that none of the tools can do what the goal asks. A tool
        the goal names that was not offered for want of a value (nobody can be asked for it) is said by name."""
        note = "none of the tools can do what the goal asks"
        record = StepRecord(index=0, call=None, decided_by="system1", decisions=decisions, note=note)
        yield from self._keep(record)
        tools = ", ".join(t for t in self.tools if t != ASK_USER) or "none"
        lacking = named_lacking(self.goal, tuple(self.tools.values()), candidates)
        why = (
            ""
            if lacking is None
            else f" {lacking[0].id} needs the {lacking[1].name}, and I could not find it in what you said."
        )
        return _End(stop="no_tool", detail=f"None of my tools can do this.{why} The tools I have: {tools}.")

    def _missing_ask(self, tool: Tool | None, step: StepDecisions, holds: Sequence[Hold]) -> tuple[Call, str] | None:
        """The ask_user call for the first value of ``tool`` the text lacks, with the step's note: only
        when nothing but the arguments holds the step (the tool choice passed the gate) and that value was not
        asked yet. A value lacks when no candidate was found for a required slot, or for a place the goal names by
        what only its writer knows (``asks.args_ask``; an unsure argument beside it is decided again once the reply
        is in), when System 1 found none of the candidates to be a required value with every argument's answer,
        that NONE too, sure enough to pass the gate, or when another slot took the value it chose
        (``gate.shared_lacking``)."""
        if not self.can_ask or tool is None or tool.id == ASK_USER or not holds:
            return None
        if any(h.kind not in ARG_HOLDS for h in holds):
            return None
        unsaid = sure_unsaid(step.pick_args, tool, args_threshold(self.spec))
        lacking = (*step.missing_slots, *unsaid, *shared_lacking(step.pick_args, tool))
        name = next((s for s in lacking if (tool.id, s) not in self.asked), None)
        if name is None:
            return None
        self._asking(tool, tool.slot(name))
        question = user_question(tool, tool.slot(name))
        return Call(tool=ASK_USER, args={"question": question}), f"asked you for the {name} of {tool.id}"

    def _arguments(
        self, index: int, step: StepDecisions, tool: Tool, candidates: Sequence[Candidate]
    ) -> Generator[Request, object, StepDecisions]:
        view = replace(self._view(), tool=tool.id, tool_description=tool.description)
        asked, missing = args_ask(self.spec, view, tool, candidates)
        if asked is not None:
            step = replace(step, pick_args=(yield from self._decide(index, [asked]))["pick_args"])
        return replace(step, missing_slots=missing)

    def _settle(
        self,
        index: int,
        call: Call | None,
        holds: list[Hold],
        decisions: tuple[Decision, ...],
        step: StepDecisions,
        candidates: Sequence[Candidate],
    ) -> Generator[Request, object, _End | None]:
        record = StepRecord(index=index, call=call, decided_by="system1", decisions=decisions, holds=tuple(holds))
        if holds:
            resolution = yield from self._resolve(index, record, step, candidates)
            if resolution.kind == "stop":
                stopped = replace(record, call=None, decided_by=resolution.by, note=resolution.detail, stopped=True)
                yield from self._keep(stopped)
                stop: StopReason = "stopped" if resolution.by == "person" else "held"
                return _End(stop=stop, detail=f"Not done: {resolution.detail or 'the held step was not decided'}.")
            record = replace(record, call=resolution.call, decided_by=resolution.by, note=resolution.detail)
        previous = self.records[-1].call if self.records else None
        if record.call is not None and record.call.same_as(previous):
            note = f"{record.decided_by} repeated the previous call, so the agent finished with what it found"
            record = replace(record, call=None, decided_by="code", note=note)
        if record.call is None:
            yield from self._keep(record)
            return _End(stop="answered", detail="")
        return (yield from self._call(record))

    def _resolve(
        self, index: int, record: StepRecord, step: StepDecisions, candidates: Sequence[Candidate]
    ) -> Generator[Request, object, Resolution]:
        request = NeedResolution(
            step=index,
            goal=self.goal,
            holds=record.holds,
            suggestion=self._suggestion(record.call, step, candidates),
            tools=tuple(self.tools.values()),
            history=tuple(self.records),
            conversation=self.setup.conversation,
        )
        reply = yield request
        if not isinstance(reply, Resolution):
            return Resolution(kind="stop", by="code", detail="nobody decided the held step")
        self.llm_calls += reply.llm.calls
        resolved = self._ask_left_out(reply)
        problem = self._invalid(reply) if resolved is None else None
        if problem is not None:  # the LLM's reply, if it decided, is not what happens
            resolved = Resolution(kind="stop", by="code", detail=problem, llm=reply.llm.used(False))
        resolved = resolved or reply
        yield from self._llm_calls(index, resolved.llm)
        return resolved

    def _invalid(self, resolution: Resolution) -> str | None:
        """System 2's call is checked like System 1's: a known tool and a value for every slot."""
        if resolution.kind != "call":
            return None
        call = resolution.call
        who = _WHO.get(resolution.by, resolution.by)
        if call is None or call.tool not in self.tools:
            known = ", ".join(self.tools)
            return f"{who} named a tool the agent does not have ({call.tool if call else None!r}; known: {known})"
        missing = self._left_out(call)
        if missing:
            return f"{who} left out the {', '.join(missing)} of {call.tool}"
        return None

    def _ask_left_out(self, resolution: Resolution) -> Resolution | None:
        """System 2 chose a call without a required value: the user is asked for it (once), when the run can."""
        call = resolution.call
        if resolution.kind != "call" or call is None or call.tool not in self.tools:
            return None
        tool = self.tools[call.tool]
        missing = [h for h in self._left_out(call) if (tool.id, h) not in self.asked]
        if not self.can_ask or not missing:
            return None
        self._asking(tool, tool.slot(missing[0]))
        ask = Call(tool=ASK_USER, args={"question": user_question(tool, tool.slot(missing[0]))})
        note = f"{resolution.detail or 'the held step was decided'}; asked you for the {missing[0]} of {tool.id}"
        return Resolution(kind="call", by=resolution.by, call=ask, detail=note, llm=resolution.llm)

    def _left_out(self, call: Call) -> list[str]:
        """The required slots ``call`` has no value for (ask_user asks its own question, so it needs none)."""
        if call.tool == ASK_USER:
            return []
        return [s.name for s in self.tools[call.tool].slots if s.required and not call.args.get(s.name, "").strip()]

    def _call(self, record: StepRecord) -> Generator[Request, object, _End | None]:
        call = record.call
        assert call is not None
        tool = self.tools[call.tool]
        approval: Approval | None = None
        edits = 0
        while tool.side_effect is not None:
            shown = yield NeedPreview(step=record.index, call=call)
            effect = shown if isinstance(shown, Effect) else None
            reply = yield NeedApproval(
                step=record.index, goal=self.goal, call=call, side_effect=tool.side_effect, effect=effect
            )
            approval = reply if isinstance(reply, Approval) and (reply.call, reply.effect) == (call, effect) else None
            if approval is not None and approval.allowed:
                break
            if approval is not None and approval.edit is not None and edits < MAX_EDITS:
                edits += 1  # the edited call is previewed and approved on its own, like any other
                call = approval.edit
                edited = f"{approval.by} edited the call"
                record = replace(record, call=call, note=f"{record.note}; {edited}" if record.note else edited)
                continue
            refused = ToolResult(observation=f"The user declined {tool.id}.", ok=False)
            yield from self._keep(replace(record, approval=approval, result=refused))
            return _End(stop="declined", detail=f"Not done: you declined to let the agent run {tool.id}.")
        result = yield NeedTool(step=record.index, call=call, approval=approval)
        if not isinstance(result, ToolResult):
            result = ToolResult(observation=f"{tool.id} returned nothing usable.", ok=False)
        yield from self._keep(replace(record, approval=approval, result=result))
        return None

    # --- the answer -----------------------------------------------------------------------------------------

    def _end(self, end: _End) -> LoopGen:
        steps = tuple(self.records)
        if end.stop == "no_tool":
            answered = yield from self._direct(end.detail)
            return answered or RunResult(
                goal=self.goal, steps=steps, stop="no_tool", detail=end.detail, answer=end.detail, delivery="none"
            )
        if end.stop != "answered":
            return RunResult(
                goal=self.goal, steps=steps, stop=end.stop, detail=end.detail, answer=end.detail, delivery="none"
            )
        if all(r.result is None for r in steps):
            # finished before any tool ran (the LLM or a person judged that no tool is needed): there is nothing
            # to ground an answer in, so an LLM answers from what it knows, as when no tool fits; without one, or
            # when its answer failed, the template's (asking a writer for an answer grounded in nothing is no use)
            answered = yield from self._direct(end.detail)
            return answered or self._answered(template_answer([]), "template", ())
        results = [
            TemplateStep(tool=r.tool, ok=r.result.ok, answer=r.result.answer, observation=r.result.observation)
            for r in steps
            if r.result
        ]
        template = template_answer(results)
        if template_suffices(results):  # one tool's own words: nothing for an LLM to write
            return self._answered(template, "template", ())
        draft = yield from self._draft(
            NeedAnswer(goal=self.goal, evidence=steps, template=template, conversation=self.setup.conversation)
        )
        at = len(steps)  # the answer's LLM calls and checks belong to the step after the last
        if draft.by == "template":
            yield from self._llm_calls(at, draft.llm.used(False))  # a writer that failed
            return self._answered(draft.text, "template", ())
        first, why = yield from self._checked(draft.text)
        yield from self._llm_calls(at, draft.llm.used(why is None))
        if why is None:
            return self._answered(draft.text, "delivered", (first,))
        revised = yield from self._draft(
            NeedAnswer(
                goal=self.goal,
                evidence=steps,
                template=template,
                revise=why,
                rejected=draft.text,
                conversation=self.setup.conversation,
            )
        )
        second, again = yield from self._checked(revised.text)
        shown = again is None and revised.by == "llm"
        yield from self._llm_calls(at, revised.llm.used(shown))
        sent_back = f"the first draft was sent back: {why}"
        if shown:
            return self._answered(revised.text, "revised", (first, second), detail=sent_back)
        again = again if revised.by == "llm" else "the LLM could not write it"
        return self._answered(template, "fell_back", (first, second), detail=f"{sent_back}; the revision too: {again}")

    def _direct(self, template: str) -> Generator[Request, object, RunResult | None]:
        """An LLM's answer from what it knows (not gated: there is no tool result to check it against); None
        without one."""
        draft = yield from self._draft(
            NeedAnswer(
                goal=self.goal, evidence=(), template=template, direct=True, conversation=self.setup.conversation
            )
        )
        yield from self._llm_calls(len(self.records), draft.llm.used(draft.by == "llm"))
        if draft.by != "llm":
            return None
        return RunResult(
            goal=self.goal, steps=tuple(self.records), stop="answered", detail="", answer=draft.text, delivery="direct"
        )

    def _draft(self, request: NeedAnswer) -> Generator[Request, object, Draft]:
        reply = yield request
        if not isinstance(reply, Draft):
            return Draft(text=request.template, by="template")
        self.llm_calls += reply.llm.calls
        if not reply.text.strip():
            return Draft(text=request.template, by="template", llm=reply.llm)
        return reply

    def _llm_calls(self, step: int, use: LlmUse) -> Generator[Request, object, None]:
        """Tell the driver about LLM calls, once whether each reply was used is known."""
        if use.calls:
            yield LlmCalls(step=step, use=use)

    def _checked(self, text: str) -> Generator[Request, object, tuple[Decision, str | None]]:
        """can_deliver on a draft, and the check of its numbers and names (``loop.claims``): the decision, and why
        the draft goes back (None: it may be shown)."""
        asked = deliver_ask(self.spec, self.goal, text, self._views())
        decision = (yield from self._decide(len(self.records), [asked]))["can_deliver"]
        claims = unsupported_claims(text, self._sources())
        why = [revision_reason(self.spec.block("can_deliver"), decision)] if decision.action != "deliver" else []
        why += [claims_reason(claims)] if claims else []
        return decision, "; ".join(why) or None

    def _sources(self) -> list[str]:
        """What an answer may rest on: the goal, the chat's earlier turns, each call and what it returned."""
        said = [self.goal, self.setup.conversation]
        for r in self.records:
            said += list(r.call.args.values()) if r.call is not None else []
            said += [r.result.observation, r.result.answer] if r.result is not None else []
        return said

    def _answered(self, text: str, delivery: Delivery, checks: tuple[Decision, ...], detail: str = "") -> RunResult:
        return RunResult(
            goal=self.goal,
            steps=tuple(self.records),
            stop="no_answer" if is_no_answer(text) else "answered",
            detail=detail,
            answer=text,
            delivery=delivery,
            answer_decisions=checks,
        )

    # --- helpers --------------------------------------------------------------------------------------------

    def _keep(self, record: StepRecord) -> Generator[Request, object, None]:
        forced = self.setup.forced
        if forced is not None and forced.step == record.index and self.forced_note is not None:
            record = forced_record(record, self.forced_note)
        self.records.append(record)
        yield StepDone(record=record)

    def _decide(self, index: int, framed: Sequence[Framed]) -> Generator[Request, object, dict[str, Decision]]:
        reply = yield NeedDecisions(
            step=index, asks=tuple(f.ask for f in framed), frames=tuple(f.frame for f in framed)
        )
        decisions = list(reply) if isinstance(reply, list | tuple) else []
        if len(decisions) != len(framed) or not all(isinstance(d, Decision) for d in decisions):
            raise TypeError(f"NeedDecisions takes one Decision per ask ({len(framed)}), got {reply!r}")
        forced = self.setup.forced
        if forced is not None and forced.step == index:
            decisions = [self._force(forced, f, d) for f, d in zip(framed, decisions, strict=True)]
        return {d.block: d for d in decisions}

    def _force(self, forced: Forced, framed: Framed, decision: Decision) -> Decision:
        """A decision the what-if changes, with the person's option (or what it implies); any other one as System 1
        made it."""
        changed = forced_decision(framed.ask, decision, forced)
        if changed is None:
            return decision
        if takes(framed.ask, forced):
            self.forced_note = forced_note(forced, system1_gave(decision, forced))
        return changed

    def _views(self) -> list[StepView]:
        return step_views(self.records)

    def _view(self) -> RunView:
        return RunView(goal=self.goal, steps=tuple(self._views()))

    def _picked(self, pick: Decision | None) -> Tool | None:
        answer = pick.answers.get("tool") if pick is not None else None
        return self.tools.get(answer.choice) if isinstance(answer, ChoiceAnswer) else None

    def _suggestion(self, call: Call | None, step: StepDecisions, candidates: Sequence[Candidate]) -> Suggestion:
        pick = step.pick_tool.answers.get("tool") if step.pick_tool is not None else None
        done = step.is_done.answers.get("done") if step.is_done is not None else None
        spans: dict[str, tuple[str, ...]] = {}
        for tool in self.tools.values():
            for slot in tool.slots:
                if not slot.is_fixed:
                    found = [o.name for o in slot_options(slot, candidates) if o.name != NONE]
                    spans.setdefault(slot.name, tuple(found[:_SHOWN_SPANS]))
        return Suggestion(
            tools=tuple(pick.ranked()[:SUGGESTED_TOOLS]) if isinstance(pick, ChoiceAnswer) else (),
            call=call,
            stop=call is None and wants_to_stop(len(self.records), step),
            done=done.noul if isinstance(done, NoulAnswer) else None,
            spans=spans,
            sure_args=self._sure_args(call, step.pick_args),
        )

    def _sure_args(self, call: Call | None, args: Decision | None) -> dict[str, str]:
        """The values of System 1's call whose own answer passes pick_args' gate (a step is held on its least sure
        value, so others may be sure)."""
        gate = block_thresholds(self.spec.block("pick_args")).get("pick_args.arg")
        if call is None or args is None or gate is None:
            return {}
        sure = {}
        for qid, answer in args.answers.items():
            slot = qid.removeprefix(ARG_PREFIX)
            if isinstance(answer, ChoiceAnswer) and answer.choice != NONE and answer.top >= gate and slot in call.args:
                sure[slot] = call.args[slot]
        return sure
