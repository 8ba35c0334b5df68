"""What the loop asks of its driver, what the driver answers, and what a finished run looks like.

The loop is a generator: it yields one of the ``Need*`` requests and is sent the matching reply. Only the
driver (CLI, evaluator, web server) does I/O; every reply is data, a denial included.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

from decisionloop.core.records import Approval, Call, Hold, StepRecord
from decisionloop.core.tool import Effect, Tool
from decisionloop.core.vocab import DecidedBy, LlmPurpose
from decisionloop.decide import Ask
from decisionloop.loop.frames import Frame, StepView

ResolutionKind = Literal["call", "finish", "stop"]
SUGGESTED_TOOLS = 3  # System 1's most probable tools that a held step offers System 2


@dataclass(frozen=True, slots=True, kw_only=True)
class LlmCall:
    """One request to the LLM: what it was for, the model that answered (the client's name when none did), how long
    it took, its tokens (None where neither the server nor the client counted them), whether its reply was used (it
    decided the step, or it is the answer shown), and why it failed when it did."""

    purpose: LlmPurpose
    model: str
    ms: float
    input_tokens: int | None = None
    output_tokens: int | None = None
    used: bool = False
    error: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class LlmUse:
    """The LLM calls a reply cost, in the order they were made."""

    made: tuple[LlmCall, ...] = ()

    @property
    def calls(self) -> int:
        """How many calls."""
        return len(self.made)

    @property
    def ms(self) -> float:
        """Their time, added up."""
        return sum(c.ms for c in self.made)

    @property
    def input_tokens(self) -> int | None:
        """Prompt tokens added up; None when no call said."""
        return _total(c.input_tokens for c in self.made)

    @property
    def output_tokens(self) -> int | None:
        """Reply tokens added up; None when no call said."""
        return _total(c.output_tokens for c in self.made)

    def used(self, used: bool = True) -> LlmUse:
        """These calls with the last one marked ``used`` (the others not): the reply that decided."""
        if not self.made:
            return self
        *before, last = (replace(c, used=False) for c in self.made)
        return LlmUse(made=(*before, replace(last, used=used)))


def _total(counts: Iterable[int | None]) -> int | None:
    known = [c for c in counts if c is not None]
    return sum(known) if known else None


@dataclass(frozen=True, slots=True, kw_only=True)
class NeedDecisions:
    """Ask System 1 these blocks; asks with the same state go in one request. Reply: one Decision per ask."""

    step: int
    asks: tuple[Ask, ...]
    frames: tuple[Frame, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Suggestion:
    """What System 1 proposed for a held step, for System 2 to start from; ``sure_args`` are the values of its call
    that passed the gate on their own."""

    tools: tuple[tuple[str, float], ...]
    call: Call | None
    stop: bool
    done: float | None
    spans: Mapping[str, tuple[str, ...]]
    sure_args: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True, kw_only=True)
class NeedResolution:
    """A held step: System 2 (an LLM, else a person) decides it. Reply: a Resolution."""

    step: int
    goal: str
    holds: tuple[Hold, ...]
    suggestion: Suggestion
    tools: tuple[Tool, ...]
    history: tuple[StepRecord, ...]
    conversation: str = ""  # earlier turns of a chat (``loop.conversation``)


@dataclass(frozen=True, slots=True, kw_only=True)
class Resolution:
    """System 2's decision on a held step: a call, finish now, or stop the run."""

    kind: ResolutionKind
    by: DecidedBy
    call: Call | None = None
    detail: str = ""
    llm: LlmUse = field(default_factory=LlmUse)


@dataclass(frozen=True, slots=True, kw_only=True)
class NeedPreview:
    """Work out, without side effects, what this guarded call would do. Reply: an Effect (None: no preview)."""

    step: int
    call: Call


@dataclass(frozen=True, slots=True, kw_only=True)
class NeedApproval:
    """A call to a tool that changes the world, and its effect when known. Reply: an Approval of this call and
    effect; anything else counts as a denial."""

    step: int
    goal: str
    call: Call
    side_effect: str
    effect: Effect | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class NeedTool:
    """Run this call. ``approval`` is set, and allowed, for every tool with a side effect; its effect is what the
    run carries out. Reply: a ToolResult."""

    step: int
    call: Call
    approval: Approval | None


@dataclass(frozen=True, slots=True, kw_only=True)
class NeedAnswer:
    """Write the answer: an LLM from the evidence, else the template. Reply: a Draft. ``revise``: why the
    ``rejected`` draft did not pass the delivery check, in words. ``direct``: no tool can do what the goal asks, so
    an LLM answers from what it knows (the template says which tools there are)."""

    goal: str
    evidence: tuple[StepRecord, ...]
    template: str
    revise: str | None = None
    rejected: str | None = None
    direct: bool = False
    conversation: str = ""  # earlier turns of a chat (``loop.conversation``)


@dataclass(frozen=True, slots=True, kw_only=True)
class Draft:
    """An answer text and who wrote it (``template`` answers are not gated)."""

    text: str
    by: Literal["template", "llm"]
    llm: LlmUse = field(default_factory=LlmUse)


@dataclass(frozen=True, slots=True, kw_only=True)
class StepDone:
    """A step is finished (the driver journals it now, so a killed run keeps it). Reply: ignored."""

    record: StepRecord


@dataclass(frozen=True, slots=True, kw_only=True)
class LlmCalls:
    """The LLM calls made for a step (or for the answer, at the step after the last), each marked used or not now
    that the loop knows (the driver journals and meters them now). Reply: ignored."""

    step: int
    use: LlmUse


Request = NeedDecisions | NeedResolution | NeedPreview | NeedApproval | NeedTool | NeedAnswer | StepDone | LlmCalls


def step_views(records: Sequence[StepRecord]) -> list[StepView]:
    """The steps that ran a tool, as frames and prompts show them."""
    return [
        StepView(tool=r.tool, args=r.call.args, observation=r.result.observation, ok=r.result.ok)
        for r in records
        if r.call is not None and r.result is not None
    ]
