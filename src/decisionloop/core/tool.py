"""The tool seam: a tool's id, the description offered as its option text, typed slots, and its side effect.

A slot is either a *span* slot, filled from candidate spans of the kinds it accepts (in rank order), or a
*fixed* slot, filled from a fixed list of options. Its ``type`` says what the tool takes (a string, an integer, a
date, a list of numbers…): a candidate that does not read as that type is never offered, and the chosen value is
normalised to it before the call. A slot that is not ``required`` may be left out: answered NONE, it is dropped
from the call instead of holding the step. A tool that changes the world declares ``side_effect``; the
guard then asks a person before every call, whoever chose it. Its ``preview`` works out, without side effects,
the exact ``Effect`` of one call (the notes that will go, the file and its size, the message), which the person
approves and the run then carries out through ``ToolContext.approved``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Literal, Protocol, get_args

from decisionloop.core.questions import Option

SpanKind = Literal[
    "place", "person", "org", "proper", "topic", "noun", "date", "duration", "quantity", "expression", "clause", "file",
    "number", "percent", "money", "unit", "code", "email", "url", "quoted", "list", "time",
]  # fmt: skip
# The kinds a span of any kind may be; a list ("[12, 24, 36]", "12, 24 and 36") fills a list slot only, a time of
# day told in a place ("9am in New York") a slot that asks for one (kinds=("time",)) only.
SPAN_KINDS: tuple[SpanKind, ...] = tuple(k for k in get_args(SpanKind) if k not in ("list", "time"))
# What a tool's parameter takes; "list" slots say their item type in ``Slot.item``.
SlotType = Literal[
    "string", "integer", "number", "boolean", "enum", "date", "datetime", "duration", "quantity", "list"
]  # fmt: skip
SLOT_TYPES: tuple[SlotType, ...] = get_args(SlotType)
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
    type: SlotType = "string"
    item: SlotType | None = None
    required: bool = True
    default: str | None = None

    def __post_init__(self) -> None:
        if self.type not in SLOT_TYPES:
            raise ValueError(f"slot {self.name!r} has the type {self.type!r}; known: {', '.join(SLOT_TYPES)}")
        if (self.type == "list") != (self.item is not None) or self.item == "list":
            raise ValueError(f"slot {self.name!r}: a list slot names its item type (not a list), no other slot does")

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


@dataclass(frozen=True, slots=True, kw_only=True)
class Effect:
    """What one guarded call will do, worked out before it runs: the text a person approves, the plan it runs.

    ``plan`` is JSON-ready and concrete (the ids of the notes to delete, whether a file is replaced), so the run
    does what was approved, not whatever its arguments match by then. ``known`` is False when the effect could
    not be worked out; such a call is never run.
    """

    text: str
    plan: Mapping[str, object] = field(default_factory=dict)
    known: bool = True


@dataclass(frozen=True, slots=True, kw_only=True)
class SavedNote:
    """One stored note and its id (ids are never reused, so an id names one note for good)."""

    id: int
    text: str


class NoteStore(Protocol):
    """Where note tools keep notes."""

    def save(self, text: str) -> None:
        """Store one note."""
        ...

    def search(self, query: str, limit: int) -> list[str]:
        """Notes matching ``query``, best first."""
        ...

    def delete(self, query: str) -> list[str]:
        """Delete the notes ``doomed`` names for ``query``; return what was deleted."""
        ...

    def doomed(self, query: str) -> list[SavedNote]:
        """The notes ``delete(query)`` would delete (``all notes``: every one), as they would be listed; changes
        nothing."""
        ...

    def delete_ids(self, ids: Sequence[int]) -> list[SavedNote]:
        """Delete exactly the notes with these ids; return those that were there (the rest were gone already)."""
        ...


class Fetch(Protocol):
    """GET a URL with query parameters and return the decoded JSON (raises on HTTP or transport errors)."""

    def __call__(self, url: str, params: Mapping[str, str]) -> object:
        """Fetch and decode."""
        ...


@dataclass(frozen=True, slots=True, kw_only=True)
class ToolContext:
    """What a tool may use: the clock, HTTP, the note store, the workspace, a way to ask the user.

    ``approved`` is set by the driver for the one call it runs: the effect the person allowed, to carry out.
    """

    now: datetime
    fetch: Fetch | None = None
    notes: NoteStore | None = None
    workdir: Path | None = None
    ask_user: Callable[[str], str | None] | None = None
    approved: Effect | None = None


Runner = Callable[[Mapping[str, str], ToolContext], ToolResult]
Preview = Callable[[Mapping[str, str], ToolContext], Effect]


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
    preview: Preview | None = None
    # What the tool cannot tell though a goal's words fit it, as words a goal asks with ("sunset" for a clock that
    # tells the time now): a call to it for a goal that uses one is held (``loop.gate``).
    not_for: tuple[str, ...] = ()

    def slot(self, name: str) -> Slot:
        """The slot called ``name``; KeyError lists the tool's slots."""
        for s in self.slots:
            if s.name == name:
                return s
        raise KeyError(f"tool {self.id!r} has no slot {name!r}; slots: {', '.join(s.name for s in self.slots)}")
