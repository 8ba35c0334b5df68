"""Where the LLM calls of decisionloop runs come from: the decisionloop arm of ``bench compare`` on a suite split,
every call counted by purpose from the journal (stop check, planner, planner retry, answer, revision, direct answer),
with how many replies were used, their tokens and time; then the meter's decisions : LLM calls, and the tasks
accepted against System 1 alone on the same tasks (held steps take System 1's proposal, answers by template).

Any OpenAI-compatible server (``--llm URL --llm-model NAME``), or the fake of ``scripts/fake_llm.py`` started here
(``--fake agree|doubt|wrong|values|garbage``). Tools are replayed from the suite, decisions come from the bundled model
with the gate ``bench compare`` uses (the model's tuned thresholds). Each run gets a new backend, so that no run
shares another's encoder cache.

``--no-sure-values`` takes an LLM call as written, without System 1's sure values or the check of its values
against those found (to measure what they do).

Usage: python scripts/llm_calls.py (--llm URL --llm-model NAME | --fake MODE) [--split dev] [--limit N]
       [--no-sure-values]
"""

from __future__ import annotations

import argparse
import contextlib
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace

from fake_llm import MODES, serving

from decisionloop.backends.factory import build_backend
from decisionloop.core.backend import DecisionBackend
from decisionloop.core.vocab import LLM_PURPOSES
from decisionloop.evaluate.free import FollowSystem1, FreeSetup, run_task
from decisionloop.evaluate.react import BenchmarkApprover
from decisionloop.gold.suite import Task, demo_suite_path, load_suite
from decisionloop.journal.events import LlmCalled, MemoryJournal
from decisionloop.llm.chat import HttpChat
from decisionloop.llm.trust import DEFAULT_TRUST, Trust
from decisionloop.loop.requests import LlmCall
from decisionloop.model.backend import model_thresholds
from decisionloop.model.matching import shipped_matcher
from decisionloop.spec.gates import apply_gates
from decisionloop.spec.load import load_spec
from decisionloop.system2.llm import LlmSystem2, LlmWriter
from decisionloop.tools.replay import ReplayBook


@dataclass(slots=True)
class Tally:
    """What the tasks added up to."""

    calls: list[LlmCall] = field(default_factory=list)
    decisions: int = 0
    accepted: list[str] = field(default_factory=list)
    alone: list[str] = field(default_factory=list)
    wall_s: float = 0.0


def _backend() -> DecisionBackend:
    return build_backend(url=None, model=None, api_key=None, timeout_s=30.0)


def _tasks(args: argparse.Namespace) -> tuple[Sequence[Task], FreeSetup, str]:
    path = args.suite or demo_suite_path()
    suite = load_suite(path)
    tasks = suite.split(args.split)[: args.limit]
    name = _backend().name
    spec = apply_gates(load_spec(), model_thresholds() if name == "model" else {})
    return tasks, FreeSetup(suite=suite, spec=spec, book=ReplayBook.from_suite(path), matcher=shipped_matcher()), name


def run(
    chat: HttpChat,
    tasks: Sequence[Task],
    setup: FreeSetup,
    backend: Callable[[], DecisionBackend],
    trust: Trust = DEFAULT_TRUST,
) -> Tally:
    """Each task with the LLM (as ``bench compare`` runs decisionloop) and without it, each on a new backend."""
    tally = Tally()
    started = time.perf_counter()
    for task in tasks:
        journal = MemoryJournal()
        writer = LlmWriter(chat, instruction=setup.spec.generator)
        approver = BenchmarkApprover()
        with_llm = LlmSystem2(chat, trust=trust)
        done = run_task(task, setup, backend(), system2=with_llm, approver=approver, writer=writer, journal=journal)
        tally.calls += [e.call for _, e in journal.events if isinstance(e, LlmCalled)]
        tally.decisions += done.meter.decisions
        alone = run_task(task, setup, backend(), system2=FollowSystem1(), approver=approver)
        tally.accepted += [task.id] if done.success else []
        tally.alone += [task.id] if alone.success else []
    tally.wall_s = time.perf_counter() - started
    return tally


def report(tally: Tally, tasks: int) -> list[str]:
    """The table by purpose, the ratio and the acceptance against System 1 alone."""
    row = "{:<12}{:>7}{:>7}{:>8}{:>9}{:>10}{:>10}"
    lines = [row.format("purpose", "calls", "used", "failed", "in_tok", "out_tok", "seconds")]
    for purpose in (*LLM_PURPOSES, "total"):
        mine = [c for c in tally.calls if purpose in (c.purpose, "total")]
        tokens = (sum(c.input_tokens or 0 for c in mine), sum(c.output_tokens or 0 for c in mine))
        cells = (len(mine), sum(c.used for c in mine), sum(c.error is not None for c in mine), *tokens)
        lines.append(row.format(purpose, *cells, f"{sum(c.ms for c in mine) / 1000.0:.1f}"))
    calls = len(tally.calls)
    ratio = f"{tally.decisions / calls:.1f} : 1" if calls else f"{tally.decisions} : 0"
    lines.append(f"decisions {tally.decisions} · LLM calls {calls} · decisions : LLM calls {ratio}")
    lines.append(
        f"tasks accepted: System 1 + LLM {len(tally.accepted)}/{tasks} · System 1 alone {len(tally.alone)}/{tasks} "
        "(held steps take System 1's proposal, answers by template)"
    )
    lost = sorted(set(tally.alone) - set(tally.accepted))
    won = sorted(set(tally.accepted) - set(tally.alone))
    lines.append(f"the LLM put right: {', '.join(won) or 'none'} · the LLM lost: {', '.join(lost) or 'none'}")
    lines.append(f"wall clock {tally.wall_s:.1f} s (both set-ups)")
    return lines


@contextlib.contextmanager
def _chat(args: argparse.Namespace) -> Iterator[HttpChat]:
    with contextlib.ExitStack() as stack:
        url, model = args.llm, args.llm_model
        if args.fake is not None:
            url, model = stack.enter_context(serving(args.fake)).url, "fake-llm"
        chat = stack.enter_context(HttpChat(base_url=url, model=model, timeout_s=args.timeout))
        yield chat


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--llm", help="base URL of an OpenAI-compatible server, e.g. http://127.0.0.1:8080/v1")
    source.add_argument("--fake", choices=MODES, help="start scripts/fake_llm.py's server in this mode")
    parser.add_argument("--llm-model", default="default", help="the model name on the server")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds one LLM reply may take")
    parser.add_argument("--suite", help="suite file [the packaged dev split]")
    parser.add_argument("--split", choices=("dev", "test", "all"), default="dev")
    parser.add_argument("--limit", type=int, help="only the first N tasks")
    parser.add_argument("--no-sure-values", action="store_true", help="take LLM calls as written")
    args = parser.parse_args()
    trust = replace(DEFAULT_TRUST, sure_values=not args.no_sure_values, found_values=not args.no_sure_values)
    tasks, setup, backend = _tasks(args)
    with _chat(args) as chat:
        tally = run(chat, tasks, setup, _backend, trust)
        who = f"fake ({args.fake})" if args.fake else f"{chat.model} at {args.llm}"
    values = "System 1's sure values kept" if trust.sure_values else "LLM calls taken as written"
    print(f"LLM calls by purpose · {args.split} split, {len(tasks)} tasks · backend {backend} · LLM {who} · {values}")
    for line in report(tally, len(tasks)):
        print(line)


if __name__ == "__main__":
    main()
