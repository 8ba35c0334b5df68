"""RetryingBackend and RetryPolicy, driven by scripted failures."""

from __future__ import annotations

import random

import pytest

from decisionloop.backends import RetryingBackend, RetryPolicy, ScriptedBackend
from decisionloop.backends.scripted import Step
from decisionloop.core.errors import BackendError, BackendErrorCode, ConfigError
from tests.support.backends import ANSWERS, RecordingSleep, make_request

OK = {"answers": ANSWERS}


def _error(code: BackendErrorCode = "server", retry_after_s: float | None = None) -> BackendError:
    return BackendError("scripted", code, "scripted failure", retry_after_s=retry_after_s)


def test_retries_transient_failures_and_reports_each(sleep: RecordingSleep) -> None:
    first, second = _error("transport"), _error("timeout")
    reported: list[tuple[BackendError, int, float]] = []
    inner = ScriptedBackend([first, second, OK])
    backend = RetryingBackend(
        inner, RetryPolicy(jitter=0.0), sleep=sleep, on_retry=lambda e, n, w: reported.append((e, n, w))
    )

    reply = backend.decide(make_request())

    assert reply.answers == ANSWERS
    assert len(inner.requests) == 3
    assert reported == [(first, 1, 0.3), (second, 2, 0.6)]
    assert sleep.waits == [0.3, 0.6]


@pytest.mark.parametrize("code", ["client", "malformed"])
def test_non_retryable_errors_propagate_unchanged(sleep: RecordingSleep, code: BackendErrorCode) -> None:
    error = _error(code)
    inner = ScriptedBackend([error, OK])
    with pytest.raises(BackendError) as caught:
        RetryingBackend(inner, RetryPolicy(), sleep=sleep).decide(make_request())
    assert caught.value is error
    assert len(inner.requests) == 1
    assert sleep.waits == []


def test_the_last_attempts_error_propagates_unchanged(sleep: RecordingSleep) -> None:
    errors = [_error(), _error(), _error("rate_limited")]
    with pytest.raises(BackendError) as caught:
        RetryingBackend(ScriptedBackend(errors), RetryPolicy(attempts=3), sleep=sleep).decide(make_request())
    assert caught.value is errors[-1]
    assert len(sleep.waits) == 2


def test_retry_after_is_honoured_exactly_up_to_the_cap(sleep: RecordingSleep) -> None:
    script: list[Step] = [_error("rate_limited", retry_after_s=2.5), _error("server", retry_after_s=120.0), OK]
    policy = RetryPolicy(cap_s=1.0, max_retry_after_s=30.0)
    RetryingBackend(ScriptedBackend(script), policy, sleep=sleep).decide(make_request())
    assert sleep.waits == [2.5, 30.0]


def test_backoff_doubles_up_to_the_cap() -> None:
    policy = RetryPolicy(initial_s=0.5, cap_s=3.0, jitter=0.0)
    rng = random.Random(0)
    assert [policy.backoff_s(n, rng) for n in range(1, 6)] == [0.5, 1.0, 2.0, 3.0, 3.0]
    assert policy.backoff_s(10_000, rng) == 3.0


def test_jitter_stays_within_its_fraction() -> None:
    policy = RetryPolicy(initial_s=1.0, cap_s=10.0, jitter=0.2)
    rng = random.Random(7)
    waits = [policy.backoff_s(1, rng) for _ in range(200)]
    assert all(0.8 <= w <= 1.2 for w in waits)
    assert len(set(waits)) > 1


def test_name_is_the_inner_backends() -> None:
    assert RetryingBackend(ScriptedBackend([], name="rule-judge")).name == "rule-judge"


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"attempts": 0}, "attempts must be >= 1"),
        ({"initial_s": -0.1}, "initial_s must be >= 0"),
        ({"max_retry_after_s": float("nan")}, "max_retry_after_s must be >= 0"),
        ({"jitter": 1.0}, "jitter is a fraction"),
    ],
)
def test_policy_rejects_unusable_values(kwargs: dict[str, float], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        RetryPolicy(**kwargs)  # type: ignore[arg-type]
