"""Metric functions: pure, over plain numbers, each tested on hand-made inputs."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

# τ in 0.05 steps, finer near the top: a model whose right answers sit at 0.95–0.99 and whose one confident mistake
# sits at 0.92 is tuned to hold that mistake without holding everything (the jump from 0.9 to 1.0 did).
SWEEP: tuple[float, ...] = (*(round(0.05 * i, 2) for i in range(19)), 0.92, 0.94, 0.96, 0.98, 0.99, 1.0)
ECE_BINS = 10


def rate(hits: int, total: int) -> float | None:
    """``hits / total``, or None when there is nothing to count (not 0: an empty set has no rate)."""
    return hits / total if total else None


def auroc(scores: Sequence[float], labels: Sequence[bool]) -> float | None:
    """Probability that a random positive scores above a random negative, ties counting one half.

    None when either class is empty. Computed over all pairs (the sets here are small).
    """
    if len(scores) != len(labels):
        raise ValueError(f"{len(scores)} scores for {len(labels)} labels; give one score per label")
    positives = [s for s, y in zip(scores, labels, strict=True) if y]
    negatives = [s for s, y in zip(scores, labels, strict=True) if not y]
    if not positives or not negatives:
        return None
    wins = sum(1.0 if p > n else 0.5 if p == n else 0.0 for p in positives for n in negatives)
    return wins / (len(positives) * len(negatives))


def ece(confidences: Sequence[float], correct: Sequence[bool], bins: int = ECE_BINS) -> float | None:
    """Expected calibration error: equal-width bins on [0, 1] (1.0 in the last), weighted |accuracy − confidence|."""
    if len(confidences) != len(correct):
        raise ValueError(f"{len(confidences)} confidences for {len(correct)} outcomes; give one each")
    if not confidences:
        return None
    if bins < 1:
        raise ValueError(f"bins must be >= 1, got {bins!r}")
    filled: list[list[tuple[float, bool]]] = [[] for _ in range(bins)]
    for p, ok in zip(confidences, correct, strict=True):
        if not 0.0 <= p <= 1.0 or math.isnan(p):
            raise ValueError(f"confidence {p!r} is not a probability")
        filled[min(int(p * bins), bins - 1)].append((p, ok))
    total = len(confidences)
    return sum(
        len(b) / total * abs(sum(ok for _, ok in b) / len(b) - sum(p for p, _ in b) / len(b)) for b in filled if b
    )


def percentile(values: Sequence[float], q: float) -> float | None:
    """The ``q``-th percentile (0–100) with linear interpolation between closest ranks; None for no values."""
    if not 0.0 <= q <= 100.0:
        raise ValueError(f"percentile must lie in [0, 100], got {q!r}")
    if not values:
        return None
    ordered = sorted(values)
    position = (len(ordered) - 1) * q / 100.0
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


@dataclass(frozen=True, slots=True, kw_only=True)
class CurvePoint:
    """One threshold of the sweep: the automatic share and how often the automatic steps were right."""

    tau: float
    auto: int
    auto_right: int
    steps: int

    @property
    def auto_share(self) -> float:
        """Steps taken automatically / all steps."""
        return self.auto / self.steps if self.steps else 0.0

    @property
    def auto_accuracy(self) -> float | None:
        """Right automatic steps / automatic steps; None when none was automatic."""
        return rate(self.auto_right, self.auto)

    @property
    def auto_error(self) -> float | None:
        """1 − auto_accuracy; None when none was automatic."""
        accuracy = self.auto_accuracy
        return None if accuracy is None else 1.0 - accuracy


def tune(points: Sequence[CurvePoint], cap: float, floor: float = 0.0) -> CurvePoint | None:
    """The point with the largest automatic share whose automatic-step error is at most ``cap`` (ties: smaller τ),
    among τ ≥ ``floor``.

    A floor keeps a small dev split from opening the gate further than held-out data has shown to be safe: with
    no error left on 80 steps, the largest share is at τ = 0, where confidence no longer holds anything. Points
    with no automatic step do not qualify; None when no point does.
    """
    if not 0.0 <= cap <= 1.0:
        raise ValueError(f"the error cap is a fraction in [0, 1], got {cap!r}; e.g. 0.10 for 10%")
    allowed = [p for p in points if p.tau >= floor - 1e-12 and p.auto and (p.auto_error or 0.0) <= cap + 1e-12]
    if not allowed:
        return None
    return min(allowed, key=lambda p: (-p.auto_share, p.tau))
