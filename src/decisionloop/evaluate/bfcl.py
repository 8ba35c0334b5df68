"""BFCL on System 1: needs_tool and pick_tool over an item's functions, then pick_args for the picked function.

Each BFCL function becomes a Tool whose runner is never called: only the decisions are scored. Every function
of an item is offered to pick_tool with NONE ("none of these fits"), without the ``tool_options`` filter the loop
applies, so the figure measures the choice itself; a single function is offered against NONE too.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

from decisionloop.core.backend import DecisionBackend
from decisionloop.core.tool import Slot, Tool
from decisionloop.evaluate.bfcl_data import BfclFunction, BfclItem
from decisionloop.evaluate.bfcl_score import ArgRecord, BfclRecord, extractable, offered
from decisionloop.evaluate.tools_bench import decide_tools
from decisionloop.extract import Candidate, slot_options
from decisionloop.loop.gate import chosen_args
from decisionloop.model.matching import Matcher
from decisionloop.spec.load import load_spec
from decisionloop.spec.model import Spec
from decisionloop.tools.schema import schema_tool

OnItem = Callable[[BfclRecord], None]


def bfcl_tool(function: BfclFunction) -> Tool:
    """A Tool for one BFCL function, through the JSON Schema path: typed slots, ``required`` kept; the extractor
    offers each typed slot the spans that read as its type."""
    return schema_tool(function.schema, fallback_kinds=False)


def run_bfcl(
    items: Iterable[BfclItem],
    backend: DecisionBackend,
    *,
    spec: Spec | None = None,
    on_item: OnItem | None = None,
    matcher: Matcher | None = None,
) -> list[BfclRecord]:
    """Decide every item in order; ``on_item`` sees each record as soon as it is made (for a progress bar);
    ``matcher`` holds a pick of no tool as a run's first step is held (``model.matching``)."""
    used = spec or load_spec()
    records: list[BfclRecord] = []
    for item in items:
        records.append(run_item(item, backend, used, matcher=matcher))
        if on_item is not None:
            on_item(records[-1])
    return records


def run_item(item: BfclItem, backend: DecisionBackend, spec: Spec, *, matcher: Matcher | None = None) -> BfclRecord:
    """One item: needs_tool and pick_tool in one request, then pick_args when the item has an accepted call and a
    function was picked.

    An optional parameter with no value is left out, not missing; a required one with no candidate keeps the
    item from being automatic, as the loop's gate holds such a step; so does what the gate holds a first step for
    beside another tool (``Decided.overlooked``).
    """
    tools = tuple(bfcl_tool(f) for f in item.functions)
    decided = decide_tools(item.question, tools, backend, spec, args=item.gold is not None, matcher=matcher)
    tool = decided.tool
    return BfclRecord(
        id=item.id,
        category=item.category,
        gold=item.gold.function if item.gold is not None else None,
        calls=tool is not None,
        picked=tool.id if tool is not None else None,
        several=len(tools) > 1,
        args=arg_records(item, tool, chosen_args(decided.pick_args), decided.candidates),
        automatic=decided.automatic and not decided.overlooked,
        latencies_ms=tuple(d.latency_ms for d in decided.decisions if d.block != "pick_tool"),
    )


def arg_records(
    item: BfclItem, tool: Tool | None, picks: Mapping[str, str], candidates: Sequence[Candidate]
) -> tuple[ArgRecord, ...]:
    """One record per argument of the accepted call; picks count only when they are for the accepted function."""
    if item.gold is None:
        return ()
    right_tool = tool is not None and tool.id == item.gold.function
    slots = _gold_slots(item.functions, item.gold.function)
    return tuple(
        ArgRecord(
            name=arg.name,
            accepted=arg.accepted,
            optional=arg.optional,
            extractable=extractable(arg.accepted, slots.get(arg.name), item.question),
            offered=_offered(arg.accepted, slots.get(arg.name), candidates),
            picked=picks.get(arg.name) if right_tool else None,
        )
        for arg in item.gold.args
    )


def _offered(accepted: Sequence[object], slot: Slot | None, candidates: Sequence[Candidate]) -> bool:
    return slot is not None and offered(accepted, slot_options(slot, candidates))


def _gold_slots(functions: Sequence[BfclFunction], name: str) -> dict[str, Slot]:
    function = next((f for f in functions if f.name == name), None)
    return {} if function is None else {s.name: s for s in bfcl_tool(function).slots}
