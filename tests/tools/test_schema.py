"""JSON Schema functions become tools with typed slots: the conversion table, aliases, defaults and errors."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from decisionloop.core.tool import SPAN_KINDS, Slot, SlotType, SpanKind, ToolContext
from decisionloop.tools.builtin import builtin_tools, builtin_twin
from decisionloop.tools.schema import NUMBER_KINDS, TEXT_KINDS, SchemaError, schema_slot, schema_tool

# (property schema, type, item, fixed option names, kinds without fallback, kinds with fallback)
TABLE: list[tuple[dict[str, object], SlotType, SlotType | None, list[str], tuple[SpanKind, ...], tuple[SpanKind, ...]]]
TABLE = [
    ({"type": "string"}, "string", None, [], TEXT_KINDS, TEXT_KINDS),
    ({"type": "integer"}, "integer", None, [], (), NUMBER_KINDS),
    ({"type": "number"}, "number", None, [], (), NUMBER_KINDS),
    ({"type": "float"}, "number", None, [], (), NUMBER_KINDS),
    ({"type": "int"}, "integer", None, [], (), NUMBER_KINDS),
    ({"type": "boolean"}, "boolean", None, ["true", "false"], (), ()),
    ({"type": "bool"}, "boolean", None, ["true", "false"], (), ()),
    ({"type": "string", "enum": ["celsius", "fahrenheit", ""]}, "enum", None, ["celsius", "fahrenheit"], (), ()),
    ({"type": "integer", "enum": [1, 2]}, "enum", None, ["1", "2"], (), ()),
    ({"type": "string", "format": "date"}, "date", None, [], (), ("date",)),
    ({"type": "string", "format": "date-time"}, "datetime", None, [], (), ("date",)),
    ({"type": "string", "description": "The day, formatted as YYYY-MM-DD."}, "date", None, [], (), ("date",)),
    ({"type": "string", "description": "The day (MM/DD/YYYY)."}, "string", None, [], TEXT_KINDS, TEXT_KINDS),
    ({"type": "string", "description": "When: yyyy-mm-dd hh:mm"}, "string", None, [], TEXT_KINDS, TEXT_KINDS),
    ({"type": "string", "description": "The date (e.g., 2022-12-31)"}, "date", None, [], (), ("date",)),
    (
        {"type": "string", "description": "When (e.g., '2022-01-01 10:00:00')"},
        "string",
        None,
        [],
        TEXT_KINDS,
        TEXT_KINDS,
    ),
    ({"type": "string", "format": "email"}, "string", None, [], TEXT_KINDS, TEXT_KINDS),
    ({"type": "array", "items": {"type": "string"}}, "list", "string", [], TEXT_KINDS, TEXT_KINDS),
    ({"type": "array", "items": {"type": "integer"}}, "list", "integer", [], (), NUMBER_KINDS),
    ({"type": "tuple", "items": {"type": "float"}}, "list", "number", [], (), NUMBER_KINDS),
    ({"type": "array", "items": {"type": "string", "format": "date"}}, "list", "date", [], (), ("date",)),
    ({"type": "array"}, "list", "string", [], TEXT_KINDS, TEXT_KINDS),
    ({"type": "object", "properties": {"a": {"type": "string"}}}, "string", None, [], SPAN_KINDS, SPAN_KINDS),
    ({"type": "dict"}, "string", None, [], SPAN_KINDS, SPAN_KINDS),
    ({"type": "any"}, "string", None, [], SPAN_KINDS, SPAN_KINDS),
    ({}, "string", None, [], SPAN_KINDS, SPAN_KINDS),
    ({"type": ["integer", "null"]}, "integer", None, [], (), NUMBER_KINDS),
]


@pytest.mark.parametrize(("schema", "kind", "item", "fixed", "kinds", "fallback"), TABLE)
def test_the_conversion_table(
    schema: dict[str, object],
    kind: SlotType,
    item: SlotType | None,
    fixed: list[str],
    kinds: tuple[SpanKind, ...],
    fallback: tuple[SpanKind, ...],
) -> None:
    slot = schema_slot("x", schema, required=True)
    assert (slot.type, slot.item, [o.name for o in slot.fixed], slot.kinds) == (kind, item, fixed, kinds)
    assert schema_slot("x", schema, required=True, fallback_kinds=True).kinds == fallback


WEATHER = {
    "type": "function",
    "function": {
        "name": "get_weather",
        "description": "Get the weather for a city.",
        "parameters": {
            "type": "object",
            "properties": {
                "city": {"type": "string", "description": "The city, e.g. Boston."},
                "days": {"type": "integer", "default": 3},
                "detailed": {"type": "boolean", "default": False},
                "unit": {"type": "string", "enum": ["c", "f"], "default": "c"},
            },
            "required": ["city"],
        },
    },
}


def test_a_function_becomes_a_tool_with_required_defaults_and_instructions() -> None:
    tool = schema_tool(WEATHER)
    assert (tool.id, tool.description) == ("get_weather", "Get the weather for a city.")
    city, days, detailed, unit = tool.slots
    assert city == Slot(name="city", instruction="The city, e.g. Boston.", kinds=TEXT_KINDS)
    assert (days.required, days.default, days.instruction) == (False, "3", "The value of the argument 'days'.")
    assert (detailed.default, unit.default, unit.type) == ("false", "c", "enum")
    assert not tool.run({}, ToolContext(now=datetime(2026, 1, 1, tzinfo=UTC))).ok


def test_a_function_without_parameters_or_description() -> None:
    tool = schema_tool({"name": "ping"})
    assert (tool.slots, tool.description) == ((), "ping")


@pytest.mark.parametrize(
    ("function", "message"),
    [
        ({"description": "no name"}, "a function needs a non-empty 'name', got None"),
        ({"name": "f", "parameters": []}, "function 'f': 'parameters' must be a JSON Schema object"),
        (
            {"name": "f", "parameters": {"properties": {"a": {}}, "required": ["b"]}},
            "function 'f': required ['b'] not among its properties ['a']",
        ),
        ({"name": "f", "parameters": {"properties": {"a": "text"}}}, "parameter 'a' must be a schema object"),
        ({"name": "f", "parameters": {"properties": {"a": {"type": "text"}}}}, "unknown type 'text'; known: string"),
        ({"name": "f", "parameters": {"properties": {"a": {"enum": "ab"}}}}, "'enum' must be a non-empty list"),
    ],
)
def test_bad_schemas_say_what_is_wrong(function: dict[str, object], message: str) -> None:
    with pytest.raises(SchemaError, match=message.replace("[", r"\[").replace("]", r"\]")):
        schema_tool(function)


@pytest.mark.parametrize(
    ("name", "description", "instruction"),
    [
        ("base", "The base of the triangle.", "The base of the triangle."),
        ("start_location", "Starting location", "Starting location (start_location)"),
        ("startLocation", "The place to start", "The place to start (startLocation)"),
        ("city", "", "The value of the argument 'city'."),
    ],
)
def test_the_instruction_names_the_parameter_where_its_description_does_not(
    name: str, description: str, instruction: str
) -> None:
    assert schema_slot(name, {"type": "string", "description": description}, required=True).instruction == instruction


@pytest.mark.parametrize("name", ["year", "season", "fiscal_year"])
def test_a_text_slot_named_for_a_year_or_season_takes_a_number_too(name: str) -> None:
    slot = schema_slot(name, {"type": "string"}, required=True)
    assert slot.kinds == (*TEXT_KINDS, "number")  # "2022", "the 2021 La Liga season"
    assert schema_slot("team", {"type": "string"}, required=True).kinds == TEXT_KINDS


def test_a_function_that_is_a_built_in_tool_reads_as_that_tool_and_no_other_does() -> None:
    weather = next(t for t in builtin_tools() if t.id == "weather")
    place = {"type": "string", "description": "Which place should the weather forecast be for?"}
    when = {"type": "string", "enum": ["today", "tomorrow", "weekend", "week"]}
    function = {
        "name": "weather",
        "description": weather.description,
        "parameters": {"type": "object", "properties": {"place": place, "when": when}, "required": ["place", "when"]},
    }
    twin = builtin_twin(schema_tool(function))
    assert twin is not None
    assert twin.slots == weather.slots  # the place's span kinds and NONE's words, which the schema does not carry
    other = {**function, "description": "My own weather station."}
    assert builtin_twin(schema_tool(other)) is None
    fewer = {**function, "parameters": {"type": "object", "properties": {"place": place}, "required": ["place"]}}
    assert builtin_twin(schema_tool(fewer)) is None
