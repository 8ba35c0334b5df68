"""Print how the candidate extractor's time grows with its input, its time per dev-suite goal, and a note search.

Goal-like text is the dev suite's goals one after another, observation-like text its recorded observations, cut
to 1 KB, 10 KB, 100 KB and 1 MB; each is extracted once, as the goal or as the one observation (targets: at most
1 s at 1 MB). Then the p50 and p95 of one extraction per dev goal without observations (target: at most 1 ms),
and a note search over a 20 KB note: the store's search, the note_search tool, and the extraction of the
observation it returns. The lexicon and unit caches are warmed on the suite first, as they are in a running loop.

Usage: python scripts/extract_scaling.py [SUITE.json]
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable, Sequence
from datetime import datetime
from functools import partial
from pathlib import Path

from decisionloop.core.tool import ToolContext
from decisionloop.evaluate.metrics import percentile
from decisionloop.extract import extract
from decisionloop.gold.suite import Suite, demo_suite_path, load_suite
from decisionloop.tools.notes import SqliteNotes, note_search

SIZES = (1_000, 10_000, 100_000, 1_000_000)
NOTE_CHARS = 20_000
NOW = datetime(2026, 3, 4, 10, 0)
_YEARS = (2026, 2027, 2028)  # one pass over the goals per year, so no pass reuses the cache of another


def _text(parts: Sequence[str], size: int, label: str) -> str:
    """``parts`` repeated to ``size`` characters, with words of its own at both ends so no cache is reused."""
    head, tail = f"Run {label} {size} begins. ", f" Run {label} {size} ends."
    body, total, i = [], len(head) + len(tail), 0
    while total < size:
        body.append(parts[i % len(parts)])
        total += len(body[-1]) + 1
        i += 1
    return head + " ".join(body)[: size - len(head) - len(tail)] + tail


def _seconds(run: Callable[[], object]) -> float:
    start = time.perf_counter()
    run()
    return time.perf_counter() - start


def scaling(goals: Sequence[str], observations: Sequence[str]) -> None:
    """One extraction per size, of goal-like text as the goal and of observation-like text as the observation."""
    print("extraction time by input size (one call each):")
    for size in SIZES:
        goal = _text(goals, size, "goal")
        observation = _text(observations, size, "observation")
        as_goal = _seconds(partial(extract, goal, [], now=NOW))
        as_observation = _seconds(partial(extract, "What does the note say?", [observation], now=NOW))
        kb = f"{size / 1000:,.0f} KB"
        print(f"  {kb:>8}   goal-like {as_goal * 1000:8.1f} ms   observation-like {as_observation * 1000:8.1f} ms")


def per_goal(goals: Sequence[str]) -> None:
    """The p50 and p95 of one extraction of each dev goal, without observations."""
    times: list[float] = []
    for year in _YEARS:
        now = NOW.replace(year=year)
        extract("Christmas in Paris", [], now=now)  # compiles that year's holiday names once
        times += [_seconds(partial(extract, goal, [], now=now)) for goal in goals]
    p50, p95 = statistics.median(times) * 1000, (percentile(times, 95) or 0.0) * 1000
    print(f"per dev goal ({len(times)} calls): p50 {p50:.3f} ms, p95 {p95:.3f} ms, max {max(times) * 1000:.2f} ms")


def note(observations: Sequence[str], seed_notes: Sequence[str]) -> None:
    """A search over the seed notes and one 20 KB note, then the extraction the loop does on its result."""
    big = _text(observations, NOTE_CHARS, "note")
    with SqliteNotes(":memory:") as store:
        store.seed([*seed_notes, big])
        query = "Lisbon forecast"
        search = _seconds(lambda: store.search(query))
        result = note_search({"query": query}, ToolContext(notes=store, now=NOW))
        tool = _seconds(lambda: note_search({"query": query}, ToolContext(notes=store, now=NOW)))
    reading = _seconds(lambda: extract(f"Find my note about the {query}", [result.observation], now=NOW))
    print(
        f"note search over a {NOTE_CHARS // 1000} KB note: store {search * 1000:.1f} ms, note_search "
        f"{tool * 1000:.1f} ms, extraction of its {len(result.observation):,}-character observation "
        f"{reading * 1000:.1f} ms"
    )


def main(argv: Sequence[str]) -> None:
    """Warm the caches on the suite, then print the figures."""
    suite: Suite = load_suite(Path(argv[0]) if argv else demo_suite_path())
    goals = [task.goal for task in suite.tasks]
    observations = [step.observation for task in suite.tasks for step in task.steps if step.observation]
    for task in suite.tasks:
        extract(task.goal, [step.observation for step in task.steps], now=NOW)
    scaling(goals, observations)
    per_goal(goals)
    note(observations, suite.seed_notes)


if __name__ == "__main__":
    main(sys.argv[1:])
