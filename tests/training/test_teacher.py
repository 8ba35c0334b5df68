"""Generated episodes through the loop's own teacher-forced protocol with the oracle: the examples they make."""

from __future__ import annotations

import pytest

from decisionloop.core.tool import NONE
from decisionloop.core.vocab import FINISH
from decisionloop.gold.oracle import OracleBackend
from decisionloop.gold.teacher import TeacherSetup, run_task
from decisionloop.spec.load import load_spec
from decisionloop.spec.model import Spec
from decisionloop.training.generator import Episode


@pytest.fixture(scope="module")
def spec() -> Spec:
    return load_spec()


def _sample(episodes: list[Episode]) -> list[Episode]:
    """Up to four episodes of each intent."""
    seen: dict[str, int] = {}
    out = []
    for e in episodes:
        if seen.get(e.intent, 0) < 4:
            seen[e.intent] = seen.get(e.intent, 0) + 1
            out.append(e)
    return out


def test_the_oracle_picks_every_gold_tool_and_none_exactly_where_the_episode_says(
    episodes: list[Episode], spec: Spec
) -> None:
    for e in _sample(episodes):
        setup = TeacherSetup(spec=spec, tools=e.tools, now=e.now)
        case = run_task(e.task, setup, OracleBackend(e.task, side_effects=e.side_effects))
        assert case.risky == any(s.action in e.side_effects for s in e.task.steps)
        for step in case.steps:
            if step.gold.action == FINISH:
                continue
            assert step.gold.action in step.options, (e.task.id, step.index)
            assert step.picked in {c.action for c in step.gold.calls()}, (e.task.id, step.index, step.picked)
            spans = {s.name: s for s in step.slots if not s.fixed}
            for name, slot in spans.items():
                assert (slot.gold == NONE) == ((step.index, name) in e.none_slots), (e.task.id, step.index, name)


def test_a_goal_no_tool_is_for_picks_none_at_the_first_step(episodes: list[Episode], spec: Spec) -> None:
    chats = [e for e in episodes if e.intent == "chat"][:5]
    assert chats
    for e in chats:
        case = run_task(
            e.task,
            TeacherSetup(spec=spec, tools=e.tools, now=e.now),
            OracleBackend(e.task, side_effects=e.side_effects),
        )
        first = case.steps[0]
        assert first.picked == (NONE if first.options else None), (e.task.goal, first.options)
