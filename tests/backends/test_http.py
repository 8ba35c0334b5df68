"""HttpBackend against a real HTTP server on loopback."""

from __future__ import annotations

from datetime import UTC, datetime
from email.utils import format_datetime

import pytest

from decisionloop.backends import BackendReply, HttpBackend, RetryingBackend, RetryPolicy, Usage
from decisionloop.core.errors import BackendError, ConfigError
from decisionloop.core.wire import question_to_wire
from decisionloop.http_json import parse_retry_after
from tests.support.backends import ANSWERS, Canned, RecordingSleep, make_request
from tests.support.loopback import LoopbackServer


def _decide(
    backend: HttpBackend, *, policy: RetryPolicy | None = None, sleep: RecordingSleep | None = None
) -> BackendReply:
    retrying = RetryingBackend(backend, policy or RetryPolicy(), sleep=sleep or RecordingSleep())
    return retrying.decide(make_request())


def test_posts_the_wire_request_and_returns_the_raw_reply(server: LoopbackServer) -> None:
    body = {
        "model": "jev-1.13.0",
        "answers": ANSWERS,
        "usage": {"input_tokens": 318, "output_tokens": 34},
        "degraded": True,
        "warnings": ["one answer dropped"],
    }
    server.script(Canned(body=body))
    request = make_request()
    with HttpBackend(base_url=server.url + "/", model="jev-1.13.0", api_key="sk-test") as backend:
        reply = backend.decide(request)

    [seen] = server.received
    assert seen.path == "/v1/systemone"
    assert seen.headers["authorization"] == "Bearer sk-test"
    assert seen.headers["user-agent"].startswith("decisionloop/")
    assert seen.headers["content-type"] == "application/json"
    assert seen.body == {
        "model": "jev-1.13.0",
        "state": {"goal": "summarise notes.txt", "steps_done": 1},
        "questions": {qid: question_to_wire(q) for qid, q in request.questions.items()},
    }
    assert reply.answers == ANSWERS
    assert (reply.backend, reply.model) == (backend.name, "jev-1.13.0")
    assert reply.usage == Usage(input_tokens=318, output_tokens=34)
    assert reply.degraded
    assert reply.warnings == ("one answer dropped",)
    assert reply.latency_ms > 0


def test_without_key_or_model_sends_neither_and_records_unknown(server: LoopbackServer) -> None:
    server.script(Canned(body={"answers": {}, "usage": {"input_tokens": True}, "degraded": "yes"}))
    with HttpBackend(base_url=server.url, model=None) as backend:
        reply = backend.decide(make_request())

    [seen] = server.received
    assert "authorization" not in seen.headers
    assert isinstance(seen.body, dict)
    assert "model" not in seen.body
    assert (reply.model, reply.usage, reply.degraded, reply.warnings) == ("unknown", None, False, ())


def test_pinned_model_is_recorded_when_the_server_names_none(server: LoopbackServer) -> None:
    with HttpBackend(base_url=server.url, model="typed-decisions") as backend:
        assert backend.decide(make_request()).model == "typed-decisions"


def test_name_is_host_and_port() -> None:
    with HttpBackend(base_url="https://api.typesafe.ai", model=None) as hosted:
        assert hosted.name == "http@api.typesafe.ai:443"
    with HttpBackend(base_url="http://[::1]:7789/prefix", model=None) as local:
        assert local.name == "http@[::1]:7789"


@pytest.mark.parametrize("url", ["127.0.0.1:7789", "ftp://example.org", "http://"])
def test_unusable_url_is_a_config_error(url: str) -> None:
    with pytest.raises(ConfigError, match="backend URL"):
        HttpBackend(base_url=url, model=None)


def test_429_waits_exactly_as_long_as_retry_after_says(server: LoopbackServer, sleep: RecordingSleep) -> None:
    server.script(Canned(status=429, body={"error": "slow down"}, headers={"Retry-After": "1"}), Canned())
    with HttpBackend(base_url=server.url, model=None) as backend:
        reply = _decide(backend, sleep=sleep)
    assert sleep.waits == [1.0]
    assert len(server.received) == 2
    assert reply.answers == ANSWERS


@pytest.mark.parametrize("status", [429, 529])
def test_rate_limits_are_classified_with_retry_after(server: LoopbackServer, status: int) -> None:
    server.script(Canned(status=status, headers={"Retry-After": "7"}))
    with HttpBackend(base_url=server.url, model=None) as backend, pytest.raises(BackendError) as caught:
        backend.decide(make_request())
    assert (caught.value.code, caught.value.retry_after_s) == ("rate_limited", 7.0)


def test_500_then_success_is_retried_after_a_jittered_backoff(server: LoopbackServer, sleep: RecordingSleep) -> None:
    server.script(Canned(status=500, body={"error": "boom"}), Canned())
    with HttpBackend(base_url=server.url, model=None) as backend:
        reply = _decide(backend, sleep=sleep)
    assert reply.answers == ANSWERS
    assert len(server.received) == 2
    [wait] = sleep.waits
    assert 0.3 * 0.8 <= wait <= 0.3 * 1.2


def test_persistent_500_fails_after_every_attempt(server: LoopbackServer, sleep: RecordingSleep) -> None:
    server.script(Canned(status=503, body={"error": "overloaded"}, headers={"Retry-After": "2"}))
    with HttpBackend(base_url=server.url, model=None) as backend, pytest.raises(BackendError) as caught:
        _decide(backend, policy=RetryPolicy(attempts=4), sleep=sleep)
    assert caught.value.code == "server"
    assert caught.value.retry_after_s == 2.0
    assert "HTTP 503" in str(caught.value)
    assert len(server.received) == 4
    assert sleep.waits == [2.0, 2.0, 2.0]


@pytest.mark.parametrize("body", [b"<html>oops</html>", b"[1, 2]", b'{"answers": ["a"]}', b'{"model": "x"}'])
def test_malformed_body_is_not_retried(server: LoopbackServer, sleep: RecordingSleep, body: bytes) -> None:
    server.script(Canned(body=body))
    with HttpBackend(base_url=server.url, model=None) as backend, pytest.raises(BackendError) as caught:
        _decide(backend, sleep=sleep)
    assert caught.value.code == "malformed"
    assert len(server.received) == 1
    assert sleep.waits == []


@pytest.mark.parametrize(("status", "hint"), [(404, "check the base URL"), (422, "rejected the request body")])
def test_client_errors_are_not_retried(server: LoopbackServer, sleep: RecordingSleep, status: int, hint: str) -> None:
    server.script(Canned(status=status, body={"detail": "criteria must list 2 to 255 options"}))
    with HttpBackend(base_url=server.url, model=None) as backend, pytest.raises(BackendError) as caught:
        _decide(backend, sleep=sleep)
    assert caught.value.code == "client"
    assert f"HTTP {status}" in str(caught.value)
    assert "criteria must list 2 to 255 options" in str(caught.value)
    assert hint in str(caught.value)
    assert len(server.received) == 1
    assert sleep.waits == []


@pytest.mark.parametrize(("backend_timeout_s", "request_timeout_s"), [(0.3, 30.0), (30.0, 0.3)])
def test_a_hung_server_times_out_at_the_smaller_timeout(
    server: LoopbackServer, backend_timeout_s: float, request_timeout_s: float
) -> None:
    server.script(Canned(delay_s=1.5))
    request = make_request(timeout_s=request_timeout_s)
    with (
        HttpBackend(base_url=server.url, model=None, timeout_s=backend_timeout_s) as backend,
        pytest.raises(BackendError) as caught,
    ):
        backend.decide(request)
    assert caught.value.code == "timeout"
    assert caught.value.retryable
    assert "0.3 s" in str(caught.value)


def test_connection_refused_is_a_transport_error(refused_url: str) -> None:
    with HttpBackend(base_url=refused_url, model=None) as backend, pytest.raises(BackendError) as caught:
        backend.decide(make_request())
    assert caught.value.code == "transport"
    assert caught.value.retryable
    assert refused_url in str(caught.value)


def test_a_state_that_is_not_json_fails_before_sending(server: LoopbackServer) -> None:
    request = make_request()
    bad = type(request)(state={"when": datetime(2026, 1, 1, tzinfo=UTC)}, questions=request.questions)
    with HttpBackend(base_url=server.url, model=None) as backend, pytest.raises(BackendError) as caught:
        backend.decide(bad)
    assert caught.value.code == "client"
    assert "not JSON-serialisable" in str(caught.value)
    assert server.received == []


@pytest.mark.parametrize(
    ("header", "expected"),
    [(None, None), ("", None), ("1", 1.0), (" 2.5 ", 2.5), ("0", 0.0), ("-1", None), ("soon", None), ("nan", None)],
)
def test_parse_retry_after_delta_seconds(header: str | None, expected: float | None) -> None:
    assert parse_retry_after(header) == expected


def test_parse_retry_after_http_date() -> None:
    now = datetime(2026, 10, 3, 12, 0, 0, tzinfo=UTC)
    later = format_datetime(datetime(2026, 10, 3, 12, 0, 5, tzinfo=UTC), usegmt=True)
    earlier = format_datetime(datetime(2026, 10, 3, 11, 0, 0, tzinfo=UTC), usegmt=True)
    assert parse_retry_after(later, now=now.timestamp()) == 5.0
    assert parse_retry_after(earlier, now=now.timestamp()) == 0.0
