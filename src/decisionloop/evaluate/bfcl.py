"""BFCL on System 1: needs_tool and pick_tool over an item's functions, then pick_args for the picked function.

Each BFCL function becomes a Tool whose runner is never called: only the decisions are scored. Every function
of an item is offered to pick_tool, without the ``tool_options`` filter the loop applies, so the figure measures
the choice itself; with a single function there is nothing to pick and that function is taken.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

from decisionloop.core.answers import ChoiceAnswer
from decisionloop.core.backend import DecisionBackend
from decisionloop.core.decision import Decision
from decisionloop.core.questions import Option
from decisionloop.core.tool import SPAN_KINDS, Slot, SpanKind, Tool, ToolContext, ToolResult
from decisionloop.decide import decide_batch
from decisionloop.evaluate.bfcl_data import BfclFunction, BfclItem, BfclParam
from decisionloop.evaluate.bfcl_score import ArgRecord, BfclRecord, extractable, offered
from decisionloop.extract import Candidate, extract, slot_options
from decisionloop.loop.asks import args_ask, step_asks
from decisionloop.loop.frames import RunView
from decisionloop.loop.gate import chosen_args
from decisionloop.spec.load import load_spec
from decisionloop.spec.model import Spec

NUMBER_TYPES = frozenset({"integer", "float", "number"})
NUMBER_KINDS: tuple[SpanKind, ...] = ("quantity", "expression")
TEXT_KINDS: tuple[SpanKind, ...] = tuple(k for k in SPAN_KINDS if k not in NUMBER_KINDS)
BOOLEAN_OPTIONS = (Option(name="true"), Option(name="false"))
PICK_QUESTION = "tool"

OnItem = Callable[[BfclRecord], None]


def param_slot(param: BfclParam) -> Slot:
    """An enum or a boolean becomes a fixed slot; a number takes numeric spans, a string text spans, else any."""
    instruction = param.description or f"The value of the argument {param.name!r}."
    if param.enum:
        return Slot(name=param.name, instruction=instruction, fixed=tuple(Option(name=v) for v in param.enum))
    if param.type == "boolean":
        return Slot(name=param.name, instruction=instruction, fixed=BOOLEAN_OPTIONS)
    kinds = NUMBER_KINDS if param.type in NUMBER_TYPES else TEXT_KINDS if param.type == "string" else SPAN_KINDS
    return Slot(name=param.name, instruction=instruction, kinds=kinds)


def bfcl_tool(function: BfclFunction) -> Tool:
    """A Tool for one BFCL function: its name, its description as the option text, a slot per parameter."""
    return Tool(
        id=function.name,
        description=function.description or function.name,
        slots=tuple(param_slot(p) for p in function.params),
        run=_not_run,
    )


def run_bfcl(
    items: Iterable[BfclItem], backend: DecisionBackend, *, spec: Spec | None = None, on_item: OnItem | None = None
) -> list[BfclRecord]:
    """Decide every item in order; ``on_item`` sees each record as soon as it is made (for a progress bar)."""
    used = spec or load_spec()
    records: list[BfclRecord] = []
    for item in items:
        records.append(run_item(item, backend, used))
        if on_item is not None:
            on_item(records[-1])
    return records


def run_item(item: BfclItem, backend: DecisionBackend, spec: Spec) -> BfclRecord:
    """One item: needs_tool and pick_tool in one request, then pick_args when the item has an accepted call."""
    tools = tuple(bfcl_tool(f) for f in item.functions)
    choices = tools if len(tools) > 1 else ()
    step = decide_batch(backend, [f.ask for f in step_asks(spec, RunView(goal=item.question), choices, 0)])
    tool = _picked(tools, step[1] if choices else None)
    candidates = extract(item.question, [])
    pick_args = _pick_args(item.question, tool, candidates, backend, spec) if item.gold is not None and tool else None
    decisions = [*step, *([pick_args] if pick_args is not None else [])]
    return BfclRecord(
        id=item.id,
        category=item.category,
        gold=item.gold.function if item.gold is not None else None,
        needs_tool=step[0].proposed,
        picked=tool.id if tool is not None else None,
        pick_asked=bool(choices),
        args=arg_records(item, tool, chosen_args(pick_args), candidates),
        automatic=not any(d.escalated for d in decisions),
        latencies_ms=(step[0].latency_ms, *([pick_args.latency_ms] if pick_args is not None else [])),
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


def _picked(tools: Sequence[Tool], pick: Decision | None) -> Tool | None:
    if pick is None:
        return tools[0] if len(tools) == 1 else None
    answer = pick.answers.get(PICK_QUESTION)
    if not isinstance(answer, ChoiceAnswer):
        return None
    return next((t for t in tools if t.id == answer.choice), None)


def _pick_args(
    question: str, tool: Tool, candidates: Sequence[Candidate], backend: DecisionBackend, spec: Spec
) -> Decision | None:
    view = RunView(goal=question, tool=tool.id, tool_description=tool.description)
    asked, _missing = args_ask(spec, view, tool, candidates)
    return decide_batch(backend, [asked.ask])[0] if asked is not None else None


def _not_run(args: Mapping[str, str], context: ToolContext) -> ToolResult:
    return ToolResult(observation="BFCL functions are not run: the benchmark scores the decisions only", ok=False)
