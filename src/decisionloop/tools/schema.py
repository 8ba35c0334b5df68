"""Tools from JSON Schema: an OpenAI-format function (name, description, parameters) becomes a ``Tool``.

Each property becomes a typed slot: ``integer``, ``number``, ``boolean`` (fixed true/false), ``string`` (a span;
with ``enum``, a fixed list; with ``format: date`` or ``date-time``, a date or datetime, and a date too when its
description asks for YYYY-MM-DD or gives an ISO date as its example), ``array`` (a list of its ``items`` type).
``required`` and ``default`` carry over and the description is the slot's instruction. A nested object has no
slot type of its own: it is a string slot, filled from a span like any text. The type names BFCL and Seal-Tools
write (``dict``, ``float``, ``tuple``, ``int``, ``str``, ``bool``, ``any``) read as their JSON Schema equivalents.

Typed slots other than strings have no span kinds: the extractor chooses the spans a type accepts
(``extract.accepted_kinds``). ``fallback_kinds=True`` gives them the kinds the BFCL adapter used before (numbers:
quantities and expressions; dates: dates), to compare figures with older runs.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Final

from decisionloop.core.errors import ConfigError
from decisionloop.core.questions import Option
from decisionloop.core.tool import SPAN_KINDS, Slot, SlotType, SpanKind, Tool, ToolContext, ToolResult

NUMBER_KINDS: tuple[SpanKind, ...] = ("number", "quantity", "expression")
# A text slot's kinds, best first: the values a goal marks as values (quoted, e-mail, URL, code, file) lead, so
# that when a long goal offers more than a question holds (extract.slot_options), its noun chunks are what is cut.
_MARKED: tuple[SpanKind, ...] = ("quoted", "email", "url", "code", "file")
TEXT_KINDS: tuple[SpanKind, ...] = (*_MARKED, *(k for k in SPAN_KINDS if k not in NUMBER_KINDS and k not in _MARKED))
# A text slot named for a year or a season ("year", "season", "fiscal_year"), which a number may fill.
_YEAR_NAME = re.compile(r"(?i)year|season")
FALLBACK_KINDS: Final[Mapping[SlotType, tuple[SpanKind, ...]]] = {
    "integer": NUMBER_KINDS,
    "number": NUMBER_KINDS,
    "date": ("date",),
    "datetime": ("date",),
}
BOOLEAN_OPTIONS = (Option(name="true"), Option(name="false"))
_CAMEL = re.compile(r"([a-z0-9])([A-Z])")
_ALIASES: Final = {
    "int": "integer",
    "float": "number",
    "double": "number",
    "str": "string",
    "bool": "boolean",
    "dict": "object",
    "tuple": "array",
    "list": "array",
    "any": "",
}
_KNOWN: Final = ("string", "integer", "number", "boolean", "array", "object", "null")
_FORMATS: Final[Mapping[str, SlotType]] = {"date": "date", "date-time": "datetime"}
# A text whose description asks for an ISO date ("formatted as YYYY-MM-DD") or gives one as its example ("e.g.,
# 2022-12-31") is a date: written that way whatever form the goal gives ("Jan 28, 2021" → 2021-01-28). Other
# orders (MM/DD/YYYY) stay text, written as found, and so does a date with a time ("2022-01-01 10:00:00").
_ISO_DATE: Final = re.compile(r"(?i)\byyyy-mm-dd\b(?![ t]*hh)|\b\d{4}-\d\d-\d\d\b(?![ t]*\d)")
_ITEM_TYPES: Final[Mapping[str, SlotType]] = {"integer": "integer", "number": "number", "boolean": "boolean"}


class SchemaError(ConfigError):
    """A function or parameter schema that cannot become a tool; the message names the function and parameter."""


def schema_tool(function: Mapping[str, object], *, fallback_kinds: bool = False) -> Tool:
    """A Tool for one OpenAI-format function (``{"type": "function", "function": {...}}`` is unwrapped too).

    Its runner is never meant to be called: it reports that the tool has a schema and no implementation.
    """
    body = _unwrapped(function)
    name = body.get("name")
    if not isinstance(name, str) or not name.strip():
        raise SchemaError(f"a function needs a non-empty 'name', got {name!r:.80}")
    params = _given(body, "parameters", {})
    if not isinstance(params, Mapping):
        raise SchemaError(f"function {name!r}: 'parameters' must be a JSON Schema object, got {params!r:.80}")
    props = _given(params, "properties", {})
    required = _given(params, "required", [])
    if not isinstance(props, Mapping) or not isinstance(required, list):
        raise SchemaError(f"function {name!r}: 'properties' must be an object and 'required' a list of names")
    if unknown := [r for r in required if r not in props]:
        raise SchemaError(f"function {name!r}: required {unknown!r} not among its properties {list(props)!r}")
    slots = tuple(
        schema_slot(str(p), spec, required=p in required, where=f"function {name!r}", fallback_kinds=fallback_kinds)
        for p, spec in props.items()
    )
    description = body.get("description")
    return Tool(id=name, description=str(description or name), slots=slots, run=_not_run)


def schema_slot(
    name: str, spec: object, *, required: bool, where: str = "a function", fallback_kinds: bool = False
) -> Slot:
    """The typed slot for one property schema (see the module docstring for the table)."""
    if not isinstance(spec, Mapping):
        raise SchemaError(f"{where}: parameter {name!r} must be a schema object, got {spec!r:.80}")
    instruction = _instruction(name, str(spec.get("description") or ""))
    default = _default(spec.get("default"))

    def slot(
        kind: SlotType,
        *,
        kinds: tuple[SpanKind, ...] = (),
        fixed: tuple[Option, ...] = (),
        item: SlotType | None = None,
    ) -> Slot:
        return Slot(
            name=name, instruction=instruction, type=kind, kinds=kinds, fixed=fixed, item=item, required=required,
            default=default,
        )  # fmt: skip

    kind = json_type(spec, f"{where} parameter {name!r}")
    if (values := _enum(spec.get("enum"), f"{where} parameter {name!r}")) is not None:
        return slot("enum", fixed=tuple(Option(name=v) for v in values))
    if kind == "boolean":
        return slot("boolean", fixed=BOOLEAN_OPTIONS)
    if kind == "array":
        item = _item_type(spec.get("items"), f"{where} parameter {name!r}")
        return slot("list", item=item, kinds=TEXT_KINDS if item == "string" else _typed_kinds(item, fallback_kinds))
    slot_type = _scalar(kind, spec)
    if slot_type == "string":
        if kind == "string" and _YEAR_NAME.search(name):  # a year or season as text: "2022", "2021" season
            return slot("string", kinds=(*TEXT_KINDS, "number"))
        return slot("string", kinds=TEXT_KINDS if kind == "string" else SPAN_KINDS)
    return slot(slot_type, kinds=_typed_kinds(slot_type, fallback_kinds))


def _instruction(name: str, description: str) -> str:
    """The slot's question: its description, naming the parameter where the description does not (the name
    is often what the goal's words stand next to: "start_location" for "from Sydney")."""
    if not description.strip():
        return f"The value of the argument {name!r}."
    words = {w for w in re.split(r"[^a-z0-9]+", _CAMEL.sub(r"\1 \2", name).casefold()) if w}
    said = set(re.split(r"[^a-z0-9]+", description.casefold()))
    return description if words <= said else f"{description} ({name})"


def json_type(spec: Mapping[str, object], where: str) -> str:
    """The JSON Schema type of a property ("" when it has none), aliases read; SchemaError names an unknown one."""
    raw = spec.get("type", "")
    if isinstance(raw, list):  # ["string", "null"]: the one type that is not null
        raw = next((t for t in raw if t != "null"), "")
    if not isinstance(raw, str):
        raise SchemaError(f"{where}: 'type' must be a text or a list of texts, got {raw!r:.80}")
    kind = _ALIASES.get(raw, raw)
    if kind and kind not in _KNOWN:
        raise SchemaError(f"{where}: unknown type {raw!r}; known: {', '.join(_KNOWN)} (or {', '.join(_ALIASES)})")
    return kind


def _typed_kinds(kind: SlotType, fallback: bool) -> tuple[SpanKind, ...]:
    """No kinds (the extractor chooses by type), or with ``fallback`` the kinds the BFCL adapter used."""
    return FALLBACK_KINDS.get(kind, ()) if fallback else ()


def _enum(raw: object, where: str) -> tuple[str, ...] | None:
    """An enum's values as text, each once, blanks dropped; None when there is no enum (or nothing but blanks)."""
    if raw is None:
        return None
    if not isinstance(raw, list) or not raw:
        raise SchemaError(f"{where}: 'enum' must be a non-empty list, got {raw!r:.80}")
    values = tuple(dict.fromkeys(v if isinstance(v, str) else json.dumps(v) for v in raw))
    return tuple(v for v in values if v.strip()) or None


def _scalar(kind: str, spec: Mapping[str, object]) -> SlotType:
    if kind in ("integer", "number"):
        return "integer" if kind == "integer" else "number"
    fmt = spec.get("format")
    if kind == "string" and isinstance(fmt, str):
        return _FORMATS.get(fmt, "string")
    if kind == "string" and _ISO_DATE.search(str(spec.get("description") or "")):
        return "date"
    return "string"


def _item_type(items: object, where: str) -> SlotType:
    """The item type of a list slot: numbers and booleans as themselves, dates by format, anything else text."""
    if not isinstance(items, Mapping):
        return "string"
    kind = json_type(items, f"{where} items")
    fmt = items.get("format")
    if kind == "string" and isinstance(fmt, str) and fmt in _FORMATS:
        return _FORMATS[fmt]
    return _ITEM_TYPES.get(kind, "string")


def _default(value: object) -> str | None:
    """A schema default as the text a call carries (JSON for anything but text; null is no default)."""
    if value is None:
        return None
    return value if isinstance(value, str) else json.dumps(value)


def _given(raw: Mapping[str, object], key: str, empty: object) -> object:
    """``raw[key]``, with a missing key or null read as ``empty``."""
    value = raw.get(key)
    return empty if value is None else value


def _unwrapped(function: Mapping[str, object]) -> Mapping[str, object]:
    inner = function.get("function")
    if function.get("type") == "function" and isinstance(inner, Mapping):
        return inner
    return function


def _not_run(args: Mapping[str, str], context: ToolContext) -> ToolResult:
    return ToolResult(observation="this tool comes from a schema and has no implementation to run", ok=False)
