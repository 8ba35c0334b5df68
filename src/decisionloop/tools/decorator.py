"""The ``@tool`` decorator: a typed Python function becomes a ``Tool`` whose slots come from its annotations.

::

    @tool(description="Get the opening hours of a shop")
    def hours(shop: Annotated[str, Span("org", "proper")], day: date, late: bool = False) -> str:
        ...

Each parameter's type is its slot's type (``tools.params`` lists them): ``str`` a span slot of every kind,
``Annotated[str, Span(...)]`` of those kinds, ``Literal[...]`` or an ``Enum`` a fixed slot, ``int``, ``float``,
``bool``, dates, durations, quantities and lists typed slots; a default or ``X | None`` makes it optional. A call's
text is read as the type; one that does not read fails the call, naming the parameter. A parameter named ``ctx``
receives the ``ToolContext``. The function returns ``str`` (the observation and answer) or a ``ToolResult``.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping

from decisionloop.core.tool import Preview, Risk, Runner, Tool, ToolContext, ToolResult
from decisionloop.tools.params import Param, Span, params

__all__ = ["Span", "tool"]

ToolFunction = Callable[..., str | ToolResult]


def _unreadable(param: Param, value: str, tool_id: str) -> ToolResult:
    """A failed result naming the parameter, the value and what it should have been."""
    slot = param.slot
    if slot is not None and slot.is_fixed:
        options = ", ".join(o.name for o in slot.fixed)
        why = f"{value!r} is not a valid {param.name!r} for {tool_id!r}; pick one of: {options}."
    else:
        why = f"{param.name!r} of {tool_id!r} needs {param.expected}; got {value!r}."
    return ToolResult(ok=False, observation=why)


def _arguments(
    found: tuple[Param, ...], args: Mapping[str, str], ctx: ToolContext, tool_id: str
) -> dict[str, object] | ToolResult:
    """The keyword arguments of the call, or a failed result naming the missing or unreadable value."""
    kwargs: dict[str, object] = {}
    for param in found:
        if param.slot is None:
            kwargs[param.name] = ctx
        elif param.name in args:
            value = param.read(args[param.name], ctx.now.date())
            if value is None:
                return _unreadable(param, args[param.name], tool_id)
            kwargs[param.name] = value
        elif param.missing == "none":
            kwargs[param.name] = None
        elif param.missing == "fail":
            return ToolResult(ok=False, observation=f"{tool_id!r} needs a value for {param.name!r}; none was given.")
    return kwargs


def _result(out: object, tool_id: str) -> ToolResult:
    if isinstance(out, ToolResult):
        return out
    if isinstance(out, str):
        return ToolResult(observation=out, answer=out)
    return ToolResult(ok=False, observation=f"{tool_id!r} returned a {type(out).__name__}, not a str or ToolResult.")


def _runner(fn: ToolFunction, found: tuple[Param, ...], tool_id: str) -> Runner:
    def run(args: Mapping[str, str], ctx: ToolContext) -> ToolResult:
        kwargs = _arguments(found, args, ctx, tool_id)
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
    not_for: tuple[str, ...] = (),
) -> Callable[[ToolFunction], Tool]:
    """Turn the decorated function into a ``Tool``; its id is ``name`` or the function name.

    ``description`` (default: the docstring's first line) is the option text the decision model reads;
    a tool that changes the world must say so in ``side_effect``, so the guard asks a person first; its
    ``preview(args, ctx)`` may return the ``Effect`` of a call, which the person then sees and approves;
    ``not_for`` names, as words a goal asks with, what the tool cannot tell though a goal's words fit it (a call
    for such a goal is held). Bad annotations raise TypeError here, naming the parameter.
    """

    def decorate(fn: ToolFunction) -> Tool:
        tool_id = name or fn.__name__
        where = f"tool {tool_id!r}"
        found = params(fn, where)
        return Tool(
            id=tool_id,
            description=_description(fn, description, where),
            slots=tuple(p.slot for p in found if p.slot is not None),
            run=_runner(fn, found, tool_id),
            side_effect=side_effect,
            risk=risk,
            timeout_s=timeout_s,
            preview=preview,
            not_for=not_for,
        )

    return decorate
