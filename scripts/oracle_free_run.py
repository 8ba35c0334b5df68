"""Print how many dev tasks the free-running loop completes when System 1 is an oracle reading the gold traces.

Tools are replayed from the suite's recorded observations. Three set-ups: the oracle alone (held steps stop the
run), the oracle with an oracle person deciding held steps, and the local tools run for real instead of replayed.
A task succeeds when the run finished with an answer after making the final gold call with matching arguments.

Usage: python scripts/oracle_free_run.py [SUITE.json]
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from pathlib import Path

from decisionloop.evaluate.free import ALL_TOOLS, FreeOutcome, FreeSetup, run_tasks
from decisionloop.gold.oracle import OracleBackend, OraclePerson
from decisionloop.gold.suite import demo_suite_path, load_suite
from decisionloop.spec.load import load_spec
from decisionloop.tools.catalog import SIDE_EFFECTS
from decisionloop.tools.replay import ReplayBook
from decisionloop.tools.web import WEB_RUNNERS


def _report(name: str, outcomes: list[FreeOutcome], seconds: float) -> None:
    done = sum(o.success for o in outcomes)
    who = Counter(s.decided_by for o in outcomes for s in o.result.steps)
    print(f"{name}: {done}/{len(outcomes)} = {done / len(outcomes):.1%} tasks completed in {seconds:.1f} s")
    print(f"    steps decided by: {dict(who)}; stops: {dict(Counter(o.result.stop for o in outcomes))}")
    for o in outcomes:
        if not o.success:
            holds = "; ".join(h.detail for s in o.result.steps for h in s.holds)
            print(f"    ✗ {o.task.id} {o.task.category:<10} {o.result.stop:<9} {o.task.goal}  [{holds}]")


def main() -> None:
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else demo_suite_path()
    suite = load_suite(path)
    book = ReplayBook.from_suite(path)
    tasks = suite.split("dev") or suite.tasks
    replayed_web = tuple(t for t in ALL_TOOLS if t in WEB_RUNNERS or t == "ask_user")
    setups = (
        ("oracle System 1 alone, all tools replayed", ALL_TOOLS, False),
        ("oracle System 1 + oracle person, all tools replayed", ALL_TOOLS, True),
        ("oracle System 1 + oracle person, local tools live", replayed_web, True),
    )
    for name, replayed, person in setups:
        setup = FreeSetup(suite=suite, spec=load_spec(), book=book, replayed=replayed)
        started = time.perf_counter()
        outcomes = run_tasks(
            tasks,
            setup,
            lambda t: OracleBackend(t, side_effects=SIDE_EFFECTS),
            system2_for=OraclePerson if person else (lambda _: None),
            approver_for=OraclePerson,
        )
        _report(name, outcomes, time.perf_counter() - started)


if __name__ == "__main__":
    main()
