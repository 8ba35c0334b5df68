"""The JSON Schemas System 2's replies are held to: the planner's next step and the stop check's yes or no.

The planner's schema is one alternative per offered action (each tool, and finish), the action a one-value enum
and its arguments typed from the tool's slots, so a server that enforces it cannot return an action with another
tool's arguments. Every property is required, as strict mode wants; a slot that may be left out is nullable.
"""

from __future__ import annotations

from collections.abc import Sequence

from decisionloop.core.tool import Slot, SlotType, Tool
from decisionloop.core.vocab import ASK_USER, FINISH
from decisionloop.llm.chat import JsonSchema

PLAN_SCHEMA = "next_step"
STOP_SCHEMA = "goal_answered"
STOP_FIELD = "answered"
# Bounds on free text, so that a reply held to the schema also fits its max_tokens (a small model can run on
# inside a string until it is cut); the lower bound keeps a required value from being empty.
VALUE_CHARS = 100
REASON_CHARS = 60
_TEXT: dict[str, object] = {"type": "string", "minLength": 1, "maxLength": VALUE_CHARS}
_SCALARS: dict[SlotType, dict[str, object]] = {
    "integer": {"type": "integer"},
    "number": {"type": "number"},
    "boolean": {"type": "boolean"},
    "date": {"type": "string", "description": "a date, e.g. 2026-12-01"},
    "datetime": {"type": "string", "description": "a date and time, e.g. 2026-12-01T09:30"},
}


def plan_schema(tools: Sequence[Tool]) -> JsonSchema:
    """``{"action", "args", "reason"}``, one alternative per tool of ``tools`` and one for finish."""
    branches = [_branch(t.id, _args(t)) for t in tools if t.id != FINISH]
    branches.append(_branch(FINISH, _object({})))
    return JsonSchema(name=PLAN_SCHEMA, schema={"anyOf": branches} if len(branches) > 1 else branches[0])


def stop_schema() -> JsonSchema:
    """``{"answered": "yes" | "no"}``."""
    return JsonSchema(name=STOP_SCHEMA, schema=_object({STOP_FIELD: {"type": "string", "enum": ["yes", "no"]}}))


def slot_schema(slot: Slot) -> dict[str, object]:
    """The JSON Schema of one slot's value: its options, its scalar type, a list of its items; nullable when it may
    be left out."""
    if slot.is_fixed:
        value: dict[str, object] = {"type": "string", "enum": [o.name for o in slot.fixed]}
    elif slot.type == "list":
        value = {"type": "array", "items": _SCALARS.get(slot.item or "string", _TEXT)}
    else:
        value = dict(_SCALARS.get(slot.type, _TEXT))
    return value if slot.required else {"anyOf": [value, {"type": "null"}]}


def _args(tool: Tool) -> dict[str, object]:
    if tool.id == ASK_USER and not tool.slots:
        return _object({"question": _TEXT})
    return _object({s.name: slot_schema(s) for s in tool.slots})


def _branch(action: str, args: dict[str, object]) -> dict[str, object]:
    reason = {"type": "string", "maxLength": REASON_CHARS}
    return _object({"action": {"type": "string", "enum": [action]}, "args": args, "reason": reason})


def _object(properties: dict[str, object]) -> dict[str, object]:
    return {"type": "object", "properties": properties, "required": list(properties), "additionalProperties": False}
