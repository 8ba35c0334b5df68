"""A what-if of a journalled run: the steps it replays, the option it forces, checked against what the run asked,
and the link its config records, read back both ways."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from decisionloop.core.errors import JournalError
from decisionloop.core.tool import Tool, ToolContext
from decisionloop.driver import Seams, drive
from decisionloop.journal import SqliteJournal
from decisionloop.journal.what_if import WHAT_IF_OF, WhatIf, linked, what_if
from decisionloop.loop.agent import Limits, LoopSetup
from decisionloop.loop.what_if import Forced
from decisionloop.tools.builtin import builtin_tools
from decisionloop.training.journal import run_examples
from tests.support.journal import held_run_events, record_all, rows
from tests.support.loop import NOW, SPEC, by_step

DIVIDE = "What is 7,200 divided by 16?"
TOOL = Forced(step=0, block="pick_tool", question="tool", option="date_math")


def _counting(calls: list[str]) -> tuple[Tool, ...]:
    """The built-in tools, each call's tool id noted in ``calls``."""

    def counted(tool: Tool) -> Tool:
        def run(args: object, context: ToolContext) -> object:
            calls.append(tool.id)
            return tool.run(args, context)  # type: ignore[arg-type]

        return replace(tool, run=run)  # type: ignore[arg-type]

    return tuple(counted(t) for t in builtin_tools())


def _drive(journal: SqliteJournal, tools: tuple[Tool, ...], plan: WhatIf | None = None) -> str:
    backend = by_step(
        {"tool": "calculator", "arg:expression": "7,200 divided by 16"}, {"needs_tool": 0.02, "done": 0.97}
    )
    setup = LoopSetup(spec=SPEC, tools=tools, limits=Limits(), clock=lambda: 0.0, now=NOW)
    config: dict[str, object] = {}
    if plan is not None:
        setup = replace(setup, history=plan.history, forced=plan.forced)
        config[WHAT_IF_OF] = plan.link()
    seams = Seams(backend=backend, context=ToolContext(now=NOW), journal=journal)
    return drive(plan.goal if plan else DIVIDE, setup, seams, config).run_id


def test_a_what_if_replays_the_steps_before_its_own_and_never_calls_them_again(tmp_path: Path) -> None:
    calls: list[str] = []
    with SqliteJournal(tmp_path / "j.sqlite3") as journal:
        old = _drive(journal, _counting(calls))
        assert calls == ["calculator"]
        plan = what_if(journal.load(old), Forced(step=1, block="is_done", question="done", option="no"))
        assert plan.goal == DIVIDE
        assert [s.tool for s in plan.history] == ["calculator"]
        new = _drive(journal, _counting(calls), plan)
        run = journal.load(new)
    assert calls == ["calculator", "ask_user"]  # the replayed step is not called again; the forced one goes on
    assert all(c["step"] >= 1 for c in rows(run, "tool_calls"))
    steps = rows(run, "steps")
    assert steps[0]["tool"] == "calculator"
    assert steps[1]["decided_by"] == "person"
    assert steps[1]["note"].startswith("a what-if: you chose is_done's done = 'no'")
    assert run["config"][WHAT_IF_OF] == {  # type: ignore[index]
        "run": old,
        "step": 1,
        "block": "is_done",
        "question": "done",
        "option": "no",
    }


def test_the_link_reads_back_both_ways(tmp_path: Path) -> None:
    with SqliteJournal(tmp_path / "j.sqlite3") as journal:
        old = _drive(journal, builtin_tools())
        new = _drive(journal, builtin_tools(), what_if(journal.load(old), TOOL))
        other = _drive(journal, builtin_tools())
        found = journal.what_ifs_of(old)
        listed = {r.id: r.what_if_of for r in journal.runs()}
        assert linked(journal.load(new)["config"]) == (old, TOOL)
    assert [r.id for r in found] == [new]
    assert listed[new] == {"run": old, "step": 0, "block": "pick_tool", "question": "tool", "option": "date_math"}
    assert listed[old] is None
    assert listed[other] is None
    assert linked({}) is None
    assert linked({WHAT_IF_OF: {"run": old, "step": "one"}}) is None


@pytest.mark.parametrize(
    ("forced", "says"),
    [
        (Forced(step=5, block="pick_tool", question="tool", option="calculator"), "has no finished step 6"),
        (Forced(step=0, block="can_deliver", question="deliverable", option="yes"), "not 'can_deliver'"),
        (Forced(step=0, block="is_done", question="done", option="yes"), "did not ask is_done's 'done'"),
        (Forced(step=0, block="pick_tool", question="tool", option="chess"), "has no option 'chess'; its options:"),
        (Forced(step=0, block="needs_tool", question="needs_tool", option="maybe"), "its options: yes, no"),
    ],
)
def test_a_what_if_the_run_cannot_take_says_what_to_pick(tmp_path: Path, forced: Forced, says: str) -> None:
    with SqliteJournal(tmp_path / "j.sqlite3") as journal:
        run = journal.load(record_all(journal, held_run_events()))
    with pytest.raises(JournalError, match=says.replace("(", r"\(")):
        what_if(run, forced)


def test_a_step_refused_by_the_guard_is_a_step_to_re_run_from(tmp_path: Path) -> None:
    with SqliteJournal(tmp_path / "j.sqlite3") as journal:
        run = journal.load(record_all(journal, held_run_events()))
    plan = what_if(run, Forced(step=1, block="pick_tool", question="tool", option="weather"))
    assert [s.tool for s in plan.history] == ["weather"]
    assert plan.history[0].decided_by == "person"


def test_the_step_a_what_if_forced_teaches_nothing(tmp_path: Path) -> None:
    same = Forced(step=0, block="pick_tool", question="tool", option="calculator")  # what System 1 chose, for sure
    with SqliteJournal(tmp_path / "j.sqlite3") as journal:
        old = _drive(journal, builtin_tools())
        forced = journal.load(_drive(journal, builtin_tools(), what_if(journal.load(old), same)))
    assert [s["decided_by"] for s in rows(forced, "steps")] == ["person", "system1"]
    assert run_examples(forced) == []
    assert run_examples({**forced, "config": {}}) != []  # the same step, not a what-if: a person's label
