"""Gate overrides: keys derived from the file, all-or-nothing validation, reasons quoting effective thresholds."""

from __future__ import annotations

import pytest

from decisionloop.core.errors import GateError
from decisionloop.spec import apply_gates, effective_thresholds, gate_keys, load_spec, parse_assignments, split_env
from decisionloop.spec.gates import threshold_ranges

KEYS = [
    "needs_tool.needs_tool",
    "pick_tool.tool",
    "pick_args.arg",
    "grade_risk.risk[0]",
    "grade_risk.risk[1]",
    "grade_risk.needs_auth",
    "step_ok.ok",
    "is_done.done",
    "can_deliver.unsupported",
    "can_deliver.deliverable",
]


def test_keys_come_from_the_file_with_tiers_for_ladders() -> None:
    assert gate_keys(load_spec()) == KEYS


def test_an_override_moves_the_threshold_and_the_rule_text() -> None:
    spec = apply_gates(load_spec(), {"can_deliver.unsupported": 0.7, "grade_risk.risk[1]": 1.5})
    assert next(r.text for r in spec.block("can_deliver").policy) == "prob:unsupported >= 0.7 → revise"
    assert "score:risk >= 1.5 → auto_audit" in [r.text for r in spec.block("grade_risk").policy]
    assert effective_thresholds(spec)["grade_risk.risk[1]"] == 1.5
    assert dict(spec.overrides) == {"can_deliver.unsupported": 0.7, "grade_risk.risk[1]": 1.5}


def test_the_bare_key_is_tier_zero() -> None:
    spec = apply_gates(load_spec(), {"grade_risk.risk": 2.5})
    assert spec.block("grade_risk").policy[0].text == "score:risk >= 2.5 → ask_human"


def test_load_spec_applies_gates() -> None:
    assert effective_thresholds(load_spec(gates={"pick_tool.tool": 0.8}))["pick_tool.tool"] == 0.8


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"can_deliver.unsupport": 0.7}, "unknown gate 'can_deliver.unsupport'"),
        ({"can_delivr.unsupported": 0.7}, "unknown block 'can_delivr'"),
        ({"grade_risk.risk[2]": 0.5}, "tiers [0..1]"),
        ({"pick_args.arg": 1.2}, "outside [0, 1]"),
        ({"grade_risk.risk[1]": 3.5}, "outside [0, 3]"),
        ({"pick_tool": 0.5}, "cannot read gate key"),
    ],
)
def test_unknown_or_out_of_range_overrides_are_fatal_and_list_the_keys(
    overrides: dict[str, float], message: str
) -> None:
    with pytest.raises(GateError) as caught:
        apply_gates(load_spec(), overrides)
    assert message in str(caught.value)
    if "outside" not in message:
        assert "pick_tool.tool" in str(caught.value)
        assert "can_deliver.unsupported" in str(caught.value)


def test_an_override_that_makes_a_rung_unreachable_is_refused() -> None:
    with pytest.raises(GateError, match="would never fire") as caught:
        apply_gates(load_spec(), {"grade_risk.risk": 0.5})
    assert "grade_risk.risk=0.5" in str(caught.value)


def test_raising_the_lower_rung_past_the_upper_is_refused_too() -> None:
    with pytest.raises(GateError, match="would never fire"):
        apply_gates(load_spec(), {"grade_risk.risk[1]": 2.0})


def test_a_threshold_at_the_bottom_of_its_range_reports_the_rung_it_cuts_off() -> None:
    spec = apply_gates(load_spec(), {"grade_risk.risk[1]": 0})
    [problem] = spec.problems
    assert problem.message == (
        "grade_risk.risk[1]=0: rule 'else → auto' of 'grade_risk' would never fire; 'score:risk >= 0 → auto_audit' "
        "above it holds for every answer (score:risk is never below 0); give grade_risk.risk[1] a value above 0"
    )
    assert problem.line == spec.block("grade_risk").policy[-1].line
    assert not spec.ok


def test_a_bottom_threshold_on_an_early_tier_cuts_off_every_later_rung() -> None:
    spec = apply_gates(load_spec(), {"grade_risk.risk[0]": 0})
    assert [p.message.split("'")[1] for p in spec.problems] == [
        "prob:needs_auth >= 0.5 → ask_human",
        "score:risk >= 1 → auto_audit",
        "else → auto",
    ]


def test_the_sweep_may_still_reach_zero_and_a_later_override_clears_the_problem() -> None:
    swept = apply_gates(load_spec(), {"pick_tool.tool": 0.0, "pick_args.arg": 0.0})
    assert [p.message.split(":")[0] for p in swept.problems] == ["pick_tool.tool=0", "pick_args.arg=0"]
    assert effective_thresholds(swept)["pick_tool.tool"] == 0.0
    assert apply_gates(swept, {"pick_tool.tool": 0.5, "pick_args.arg": 0.5}).problems == ()
    assert apply_gates(swept, {"pick_tool.tool": 0.0}).problems == swept.problems


def test_overrides_are_all_or_nothing() -> None:
    spec = load_spec()
    with pytest.raises(GateError) as caught:
        apply_gates(spec, {"pick_tool.tool": 0.9, "nope.x": 0.1, "is_done.dne": 0.1})
    text = str(caught.value)
    assert "none applied" in text
    assert "'nope'" in text
    assert "'is_done.dne'" in text
    assert effective_thresholds(spec)["pick_tool.tool"] == 0.65


def test_assignments_parse_from_flags_and_env() -> None:
    assert parse_assignments(split_env(" pick_tool.tool=0.7, ,is_done.done = 0.8")) == {
        "pick_tool.tool": 0.7,
        "is_done.done": 0.8,
    }
    assert parse_assignments(["a.b=0.1", "a.b=0.2"]) == {"a.b": 0.2}


@pytest.mark.parametrize(("item", "message"), [("pick_tool.tool", "cannot read"), ("x.y=high", "must be a number")])
def test_unreadable_assignments_are_refused(item: str, message: str) -> None:
    with pytest.raises(GateError, match=message):
        parse_assignments([item])


def test_each_gate_key_has_its_range_probabilities_to_one_scores_to_the_top_level() -> None:
    ranges = threshold_ranges(load_spec())
    assert set(ranges) == set(gate_keys(load_spec()))
    assert ranges["pick_tool.tool"] == (0.0, 1.0)
    assert ranges["grade_risk.risk[0]"] == (0.0, 3.0)
