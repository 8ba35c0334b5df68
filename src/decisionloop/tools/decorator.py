"""The ``@tool`` decorator: a typed Python function becomes a ``Tool`` whose slots come from its annotations.

::

    @tool(description="Get the opening hours of a shop")
    def hours(shop: Annotated[str, Span("org", "proper")], day: Literal["today", "sunday"]) -> str:
        ...

``Literal[...]`` of strings or an ``Enum`` makes a fixed slot; ``Annotated[str, Span(...)]`` a span slot of
those kinds; plain ``str`` a span slot of every kind. A parameter named ``ctx`` receives the ``ToolContext``.
The function returns ``str`` (the observation and answer) or a ``ToolResult``.
"""

from __future__ import annotations

import inspect
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from enum import Enum
from typing import Annotated, Literal, get_args, get_origin

from decisionloop.core.questions import Option
from decisionloop.core.tool import SPAN_KINDS, Preview, Risk, Runner, Slot, SpanKind, Tool, ToolContext, ToolResult

__all__ = ["Span", "tool"]

_ANNOTATION_HELP = "annotate it as str, Literal['a', 'b'], an Enum subclass or Annotated[str, Span(...)]"
ToolFunction = Callable[..., str | ToolResult]


@dataclass(frozen=True, slots=True, init=False)
class Span:
    """Marks a ``str`` parameter as a span slot: ``Annotated[str, Span("place", "proper", instruction=...)]``."""

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
class _Param:
    """How one function parameter is filled: from a slot (converted) or, for ``ctx``, the ToolContext."""

    name: str
    slot: Slot | None
    convert: Callable[[str], object]
    required: bool


def _default_instruction(name: str) -> str:
    return f"Which value should fill '{name}'?"


def _span_slot(name: str, span: Span) -> Slot:
    slot = Slot(name=name, instruction=span.instruction or _default_instruction(name), kinds=span.kinds)
    return slot if span.none is None else replace(slot, none=span.none)


def _fixed_slot(name: str, values: tuple[str, ...]) -> Slot:
    return Slot(name=name, instruction=_default_instruction(name), fixed=tuple(Option(name=v) for v in values))


def _enum_param(name: str, hint: type[Enum]) -> tuple[Slot, Callable[[str], object]]:
    members = {str(member.value): member for member in hint}
    return _fixed_slot(name, tuple(members)), members.__getitem__


def _slot_for(where: str, name: str, hint: object) -> tuple[Slot, Callable[[str], object]]:
    """The slot a parameter annotation asks for, and how to turn the slot value into the argument."""
    if hint is str:
        return _span_slot(name, Span()), str
    if get_origin(hint) is Annotated:
        base, *meta = get_args(hint)
        spans = [m for m in meta if isinstance(m, Span)]
        if base is str and len(spans) == 1:
            return _span_slot(name, spans[0]), str
    if get_origin(hint) is Literal and all(isinstance(v, str) for v in get_args(hint)):
        return _fixed_slot(name, get_args(hint)), str
    if isinstance(hint, type) and issubclass(hint, Enum) and len(hint) > 0:
        return _enum_param(name, hint)
    raise TypeError(f"parameter {name!r} of {where} has the annotation {hint!r}; {_ANNOTATION_HELP}")


def _params(fn: ToolFunction, where: str) -> tuple[_Param, ...]:
    try:
        hints = typing.get_type_hints(fn, include_extras=True)
    except NameError as error:
        raise TypeError(f"cannot read the annotations of {where}: {error}; define the types at module level") from None
    params = []
    for p in inspect.signature(fn).parameters.values():
        if p.kind not in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY):
            raise TypeError(f"parameter {p.name!r} of {where} is {p.kind.description}; tools take named parameters")
        required = p.default is p.empty
        if p.name == "ctx":
            params.append(_Param(name=p.name, slot=None, convert=str, required=required))
            continue
        if p.name not in hints:
            raise TypeError(f"parameter {p.name!r} of {where} has no annotation; {_ANNOTATION_HELP}")
        slot, convert = _slot_for(where, p.name, hints[p.name])
        params.append(_Param(name=p.name, slot=slot, convert=convert, required=required))
    return tuple(params)


def _invalid(param: _Param, value: str, tool_id: str) -> ToolResult | None:
    """A failed result when ``value`` is not one of a fixed slot's options."""
    slot = param.slot
    if slot is None or not slot.is_fixed or value in {o.name for o in slot.fixed}:
        return None
    options = ", ".join(o.name for o in slot.fixed)
    return ToolResult(
        ok=False, observation=f"{value!r} is not a valid {param.name!r} for {tool_id!r}; pick one of: {options}."
    )


def _arguments(
    params: tuple[_Param, ...], args: Mapping[str, str], ctx: ToolContext, tool_id: str
) -> dict[str, object] | ToolResult:
    """The keyword arguments of the call, or a failed result naming the missing or invalid value."""
    kwargs: dict[str, object] = {}
    for param in params:
        if param.slot is None:
            kwargs[param.name] = ctx
        elif param.name in args:
            problem = _invalid(param, args[param.name], tool_id)
            if problem is not None:
                return problem
            kwargs[param.name] = param.convert(args[param.name])
        elif param.required:
            return ToolResult(ok=False, observation=f"{tool_id!r} needs a value for {param.name!r}; none was given.")
    return kwargs


def _result(out: object, tool_id: str) -> ToolResult:
    if isinstance(out, ToolResult):
        return out
    if isinstance(out, str):
        return ToolResult(observation=out, answer=out)
    return ToolResult(ok=False, observation=f"{tool_id!r} returned a {type(out).__name__}, not a str or ToolResult.")


def _runner(fn: ToolFunction, params: tuple[_Param, ...], tool_id: str) -> Runner:
    def run(args: Mapping[str, str], ctx: ToolContext) -> ToolResult:
        kwargs = _arguments(params, args, ctx, tool_id)
        if isinstance(kwargs, ToolResult):
            return kwargs
        try:
            out = fn(**kwargs)
        except Exception as error:  # a failing user tool is an observation, not a crash of the loop
            return ToolResult(ok=False, observation=f"{tool_id!r} failed: {type(error).__name__}: {error}")
        return _result(out, tool_id)

    return run


def _description(fn: ToolFunction, description: str | None, where: str) -> str:
    text = description or (inspect.getdoc(fn) or "").strip().split("\n")[0]
    if not text:
        raise TypeError(f"{where} has no description; pass @tool(description=...) or give the function a docstring")
    return text


def tool(
    *,
    description: str | None = None,
    name: str | None = None,
    side_effect: str | None = None,
    risk: Risk = 0,
    timeout_s: float | None = None,
    preview: Preview | None = None,
) -> Callable[[ToolFunction], Tool]:
    """Turn the decorated function into a ``Tool``; its id is ``name`` or the function name.

    ``description`` (default: the docstring's first line) is the option text the decision model reads;
    a tool that changes the world must say so in ``side_effect``, so the guard asks a person first; its
    ``preview(args, ctx)`` may return the ``Effect`` of a call, which the person then sees and approves.
    Bad annotations raise TypeError here, naming the parameter.
    """

    def decorate(fn: ToolFunction) -> Tool:
        tool_id = name or fn.__name__
        where = f"tool {tool_id!r}"
        params = _params(fn, where)
        return Tool(
            id=tool_id,
            description=_description(fn, description, where),
            slots=tuple(p.slot for p in params if p.slot is not None),
            run=_runner(fn, params, tool_id),
            side_effect=side_effect,
            risk=risk,
            timeout_s=timeout_s,
            preview=preview,
        )

    return decorate
