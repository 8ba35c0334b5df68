"""MicroBatcher on its own: batches form only with decide_many, and one bad request fails only itself."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

from decisionloop.backends import BackendReply, DecisionRequest
from decisionloop.core.errors import BackendError
from decisionloop.core.questions import NoulQuestion
from decisionloop.server import MicroBatcher
from tests.support.decision_backends import BatchingBackend, FixedBackend


def _requests(*states: str) -> list[DecisionRequest]:
    return [DecisionRequest(state=s, questions={"q": NoulQuestion(instructions="?")}) for s in states]


def _decide_all(batcher: MicroBatcher, requests: list[DecisionRequest]) -> list[BackendReply | BaseException]:
    async def main() -> list[BackendReply | BaseException]:
        return await asyncio.gather(*(batcher.decide(r) for r in requests), return_exceptions=True)

    try:
        return asyncio.run(main())
    finally:
        batcher.close()


def test_a_full_batch_is_one_decide_many_call() -> None:
    backend = BatchingBackend()
    # A window far longer than the test: the batch closes because it is full, not because time passed.
    batcher = MicroBatcher(backend, window_s=60.0, max_batch=3)
    replies = _decide_all(batcher, _requests("a", "b", "c"))

    assert all(isinstance(r, BackendReply) for r in replies)
    assert backend.batch_sizes == [3]
    assert [r.state for r in backend.requests] == ["a", "b", "c"]
    assert (batcher.stats.requests, batcher.stats.calls, batcher.stats.largest) == (3, 1, 3)
    assert batcher.stats.mean_batch == 3.0


def test_a_failed_batch_is_retried_one_by_one_so_only_the_culprit_fails() -> None:
    backend = BatchingBackend(failing_state="bad")
    batcher = MicroBatcher(backend, window_s=60.0, max_batch=3)
    good, bad, also_good = _decide_all(batcher, _requests("a", "bad", "c"))

    assert isinstance(good, BackendReply)
    assert isinstance(also_good, BackendReply)
    assert isinstance(bad, BackendError)
    assert "cannot read state 'bad'" in bad.message


def test_without_decide_many_requests_are_answered_one_by_one() -> None:
    backend = FixedBackend()
    batcher = MicroBatcher(backend, window_s=60.0, max_batch=16)
    replies = _decide_all(batcher, _requests("a", "b", "c"))

    assert not batcher.batching
    assert all(isinstance(r, BackendReply) for r in replies)
    assert (batcher.stats.calls, batcher.stats.largest) == (3, 1)


def test_a_closed_batcher_refuses_new_requests() -> None:
    batcher = MicroBatcher(FixedBackend(), window_s=0.0, max_batch=1)
    batcher.close()
    [refused] = _decide_all(batcher, _requests("a"))
    assert isinstance(refused, BackendError)
    assert "shutting down" in refused.message


def test_without_decide_many_a_batch_and_single_requests_take_turns() -> None:
    backend = BatchingBackend(hold_first=True)
    batcher = MicroBatcher(backend, window_s=0.0, max_batch=1)  # max_batch 1: one request per call

    async def main() -> None:
        batch = batcher.submit_batch(_requests(*(f"b{i}" for i in range(6))))
        await asyncio.to_thread(_until, lambda: backend.held_size == 1)  # b0 is being answered
        singles = [asyncio.ensure_future(batcher.decide(r)) for r in _requests("s1", "s2")]
        await asyncio.to_thread(_until, lambda: batcher.pending == 7)
        backend.release()
        await asyncio.gather(*batch, *singles)

    try:
        asyncio.run(main())
    finally:
        batcher.close()
    assert [r.state for r in backend.requests] == ["b0", "b1", "s1", "b2", "s2", "b3", "b4", "b5"]


def _until(condition: Callable[[], bool]) -> None:
    """Wait for ``condition`` (the test fails on what follows, not on time, if it never holds)."""
    deadline = time.monotonic() + 10.0
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.002)
