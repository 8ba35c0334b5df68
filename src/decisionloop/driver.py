"""Drive the loop generator: answer each request with real I/O and journal every event as it happens.

This is the only place the loop meets the world: the decision backend, the tools, System 2, the approver, the
answer writer, the clock and the journal are all handed in. It works out a guarded call's effect with the
tool's preview (no side effects), shows it to the approver, and journals the approval with it. It re-checks the
guard before running a tool: a side-effect tool without an allowed approval for exactly this call (and, for a
tool with a preview, a known approved effect) is refused, never run; the approved effect goes to the tool.
When the tool context can ask the user, the loop asks for a required value the text lacks (``ask_missing``).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Protocol

from decisionloop.core.backend import BatchDecisionBackend, DecisionBackend
from decisionloop.core.decision import Decision
from decisionloop.core.records import Approval, RunResult, StepRecord
from decisionloop.core.tool import Effect, Tool, ToolContext, ToolResult
from decisionloop.decide import Ask, answer_groups
from decisionloop.journal.events import (
    ApprovalGiven,
    DecisionsMade,
    Journal,
    LlmCalled,
    RunEnded,
    StepFinished,
    ToolFinished,
    ToolStarted,
)
from decisionloop.loop.agent import LoopSetup, run_loop
from decisionloop.loop.meter import Meter, MeterStats
from decisionloop.loop.requests import (
    Draft,
    LlmCalls,
    NeedAnswer,
    NeedApproval,
    NeedDecisions,
    NeedPreview,
    NeedResolution,
    NeedTool,
    Request,
    Resolution,
    StepDone,
)


class System2(Protocol):
    """Decides held steps: an LLM, a person, or a chain of them."""

    def resolve(self, request: NeedResolution) -> Resolution:
        """A call, finish, or stop."""
        ...


class Approver(Protocol):
    """A person who allows or refuses a call that changes the world; None means no answer (a denial)."""

    def approve(self, request: NeedApproval) -> Approval | None:
        """The person's answer."""
        ...


class Writer(Protocol):
    """Writes the answer from the evidence (an LLM); without one the loop's template answer is used."""

    def write(self, request: NeedAnswer) -> Draft:
        """The draft answer."""
        ...


def _utc_now() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True, slots=True, kw_only=True)
class Seams:
    """Everything the driver talks to."""

    backend: DecisionBackend
    context: ToolContext
    journal: Journal
    system2: System2 | None = None
    approver: Approver | None = None
    writer: Writer | None = None
    clock: Callable[[], float] = time.perf_counter
    wall: Callable[[], datetime] = _utc_now
    decision_timeout_s: float = 30.0
    on_request: Callable[[Request, object], None] | None = field(default=None)


@dataclass(frozen=True, slots=True, kw_only=True)
class Driven:
    """A finished run: its journal id, its result and its figures."""

    run_id: str
    result: RunResult
    meter: MeterStats


def drive(goal: str, setup: LoopSetup, seams: Seams, config: Mapping[str, object] | None = None) -> Driven:
    """Run the loop on ``goal`` to the end, journaling as it goes; on KeyboardInterrupt the run is journaled as
    ``interrupted`` and the interrupt re-raised."""
    return _Driver(setup, seams).drive(goal, dict(config or {}))


class _Driver:
    def __init__(self, setup: LoopSetup, seams: Seams) -> None:
        self.seams = seams
        self.tools: dict[str, Tool] = {t.id: t for t in setup.tools}
        # A context that can ask the user lets the loop ask for a value the text lacks instead of holding on it.
        self.setup = replace(setup, ask_missing=True) if seams.context.ask_user is not None else setup
        self.meter = Meter()
        self.run_id = ""
        self.done: list[StepRecord] = []  # the steps finished so far, for a run cut short by Ctrl-C

    def drive(self, goal: str, config: dict[str, object]) -> Driven:
        started = self.seams.clock()
        self.run_id = self.seams.journal.start(goal, config)
        for record in self.setup.history:  # a resumed run's finished steps, journaled again under the new run
            self.seams.journal.record(self.run_id, StepFinished(record=record))
            self.done.append(record)
        try:
            result = self._loop(goal)
        except KeyboardInterrupt:
            # Ctrl-C ends the run as interrupted, journaled with the steps it finished, so no run is left
            # unfinished; the interrupt goes on to the caller.
            detail = "Not done: interrupted."
            result = RunResult(
                goal=goal, steps=tuple(self.done), stop="interrupted", detail=detail, answer=detail, delivery="none"
            )
            self._end(result, started)
            raise
        return self._end(result, started)

    def _loop(self, goal: str) -> RunResult:
        loop = run_loop(goal, self.setup)
        reply: object = None
        try:
            while True:
                try:
                    request = loop.send(reply)
                except StopIteration as stop:
                    result: RunResult = stop.value
                    return result
                reply = self._answer(request)
                if self.seams.on_request is not None:
                    self.seams.on_request(request, reply)
        finally:
            loop.close()

    def _end(self, result: RunResult, started: float) -> Driven:
        stats = self.meter.stats(result.steps, (self.seams.clock() - started) * 1000.0)
        self.seams.journal.record(self.run_id, RunEnded(result=result, meter=stats))
        return Driven(run_id=self.run_id, result=result, meter=stats)

    def _answer(self, request: Request) -> object:
        match request:
            case NeedDecisions():
                return self._decisions(request)
            case NeedResolution():
                return self._resolve(request)
            case NeedPreview():
                return self._preview(request)
            case NeedApproval():
                return self._approve(request)
            case NeedTool():
                return self._tool(request)
            case NeedAnswer():
                return self._write(request)
            case StepDone():
                self.done.append(request.record)
                self.seams.journal.record(self.run_id, StepFinished(record=request.record))
                return None
            case LlmCalls(step=step, use=use):
                self.meter.add_llm(use)
                for call in use.made:
                    self.seams.journal.record(self.run_id, LlmCalled(step=step, call=call))
                return None

    def _decisions(self, request: NeedDecisions) -> list[Decision]:
        """The step's asks, one group per frame, all in one round trip when the backend takes several frames."""
        groups = _groups(request.asks)
        asks = [tuple(request.asks[i] for i in group) for group in groups]
        answered = answer_groups(self.seams.backend, asks, timeout_s=self.seams.decision_timeout_s)
        one_trip = len(groups) > 1 and isinstance(self.seams.backend, BatchDecisionBackend)
        if one_trip:
            self.meter.add_request([d for a in answered for d in a.decisions])
        decided: dict[int, Decision] = {}
        for group, group_asks, result in zip(groups, asks, answered, strict=True):
            if not one_trip:
                self.meter.add_request(result.decisions)
            frames = tuple(request.frames[i] for i in group)
            event = DecisionsMade(step=request.step, asks=group_asks, frames=frames, decisions=result.decisions)
            self.seams.journal.record(self.run_id, event)
            decided.update(zip(group, result.decisions, strict=True))
        return [decided[i] for i in range(len(request.asks))]

    def _resolve(self, request: NeedResolution) -> Resolution:
        if self.seams.system2 is None:
            reasons = "; ".join(h.detail for h in request.holds)
            return Resolution(kind="stop", by="code", detail=f"held ({reasons}) and no LLM or person can decide")
        return self.seams.system2.resolve(request)  # its LLM calls come back as LlmCalls, marked used or not

    def _preview(self, request: NeedPreview) -> Effect | None:
        """The tool's own account of what the call would do; a failing preview means the call cannot run."""
        tool = self.tools.get(request.call.tool)
        if tool is None or tool.preview is None:
            return None
        try:
            effect = tool.preview(request.call.args, self.seams.context)
        except Exception as exc:
            return Effect(text=f"its effect could not be worked out ({exc}), so it will not run", known=False)
        if not isinstance(effect, Effect):
            return Effect(text=f"its preview returned {type(effect).__name__}, so it will not run", known=False)
        return effect

    def _approve(self, request: NeedApproval) -> Approval:
        who = "nobody (no approver)"
        answer: object = None
        if self.seams.approver is not None:
            who = "nobody (no answer)"
            try:
                answer = self.seams.approver.approve(request)
            except Exception as exc:
                who = f"nobody (the approver failed: {exc})"
        if isinstance(answer, Approval) and answer.effect is None:
            answer = replace(answer, effect=request.effect)  # the approver answered what it was shown
        if not isinstance(answer, Approval) or (answer.call, answer.effect) != (request.call, request.effect):
            answer = Approval(
                allowed=False,
                by=who,
                at=self.seams.wall(),
                call=request.call,
                note="no answer is a no",
                effect=request.effect,
            )
        event = ApprovalGiven(step=request.step, call=request.call, side_effect=request.side_effect, approval=answer)
        self.seams.journal.record(self.run_id, event)
        return answer

    def _tool(self, request: NeedTool) -> ToolResult:
        tool = self.tools.get(request.call.tool)
        self.seams.journal.record(self.run_id, ToolStarted(step=request.step, call=request.call, at=self.seams.wall()))
        started = self.seams.clock()
        result = _refusal(tool, request) or _run_tool(tool, request, self.seams.context)
        ms = (self.seams.clock() - started) * 1000.0
        self.seams.journal.record(self.run_id, ToolFinished(step=request.step, result=result, ms=ms))
        return result

    def _write(self, request: NeedAnswer) -> Draft:
        if self.seams.writer is None:
            return Draft(text=request.template, by="template")
        return self.seams.writer.write(request)


def _groups(asks: Sequence[Ask]) -> list[list[int]]:
    """Asks with equal states share one backend request; the order of first appearance is kept."""
    groups: list[tuple[Mapping[str, object], list[int]]] = []
    for i, ask in enumerate(asks):
        for state, members in groups:
            if state == ask.state:
                members.append(i)
                break
        else:
            groups.append((ask.state, [i]))
    return [members for _, members in groups]


def _refusal(tool: Tool | None, request: NeedTool) -> ToolResult | None:
    """The guard, again, at the last moment before anything runs."""
    if tool is None:
        return ToolResult(observation=f"There is no tool {request.call.tool!r}; nothing ran.", ok=False)
    if tool.side_effect is None:
        return None
    approval = request.approval
    if approval is None or not approval.allowed or approval.call != request.call:
        return ToolResult(observation=f"{tool.id} was refused: it needs an approval for exactly this call.", ok=False)
    if tool.preview is not None and (approval.effect is None or not approval.effect.known):
        return ToolResult(
            observation=f"{tool.id} was refused: its effect was not worked out and approved before it ran.", ok=False
        )
    return None


def _run_tool(tool: Tool | None, request: NeedTool, context: ToolContext) -> ToolResult:
    assert tool is not None
    if request.approval is not None and tool.side_effect is not None:
        context = replace(context, approved=request.approval.effect)
    if tool.timeout_s is None:
        return _guarded(tool, request, context)
    pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix=f"tool-{tool.id}")
    try:
        return pool.submit(_guarded, tool, request, context).result(timeout=tool.timeout_s)
    except FutureTimeout:
        return ToolResult(observation=f"{tool.id} gave no result within {tool.timeout_s:g} s.", ok=False)
    finally:
        pool.shutdown(wait=False)


def _guarded(tool: Tool, request: NeedTool, context: ToolContext) -> ToolResult:
    """A tool's exception becomes a failed observation the loop can see, never a crash of the run."""
    try:
        result = tool.run(request.call.args, context)
    except Exception as exc:
        return ToolResult(observation=f"{tool.id} failed: {exc}", ok=False)
    if not isinstance(result, ToolResult):
        return ToolResult(observation=f"{tool.id} returned {type(result).__name__}, not a ToolResult.", ok=False)
    return result
