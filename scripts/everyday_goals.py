"""Everyday goals of our own, run end to end through the loop with a decision model, unattended: what each run did.

Sixteen requests no tool serves (a limerick, a motivational quote, "translate good morning into French", small
talk) and eight that need one tool, written for this script, not taken from any held-out set. Each goal runs with
the built-in tools, nobody at hand (a held step is declined, a change is not approved), and no LLM. A line per
goal says how the run ended, the tools it called or proposed, needs_tool's probability at the first step, and
pick_tool's first choice there. Totals: the no-tool goals that proposed or ran a tool, that ended saying no tool
fits, that were held; the tool goals whose first step picked the expected tool, and those that proposed or ran
another.

The web tools (wiki_lookup, wikidata_fact, weather) need the network; offline their runs end no_answer. On
2026-12-05 (offline), decisionloop-0.1.0-202612021745 (the model that shipped until then) → 0.1.0-202612051146:

    no-tool goals (16): a tool proposed or run 0 → 0, no_tool 9 → 8, held 7 → 8, needs_tool < .5 at the first step
    3 → 10 (a held stop at the first step goes to the LLM or a person; it ends the run only with NONE over the gate)
    tool goals (8): the expected tool picked first 8 → 8, another tool proposed or run 0 → 0; "who was Ada
    Lovelace" ran wiki_lookup at .98 before and is held now (.60, wikidata_fact second)

With NONE's own gate (DECISION.md, the same day and model): no_tool 8 → 6, held 8 → 10 ("translate good morning
into French" and "I feel sad today", NONE at .97-.98 with needs_tool over .5, are held); the tool goals as before.

On 2026-12-07 (offline), decisionloop-0.1.0-202612060321 → 0.1.0-202612071519 (the built-in tools' own tool head,
trained with everyday requests): no-tool goals no_tool 7 → 15, held 9 → 1 ("compose a sonnet about the ocean":
NONE .64), a tool proposed or run 0 → 0; tool goals as before, "who was Ada Lovelace" picked at 1.00, not held.

Usage: python scripts/everyday_goals.py [--model-dir DIR]
"""

from __future__ import annotations

import argparse
from datetime import UTC, datetime
from pathlib import Path

from decisionloop.core.answers import ChoiceAnswer, NoulAnswer
from decisionloop.core.records import RunResult
from decisionloop.core.tool import NONE, ToolContext
from decisionloop.driver import Seams, drive
from decisionloop.journal.events import MemoryJournal
from decisionloop.loop.agent import Limits, LoopSetup
from decisionloop.model.backend import ModelBackend, ModelFiles, model_thresholds
from decisionloop.model.matching import shipped_matcher
from decisionloop.spec import load_spec
from decisionloop.system2.terminal import Declining
from decisionloop.tools.builtin import builtin_tools

NOW = datetime(2026, 12, 1, 9, 30, tzinfo=UTC)
NO_TOOL = (
    "write a haiku about rain",
    "write a limerick about cats",
    "compose a sonnet about the ocean",
    "compose an email to my boss asking for friday off",
    "tell me something funny",
    "what's your favourite colour?",
    "hello",
    "hi",
    "thanks!",
    "thank you, bye",
    "write a short speech for my dad's 60th",
    "give me a motivational quote",
    "can you help me name my band",
    "I feel sad today",
    "translate good morning into French",
    "summarise this: the council met on Tuesday and agreed to close the library early",
)
TOOL_GOALS = (
    ("who was Ada Lovelace", "wiki_lookup"),
    ("what time is it in Tokyo", "clock"),
    ("what is the population of Kenya", "wikidata_fact"),
    ("what is 17 times 23", "calculator"),
    ("convert 5 miles to km", "unit_convert"),
    ("what's the date 3 weeks from today", "date_math"),
    ("what did I note about the spare key", "note_search"),
    ("delete my note about the dentist", "note_delete"),
)


def unattended(directory: Path | None) -> LoopSetup:
    """The loop's setup for every goal: the model's gate, the built-in tools, the fixed clock."""
    spec = load_spec(gates=model_thresholds(directory))
    matcher = shipped_matcher()
    return LoopSetup(spec=spec, tools=builtin_tools(), limits=Limits(), clock=lambda: 0.0, now=NOW, matcher=matcher)


def run(goal: str, setup: LoopSetup, backend: ModelBackend) -> RunResult:
    """One run of ``goal`` with nobody at hand: a held step is declined, a change is not approved."""
    seams = Seams(
        backend=backend,
        context=ToolContext(now=NOW),
        journal=MemoryJournal(),
        system2=Declining(),
        approver=Declining(),
    )
    return drive(goal, setup, seams).result


def first_step(result: RunResult) -> tuple[float | None, str, float]:
    """needs_tool's probability and pick_tool's first choice with its probability, at the first step."""
    needs, pick, p = None, "-", 0.0
    for decision in result.steps[0].decisions if result.steps else ():
        answer = next(iter(decision.answers.values()), None)
        if decision.block == "needs_tool" and isinstance(answer, NoulAnswer):
            needs = answer.noul
        if decision.block == "pick_tool" and isinstance(answer, ChoiceAnswer):
            pick, p = answer.choice, answer.probabilities[answer.choice]
    return needs, pick, p


def from_arguments(description: str) -> tuple[ModelBackend, LoopSetup]:
    """The decision backend and the loop's setup for the model ``--model-dir`` names (default: the bundled one)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--model-dir", type=Path, help="a model directory (default: the bundled model)")
    args = parser.parse_args()
    return ModelBackend(ModelFiles.read(args.model_dir) if args.model_dir else None), unattended(args.model_dir)


def main() -> None:
    backend, setup = from_arguments(__doc__.split("\n\n")[0])
    counts = dict.fromkeys(("called", "no_tool", "held", "needs_no_tool", "right_first", "other_called"), 0)
    for goal, expected in [*((g, NONE) for g in NO_TOOL), *TOOL_GOALS]:
        result = run(goal, setup, backend)
        called = [s.call.tool for s in result.steps if s.call is not None]
        needs, pick, p = first_step(result)
        shown = "-" if needs is None else f"{needs:.2f}"
        print(f"{goal[:48]:48s} {result.stop:10s} {','.join(called) or '-':14s} needs_tool {shown}  {pick} {p:.2f}")
        if expected == NONE:
            counts["called"] += bool(called)
            counts["no_tool"] += result.stop == "no_tool"
            counts["held"] += result.stop == "held"
            counts["needs_no_tool"] += needs is not None and needs < 0.5
        else:
            counts["right_first"] += pick == expected
            counts["other_called"] += any(t != expected for t in called)
    print(
        f"no-tool goals ({len(NO_TOOL)}): a tool proposed or run {counts['called']}, no_tool {counts['no_tool']}, held "
        f"{counts['held']}, needs_tool < .5 at the first step {counts['needs_no_tool']}"
    )
    print(
        f"tool goals ({len(TOOL_GOALS)}): the expected tool picked first {counts['right_first']}, "
        f"another tool proposed or run {counts['other_called']}"
    )


if __name__ == "__main__":
    main()
