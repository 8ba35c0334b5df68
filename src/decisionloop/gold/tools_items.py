"""Items of ``bench tools``: one JSON object a line, a question, the tools offered (OpenAI format), what is expected.

A line is ``{"id", "messages" | "question", "tools", "expected"?}``. ``messages`` is a chat (the text of every
user message is the question, one per line); ``tools`` lists functions ``{"name", "description", "parameters"}``,
bare or wrapped as ``{"type": "function", "function": {...}}`` (an empty list offers no tool). ``expected`` is a
call ``{"name", "arguments"}`` (optionally ``"accepted": {arg: [values]}``, BFCL's alternatives, where null or ""
means it may be left out), ``"ask"`` (a required value is missing) or ``"none"`` (no offered tool fits). Every
error names the file and the line (from 1) and what is wrong there. A function that is a built-in tool (the same
name, description and parameters: ``scripts/everyday_items.py`` writes them) is read as that tool, with what its
schema cannot say (``tools.builtin.builtin_twin``), so it is decided as the loop decides it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from decisionloop.core.errors import ConfigError
from decisionloop.core.tool import Tool
from decisionloop.tools.builtin import builtin_twin
from decisionloop.tools.schema import SchemaError, schema_tool

Kind = Literal["call", "ask", "none"]
KINDS: tuple[Kind, ...] = ("call", "ask", "none")


class ToolsDataError(ConfigError):
    """A ``bench tools`` file that cannot be read; the message names the file, the line and the fix."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ExpectedCall:
    """The call an item expects; ``accepted`` lists alternatives per argument (null or "": may be left out)."""

    name: str
    arguments: Mapping[str, object]
    accepted: Mapping[str, tuple[object, ...]] = field(default_factory=dict)

    def accepted_values(self) -> dict[str, tuple[object, ...]]:
        """Every expected argument with its accepted values (``accepted`` first, else the one in ``arguments``)."""
        names = dict.fromkeys([*self.arguments, *self.accepted])
        return {n: self.accepted[n] if n in self.accepted else (self.arguments[n],) for n in names}


Expected = ExpectedCall | Literal["ask", "none"]


@dataclass(frozen=True, slots=True, kw_only=True)
class ToolsItem:
    """One item: the question, the tools offered, what is expected (None: nothing, run for the output only)."""

    id: str
    question: str
    tools: tuple[Tool, ...]
    expected: Expected | None = None

    @property
    def expected_kind(self) -> Kind | None:
        """call, ask or none; None without an expectation."""
        return "call" if isinstance(self.expected, ExpectedCall) else self.expected


def load_items(path: Path, *, fallback_kinds: bool = False) -> list[ToolsItem]:
    """Every item of a JSONL file, in order; ToolsDataError at the first bad line (or a repeated id)."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as err:
        raise ToolsDataError(f"cannot read {str(path)!r}: {err}; give a UTF-8 JSONL file, one item a line") from err
    items: list[ToolsItem] = []
    seen: dict[str, int] = {}
    for number, text in _lines(lines):
        where = f"{path}:{number}"
        item = parse_item(text, where, fallback_kinds=fallback_kinds)
        if item.id in seen:
            raise ToolsDataError(f"{where}: the id {item.id!r} is already used on line {seen[item.id]}; ids are unique")
        seen[item.id] = number
        items.append(item)
    if not items:
        raise ToolsDataError(f"{path}: no items; write one JSON object a line")
    return items


def _lines(lines: Sequence[str]) -> Iterator[tuple[int, str]]:
    return ((n, t) for n, t in enumerate(lines, start=1) if t.strip())


def parse_item(text: str, where: str, *, fallback_kinds: bool = False) -> ToolsItem:
    """One line read as an item; ToolsDataError says where and what is wrong."""
    try:
        row = json.loads(text)
    except json.JSONDecodeError as err:
        raise ToolsDataError(f"{where}: not a JSON line ({err.msg} at column {err.colno})") from err
    if not isinstance(row, dict):
        raise ToolsDataError(f"{where}: each line must be a JSON object, got {type(row).__name__}")
    item_id = row.get("id")
    if not isinstance(item_id, str | int) or isinstance(item_id, bool) or not str(item_id).strip():
        raise ToolsDataError(f"{where}: 'id' must be a non-empty text or a number, got {item_id!r:.80}")
    tools = _tools(row.get("tools"), where, fallback_kinds)
    return ToolsItem(
        id=str(item_id), question=_question(row, where), tools=tools, expected=_expected(row, tools, where)
    )


def _question(row: Mapping[str, object], where: str) -> str:
    messages, question = row.get("messages"), row.get("question")
    if (messages is None) == (question is None):
        raise ToolsDataError(f"{where}: give exactly one of 'messages' (a chat) or 'question' (a text)")
    if question is not None:
        if not isinstance(question, str) or not question.strip():
            raise ToolsDataError(f"{where}: 'question' must be a non-empty text, got {question!r:.80}")
        return question.strip()
    if not isinstance(messages, list) or not all(isinstance(m, dict) for m in messages):
        raise ToolsDataError(f"{where}: 'messages' must be a list of {{role, content}} objects")
    said = [m.get("content") for m in messages if m.get("role") == "user"]
    texts = [s.strip() for s in said if isinstance(s, str) and s.strip()]
    if not texts:
        raise ToolsDataError(f"{where}: 'messages' has no user message with text content")
    return "\n".join(texts)


def _tools(raw: object, where: str, fallback_kinds: bool) -> tuple[Tool, ...]:
    if not isinstance(raw, list):  # an empty list is an item offering no tool at all
        raise ToolsDataError(f"{where}: 'tools' must be a list of functions, got {raw!r:.80}")
    tools: list[Tool] = []
    for index, function in enumerate(raw):
        if not isinstance(function, dict):
            raise ToolsDataError(f"{where}: tool {index} must be an object, got {type(function).__name__}")
        try:
            tool = schema_tool(function, fallback_kinds=fallback_kinds)
            tools.append(builtin_twin(tool) or tool)
        except SchemaError as err:
            raise ToolsDataError(f"{where}: tool {index}: {err}") from err
    names = [t.id for t in tools]
    if doubled := sorted({n for n in names if names.count(n) > 1}):
        raise ToolsDataError(f"{where}: tools {doubled!r} are offered twice; each name once")
    return tuple(tools)


def _expected(row: Mapping[str, object], tools: Sequence[Tool], where: str) -> Expected | None:
    raw = row.get("expected")
    if raw is None:
        return None
    if raw in ("ask", "none"):
        return "ask" if raw == "ask" else "none"
    if not isinstance(raw, dict):
        raise ToolsDataError(
            f'{where}: \'expected\' must be a call {{name, arguments}}, "ask" or "none"; got {raw!r:.80}'
        )
    name, arguments, accepted = raw.get("name"), raw.get("arguments", {}), raw.get("accepted", {})
    tool = next((t for t in tools if t.id == name), None)
    if tool is None:
        offered = ", ".join(t.id for t in tools)
        raise ToolsDataError(f"{where}: the expected call names {name!r}, which is not offered; tools: {offered}")
    if not isinstance(arguments, dict):
        raise ToolsDataError(f"{where}: expected 'arguments' must be an object, got {arguments!r:.80}")
    if not isinstance(accepted, dict) or not all(isinstance(v, list) for v in accepted.values()):
        raise ToolsDataError(f"{where}: expected 'accepted' must map each argument to a list of values")
    slots = {s.name for s in tool.slots}
    if unknown := [a for a in dict.fromkeys([*arguments, *accepted]) if a not in slots]:
        raise ToolsDataError(f"{where}: expected arguments {unknown!r} are not parameters of {name!r}: {sorted(slots)}")
    return ExpectedCall(name=tool.id, arguments=arguments, accepted={k: tuple(v) for k, v in accepted.items()})
