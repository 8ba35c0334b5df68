"""Metric functions on hand-made numbers."""

from __future__ import annotations

import math

import pytest

from decisionloop.evaluate.metrics import SWEEP, CurvePoint, auroc, ece, percentile, rate, tune


def test_rate_is_none_on_nothing() -> None:
    assert rate(0, 0) is None
    assert rate(3, 4) == 0.75


@pytest.mark.parametrize(
    ("scores", "labels", "expected"),
    [
        ([0.9, 0.8, 0.1, 0.2], [True, True, False, False], 1.0),
        ([0.1, 0.2, 0.9, 0.8], [True, True, False, False], 0.0),
        ([0.5, 0.5], [True, False], 0.5),
        ([0.9, 0.5, 0.5, 0.1], [True, True, False, False], (1 + 1 + 1 + 0.5) / 4),
        ([0.3, 0.3, 0.3], [True, False, False], 0.5),
    ],
)
def test_auroc_counts_ties_as_one_half(scores: list[float], labels: list[bool], expected: float) -> None:
    assert auroc(scores, labels) == pytest.approx(expected)


def test_auroc_needs_both_classes_and_matching_lengths() -> None:
    assert auroc([0.4, 0.6], [True, True]) is None
    with pytest.raises(ValueError, match="one score per label"):
        auroc([0.1], [True, False])


def test_ece_bins_by_confidence_and_weights_by_count() -> None:
    # bin [0.9, 1.0]: two at 0.95, one right → |0.5 − 0.95| = 0.45, weight 2/4
    # bin [0.2, 0.3): two at 0.25, both wrong → |0 − 0.25| = 0.25, weight 2/4
    assert ece([0.95, 0.95, 0.25, 0.25], [True, False, False, False]) == pytest.approx(0.5 * 0.45 + 0.5 * 0.25)
    assert ece([1.0, 1.0], [True, True]) == 0.0  # 1.0 lands in the last bin
    assert ece([], []) is None


def test_ece_refuses_non_probabilities() -> None:
    with pytest.raises(ValueError, match="not a probability"):
        ece([1.2], [True])
    with pytest.raises(ValueError, match="not a probability"):
        ece([math.nan], [True])


def test_percentile_interpolates() -> None:
    assert percentile([10.0, 20.0, 30.0, 40.0], 50) == 25.0
    assert percentile([5.0], 95) == 5.0
    assert percentile([1.0, 2.0, 3.0, 4.0, 5.0], 95) == pytest.approx(4.8)
    assert percentile([], 50) is None


def test_the_sweep_runs_from_zero_to_one() -> None:
    assert SWEEP[0] == 0.0
    assert SWEEP[-1] == 1.0
    assert list(SWEEP) == sorted(SWEEP)


def test_tune_picks_the_largest_share_within_the_cap_and_the_smaller_tau_on_ties() -> None:
    points = [
        CurvePoint(tau=0.3, auto=9, auto_right=7, steps=10),  # error 22% — over the cap
        CurvePoint(tau=0.5, auto=8, auto_right=8, steps=10),  # 80% at 0%
        CurvePoint(tau=0.6, auto=8, auto_right=8, steps=10),  # same share: the smaller τ wins
        CurvePoint(tau=0.9, auto=2, auto_right=2, steps=10),
        CurvePoint(tau=1.01, auto=0, auto_right=0, steps=10),
    ]
    best = tune(points, cap=0.10)
    assert best is not None
    assert (best.tau, best.auto_share, best.auto_error) == (0.5, 0.8, 0.0)
    looser = tune(points, cap=0.25)
    assert looser is not None
    assert looser.tau == 0.3
    floored = tune(points, cap=0.25, floor=0.55)  # never below the floor, however much more it would let through
    assert floored is not None
    assert floored.tau == 0.6


def test_tune_finds_nothing_when_no_point_qualifies() -> None:
    assert tune([CurvePoint(tau=0.5, auto=4, auto_right=2, steps=4)], cap=0.1) is None
    assert tune([CurvePoint(tau=1.01, auto=0, auto_right=0, steps=4)], cap=0.1) is None
    with pytest.raises(ValueError, match="fraction"):
        tune([], cap=10)
