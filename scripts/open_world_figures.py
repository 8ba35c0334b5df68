"""Tool choice, "no tool fits" and arguments on catalogues nobody wrote for the generator, part by part.

Prints one table: for BFCL's non-live categories, Seal-Tools and the everyday requests over the built-in tools
(``scripts/everyday_items.py``, which has no test part), the train part (what the model may have learned
from), the validation part (what thresholds may be tuned on) and the test part (never tuned on) side by side;
then the call items of each part with a required value taken out, which expect an ask (``scripts/ask_items.py``);
then BFCL's live categories, which are held out whole: report them, never tune on them. Figures come from
`decisionloop bench tools` on the files `scripts/tools_jsonl.py` writes, with the bundled model (or
``--model-dir``).

Usage: python scripts/open_world_figures.py [--model-dir DIR] [--parts validation,test] [--limit N] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import asdict
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ask_items import ask_item
from everyday_items import everyday_items
from tools_jsonl import bfcl_items, seal_items, split_of

from decisionloop.core.backend import DecisionBackend
from decisionloop.evaluate.tools_bench import run_tools
from decisionloop.evaluate.tools_score import ToolsTotals, totals
from decisionloop.gold.tools_items import load_items
from decisionloop.model.backend import ModelBackend, ModelFiles, model_thresholds
from decisionloop.model.matching import shipped_matcher
from decisionloop.spec.gates import apply_gates
from decisionloop.spec.load import load_spec
from decisionloop.spec.model import Spec

PARTS = ("train", "validation", "test")
LIVE = ("live_simple", "live_multiple", "live_irrelevance")
COLUMNS: tuple[str, ...] = ("items", "decision_acc", "tool_acc", "relevance", "no_call", "arg_acc", "offered")
COLUMNS += ("ask_recall", "auto_share", "auto_error")
HELD_OUT = "held out"


def _sets() -> list[tuple[str, str, list[dict[str, object]]]]:
    """(name, part, rows) for every set measured."""
    sets: list[tuple[str, str, list[dict[str, object]]]] = []
    calls: dict[str, list[dict[str, object]]] = {part: [] for part in PARTS}
    for category in ("simple_python", "multiple", "irrelevance"):
        rows = list(bfcl_items(category))
        for part in PARTS:
            sets.append((f"bfcl {category}", part, [r for r in rows if split_of(str(r["id"])) == part]))
            calls[part] += sets[-1][2]
    for part in PARTS:
        sets.append(("seal-tools", part, list(seal_items(part, none=False))))
        calls[part] += sets[-1][2]
        sets.append(("seal-tools, gold removed", part, list(seal_items(part, none=True))))
    for part in ("train", "validation"):  # scripts/everyday_items.py: the built-in tools, no test part
        sets.append(("everyday requests", part, list(everyday_items(part))))
    for part in PARTS:  # the call items of both, a required value taken out (scripts/ask_items.py)
        sets.append(("a value not said", part, [a for r in calls[part] if (a := ask_item(r)) is not None]))
    sets += [(f"bfcl {category}", HELD_OUT, list(bfcl_items(category))) for category in LIVE]
    return sets


def _measure(rows: Sequence[dict[str, object]], backend: DecisionBackend, spec: Spec, limit: int | None) -> ToolsTotals:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "items.jsonl"
        path.write_text("".join(json.dumps(r) + "\n" for r in rows[:limit]), encoding="utf-8")
        return totals(run_tools(load_items(path), backend, today=date.today(), spec=spec, matcher=shipped_matcher()))


def _cell(value: object) -> str:
    return "—" if value is None else f"{value:.3f}" if isinstance(value, float) else str(value)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--model-dir", type=Path, help="a model directory (default: the bundled model)")
    parser.add_argument(
        "--parts",
        default=",".join((*PARTS, HELD_OUT)),
        help="comma-separated parts to measure (train, validation, test, held out); default: all",
    )
    parser.add_argument("--limit", type=int, help="at most this many items of each set")
    parser.add_argument("--json", type=Path, help="write every figure here too")
    args = parser.parse_args(argv)
    parts = {p.strip() for p in args.parts.split(",") if p.strip()}
    if unknown := parts - {*PARTS, HELD_OUT}:
        parser.error(f"unknown part(s): {', '.join(sorted(unknown))} (train, validation, test, held out)")
    backend = ModelBackend(ModelFiles.read(args.model_dir)) if args.model_dir else ModelBackend()
    spec = apply_gates(load_spec(), model_thresholds(args.model_dir))  # the gate `run` uses with this model
    started = time.perf_counter()
    print(f"{'set':<28} {'part':<10} " + " ".join(f"{c:>12}" for c in COLUMNS))
    found = []
    for name, part, rows in _sets():
        if part not in parts:
            continue
        total = _measure(rows, backend, spec, args.limit)
        found.append({"set": name, "part": part, **asdict(total)})
        print(f"{name:<28} {part:<10} " + " ".join(f"{_cell(getattr(total, c)):>12}" for c in COLUMNS), flush=True)
    gate = ", ".join(f"{k} {v:g}" for k, v in model_thresholds(args.model_dir).items()) or "DECISION.md's"
    print(f"{time.perf_counter() - started:.0f} s · {backend.model_id} · gate {gate}")
    print("train parts may be learned from, validation parts may tune thresholds; test parts and the live")
    print("categories are never tuned on")
    if args.json is not None:
        args.json.write_text(json.dumps(found, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
