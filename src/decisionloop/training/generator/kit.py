"""What an episode builder works with: the tools of the episode by role, and the draft it returns.

A *role* is what a tool does (``weather``, ``stock_quote``); the tool that plays it may be the built-in one or a
variant with another id, description and slot names. Builders speak in roles and canonical slot names; the kit
turns that into gold calls on the episode's actual tools.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime

from decisionloop.core.questions import Option
from decisionloop.core.tool import Risk, Slot, SpanKind, Tool, ToolContext, ToolResult
from decisionloop.core.vocab import FINISH
from decisionloop.gold.suite import GoldCall, GoldStep

Values = str | tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class SlotPlan:
    """A slot of a tool plan: its canonical key, the names it may go by, and what fills it."""

    key: str
    names: tuple[str, ...]
    instruction: str
    kinds: tuple[SpanKind, ...] = ()
    fixed: tuple[tuple[str, str], ...] = ()
    extra: tuple[str, ...] = ()
    none: str = "None of these is the right value"


@dataclass(frozen=True, slots=True, kw_only=True)
class ToolPlan:
    """A family of tools that play one role: ids and descriptions to draw from, slots, side effect."""

    role: str
    ids: tuple[str, ...]
    descriptions: tuple[str, ...]
    slots: tuple[SlotPlan, ...] = ()
    side_effect: str | None = None
    risk: Risk = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class Played:
    """A tool in an episode, the role it plays and its slot names by canonical key."""

    role: str
    tool: Tool
    names: Mapping[str, str]


def not_runnable(args: Mapping[str, str], ctx: ToolContext) -> ToolResult:
    """The runner of generated tools: episodes carry their observations, so running one is a bug."""
    raise RuntimeError("a generated tool was run; synthetic episodes carry their observations, replay them instead")


def realise(plan: ToolPlan, tool_id: str, description: str, names: Mapping[str, str]) -> Played:
    """A tool from ``plan`` with the given id, description and slot names (canonical key → name)."""
    slots = tuple(
        Slot(
            name=names[s.key],
            instruction=s.instruction,
            kinds=s.kinds,
            fixed=tuple(Option(name=k, criteria=label) for k, label in s.fixed),
            extra=s.extra,
            none=s.none,
        )
        for s in plan.slots
    )
    tool = Tool(
        id=tool_id,
        description=description,
        slots=slots,
        run=not_runnable,
        side_effect=plan.side_effect,
        risk=plan.risk,
    )
    return Played(role=plan.role, tool=tool, names=names)


@dataclass(frozen=True, slots=True, kw_only=True)
class Kit:
    """The tools of one episode, in offered order, and which tool plays which role."""

    tools: tuple[Tool, ...]
    played: Mapping[str, Played]
    now: datetime

    def has(self, role: str) -> bool:
        """Whether some tool of the episode plays ``role``."""
        return role in self.played

    def call(self, role: str, **args: Values) -> GoldCall:
        """A gold call of the tool playing ``role``; ``args`` by canonical slot key, one value or accepted ones."""
        played = self.played[role]
        return GoldCall(
            action=played.tool.id,
            args={played.names[k]: (v,) if isinstance(v, str) else v for k, v in args.items()},
        )


def step(call: GoldCall, observation: str, answer: str = "", alts: tuple[GoldCall, ...] = ()) -> GoldStep:
    """A gold step; ``answer`` defaults to the observation, as most tools answer with what they observed."""
    return GoldStep(call=call, alts=alts, observation=observation, answer=answer or observation)


def finish() -> GoldStep:
    """The last step of every episode."""
    return GoldStep(call=GoldCall(action=FINISH, args={}), alts=(), observation="", answer="")


@dataclass(frozen=True, slots=True, kw_only=True)
class Draft:
    """What a builder returns: the goal and its gold steps (FINISH last), before ids and checks are added.

    ``expect_none`` says whether the builder meant some gold argument to be out of the extractor's reach (a
    nickname, a misspelling), or None when the goal was noised in a way that may or may not hide a value.
    """

    category: str
    goal: str
    steps: tuple[GoldStep, ...]
    answer: str
    expect_none: bool | None = False
