"""Micro-batching: concurrent requests collected for a moment and answered by one backend call.

One worker thread owns the backend (an onnxruntime session is not meant to be shared freely between threads) and
keeps the event loop free: handlers put a request on a queue and await a future that the worker settles.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
import time
from dataclasses import dataclass, field

from decisionloop.core.backend import BackendReply, BatchDecisionBackend, DecisionBackend, DecisionRequest
from decisionloop.core.errors import BackendError

_log = logging.getLogger(__name__)
_STOP = object()


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

    Batches form only when the backend offers ``decide_many``; otherwise requests are answered one by one, in
    arrival order. The worker starts with the first request; ``close`` stops it.
    """

    def __init__(self, backend: DecisionBackend, *, window_s: float, max_batch: int) -> None:
        self._backend = backend
        self._batching = isinstance(backend, BatchDecisionBackend) and max_batch > 1
        self._window_s = window_s if self._batching else 0.0
        self._max_batch = max_batch if self._batching else 1
        self._queue: queue.SimpleQueue[_Job | object] = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._worker: threading.Thread | None = None
        self._closed = False
        self._requests = self._calls = self._largest = 0

    @property
    def batching(self) -> bool:
        """Whether concurrent requests are answered by one ``decide_many`` call."""
        return self._batching

    @property
    def pending(self) -> int:
        """Requests waiting for the worker (not counting the batch it is answering)."""
        return self._queue.qsize()

    @property
    def stats(self) -> BatchStats:
        """Requests answered and backend calls made so far."""
        with self._lock:
            return BatchStats(requests=self._requests, calls=self._calls, largest=self._largest)

    async def decide(self, request: DecisionRequest) -> BackendReply:
        """The backend's reply to ``request``; raises what the backend raised."""
        loop = asyncio.get_running_loop()
        job = _Job(request=request, future=loop.create_future(), loop=loop)
        with self._lock:
            if self._closed:
                raise BackendError(self._backend.name, "server", "the server is shutting down; retry elsewhere")
            if self._worker is None:
                self._worker = threading.Thread(target=self._run, name="decision-backend", daemon=True)
                self._worker.start()
            self._queue.put(job)
        return await job.future

    def close(self, timeout_s: float = 10.0) -> None:
        """Stop the worker after the requests already queued; later ``decide`` calls are refused."""
        with self._lock:
            self._closed = True
            worker = self._worker
            self._queue.put(_STOP)
        if worker is not None:
            worker.join(timeout_s)

    def _run(self) -> None:
        stopping = False
        while not stopping:
            first = self._queue.get()
            if first is _STOP:
                return
            batch, stopping = self._collect(first)
            self._answer(batch)

    def _collect(self, first: object) -> tuple[list[_Job], bool]:
        """``first`` plus whatever arrives within the window, up to ``max_batch``; True when asked to stop."""
        batch = [first] if isinstance(first, _Job) else []
        deadline = time.monotonic() + self._window_s
        while len(batch) < self._max_batch:
            remaining = deadline - time.monotonic()
            try:
                # Past the window, still take what already queued up while the last batch ran.
                item = self._queue.get(timeout=remaining) if remaining > 0 else self._queue.get_nowait()
            except queue.Empty:
                break
            if item is _STOP:
                return batch, True
            if isinstance(item, _Job):
                batch.append(item)
        return batch, False

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
