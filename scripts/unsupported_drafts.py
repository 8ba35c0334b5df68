"""How many drafted answers with claims the evidence does not support would ship: can_deliver (System 1, the
bundled model with its tuned thresholds) alone, and with the loop's check of numbers and names (``loop.claims``).

For every task of a suite split, the evidence is its gold trace (each tool call and what it returned) and the
drafts are made from its gold answer:

- ``faithful``: the gold answer as the tools wrote it (the control: it should ship);
- ``restated``: the same facts in a sentence around it ("Here is what I found: …");
- ``wrong_number``: a number of the answer changed (its last digit moved by 3: a misread figure);
- ``added_number``: a sentence added with numbers no tool returned;
- ``wrong_name``: a name the goal and the answer share replaced by another place or name;
- ``added_name``: a sentence added that cites a source and a place no tool returned.

Prints per kind how many drafts there are, how many ship under each, and how many the check alone sends back.

Usage: python scripts/unsupported_drafts.py [--split dev] [--suite FILE]
"""

from __future__ import annotations

import argparse
import re
from collections import Counter

from decisionloop.backends.factory import build_backend
from decisionloop.core.backend import DecisionBackend
from decisionloop.core.vocab import ASK_USER, FINISH
from decisionloop.decide import decide
from decisionloop.gold.suite import Task, demo_suite_path, load_suite
from decisionloop.gold.teacher import history
from decisionloop.loop.asks import deliver_ask
from decisionloop.loop.claims import unsupported_claims
from decisionloop.loop.frames import StepView
from decisionloop.model.backend import model_thresholds
from decisionloop.spec.gates import apply_gates
from decisionloop.spec.load import load_spec
from decisionloop.spec.model import Spec

KINDS = ("faithful", "restated", "wrong_number", "added_number", "wrong_name", "added_name")
OTHER_NAMES = ("Madrid", "Toronto", "Brazil", "Oslo")
_LAST_DIGIT = re.compile(r"(\d)(?!.*\d)", re.DOTALL)
_NAME = re.compile(r"\b[A-Z][a-z]{2,}(?: [A-Z][a-z]+)*\b")


def evidence(task: Task) -> tuple[StepView, ...]:
    """The gold trace's tool calls and what they returned."""
    return history(task, len(task.steps) - 1)


def drafts(task: Task) -> dict[str, str]:
    """The drafts of each kind that can be made from the task's gold answer."""
    answer = task.answer.strip()
    made = {"faithful": answer, "restated": f"Here is what I found: {answer}"}
    made["added_number"] = f"{answer} That is 38% more than in 1987."
    made["added_name"] = f"{answer} The Reuters office in Geneva confirmed it."
    if _LAST_DIGIT.search(answer):
        made["wrong_number"] = _LAST_DIGIT.sub(lambda m: str((int(m.group(1)) + 3) % 10), answer)
    shared = [n for n in _NAME.findall(task.goal) if n in answer and n != task.goal.split()[0]]
    if shared:
        other = next(o for o in OTHER_NAMES if o not in answer)
        made["wrong_name"] = answer.replace(shared[0], other)
    return made


def ships(spec: Spec, backend: DecisionBackend, task: Task, draft: str) -> tuple[bool, bool]:
    """Whether can_deliver delivers ``draft``; and whether the claims check finds nothing in it."""
    views = evidence(task)
    decision = decide(backend, deliver_ask(spec, task.goal, draft, views).ask)
    sources = [task.goal, *(" ".join(v.args.values()) for v in views), *_results(task)]
    return decision.action == "deliver", not unsupported_claims(draft, sources)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--suite", help="suite file [the packaged dev split]")
    parser.add_argument("--split", choices=("dev", "test", "all"), default="dev")
    args = parser.parse_args()
    suite = load_suite(args.suite or demo_suite_path())
    tasks = [t for t in suite.split(args.split) if t.answer.strip() and _ran_a_tool(t)]
    backend = build_backend(url=None, model=None, api_key=None, timeout_s=30.0)
    spec = apply_gates(load_spec(), model_thresholds() if backend.name == "model" else {})
    made: Counter[str] = Counter()
    shipped: dict[str, Counter[str]] = {"can_deliver": Counter(), "and the check": Counter(), "held": Counter()}
    for task in tasks:
        for kind, draft in drafts(task).items():
            made[kind] += 1
            delivered, clean = ships(spec, backend, task, draft)
            shipped["can_deliver"][kind] += delivered
            shipped["and the check"][kind] += delivered and clean
            shipped["held"][kind] += not clean
    print(f"drafts that ship · {args.split} split, {len(tasks)} tasks · backend {backend.name}")
    row = "{:<14}{:>6}{:>14}{:>16}{:>22}"
    print(row.format("draft", "made", "can_deliver", "and the check", "the check sends back"))
    for kind in KINDS:
        print(row.format(kind, made[kind], *_cells(shipped, kind, made[kind])))


def _cells(shipped: dict[str, Counter[str]], kind: str, made: int) -> list[str]:
    return [f"{counts[kind]} ({counts[kind] / made:.0%})" if made else "—" for counts in shipped.values()]


def _results(task: Task) -> list[str]:
    """What each gold step returned: its observation and its answer text."""
    return [text for s in task.steps for text in (s.observation, s.answer)]


def _ran_a_tool(task: Task) -> bool:
    return any(s.action not in (FINISH, ASK_USER) for s in task.steps)


if __name__ == "__main__":
    main()
