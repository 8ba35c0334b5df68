"""A chain of backends tried in order; an answer from any but the first is marked degraded."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

from decisionloop.core.backend import BackendReply, DecisionBackend, DecisionRequest
from decisionloop.core.errors import BackendError


class FallbackBackend:
    """Asks each backend in turn until one answers; each fall-back from one to the next is reported once."""

    def __init__(
        self, backends: Sequence[DecisionBackend], *, on_fallback: Callable[[str], None] | None = None
    ) -> None:
        if not backends:
            raise ValueError("a fallback chain needs at least one backend, got none; pass e.g. [http, rule_judge]")
        self._backends = tuple(backends)
        self._on_fallback = on_fallback
        self._reported: set[int] = set()

    @property
    def name(self) -> str:
        """The chain, e.g. ``http@127.0.0.1:7789→rule-judge``."""
        return "→".join(b.name for b in self._backends)

    def decide(self, request: DecisionRequest) -> BackendReply:
        """The first backend's reply; failing that, the next one's, degraded; if all fail, the last error."""
        failures: list[BackendError] = []
        for index, backend in enumerate(self._backends):
            try:
                reply = backend.decide(request)
            except BackendError as err:
                failures.append(err)
                self._report(index, err)
                continue
            return self._degraded(reply) if index else reply
        raise self._exhausted(failures)

    def _report(self, index: int, err: BackendError) -> None:
        if self._on_fallback is None or index + 1 >= len(self._backends) or index in self._reported:
            return
        self._reported.add(index)
        failed, following = self._backends[index], self._backends[index + 1]
        self._on_fallback(f"▲ {failed.name} unavailable ({err.code}: {err.message}), falling back to {following.name}")

    def _degraded(self, reply: BackendReply) -> BackendReply:
        warning = f"planned {self._backends[0].name}, answered by {reply.backend}"
        return dataclasses.replace(reply, degraded=True, warnings=(*reply.warnings, warning))

    def _exhausted(self, failures: list[BackendError]) -> BackendError:
        last = failures[-1]
        if len(failures) == 1:
            return last
        listed = "; ".join(str(e) for e in failures)
        message = f"every backend failed: {listed}; start one of them or check its URL and key"
        error = BackendError(self.name, last.code, message, retry_after_s=last.retry_after_s)
        error.__cause__ = last
        return error
