"""Retrying a backend's transient failures with capped exponential backoff, honouring ``Retry-After``."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from decisionloop.backends.base import BackendReply, DecisionBackend, DecisionRequest
from decisionloop.errors import BackendError, ConfigError

_MAX_DOUBLINGS = 60


class _RetryAdvised(Protocol):
    """Any error that may carry the server's ``Retry-After`` (``BackendError``, ``GeneratorError``)."""

    @property
    def retry_after_s(self) -> float | None:
        """Seconds the server asked to wait, or None."""
        ...


@dataclass(frozen=True, slots=True, kw_only=True)
class RetryPolicy:
    """How many attempts to make and how long to wait between them."""

    attempts: int = 3
    initial_s: float = 0.3
    cap_s: float = 5.0
    max_retry_after_s: float = 30.0
    jitter: float = 0.2

    def __post_init__(self) -> None:
        if self.attempts < 1:
            raise ConfigError(f"retry attempts must be >= 1 (1 = no retry), got {self.attempts!r}")
        for field in ("initial_s", "cap_s", "max_retry_after_s"):
            if not getattr(self, field) >= 0:
                raise ConfigError(f"retry {field} must be >= 0 seconds, got {getattr(self, field)!r}")
        if not 0 <= self.jitter < 1:
            raise ConfigError(f"retry jitter is a fraction in [0, 1), got {self.jitter!r}; e.g. 0.2 for ±20%")

    def backoff_s(self, attempt: int, rng: random.Random) -> float:
        """Wait after failed attempt ``attempt`` (1-based): ``initial * 2**(attempt-1)`` ± jitter, at most ``cap_s``."""
        base = self.initial_s * 2.0 ** min(attempt - 1, _MAX_DOUBLINGS)
        return min(self.cap_s, base * (1.0 + self.jitter * rng.uniform(-1.0, 1.0)))

    def wait_s(self, error: _RetryAdvised, attempt: int, rng: random.Random) -> float:
        """The server's ``Retry-After`` exactly (at most ``max_retry_after_s``) when it gave one, else backoff."""
        if error.retry_after_s is not None:
            return min(error.retry_after_s, self.max_retry_after_s)
        return self.backoff_s(attempt, rng)


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
