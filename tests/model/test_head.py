"""The head's fast path gives the scores of its plain definition; temperatures and buckets behave."""

from __future__ import annotations

import numpy as np
import pytest

from decisionloop.model.encoder import DIM
from decisionloop.model.features import N_LEXICAL, compose
from decisionloop.model.head import Head, bucket


def _head(rng: np.random.Generator, lexical: int = N_LEXICAL) -> Head:
    width = 10 * DIM + lexical
    weights = {
        "mean": rng.normal(size=width).astype(np.float32),
        "std": rng.uniform(0.5, 2.0, size=width).astype(np.float32),
        "w1": rng.normal(scale=0.05, size=(width, 16)).astype(np.float32),
        "b1": rng.normal(size=16).astype(np.float32),
        "w2": rng.normal(scale=0.3, size=(16, 8)).astype(np.float32),
        "b2": rng.normal(size=8).astype(np.float32),
        "w3": rng.normal(scale=0.3, size=(8, 1)).astype(np.float32),
        "b3": rng.normal(size=1).astype(np.float32),
    }
    return Head(weights=weights, temperatures={"choice:3-5": 2.0})


def test_the_folded_fast_path_matches_the_plain_scores() -> None:
    rng = np.random.default_rng(0)
    head = _head(rng)
    shared = rng.normal(size=(5, DIM)).astype(np.float32)
    options = rng.normal(size=(4, DIM)).astype(np.float32)
    lexical = rng.uniform(size=(4, N_LEXICAL)).astype(np.float32)
    plain = head.scores(compose(shared, options, lexical))
    assert head.scores_of(shared, options, lexical) == pytest.approx(plain, rel=1e-4, abs=1e-4)


def test_probabilities_use_the_bucket_temperature() -> None:
    head = _head(np.random.default_rng(1))
    scores = np.array([2.0, 0.0, 0.0], dtype=np.float32)
    sharp = head.probabilities(scores, "noul")
    soft = head.probabilities(scores, "choice")
    assert sharp.sum() == pytest.approx(1.0)
    assert soft[0] < sharp[0]
    assert bucket("choice", 2) == "choice:2"
    assert bucket("choice", 13) == "choice:13+"


def test_save_and_load_round_trip_without_the_cache(tmp_path: object) -> None:
    from pathlib import Path

    assert isinstance(tmp_path, Path)
    rng = np.random.default_rng(2)
    head = _head(rng)
    shared = rng.normal(size=(5, DIM)).astype(np.float32)
    options = rng.normal(size=(3, DIM)).astype(np.float32)
    lexical = rng.uniform(size=(3, N_LEXICAL)).astype(np.float32)
    before = head.scores_of(shared, options, lexical)
    head.save(tmp_path / "head.npz")
    loaded = Head.load(tmp_path / "head.npz", head.temperatures)
    assert not any(k.startswith("_") for k in np.load(tmp_path / "head.npz").files)
    assert loaded.scores_of(shared, options, lexical) == pytest.approx(before, abs=0.05)


def test_an_int8_first_layer_is_smaller_and_each_weight_within_half_a_step(tmp_path: object) -> None:
    from pathlib import Path

    assert isinstance(tmp_path, Path)
    head = _head(np.random.default_rng(3))
    head.save(tmp_path / "half.npz")
    head.save(tmp_path / "int8.npz", int8=True)
    assert (tmp_path / "int8.npz").stat().st_size < 0.7 * (tmp_path / "half.npz").stat().st_size
    loaded = Head.load(tmp_path / "int8.npz", head.temperatures)
    w1 = head.weights["w1"]
    step = np.abs(w1).max(axis=0) / 127.0
    assert np.all(np.abs(loaded.weights["w1"] - w1) <= step / 2 + 1e-6)
    assert set(loaded.weights) == set(Head.load(tmp_path / "half.npz", {}).weights)
