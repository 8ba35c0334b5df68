"""The decision server through starlette's TestClient, and over real loopback HTTP with our own client."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any, Protocol

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from starlette.testclient import TestClient

from decisionloop.backends import BackendReply, DecisionRequest, HttpBackend, ScriptedBackend, Usage
from decisionloop.core.answers import parse_answer
from decisionloop.core.errors import BackendError, ConfigError
from decisionloop.core.questions import ChoiceQuestion, NoulQuestion, Option, ScoreQuestion
from decisionloop.core.wire import SCHEMA_NAMES, question_to_wire, request_to_wire, schema_text
from decisionloop.server import create_app
from decisionloop.server.running import serving_in_thread
from tests.support.decision_backends import MODEL_ID, BatchingBackend, FixedBackend

KEY = "sk-serve-test"
REQUEST = DecisionRequest(
    state={"goal": "summarise notes.txt", "steps_done": 1},
    questions={
        "needs_tool": NoulQuestion(instructions="Is another tool call needed?", true="yes", false="no"),
        "tool": ChoiceQuestion(
            instructions="Which tool next?",
            options=(Option(name="read_file", criteria="to read a file"), Option(name="list_dir")),
        ),
        "risk": ScoreQuestion(instructions="How risky?", levels=("none", "some", "a lot")),
    },
)
BODY = request_to_wire(REQUEST, None)


def _choice(qid: str, n: int) -> dict[str, object]:
    return {qid: {"type": "choice", "instructions": "Which?", "criteria": {f"o{i}": None for i in range(n)}}}


@pytest.fixture
def backend() -> FixedBackend:
    return FixedBackend()


@pytest.fixture
def client(backend: FixedBackend) -> Iterator[TestClient]:
    with TestClient(create_app(backend, max_body_bytes=4_000, max_options=8, max_questions=4)) as client:
        yield client


class _Response(Protocol):
    """What the tests read of a response, from the TestClient's HTTP client (httpx2) or httpx alike."""

    @property
    def status_code(self) -> int: ...

    def json(self) -> Any: ...


def _error(response: _Response) -> tuple[int, str, str]:
    """Status, error code and message of an error response."""
    error = response.json()["error"]
    return response.status_code, error["code"], error["message"]


def test_answers_every_question_in_full_wire_form(client: TestClient, backend: FixedBackend) -> None:
    response = client.post("/v1/systemone", json={**BODY, "model": MODEL_ID})

    assert response.status_code == 200
    body = response.json()
    assert body["model"] == MODEL_ID
    assert body["usage"] == {"input_tokens": 30, "output_tokens": 3}
    assert body["latency_ms"] >= 0
    assert "degraded" not in body
    answers = body["answers"]
    assert answers["needs_tool"] == {"type": "noul", "noul": 0.9}
    assert answers["tool"] == {
        "type": "choice",
        "choice": "read_file",
        "probabilities": {"read_file": 0.7, "list_dir": pytest.approx(0.3)},
        "confidence": 0.7,
    }
    assert answers["risk"]["score"] == pytest.approx(0.1 + 2 * 0.1)
    assert answers["risk"]["legend"] == {"0": "none", "1": "some", "2": "a lot"}
    for qid, question in REQUEST.questions.items():
        parse_answer(answers[qid], question)
    [seen] = backend.requests
    assert seen.state == REQUEST.state
    assert {qid: question_to_wire(q) for qid, q in seen.questions.items()} == BODY["questions"]


def test_accepts_text_and_list_states_and_omits_unreported_usage() -> None:
    scripted = ScriptedBackend(lambda r: {"answers": {"needs_tool": {"noul": 0.2}}}, model="s-1")
    with TestClient(create_app(scripted)) as client:
        for state in ("plain text", ["one", "two"]):
            body = {"state": state, "questions": {"needs_tool": BODY["questions"]["needs_tool"]}}  # type: ignore[index]
            response = client.post("/v1/systemone", json=body)
            assert response.status_code == 200
            assert response.json()["answers"] == {"needs_tool": {"type": "noul", "noul": 0.2}}
            assert "usage" not in response.json()
    assert [r.state for r in scripted.requests] == ["plain text", ["one", "two"]]


def test_drops_invalid_or_missing_answers_and_says_so() -> None:
    scripted = ScriptedBackend(
        lambda r: {"answers": {"tool": {"choice": "rm_rf", "probabilities": {"rm_rf": 1.0}}, "extra": {"noul": 1}}}
    )
    with TestClient(create_app(scripted)) as client:
        body = client.post("/v1/systemone", json=BODY).json()

    assert body["answers"] == {}
    assert body["degraded"] is True
    assert any("'tool'" in w and "'rm_rf' was not offered" in w for w in body["warnings"])
    assert any("'needs_tool'" in w and "gave none" in w for w in body["warnings"])


def test_lists_the_served_model_and_reports_health(client: TestClient) -> None:
    assert client.get("/v1/models").json()["data"] == [{"id": MODEL_ID, "object": "model", "owned_by": "decisionloop"}]
    assert client.get("/healthz").json() == {"status": "ok", "model": MODEL_ID, "batching": False}


def test_unreadable_json_is_400(client: TestClient) -> None:
    status, code, message = _error(client.post("/v1/systemone", content=b'{"state": '))
    assert (status, code) == (400, "invalid_json")
    assert "not UTF-8 JSON" in message


@pytest.mark.parametrize(
    ("body", "said"),
    [
        ([1, 2], "must be a JSON object, got list"),
        ({"questions": BODY["questions"]}, "'state' must be an object, a string or a list of strings; it is missing"),
        ({"state": 3, "questions": BODY["questions"]}, "it is a int"),
        ({"state": ["a", 1], "questions": BODY["questions"]}, "list must hold strings only"),
        ({"state": "s"}, "'questions' must be a non-empty object"),
        ({"state": "s", "questions": {}}, "'questions' must be a non-empty object"),
        ({**BODY, "model": 7}, "'model' must be a string, got 7"),
    ],
)
def test_missing_or_malformed_fields_are_422(client: TestClient, body: object, said: str) -> None:
    status, code, message = _error(client.post("/v1/systemone", json=body))
    assert (status, code) == (422, "invalid_request")
    assert said in message


@pytest.mark.parametrize(
    ("question", "said"),
    [
        (_choice("pick", 1)["pick"], "question 'pick': a choice needs at least 2 options, got 1: ['o0']"),
        ({"type": "poll", "instructions": "?"}, "question 'pick': unknown question type 'poll'; known: choice"),
        ({"type": "noul", "instructions": " "}, "question 'pick': a question needs non-empty string 'instructions'"),
        ({"type": "score", "instructions": "?", "criteria": ["low"]}, "a score takes 2 to 10 levels, got 1"),
    ],
)
def test_an_invalid_question_is_422_naming_it(
    client: TestClient, backend: FixedBackend, question: object, said: str
) -> None:
    status, code, message = _error(client.post("/v1/systemone", json={"state": "s", "questions": {"pick": question}}))
    assert (status, code) == (422, "invalid_question")
    assert said in message
    assert backend.requests == []


def test_too_many_options_is_413_naming_the_question_and_limit(client: TestClient) -> None:
    body = {"state": "s", "questions": {**_choice("fine", 8), **_choice("wide", 9)}}
    status, code, message = _error(client.post("/v1/systemone", json=body))
    assert (status, code) == (413, "too_many_options")
    assert message == "question 'wide' has 9 options; this server takes at most 8"


def test_too_many_questions_is_413(client: TestClient) -> None:
    questions = {f"q{i}": {"type": "noul", "instructions": "?"} for i in range(5)}
    status, code, message = _error(client.post("/v1/systemone", json={"state": "s", "questions": questions}))
    assert (status, code) == (413, "too_many_questions")
    assert "5 questions in one request; this server takes at most 4" in message


def test_a_body_over_the_limit_is_413_by_header_and_by_bytes_read(client: TestClient) -> None:
    big = b'{"state": "' + b"x" * 5_000 + b'"}'
    status, code, message = _error(client.post("/v1/systemone", content=big))
    assert (status, code) == (413, "body_too_large")
    assert f"the body has {len(big)} bytes; this server takes at most 4000" in message

    # No Content-Length (chunked): the limit holds on the bytes actually read.
    status, code, message = _error(client.post("/v1/systemone", content=iter([big[:3_000], big[3_000:]])))
    assert (status, code) == (413, "body_too_large")
    assert "over 4000 bytes" in message


def test_a_pinned_model_that_is_not_served_is_404_naming_both(client: TestClient) -> None:
    status, code, message = _error(client.post("/v1/systemone", json={**BODY, "model": "jev-1.13.0"}))
    assert (status, code) == (404, "model_not_found")
    assert message == "model 'jev-1.13.0' is not served here; this server serves 'tiny-1'"


def test_a_backend_error_is_503_with_its_message_and_retry_after() -> None:
    down = FixedBackend(error=BackendError("fixed", "timeout", "the model took too long", retry_after_s=2.4))
    with TestClient(create_app(down)) as client:
        response = client.post("/v1/systemone", json=BODY)
    status, code, message = _error(response)
    assert (status, code) == (503, "backend_unavailable")
    assert message == "fixed: timeout: the model took too long"
    assert response.headers["retry-after"] == "2"


def test_an_unexpected_backend_failure_is_500_and_the_server_lives_on() -> None:
    calls: list[int] = []

    def flaky(request: DecisionRequest) -> dict[str, object]:
        calls.append(1)
        if len(calls) == 1:
            raise ZeroDivisionError("boom")
        return {"answers": {}}

    with TestClient(create_app(ScriptedBackend(flaky))) as client:
        status, code, message = _error(client.post("/v1/systemone", json=BODY))
        assert (status, code) == (500, "internal")
        assert "ZeroDivisionError: boom" in message
        assert client.post("/v1/systemone", json=BODY).status_code == 200


def test_a_key_is_required_when_set() -> None:
    with TestClient(create_app(FixedBackend(), api_key=KEY)) as client:
        missing = client.post("/v1/systemone", json=BODY)
        wrong = client.post("/v1/systemone", json=BODY, headers={"Authorization": "Bearer sk-other"})
        basic = client.get("/v1/models", headers={"Authorization": f"Basic {KEY}"})
        right = client.post("/v1/systemone", json=BODY, headers={"Authorization": f"Bearer {KEY}"})
        health = client.get("/healthz")

    assert _error(missing) == (401, "unauthorized", "missing API key; send 'Authorization: Bearer <key>'")
    assert missing.headers["www-authenticate"] == "Bearer"
    assert _error(wrong)[:2] == (401, "unauthorized")
    assert "wrong API key" in _error(wrong)[2]
    assert _error(basic)[:2] == (401, "unauthorized")
    assert right.status_code == 200
    assert health.status_code == 200


def test_the_batch_endpoint_answers_each_request_on_its_own(client: TestClient) -> None:
    requests = [BODY, {"state": "s", "questions": _choice("pick", 1)}, {**BODY, "model": "other"}, BODY]
    response = client.post("/v1/systemone/batch", json={"requests": requests})

    assert response.status_code == 200
    first, invalid, unknown, last = response.json()["responses"]
    assert set(first["answers"]) == set(last["answers"]) == {"needs_tool", "tool", "risk"}
    assert invalid["status"] == 422
    assert invalid["error"]["code"] == "invalid_question"
    assert "question 'pick'" in invalid["error"]["message"]
    assert (unknown["status"], unknown["error"]["code"]) == (404, "model_not_found")


@pytest.mark.parametrize("body", [{}, {"requests": []}, {"requests": {"a": 1}}, [BODY]])
def test_a_batch_without_requests_is_422(client: TestClient, body: object) -> None:
    status, code, message = _error(client.post("/v1/systemone/batch", json=body))
    assert (status, code) == (422, "invalid_request")
    assert '{"requests": [<request>, …]}' in message


@pytest.mark.parametrize("name", SCHEMA_NAMES)
def test_serves_each_schema_as_shipped_and_without_a_key(name: str) -> None:
    with TestClient(create_app(FixedBackend(), api_key=KEY)) as client:
        response = client.get(f"/v1/systemone/schema/{name}.json")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("application/schema+json")
    assert response.text == schema_text(name)


def test_an_unknown_schema_is_404_listing_the_known_ones(client: TestClient) -> None:
    status, code, message = _error(client.get("/v1/systemone/schema/answer.json"))
    assert (status, code) == (404, "not_found")
    assert message == "no schema 'answer.json'; known: request.json, reply.json, batch-request.json, batch-reply.json"


def _served_schemas(client: TestClient) -> dict[str, Draft202012Validator]:
    """Each schema as fetched, its relative references resolved against the URL it was served at."""
    urls = {name: f"{client.base_url}/v1/systemone/schema/{name}.json" for name in SCHEMA_NAMES}
    schemas = {name: {**client.get(url).json(), "$id": url} for name, url in urls.items()}
    registry = Registry().with_resources(
        (urls[name], Resource.from_contents(schema)) for name, schema in schemas.items()
    )
    return {name: Draft202012Validator(schema, registry=registry) for name, schema in schemas.items()}


def test_what_the_server_reads_and_sends_matches_the_schemas_it_serves(client: TestClient) -> None:
    schemas = _served_schemas(client)
    batch = {"requests": [BODY, {"state": "s", "questions": _choice("pick", 1)}, {**BODY, "model": "other"}]}
    schemas["request"].validate(BODY)
    schemas["batch-request"].validate({"requests": [BODY, BODY]})
    schemas["reply"].validate(client.post("/v1/systemone", json=BODY).json())
    schemas["batch-reply"].validate(client.post("/v1/systemone/batch", json=batch).json())


def test_routing_errors_use_the_json_error_shape(client: TestClient) -> None:
    status, code, message = _error(client.get("/v1/systemone"))
    assert (status, code) == (405, "method_not_allowed")
    status, code, message = _error(client.post("/v1/chat/completions", json={}))
    assert (status, code) == (404, "not_found")
    assert "endpoints: POST /v1/systemone" in message


@pytest.mark.parametrize(
    ("limits", "said"),
    [
        ({"max_body_bytes": 0}, "max_body_bytes must be at least 1, got 0"),
        ({"max_batch": 0}, "max_batch must be at least 1, got 0"),
        ({"batch_window_ms": -1.0}, "batch_window_ms must be at least 0, got -1.0"),
    ],
)
def test_bad_limits_are_refused_at_creation(limits: dict[str, float], said: str) -> None:
    with pytest.raises(ConfigError, match=said):
        create_app(FixedBackend(), **limits)  # type: ignore[arg-type]


def test_our_http_client_works_against_the_server_unchanged() -> None:
    with serving_in_thread(create_app(FixedBackend(), api_key=KEY)) as url:
        with HttpBackend(base_url=url, model=MODEL_ID, api_key=KEY) as backend:
            reply = backend.decide(REQUEST)
        with (
            HttpBackend(base_url=url, model=MODEL_ID, api_key="sk-wrong") as backend,
            pytest.raises(BackendError) as wrong_key,
        ):
            backend.decide(REQUEST)
        with (
            HttpBackend(base_url=url, model="jev-1.13.0", api_key=KEY) as backend,
            pytest.raises(BackendError) as wrong_model,
        ):
            backend.decide(REQUEST)

    assert isinstance(reply, BackendReply)
    assert (reply.model, reply.degraded) == (MODEL_ID, False)
    assert reply.usage == Usage(input_tokens=30, output_tokens=3)
    for qid, question in REQUEST.questions.items():
        parse_answer(reply.answers[qid], question)
    assert wrong_key.value.code == "client"
    assert "HTTP 401" in wrong_key.value.message
    assert "check the API key" in wrong_key.value.message
    assert wrong_model.value.code == "client"
    assert "HTTP 404" in wrong_model.value.message
    assert "model_not_found" in wrong_model.value.message
    assert "this server serves" in wrong_model.value.message


def test_concurrent_requests_are_micro_batched() -> None:
    backend = BatchingBackend(hold_first=True)
    app = create_app(backend)
    replies: dict[int, BackendReply] = {}

    def one_client(i: int, url: str) -> None:
        question = {f"q{i}": REQUEST.questions["tool"]}
        with HttpBackend(base_url=url, model=MODEL_ID) as client:
            replies[i] = client.decide(DecisionRequest(state={"client": i}, questions=question))

    with serving_in_thread(app) as url:
        clients = [threading.Thread(target=one_client, args=(i, url)) for i in range(8)]
        for thread in clients:
            thread.start()
        # The first call is held until every other request is waiting behind it (no timing assumed).
        deadline = time.monotonic() + 10.0
        while backend.held_size + app.state.batcher.pending < 8 and time.monotonic() < deadline:
            time.sleep(0.005)
        backend.release()
        for thread in clients:
            thread.join(10.0)

    assert sorted(replies) == list(range(8))
    for i, reply in replies.items():
        assert set(reply.answers) == {f"q{i}"}
        assert not reply.degraded
    assert max(backend.batch_sizes) > 1
    assert len(backend.requests) == 8
