"""Show the learning loop: held steps a person resolved are fed back and the model is fine-tuned on them.

The dev split is cut in two halves by task. Half A runs free (tools replayed) with the shipped model; its held
steps go to an oracle person whose decisions land in a journal. `train --from-journal --base <shipped>` is then
run on that journal (plus fresh generated episodes, so the model does not forget). Both models are measured,
teacher-forced, on half B — tasks the feedback never saw — as the automatic share at the same error cap.
The shipped model is left as it is; the fine-tuned one is written to a temporary directory.

Usage: python scripts/learning_loop.py [--cap 0.05] [--episodes 1500] [--epochs 2]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from decisionloop.driver import Seams, drive
from decisionloop.evaluate import score
from decisionloop.evaluate.free import FreeSetup, suite_now, task_context, task_tools
from decisionloop.evaluate.metrics import tune
from decisionloop.gold.oracle import OraclePerson
from decisionloop.gold.suite import Suite, Task, demo_suite_path, load_suite
from decisionloop.gold.teacher import TeacherSetup
from decisionloop.gold.teacher import run_tasks as run_teacher
from decisionloop.journal import SqliteJournal
from decisionloop.loop.agent import LoopSetup
from decisionloop.model.backend import ModelBackend, ModelFiles, shipped_dir
from decisionloop.model.matching import shipped_matcher
from decisionloop.spec.load import load_spec
from decisionloop.tools.builtin import builtin_tools
from decisionloop.tools.replay import ReplayBook
from decisionloop.training.fit import FitConfig
from decisionloop.training.journal import journal_examples
from decisionloop.training.pipeline import TrainConfig, train_model


def feed_back(tasks: list[Task], suite: Suite, journal_path: Path) -> int:
    """Run ``tasks`` free with the shipped model; held steps go to the oracle person; return how many were held."""
    spec = load_spec()
    setup = FreeSetup(suite=suite, spec=spec, book=ReplayBook.from_suite(suite.path), matcher=shipped_matcher())
    backend = ModelBackend()
    held = 0
    with SqliteJournal(journal_path) as journal:
        for task in tasks:
            person = OraclePerson(task)
            tools = task_tools(setup, task)
            now = suite_now(suite)
            loop = LoopSetup(
                spec=spec, tools=tools, limits=setup.limits, clock=time.perf_counter, now=now, matcher=setup.matcher
            )
            with task_context(suite) as context:
                seams = Seams(backend=backend, context=context, journal=journal, system2=person, approver=person)
                result = drive(task.goal, loop, seams).result
            held += sum(1 for s in result.steps if s.decided_by == "person")
    return held


def auto_share(model: Path, tasks: list[Task], suite: Suite, cap: float) -> tuple[float, float, float]:
    """(τ, automatic share, automatic error) of the best point at the cap, teacher-forced on ``tasks``."""
    spec, tools = load_spec(), builtin_tools()
    setup = TeacherSetup(spec=spec, tools=tools, now=suite_now(suite), matcher=shipped_matcher())
    backend = ModelBackend(ModelFiles.read(model))
    cases = run_teacher(tasks, setup, lambda _: backend)
    best = tune(score.curve(cases, spec, tools), cap)
    if best is None:
        return (float("nan"), 0.0, float("nan"))
    return (best.tau, best.auto_share, best.auto_error or 0.0)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--cap", type=float, default=0.05)
    parser.add_argument("--episodes", type=int, default=1500)
    parser.add_argument("--epochs", type=int, default=2)
    args = parser.parse_args()
    suite = load_suite(demo_suite_path())
    tasks = list(suite.split("dev"))
    half_a, half_b = tasks[0::2], tasks[1::2]
    with tempfile.TemporaryDirectory() as tmp:
        journal = Path(tmp) / "journal.sqlite3"
        held = feed_back(half_a, suite, journal)
        examples = journal_examples(journal)
        print(
            f"half A: {len(half_a)} tasks run free; {held} held steps resolved by the person; "
            f"{len(examples)} labelled questions fed back"
        )
        before = auto_share(shipped_dir(), half_b, suite, args.cap)
        out = Path(tmp) / "tuned"
        fit = FitConfig(epochs=args.epochs, lr=3e-4, seed=11)
        config = TrainConfig(episodes=args.episodes, seed=11, base=shipped_dir(), fit=fit)
        train_model(config, out, say=lambda _: None, extra=examples)
        after = auto_share(out, half_b, suite, args.cap)
    print(f"half B ({len(half_b)} tasks, never fed back), automatic share at error ≤ {args.cap:.0%}:")
    print(f"  before: {before[1]:.1%} automatic at {before[2]:.1%} error (τ {before[0]:g})")
    print(f"  after:  {after[1]:.1%} automatic at {after[2]:.1%} error (τ {after[0]:g})")


if __name__ == "__main__":
    main()
