"""Micro-batching: concurrent requests collected for a moment and answered by one backend call.

One worker thread owns the backend (an onnxruntime session is not meant to be shared freely between threads) and
keeps the event loop free: handlers put a request on a queue and await a future that the worker settles.

Fairness: single requests wait in one lane, each batch (`/v1/systemone/batch`) in a lane of its own. A backend
call takes at most ``max_batch`` requests, half of them (rounded up) first from one side, singles or batches, the
side alternating call by call, the rest topped up from whatever waits; batches take turns among themselves. So a
batch holds the worker for one call at a time: a single request that arrives while a batch of thousands is being
answered goes into the next call, and a flood of singles still leaves every batch half of each call.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
import time
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field

from decisionloop.core.backend import BackendReply, BatchDecisionBackend, DecisionBackend, DecisionRequest
from decisionloop.core.errors import BackendError

_log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True, kw_only=True)
class BatchStats:
    """What the worker has done so far: requests answered and backend calls made for them."""

    requests: int
    calls: int
    largest: int

    @property
    def mean_batch(self) -> float:
        """Requests per backend call."""
        return self.requests / self.calls if self.calls else 0.0


@dataclass(slots=True, kw_only=True)
class _Job:
    request: DecisionRequest
    future: asyncio.Future[BackendReply]
    loop: asyncio.AbstractEventLoop = field(repr=False)


class MicroBatcher:
    """Answers requests on one worker thread, batching those that arrive within ``window_s`` of each other.

    Batches form only when the backend offers ``decide_many``; otherwise requests are answered one by one, singles
    and batches' requests alternating. The worker starts with the first request; ``close`` stops it.
    """

    def __init__(self, backend: DecisionBackend, *, window_s: float, max_batch: int) -> None:
        self._backend = backend
        self._batching = isinstance(backend, BatchDecisionBackend) and max_batch > 1
        self._window_s = window_s if self._batching else 0.0
        self._max_batch = max_batch if self._batching else 1
        self._lock = threading.Lock()
        self._ready = threading.Condition(self._lock)
        self._singles: deque[_Job] = deque()
        self._groups: deque[deque[_Job]] = deque()
        self._waiting = 0
        self._groups_first = False
        self._worker: threading.Thread | None = None
        self._closed = False
        self._requests = self._calls = self._largest = 0

    @property
    def batching(self) -> bool:
        """Whether concurrent requests are answered by one ``decide_many`` call."""
        return self._batching

    @property
    def pending(self) -> int:
        """Requests waiting for the worker (not counting the call it is making)."""
        with self._lock:
            return self._waiting

    @property
    def stats(self) -> BatchStats:
        """Requests answered and backend calls made so far."""
        with self._lock:
            return BatchStats(requests=self._requests, calls=self._calls, largest=self._largest)

    async def decide(self, request: DecisionRequest) -> BackendReply:
        """The backend's reply to ``request``; raises what the backend raised."""
        [future] = self._submit([request], group=False)
        return await future

    def submit_batch(self, requests: Sequence[DecisionRequest]) -> list[asyncio.Future[BackendReply]]:
        """Queue a batch's requests as one lane, answered a bounded call at a time; a future per request, in order.

        Call from the event loop that awaits the futures; BackendError when the batcher is closed.
        """
        return self._submit(requests, group=True)

    def close(self, timeout_s: float = 10.0) -> None:
        """Stop the worker after the requests already queued; later requests are refused."""
        with self._ready:
            self._closed = True
            worker = self._worker
            self._ready.notify_all()
        if worker is not None:
            worker.join(timeout_s)

    def _submit(self, requests: Sequence[DecisionRequest], *, group: bool) -> list[asyncio.Future[BackendReply]]:
        loop = asyncio.get_running_loop()
        jobs = [_Job(request=r, future=loop.create_future(), loop=loop) for r in requests]
        with self._ready:
            if self._closed:
                raise BackendError(self._backend.name, "server", "the server is shutting down; retry elsewhere")
            if self._worker is None:
                self._worker = threading.Thread(target=self._run, name="decision-backend", daemon=True)
                self._worker.start()
            if group:
                self._groups.append(deque(jobs))
            else:
                self._singles.extend(jobs)
            self._waiting += len(jobs)
            self._ready.notify()
        return [job.future for job in jobs]

    def _run(self) -> None:
        while (batch := self._collect()) is not None:
            if batch:
                self._answer(batch)

    def _collect(self) -> list[_Job] | None:
        """The next call's requests, once there are any and the window has passed or the call is full; None when
        closed with nothing left."""
        with self._ready:
            while not self._waiting:
                if self._closed:
                    return None
                self._ready.wait()
            deadline = time.monotonic() + self._window_s
            while self._waiting < self._max_batch and not self._closed:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    break
                self._ready.wait(remaining)
            return self._take()

    def _take(self) -> list[_Job]:
        """Up to ``max_batch`` waiting requests, shared between singles and batches (see the module docstring)."""
        share = (self._max_batch + 1) // 2
        first, second = (self._from_groups, self._from_singles)
        if not self._groups_first:
            first, second = second, first
        self._groups_first = not self._groups_first
        taken: list[_Job] = []
        first(taken, share)
        second(taken, self._max_batch)
        first(taken, self._max_batch)
        self._waiting -= len(taken)
        # A request whose client went away (its handler cancelled) is not worth a place in the call.
        return [job for job in taken if not job.future.cancelled()]

    def _from_singles(self, taken: list[_Job], up_to: int) -> None:
        while self._singles and len(taken) < up_to:
            taken.append(self._singles.popleft())

    def _from_groups(self, taken: list[_Job], up_to: int) -> None:
        while self._groups and len(taken) < up_to:
            lane = self._groups[0]
            while lane and len(taken) < up_to:
                taken.append(lane.popleft())
            if lane:
                self._groups.rotate(-1)  # the next call's share goes to the next batch
            else:
                self._groups.popleft()

    def _answer(self, batch: list[_Job]) -> None:
        if len(batch) > 1 and isinstance(self._backend, BatchDecisionBackend):
            try:
                replies = self._backend.decide_many([job.request for job in batch])
                if len(replies) != len(batch):
                    raise BackendError(
                        self._backend.name,
                        "server",
                        f"decide_many returned {len(replies)} replies for {len(batch)} requests",
                    )
            except Exception as err:
                # One bad request must not fail its neighbours: fall back to answering them one by one.
                _log.warning("batch of %d failed (%s); answering one by one", len(batch), err)
            else:
                self._count(len(batch))
                for job, reply in zip(batch, replies, strict=True):
                    _settle(job, reply)
                return
        for job in batch:
            self._answer_one(job)

    def _answer_one(self, job: _Job) -> None:
        try:
            outcome: BackendReply | BaseException = self._backend.decide(job.request)
        except Exception as err:
            # Handed to the waiting handler, which answers 503 (BackendError) or 500; the worker lives on.
            outcome = err
        self._count(1)
        _settle(job, outcome)

    def _count(self, size: int) -> None:
        with self._lock:
            self._requests += size
            self._calls += 1
            self._largest = max(self._largest, size)


def _settle(job: _Job, outcome: BackendReply | BaseException) -> None:
    def settle() -> None:
        if job.future.done():  # the client went away and its handler was cancelled
            return
        if isinstance(outcome, BaseException):
            job.future.set_exception(outcome)
        else:
            job.future.set_result(outcome)

    # RuntimeError: the loop that asked is closed, so nobody is waiting any more.
    with contextlib.suppress(RuntimeError):
        job.loop.call_soon_threadsafe(settle)
