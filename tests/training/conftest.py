"""One batch of generated episodes shared by the generator's tests (generating takes a few seconds)."""

from __future__ import annotations

import time

import pytest

from decisionloop.training.generator import Episode, generate

BATCH = 5000
SEED = 0


@pytest.fixture(scope="session")
def episodes() -> list[Episode]:
    """5,000 episodes of seed 0; the time it took is printed (run with -s to see it), never asserted."""
    start = time.perf_counter()
    batch = generate(BATCH, SEED)
    print(f"\ngenerated {BATCH} episodes in {time.perf_counter() - start:.1f} s")
    return batch
