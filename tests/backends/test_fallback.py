"""FallbackBackend: a chain tried in order, answers from later links marked degraded."""

from __future__ import annotations

import pytest

from decisionloop.backends import FallbackBackend, HttpBackend, RetryingBackend, RetryPolicy, ScriptedBackend
from decisionloop.core.errors import BackendError
from tests.support.backends import ANSWERS, Canned, RecordingSleep, make_request
from tests.support.loopback import LoopbackServer

OK = {"answers": ANSWERS, "warnings": ["rule judge (demo only)"]}


def test_a_failing_server_falls_back_once_per_transition(server: LoopbackServer, sleep: RecordingSleep) -> None:
    server.script(Canned(status=500, body={"error": "boom"}))
    notices: list[str] = []
    judge = ScriptedBackend([OK, OK], name="rule-judge", model="rules")
    with HttpBackend(base_url=server.url, model="jev-1.13.0") as http:
        chain = FallbackBackend([RetryingBackend(http, RetryPolicy(), sleep=sleep), judge], on_fallback=notices.append)
        replies = [chain.decide(make_request()), chain.decide(make_request())]

    assert len(server.received) == 6
    assert len(sleep.waits) == 4
    [notice] = notices
    assert notice.startswith(f"▲ {http.name} unavailable (server: HTTP 500 from ")
    assert notice.endswith("), falling back to rule-judge")
    for reply in replies:
        assert reply.degraded
        assert (reply.backend, reply.model) == ("rule-judge", "rules")
        assert reply.answers == ANSWERS
        assert reply.warnings == ("rule judge (demo only)", f"planned {http.name}, answered by rule-judge")


def test_the_first_backends_reply_is_returned_as_is() -> None:
    notices: list[str] = []
    chain = FallbackBackend([ScriptedBackend([OK]), ScriptedBackend([], name="spare")], on_fallback=notices.append)
    reply = chain.decide(make_request())
    assert (reply.backend, reply.degraded, reply.warnings) == ("scripted", False, ("rule judge (demo only)",))
    assert notices == []


def test_each_distinct_transition_is_reported() -> None:
    notices: list[str] = []
    down = BackendError("a", "transport", "refused")
    chain = FallbackBackend(
        [
            ScriptedBackend(lambda _: down, name="a"),
            ScriptedBackend(lambda _: BackendError("b", "timeout", "slow"), name="b"),
            ScriptedBackend(lambda _: OK, name="c"),
        ],
        on_fallback=notices.append,
    )
    for _ in range(3):
        assert chain.decide(make_request()).warnings[-1] == "planned a, answered by c"
    assert notices == [
        "▲ a unavailable (transport: refused), falling back to b",
        "▲ b unavailable (timeout: slow), falling back to c",
    ]


def test_when_all_fail_the_last_error_lists_every_failure() -> None:
    last = BackendError("b", "rate_limited", "slow down", retry_after_s=3.0)
    chain = FallbackBackend(
        [ScriptedBackend([BackendError("a", "transport", "refused")], name="a"), ScriptedBackend([last], name="b")]
    )
    with pytest.raises(BackendError) as caught:
        chain.decide(make_request())
    assert (caught.value.backend, caught.value.code, caught.value.retry_after_s) == ("a→b", "rate_limited", 3.0)
    assert "a: transport: refused; b: rate_limited: slow down" in str(caught.value)
    assert caught.value.__cause__ is last


def test_a_chain_of_one_reraises_its_error() -> None:
    error = BackendError("a", "client", "bad")
    with pytest.raises(BackendError) as caught:
        FallbackBackend([ScriptedBackend([error])]).decide(make_request())
    assert caught.value is error


def test_name_joins_the_chain() -> None:
    assert FallbackBackend([ScriptedBackend([], name="a"), ScriptedBackend([], name="b")]).name == "a→b"


def test_an_empty_chain_is_refused() -> None:
    with pytest.raises(ValueError, match="at least one backend"):
        FallbackBackend([])
