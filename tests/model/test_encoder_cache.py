"""The encoder's text cache is bounded by bytes as well as entries, least recently used first; the real
encoder keeps within it however long the texts, and embeds the same as without a bound."""

from __future__ import annotations

from sys import getsizeof

import numpy as np
import pytest

from decisionloop.model.backend import ENCODER, TOKENIZER, shipped_dir
from decisionloop.model.encoder import DIM, Encoder, TextCache

ROW_BYTES = DIM * 4


def _row(seed: int) -> np.ndarray:
    return np.random.default_rng(seed).normal(size=DIM).astype(np.float32)


def _text(i: int, size: int) -> str:
    return f"state {i:04d} " + "x" * size


def test_the_bytes_kept_never_exceed_the_bound_with_long_texts() -> None:
    bound = 200_000
    cache = TextCache(entries=10_000, max_bytes=bound)
    texts = [_text(i, 20_000) for i in range(50)]
    for i, text in enumerate(texts):
        cache.put(text, _row(i))
        assert cache.nbytes <= bound
    per_entry = getsizeof(texts[0]) + ROW_BYTES
    assert len(cache) == bound // per_entry
    assert cache.nbytes == len(cache) * per_entry
    assert cache.get(texts[0]) is None  # the oldest went first
    kept = cache.get(texts[-1])
    assert kept is not None
    assert np.array_equal(kept, _row(len(texts) - 1))


def test_a_lookup_makes_an_entry_the_most_recent() -> None:
    per_entry = getsizeof(_text(0, 100)) + ROW_BYTES
    cache = TextCache(max_bytes=3 * per_entry)
    first, second, third, fourth = (_text(i, 100) for i in range(4))
    for i, text in enumerate((first, second, third)):
        cache.put(text, _row(i))
    assert cache.get(first) is not None
    cache.put(fourth, _row(3))
    assert cache.get(second) is None
    assert all(cache.get(t) is not None for t in (first, third, fourth))


def test_the_entry_bound_still_holds_for_short_texts() -> None:
    cache = TextCache(entries=5)
    for i in range(20):
        cache.put(f"t{i}", _row(i))
    assert len(cache) == 5
    assert cache.nbytes == sum(getsizeof(f"t{i}") + ROW_BYTES for i in range(15, 20))


def test_an_entry_larger_than_the_bound_is_not_kept_and_keeps_the_others() -> None:
    cache = TextCache(max_bytes=50_000)
    cache.put("short", _row(0))
    cache.put("x" * 100_000, _row(1))
    assert cache.get("x" * 100_000) is None
    assert cache.get("short") is not None
    assert cache.nbytes == getsizeof("short") + ROW_BYTES


@pytest.fixture(scope="module")
def unbounded() -> Encoder:
    return Encoder(shipped_dir() / ENCODER, shipped_dir() / TOKENIZER, threads=1)


def test_the_real_encoder_keeps_its_cache_within_the_bytes_bound(unbounded: Encoder) -> None:
    bound = 60_000
    bounded = Encoder(shipped_dir() / ENCODER, shipped_dir() / TOKENIZER, threads=1, cache_bytes=bound)
    texts = [f"goal {i}: what is the weather in Lisbon? " + "more words here " * 100 for i in range(40)]
    for start in range(0, len(texts), 8):
        batch = texts[start : start + 8]
        assert np.allclose(bounded.embed(batch), unbounded.embed(batch), atol=1e-6)
        assert bounded.cache.nbytes <= bound
    # more texts in one call than the cache holds: every row is still given, in order, each as it is alone
    rows = bounded.embed([*texts, "", texts[0]])
    assert rows.shape == (len(texts) + 2, DIM)
    assert not rows[len(texts)].any()
    assert np.array_equal(rows[-1], rows[0])
    assert np.allclose(rows[: len(texts)], unbounded.embed(texts), atol=1e-6)
    assert bounded.cache.nbytes <= bound
    assert 0 < len(bounded.cache) < len(texts)


def test_a_text_has_one_vector_whatever_is_embedded_with_it(unbounded: Encoder) -> None:
    # the int8 model quantises its activations once per run, so a text run beside others read differently
    fresh = Encoder(shipped_dir() / ENCODER, shipped_dir() / TOKENIZER, threads=1)
    goal = "How far is it from Lyon to Porto?"
    with_others = fresh.embed(["hi", goal, "a much longer text about the weather in Lisbon and Porto " * 5])[1]
    assert np.array_equal(with_others, unbounded.embed([goal])[0])
