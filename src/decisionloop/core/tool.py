"""The tool seam: a tool's id, the description offered as its option text, typed slots, and its side effect.

A slot is either a *span* slot, filled from candidate spans of the kinds it accepts (in rank order), or a
*fixed* slot, filled from a fixed list of options. A tool that changes the world declares ``side_effect``; the
guard then asks a person before every call, whoever chose it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Literal, Protocol, get_args

from decisionloop.core.questions import Option

SpanKind = Literal[
    "place", "person", "org", "proper", "topic", "noun", "date", "duration", "quantity", "expression", "clause", "file"
]
SPAN_KINDS: tuple[SpanKind, ...] = get_args(SpanKind)
Risk = Literal[0, 1, 2, 3]  # read-only, reversible write, irreversible, destructive
NONE = "NONE"


@dataclass(frozen=True, slots=True, kw_only=True)
class Slot:
    """One argument of a tool, with the question that fills it."""

    name: str
    instruction: str
    kinds: tuple[SpanKind, ...] = ()
    fixed: tuple[Option, ...] = ()
    extra: tuple[str, ...] = ()
    none: str = "None of these is the right value"

    @property
    def is_fixed(self) -> bool:
        """Whether the slot takes one of a fixed list of options instead of a span."""
        return bool(self.fixed)


@dataclass(frozen=True, slots=True, kw_only=True)
class ToolResult:
    """What a tool returned: the observation the loop sees, and the answer text a template can use."""

    observation: str
    answer: str = ""
    ok: bool = True
    source: str | None = None
    data: Mapping[str, object] = field(default_factory=dict)


class NoteStore(Protocol):
    """Where note tools keep notes."""

    def save(self, text: str) -> None:
        """Store one note."""
        ...

    def search(self, query: str, limit: int) -> list[str]:
        """Notes matching ``query``, best first."""
        ...

    def delete(self, query: str) -> list[str]:
        """Delete notes matching ``query`` (``all`` deletes every note); return what was deleted."""
        ...


class Fetch(Protocol):
    """GET a URL with query parameters and return the decoded JSON (raises on HTTP or transport errors)."""

    def __call__(self, url: str, params: Mapping[str, str]) -> object:
        """Fetch and decode."""
        ...


@dataclass(frozen=True, slots=True, kw_only=True)
class ToolContext:
    """What a tool may use: the clock, HTTP, the note store, the workspace, a way to ask the user."""

    now: datetime
    fetch: Fetch | None = None
    notes: NoteStore | None = None
    workdir: Path | None = None
    ask_user: Callable[[str], str | None] | None = None


Runner = Callable[[Mapping[str, str], ToolContext], ToolResult]


@dataclass(frozen=True, slots=True, kw_only=True)
class Tool:
    """A tool the agent can call; ``description`` is the option text its decision model reads."""

    id: str
    description: str
    slots: tuple[Slot, ...]
    run: Runner
    side_effect: str | None = None
    risk: Risk = 0
    timeout_s: float | None = None

    def slot(self, name: str) -> Slot:
        """The slot called ``name``; KeyError lists the tool's slots."""
        for s in self.slots:
            if s.name == name:
                return s
        raise KeyError(f"tool {self.id!r} has no slot {name!r}; slots: {', '.join(s.name for s in self.slots)}")
