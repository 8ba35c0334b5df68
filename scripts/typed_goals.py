"""The dev suite as people type it: every goal in lower case, wrapped in courtesies, or both; teacher-forced figures.

A user types "weather in lisbon tomorrow" or "hey, who founded Nintendo? thx", not the suite's edited goals. This
script writes three variants of the dev split (observations and gold untouched) and evaluates System 1 on each as
`decisionloop eval` does, beside the suite as written:

- ``lower``: the goal in lower case ("what is the population of the country where kyoto is?");
- ``courtesy``: a greeting or "please" before it and "thanks!", "thx", ":)" after it, in turn;
- ``both``: the two together.

Measured 2026-12-05 with decisionloop-0.1.0-202612051355, before → after the extractor read lower-case names
(``extract/_case.py``) and the model and extractor left courtesies out (``core/courtesy.py``):

    variant    S1 alone      S1 + person   automatic steps wrong   extractor recall
    as written .944 → .944   1.0 → 1.0      0% → 0%                .940 → .940
    lower      .472 → .889   .694 → .972   16.9% → 1.6%            .660 → .940
    courtesy   .778 → .944   .944 → 1.0     3.3% → 0%              .880 → .940
    both       .361 → .889   .750 → .972   15.3% → 1.6%            .600 → .940

Still wrong in lower case: "the city of light" is no name without its capitals, so no place fills weather's slot
and the weather tool is not offered (NONE at .998, automatic).

Usage: python scripts/typed_goals.py [--model-dir DIR]
"""

from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path
from typing import Any, cast

from decisionloop.evaluate.evaluation import EvalConfig, evaluate
from decisionloop.gold.suite import demo_suite_path
from decisionloop.model.backend import model_thresholds

BEFORE = ("hey, ", "hi! quick question: ", "can you help me? ", "ok so ", "please ")
AFTER = (" thanks!", " pls", " thx", "", " :)")


def courteous(goal: str, i: int) -> str:
    """The goal with the i-th greeting before it and a closing after it (its first letter lowered)."""
    opened = goal if goal.startswith(("I ", "I'")) else goal[:1].lower() + goal[1:]
    return BEFORE[i % len(BEFORE)] + opened + AFTER[(i * 3) % len(AFTER)]


def variant(goal: str, i: int, name: str) -> str:
    """The goal as the variant ``name`` types it."""
    typed = courteous(goal, i) if name in ("courtesy", "both") else goal
    return typed.lower() if name in ("lower", "both") else typed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model-dir", type=Path, default=None)
    args = parser.parse_args()
    gates = model_thresholds(args.model_dir)  # the model's tuned gate, as `decisionloop eval` applies it
    suite = json.loads(demo_suite_path().read_text(encoding="utf-8"))
    print(f"{'variant':10} {'S1':>6} {'S1+person':>10} {'auto':>6} {'auto err':>9} {'recall':>7}")
    with tempfile.TemporaryDirectory() as tmp:
        for name in ("as written", "lower", "courtesy", "both"):
            tasks = [dict(t, goal=variant(t["goal"], i, name)) for i, t in enumerate(suite["tasks"])]
            path = Path(tmp) / f"{name.replace(' ', '_')}.json"
            path.write_text(json.dumps(dict(suite, tasks=tasks)), encoding="utf-8")
            config = EvalConfig(suite=path, backend="model", model_dir=args.model_dir, gates=gates)
            report = cast("dict[str, Any]", evaluate(config).report)
            routers, gate, parts = report["routers"], report["gate"], report["parts"]
            print(
                f"{name:10} {routers['s1']['task_success']:6.3f} {routers['s1_person']['task_success']:10.3f} "
                f"{gate['auto_share']:6.3f} {gate['auto_error']:9.3f} {parts['extractor_recall']:7.3f}"
            )


if __name__ == "__main__":
    main()
