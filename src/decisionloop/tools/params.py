"""A tool function's parameters read into typed slots, and how the text of a call becomes each argument.

``str`` is a span slot; ``int``, ``float``, ``bool``, ``date``, ``datetime``, ``timedelta`` (or a ``Duration``)
and a ``pint.Quantity`` are typed slots; ``Literal[...]`` and ``Enum`` are fixed (enum) slots; ``list[X]`` and
``tuple[X, ...]`` are lists of X; ``X | None`` or a default makes a slot optional. ``Annotated[X, Span(...)]``
names the span kinds, ``Annotated[X, "a description"]`` (or a ``Doc``) the slot's instruction. A call carries
text (``values.typed.canonical``'s, or what a person typed), which ``values.typed.read_value`` reads as the type.
"""

from __future__ import annotations

import inspect
import json
import types
import typing
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import date, datetime, timedelta
from enum import Enum
from typing import Annotated, Final, Literal, get_args, get_origin

import pint

from decisionloop.core.questions import Option
from decisionloop.core.tool import SPAN_KINDS, Slot, SlotType, SpanKind
from decisionloop.values.dates import Duration
from decisionloop.values.typed import read_value

__all__ = ["Param", "Span", "params"]

_ANNOTATION_HELP = (
    "annotate it as str, int, float, bool, datetime.date, datetime.datetime, datetime.timedelta, "
    "Literal['a', 'b'], an Enum subclass, list[X] or tuple[X, ...] of one of these, X | None, "
    "or Annotated[X, Span(...)] / Annotated[X, 'a description']"
)
Read = Callable[[str, date], object | None]
# What the call fails with when a value does not read as the type: "'count' of 'repeat' needs an integer".
_EXPECTED: Final[dict[SlotType, tuple[str, str]]] = {
    "string": ("a string", "strings"),
    "integer": ("an integer", "integers"),
    "number": ("a number", "numbers"),
    "boolean": ("yes or no (a boolean)", "booleans"),
    "enum": ("one of its options", "options"),
    "date": ("a date", "dates"),
    "datetime": ("a date and time", "dates and times"),
    "duration": ("a duration (such as '3 days')", "durations"),
    "quantity": ("a quantity with a unit (such as '3.5 kg')", "quantities"),
    "list": ("a list", "lists"),
}


@dataclass(frozen=True, slots=True, init=False)
class Span:
    """Marks a parameter as a span slot of these kinds: ``Annotated[str, Span("place", "proper", instruction=...)]``."""

    kinds: tuple[SpanKind, ...]
    instruction: str | None
    none: str | None

    def __init__(self, *kinds: SpanKind, instruction: str | None = None, none: str | None = None) -> None:
        bad = [k for k in kinds if k not in SPAN_KINDS]
        if bad:
            raise ValueError(f"unknown span kind {bad[0]!r}; known: {', '.join(SPAN_KINDS)}")
        object.__setattr__(self, "kinds", kinds or SPAN_KINDS)
        object.__setattr__(self, "instruction", instruction)
        object.__setattr__(self, "none", none)


@dataclass(frozen=True, slots=True, kw_only=True)
class Param:
    """One function parameter: its slot (None for ``ctx``), how a call's text becomes the argument, and what the
    call does when the value is not given (fail, leave the function's default, or pass None)."""

    name: str
    slot: Slot | None
    read: Read
    expected: str
    missing: Literal["fail", "default", "none"]


@dataclass(frozen=True, slots=True, kw_only=True)
class _Shape:
    """What an annotation (without Optional and Annotated) asks for: the slot's type, options and reader."""

    type: SlotType
    read: Read
    item: SlotType | None = None
    fixed: tuple[str, ...] = ()

    @property
    def expected(self) -> str:
        if self.item is not None:
            return f"a list of {_EXPECTED[self.item][1]}"
        return _EXPECTED[self.type][0]


class _BadAnnotationError(TypeError):
    """An annotation no slot fits; ``params`` adds the parameter and the tool to the message."""


def _typed(kind: SlotType) -> Read:
    return lambda text, today: read_value(kind, text, today=today)


def _timedelta(text: str, today: date) -> timedelta | None:
    duration = read_value("duration", text, today=today)
    if not isinstance(duration, Duration):
        return None
    try:  # months and years have no fixed length: a month from today is what "1 month" means today
        return duration.shift(today) - today
    except (ValueError, OverflowError):
        return None


def _quantity(text: str, today: date) -> pint.Quantity[float] | None:
    read = read_value("quantity", text, today=today)
    if not isinstance(read, tuple):
        return None
    magnitude, unit = read
    written = text.strip()[-len(unit) :]
    # read_value folds the unit to lower case; pint's units are case-sensitive ("MB" is not "mb", "degF" not "degf")
    for attempt in dict.fromkeys([written, unit]):
        try:
            quantity: pint.Quantity[float] = pint.Quantity(magnitude, attempt)  # the registry pint.Quantity uses
        except (pint.errors.PintError, AttributeError, ValueError):  # AttributeError: pint's logarithmic units
            continue
        return quantity
    return None


def _choices(values: dict[str, object]) -> _Shape:
    return _Shape(type="enum", read=lambda text, today: values.get(text), fixed=tuple(values))


def _literal(hint: object) -> _Shape:
    values = get_args(hint)
    if not all(isinstance(v, str | int) and not isinstance(v, bool) for v in values):
        raise _BadAnnotationError(f"is {hint!r}; Literal values must be strings or integers")
    return _choices({str(v): v for v in values})


def _scalar(hint: object) -> _Shape | None:
    """The shape of a single-value annotation, or None when it is not one."""
    if hint is str:
        return _Shape(type="string", read=lambda text, today: text)  # a span is passed as it is
    simple: dict[object, tuple[SlotType, Read]] = {
        bool: ("boolean", _typed("boolean")),
        int: ("integer", _typed("integer")),
        float: ("number", _typed("number")),
        datetime: ("datetime", _typed("datetime")),
        date: ("date", _typed("date")),
        timedelta: ("duration", _timedelta),
        Duration: ("duration", _typed("duration")),
    }
    for known, (kind, read) in simple.items():
        if hint is known:  # by identity: an annotation need not be hashable
            return _Shape(type=kind, read=read)
    if get_origin(hint) is Literal:
        return _literal(hint)
    if isinstance(hint, type) and issubclass(hint, Enum):
        if len(hint) == 0:
            raise _BadAnnotationError(f"is the Enum {hint.__name__!r}, which has no members; give it at least one")
        return _choices({str(member.value): member for member in hint})
    if isinstance(hint, type) and issubclass(hint, pint.Quantity):
        return _Shape(type="quantity", read=_quantity)
    return None


def _item_texts(text: str, today: date) -> list[str] | None:
    """The items of a list as texts: a JSON list (what ``canonical`` writes), else the words split as
    ``read_value`` splits them ("3, 4 and 5")."""
    if text.lstrip().startswith("["):
        try:
            loaded = json.loads(text)
        except ValueError:
            loaded = None
        if isinstance(loaded, list):
            if not all(isinstance(v, str | int | float | bool) for v in loaded):
                return None
            return [v if isinstance(v, str) else json.dumps(v) for v in loaded]
    items = read_value("list", text, today=today, item="string")
    return [str(v) for v in items] if isinstance(items, list) else None


def _sequence(hint: object) -> _Shape | None:
    """The shape of ``list[X]`` or ``tuple[X, ...]``, or None when ``hint`` is neither."""
    origin, args = (hint if hint is list or hint is tuple else get_origin(hint)), get_args(hint)
    if origin is tuple and args and not (len(args) == 2 and args[1] is Ellipsis):
        raise _BadAnnotationError(f"is {hint!r}; a tuple parameter is a list of one type: tuple[X, ...]")
    if origin not in (list, tuple):
        return None
    if not args:
        raise _BadAnnotationError(f"is a bare {origin.__name__}; say its item type: list[int] or tuple[int, ...]")
    item = _scalar(args[0])
    if item is None or item.type == "enum":
        raise _BadAnnotationError(f"is {hint!r}; a list holds str, int, float, bool, dates, durations or quantities")
    container = tuple if origin is tuple else list

    def read(text: str, today: date) -> object | None:
        texts = _item_texts(text, today)
        values = [item.read(t, today) for t in texts or ()]
        return container(values) if texts and all(v is not None for v in values) else None

    return _Shape(type="list", item=item.type, read=read)


def _unwrapped(hint: object) -> tuple[object, list[object], bool]:
    """``hint`` without ``Annotated`` and ``| None``: the base type, the metadata, whether None is allowed."""
    meta: list[object] = []
    optional = False
    for _ in range(2):  # Annotated[X | None, ...] and Annotated[X, ...] | None alike
        if get_origin(hint) is Annotated:
            hint, *more = get_args(hint)
            meta.extend(more)
        if get_origin(hint) in (typing.Union, types.UnionType):
            rest = [a for a in get_args(hint) if a is not type(None)]
            if len(rest) != 1:
                raise _BadAnnotationError(
                    f"is {hint!r}; a parameter takes one type (X, or X | None when it may be left out)"
                )
            hint, optional = rest[0], True
    return hint, meta, optional


def _instruction(name: str, meta: list[object]) -> tuple[Span | None, str]:
    spans = [m for m in meta if isinstance(m, Span)]
    texts = [m for m in meta if isinstance(m, str)]
    texts += [d for m in meta if isinstance(d := getattr(m, "documentation", None), str)]  # typing_extensions.Doc
    if len(spans) > 1 or len(texts) > 1:
        raise _BadAnnotationError("has more than one Span(...) or description in Annotated; give at most one of each")
    text = texts[0] if texts else spans[0].instruction if spans and spans[0].instruction else None
    return (spans[0] if spans else None), text or f"Which value should fill {name!r}?"


def _default_text(value: object) -> str | None:
    """A Python default as the text a call would carry for it (None for ``None``)."""
    match value:
        case None:
            return None
        case bool():
            return "true" if value else "false"
        case Enum():
            return str(value.value)
        case date():  # and datetime
            return value.isoformat()
        case timedelta() if value.seconds == value.microseconds == 0:
            return f"{value.days} days"
        case float() if value.is_integer():
            return str(int(value))
        case list() | tuple():
            return json.dumps([v if isinstance(v, int | float | str) else _default_text(v) for v in value])
    return str(value)


def _slot(name: str, hint: object, default: object) -> tuple[Slot, _Shape, bool]:
    base, meta, optional = _unwrapped(hint)
    shape = _scalar(base) or _sequence(base)
    if shape is None:
        raise _BadAnnotationError(f"has the annotation {base!r}; {_ANNOTATION_HELP}")
    span, instruction = _instruction(name, meta)
    if span is not None and shape.fixed:
        raise _BadAnnotationError(
            "is a fixed list of options (Literal or Enum); Span(...) is only for span slots, drop it"
        )
    # A plain str takes every kind of span; other types leave the kinds to the extractor, which picks by type.
    kinds = span.kinds if span is not None else SPAN_KINDS if shape.type == "string" else ()
    slot = Slot(
        name=name,
        instruction=instruction,
        kinds=kinds,
        fixed=tuple(Option(name=v) for v in shape.fixed),
        type=shape.type,
        item=shape.item,
        required=not optional and default is inspect.Parameter.empty,
        default=None if default is inspect.Parameter.empty else _default_text(default),
    )
    return (slot if span is None or span.none is None else replace(slot, none=span.none)), shape, optional


def params(fn: Callable[..., object], where: str) -> tuple[Param, ...]:
    """The parameters of ``fn``; a parameter no slot fits raises TypeError naming it and saying what fits."""
    try:
        hints = typing.get_type_hints(fn, include_extras=True)
    except NameError as error:
        raise TypeError(f"cannot read the annotations of {where}: {error}; define the types at module level") from None
    found = []
    for p in inspect.signature(fn).parameters.values():
        if p.kind not in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY):
            raise TypeError(f"parameter {p.name!r} of {where} is {p.kind.description}; tools take named parameters")
        has_default = p.default is not p.empty
        if p.name == "ctx":
            found.append(Param(name=p.name, slot=None, read=_typed("string"), expected="", missing="fail"))
            continue
        if p.name not in hints:
            raise TypeError(f"parameter {p.name!r} of {where} has no annotation; {_ANNOTATION_HELP}")
        try:
            slot, shape, optional = _slot(p.name, hints[p.name], p.default)
        except _BadAnnotationError as error:
            raise TypeError(f"parameter {p.name!r} of {where} {error}") from None
        missing: Literal["fail", "default", "none"] = "default" if has_default else "none" if optional else "fail"
        found.append(Param(name=p.name, slot=slot, read=shape.read, expected=shape.expected, missing=missing))
    return tuple(found)
