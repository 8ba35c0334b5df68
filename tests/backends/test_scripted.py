"""ScriptedBackend and the response-body parsing it shares with HttpBackend."""

from __future__ import annotations

import pytest

from decisionloop.backends import BackendReply, DecisionRequest, ScriptedBackend, Usage
from decisionloop.core.errors import BackendError
from tests.support.backends import ANSWERS, make_request


def test_steps_are_played_in_order_and_requests_recorded() -> None:
    failure = BackendError("scripted", "timeout", "slow")
    backend = ScriptedBackend([{"answers": ANSWERS}, failure, lambda r: {"answers": {"n": len(r.questions)}}])
    first, second, third = make_request(), make_request(), make_request()

    assert backend.decide(first).answers == ANSWERS
    with pytest.raises(BackendError) as caught:
        backend.decide(second)
    assert caught.value is failure
    assert backend.decide(third).answers == {"n": 3}
    assert backend.requests == [first, second, third]


def test_running_past_the_script_is_a_client_error() -> None:
    backend = ScriptedBackend([{"answers": {}}])
    backend.decide(make_request())
    with pytest.raises(BackendError, match=r"script exhausted: 1 step\(s\) given, call 2") as caught:
        backend.decide(make_request())
    assert caught.value.code == "client"


def test_one_callable_answers_every_call() -> None:
    def respond(request: DecisionRequest) -> dict[str, object]:
        return {"answers": {qid: {"noul": 0.5} for qid in request.questions}}

    backend = ScriptedBackend(respond, name="rule-judge", model="rules")
    replies = [backend.decide(make_request()) for _ in range(3)]
    assert {r.backend for r in replies} == {"rule-judge"}
    assert {r.model for r in replies} == {"rules"}
    assert len(backend.requests) == 3


def test_a_callable_may_return_an_error() -> None:
    failure = BackendError("scripted", "server", "down")
    with pytest.raises(BackendError) as caught:
        ScriptedBackend(lambda _: failure).decide(make_request())
    assert caught.value is failure


def _reply(body: object) -> BackendReply:
    return ScriptedBackend([lambda _: body]).decide(make_request())  # type: ignore[list-item,return-value]


def test_the_body_fields_are_read() -> None:
    reply = _reply(
        {
            "answers": ANSWERS,
            "model": "jev-1.13.0",
            "usage": {"input_tokens": 10},
            "degraded": True,
            "warnings": ["dropped 1", {"code": 2}],
            "dropped": ["x"],
        }
    )
    assert reply.answers == ANSWERS
    assert (reply.backend, reply.model, reply.degraded) == ("scripted", "jev-1.13.0", True)
    assert reply.usage == Usage(input_tokens=10, output_tokens=None)
    assert reply.warnings == ("dropped 1", "{'code': 2}")
    assert reply.latency_ms >= 0


def test_a_body_without_extras_gets_defaults() -> None:
    reply = _reply({"answers": {}, "model": "", "usage": "lots", "degraded": 1, "warnings": "one"})
    assert (reply.model, reply.usage, reply.degraded, reply.warnings) == ("scripted", None, False, ())


@pytest.mark.parametrize(
    ("body", "said"),
    [
        (["answers"], "must be a JSON object, got list"),
        ({"model": "x"}, "'answers' must be an object of question id -> answer, got nothing"),
        ({"answers": [1]}, "got list [1]"),
        ({"answers": {1: {}}}, "got dict {1: {}}"),
    ],
)
def test_an_unusable_body_is_malformed(body: object, said: str) -> None:
    with pytest.raises(BackendError) as caught:
        _reply(body)
    assert caught.value.code == "malformed"
    assert said in str(caught.value)
