"""The free-running loop with an oracle System 1 and replayed tools: the check that all the machinery fits."""

from __future__ import annotations

import pytest

from decisionloop.evaluate.free import FreeSetup, run_tasks
from decisionloop.gold.oracle import OracleBackend, OraclePerson
from decisionloop.gold.suite import demo_suite_path, load_suite
from decisionloop.spec.load import load_spec
from decisionloop.tools.catalog import SIDE_EFFECTS
from decisionloop.tools.replay import ReplayBook


@pytest.fixture(scope="module")
def setup() -> FreeSetup:
    path = demo_suite_path()
    return FreeSetup(suite=load_suite(path), spec=load_spec(), book=ReplayBook.from_suite(path))


def test_the_oracle_completes_at_least_97_percent_of_dev_tasks_with_a_person_for_held_steps(setup: FreeSetup) -> None:
    tasks = setup.suite.split("dev")
    outcomes = run_tasks(
        tasks,
        setup,
        lambda t: OracleBackend(t, side_effects=SIDE_EFFECTS),
        system2_for=OraclePerson,
        approver_for=OraclePerson,
    )
    failed = [(o.task.id, o.result.stop, o.result.detail) for o in outcomes if not o.success]
    assert len(outcomes) == 36
    assert sum(o.success for o in outcomes) / len(outcomes) >= 0.97, failed


def test_without_system_2_only_the_tasks_whose_value_is_not_in_the_text_are_held(setup: FreeSetup) -> None:
    outcomes = run_tasks(
        setup.suite.split("dev"),
        setup,
        lambda t: OracleBackend(t, side_effects=SIDE_EFFECTS),
        approver_for=OraclePerson,
    )
    failed = {o.task.id: o.task.category for o in outcomes if not o.success}
    assert set(failed.values()) <= {"rewrite"}
    assert all(o.result.stop == "held" for o in outcomes if not o.success)
    assert all(s.decided_by == "system1" for o in outcomes if o.success for s in o.result.steps)


def test_nobody_approving_stops_every_side_effect_task_at_the_guard(setup: FreeSetup) -> None:
    risky = [t for t in setup.suite.split("dev") if any(s.action in SIDE_EFFECTS for s in t.steps)]
    outcomes = run_tasks(risky, setup, lambda t: OracleBackend(t, side_effects=SIDE_EFFECTS))
    assert len(outcomes) >= 5
    assert {o.result.stop for o in outcomes} == {"declined"}
    assert not any(o.success for o in outcomes)
