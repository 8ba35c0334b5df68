"""Training examples from function-calling items nobody wrote for the generator (``bench tools`` files: BFCL,
Seal-Tools, a user's own catalogue): the tool choice among the item's tools and the value of each argument.

The questions are built by the loop's own code (``step_asks``, ``args_ask`` over the extractor's candidates), so
the model learns exactly what it is asked at run time. An argument's label is the offered option that an
accepted value matches; when none does, NONE (none of these is the right value), unless the value is written
in the goal in a form no option matches: that question is left out. An item that expects no tool
("none": BFCL irrelevance, Seal-Tools with the gold tool removed) teaches pick_tool's NONE among its tools.
needs_tool is left out: it reads the steps, not the tools offered.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from decisionloop.core.questions import ChoiceQuestion
from decisionloop.core.tool import NONE, Tool
from decisionloop.core.vocab import ARG_PREFIX
from decisionloop.extract import extract
from decisionloop.gold.accept import accepts, occurs
from decisionloop.gold.tools_items import ExpectedCall, ToolsItem
from decisionloop.loop.asks import args_ask
from decisionloop.loop.frames import RunView
from decisionloop.model.features import frame
from decisionloop.spec.model import Spec
from decisionloop.training.examples import Example, tool_example


def item_examples(items: Iterable[ToolsItem], spec: Spec) -> list[Example]:
    """The examples of every item that expects a call or no tool (ask items teach nothing here)."""
    out: list[Example] = []
    for item in items:
        if isinstance(item.expected, ExpectedCall):
            out += _tool_examples(item, item.expected.name, spec)
            out += _arg_examples(item, item.expected, spec)
        elif item.expected == "none" and item.tools:
            out += _tool_examples(item, NONE, spec)
    return out


def _tool_examples(item: ToolsItem, right: str, spec: Spec) -> list[Example]:
    """pick_tool over every tool of the item (and NONE), labelled ``right``."""
    return [tool_example(spec, item.question, item.tools, right)]


def _arg_examples(item: ToolsItem, expected: ExpectedCall, spec: Spec) -> list[Example]:
    tool = next(t for t in item.tools if t.id == expected.name)
    candidates = extract(item.question, [])
    view = RunView(goal=item.question, tool=tool.id, tool_description=tool.description)
    asked, _missing = args_ask(spec, view, tool, candidates)
    if asked is None:
        return []
    accepted = expected.accepted_values()
    examples = []
    for qid, question in asked.ask.questions.items():
        name = qid.removeprefix(ARG_PREFIX)
        if not isinstance(question, ChoiceQuestion) or name not in accepted:
            continue
        label = _label(question, accepted[name], _is_fixed(tool, name), item.question)
        if label is not None:
            examples.append(Example(framed=frame(asked.ask.state, question), label=label, question="arg"))
    return examples


def _is_fixed(tool: Tool, name: str) -> bool:
    return tool.slot(name).is_fixed


def _label(question: ChoiceQuestion, accepted: Sequence[object], fixed: bool, goal: str) -> int | None:
    """The option an accepted value matches; NONE when none does (or when the value may be left out and is);
    None for a fixed list that lacks the value, or when the value is written in the goal but no option is it
    ("opens on Sundays" with no such span): a question with no right answer, or whose right answer the
    extractor missed, teaches nothing (NONE there would teach "none of these" beside the value itself)."""
    names = [o.name for o in question.options]
    left_out = any(v is None or v == "" for v in accepted)
    for i, name in enumerate(names):
        if name != NONE and any(accepts(v, name) for v in accepted if v not in (None, "")):
            return i
    if not left_out and any(occurs(v, goal) for v in accepted):
        return None
    if NONE in names and (left_out or not fixed):
        return names.index(NONE)
    return None
