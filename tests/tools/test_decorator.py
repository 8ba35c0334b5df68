"""The @tool decorator: slots from annotations, the context, results, and clear errors for bad annotations."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from enum import Enum
from typing import Annotated, Literal

import pytest

from decisionloop.core.questions import Option
from decisionloop.core.tool import SPAN_KINDS, Effect, Slot, Tool, ToolContext, ToolResult
from decisionloop.tools.decorator import Span, tool

CTX = ToolContext(now=datetime(2026, 9, 24, 12, tzinfo=UTC))


class Size(Enum):
    SMALL = "small"
    LARGE = "large"


class NoMembers(Enum):
    pass


@tool(description="Order a coffee at a cafe", side_effect="places an order", risk=2)
def order(
    cafe: Annotated[str, Span("place", "org", instruction="Which cafe?", none="No cafe")],
    size: Size,
    milk: Literal["oat", "cow", "none"],
    note: str = "",
) -> str:
    return f"{size.value} coffee with {milk} milk at {cafe}{note}"


@tool(name="clock")
def what_time(ctx: ToolContext) -> ToolResult:
    """Tell the time.

    Longer text the option does not show.
    """
    return ToolResult(observation=ctx.now.isoformat(), answer="noon", data={"hour": ctx.now.hour})


def test_the_decorated_function_is_a_tool() -> None:
    assert isinstance(order, Tool)
    assert (order.id, order.description, order.side_effect, order.risk) == (
        "order",
        "Order a coffee at a cafe",
        "places an order",
        2,
    )


def test_a_tool_may_declare_a_preview_of_its_effect() -> None:
    def effect(args: Mapping[str, str], ctx: ToolContext) -> Effect:
        return Effect(text=f"orders a coffee at {args['cafe']}")

    @tool(description="Order a coffee", side_effect="places an order", preview=effect)
    def coffee(cafe: str) -> str:
        return f"ordered at {cafe}"

    assert order.preview is None
    assert coffee.preview is effect
    assert coffee.preview({"cafe": "Blue Bottle"}, CTX).text == "orders a coffee at Blue Bottle"


def test_slots_come_from_the_annotations() -> None:
    assert order.slots == (
        Slot(name="cafe", instruction="Which cafe?", kinds=("place", "org"), none="No cafe"),
        Slot(
            name="size",
            instruction="Which value should fill 'size'?",
            fixed=(Option(name="small"), Option(name="large")),
            type="enum",
        ),
        Slot(
            name="milk",
            instruction="Which value should fill 'milk'?",
            fixed=(Option(name="oat"), Option(name="cow"), Option(name="none")),
            type="enum",
        ),
        Slot(name="note", instruction="Which value should fill 'note'?", kinds=SPAN_KINDS, required=False, default=""),
    )


def test_a_call_converts_enums_and_returns_the_text_as_observation_and_answer() -> None:
    result = order.run({"cafe": "Blue Bottle", "size": "large", "milk": "oat"}, CTX)
    assert result == ToolResult(
        observation="large coffee with oat milk at Blue Bottle", answer="large coffee with oat milk at Blue Bottle"
    )


def test_ctx_is_passed_and_a_tool_result_is_returned_as_is() -> None:
    assert what_time.id == "clock"
    assert what_time.description == "Tell the time."
    assert what_time.slots == ()
    assert what_time.run({}, CTX) == ToolResult(
        observation="2026-09-24T12:00:00+00:00", answer="noon", data={"hour": 12}
    )


@pytest.mark.parametrize(
    ("args", "why"),
    [
        (
            {"cafe": "X", "size": "huge", "milk": "oat"},
            "'huge' is not a valid 'size' for 'order'; pick one of: small, large",
        ),
        (
            {"cafe": "X", "size": "small", "milk": "soy"},
            "'soy' is not a valid 'milk' for 'order'; pick one of: oat, cow",
        ),
        ({"size": "small", "milk": "oat"}, "'order' needs a value for 'cafe'"),
    ],
)
def test_bad_values_fail_without_calling_the_function(args: dict[str, str], why: str) -> None:
    result = order.run(args, CTX)
    assert not result.ok
    assert why in result.observation


def test_an_exception_in_the_tool_becomes_a_failed_result() -> None:
    @tool(description="Always breaks")
    def broken(x: str) -> str:
        raise RuntimeError(f"cannot handle {x}")

    result = broken.run({"x": "this"}, CTX)
    assert (result.ok, result.observation) == (False, "'broken' failed: RuntimeError: cannot handle this")


def test_a_wrong_return_type_becomes_a_failed_result() -> None:
    @tool(description="Returns a number")
    def numeric(x: str) -> str:
        return 42  # type: ignore[return-value]

    result = numeric.run({"x": "1"}, CTX)
    assert (result.ok, result.observation) == (False, "'numeric' returned a int, not a str or ToolResult.")


def _decorate(fn: Callable[..., str | ToolResult]) -> Tool:
    return tool(description="A test tool")(fn)


def _unannotated(x) -> str:  # type: ignore[no-untyped-def]
    return ""


def _star_args(*names: str) -> str:
    return ""


def _star_kwargs(**names: str) -> str:
    return ""


def _empty_enum(choice: NoMembers) -> str:
    return ""


def _two_types(x: int | str) -> str:
    return ""


def _nested_list(rows: list[list[int]]) -> str:
    return ""


def _pair(point: tuple[int, str]) -> str:
    return ""


def _bare_list(names: list) -> str:  # type: ignore[type-arg]
    return ""


def _mapping(table: dict[str, int]) -> str:
    return ""


def _float_literal(level: Literal[1.5, 2.5]) -> str:  # type: ignore[valid-type]
    return ""


def _list_of_enum(sizes: list[Size]) -> str:
    return ""


def _span_on_fixed(milk: Annotated[Literal["oat", "cow"], Span("place")]) -> str:
    return ""


def _two_descriptions(x: Annotated[int, "one", "two"]) -> str:
    return ""


@pytest.mark.parametrize(
    ("fn", "parameter", "why"),
    [
        (_unannotated, "x", "has no annotation; annotate it as str, int, float, bool"),
        (_star_args, "names", "tools take named parameters"),
        (_star_kwargs, "names", "tools take named parameters"),
        (_empty_enum, "choice", "which has no members"),
        (_two_types, "x", "a parameter takes one type"),
        (_nested_list, "rows", "a list holds str, int"),
        (_pair, "point", "tuple[X, ...]"),
        (_bare_list, "names", "say its item type"),
        (_mapping, "table", "has the annotation dict[str, int]; annotate it as"),
        (_float_literal, "level", "Literal values must be strings or integers"),
        (_list_of_enum, "sizes", "a list holds str, int"),
        (_span_on_fixed, "milk", "Span(...) is only for span slots"),
        (_two_descriptions, "x", "more than one Span(...) or description"),
    ],
)
def test_bad_annotations_raise_type_error_naming_the_parameter(
    fn: Callable[..., str | ToolResult], parameter: str, why: str
) -> None:
    with pytest.raises(TypeError, match=f"parameter '{parameter}' of tool '{fn.__name__}'") as raised:
        _decorate(fn)
    assert why in str(raised.value)


def test_unresolvable_annotations_raise_type_error() -> None:
    def local(x: Missing) -> str:  # type: ignore[name-defined]  # noqa: F821
        return ""

    with pytest.raises(TypeError, match="cannot read the annotations of tool 'local'"):
        _decorate(local)


def test_a_tool_needs_a_description() -> None:
    def quiet(x: str) -> str:
        return x

    with pytest.raises(TypeError, match="tool 'quiet' has no description"):
        tool()(quiet)


def test_span_rejects_unknown_kinds() -> None:
    with pytest.raises(ValueError, match="unknown span kind 'city'; known: place"):
        Span("city")  # type: ignore[arg-type]


def test_span_without_kinds_accepts_every_kind() -> None:
    assert Span().kinds == SPAN_KINDS
