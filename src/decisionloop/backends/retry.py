"""Retrying a backend's transient failures under a ``RetryPolicy`` (capped backoff, ``Retry-After``)."""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from decisionloop.core.backend import BackendReply, DecisionBackend, DecisionRequest
from decisionloop.core.errors import BackendError
from decisionloop.http_json import RetryPolicy


class RetryingBackend:
    """Tries ``inner`` again on retryable ``BackendError``s; other errors and the last failure propagate unchanged."""

    def __init__(
        self,
        inner: DecisionBackend,
        policy: RetryPolicy | None = None,
        *,
        sleep: Callable[[float], None] = time.sleep,
        on_retry: Callable[[BackendError, int, float], None] | None = None,
        rng: random.Random | None = None,
    ) -> None:
        self._inner = inner
        self._policy = policy or RetryPolicy()
        self._sleep = sleep
        self._on_retry = on_retry
        self._rng = rng or random.Random()

    @property
    def name(self) -> str:
        """The inner backend's name: retrying does not change who answers."""
        return self._inner.name

    @property
    def policy(self) -> RetryPolicy:
        """The policy in force."""
        return self._policy

    def decide(self, request: DecisionRequest) -> BackendReply:
        """Ask ``inner``; after a retryable failure report it to ``on_retry(err, attempt, wait_s)``, wait, retry."""
        attempt = 1
        while True:
            try:
                return self._inner.decide(request)
            except BackendError as err:
                if not err.retryable or attempt >= self._policy.attempts:
                    raise
                wait = self._policy.wait_s(err, attempt, self._rng)
                if self._on_retry is not None:
                    self._on_retry(err, attempt, wait)
                self._sleep(wait)
                attempt += 1
