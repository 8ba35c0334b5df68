"""Bad bodies are JSON 4xx, never 500; caps on batches and options; a batch does not starve single requests."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest
from starlette.testclient import TestClient

from decisionloop.server import create_app
from tests.support.decision_backends import BatchingBackend, FixedBackend

NOUL = {"type": "noul", "instructions": "Is another tool call needed?"}


@pytest.fixture
def backend() -> FixedBackend:
    return FixedBackend()


@pytest.fixture
def client(backend: FixedBackend) -> Iterator[TestClient]:
    app = create_app(backend, max_batch_requests=4, max_options=8, max_request_options=12)
    with TestClient(app) as client:
        yield client


def _error(response: Any) -> tuple[int, str, str]:
    """Status, code and message of an error response (the TestClient's responses are httpx2's, not httpx's)."""
    error = response.json()["error"]
    return response.status_code, error["code"], error["message"]


@pytest.mark.parametrize("depth", [33, 100_000])
@pytest.mark.parametrize("path", ["/v1/systemone", "/v1/systemone/batch"])
def test_deeply_nested_json_is_400_json(client: TestClient, backend: FixedBackend, depth: int, path: str) -> None:
    # 100,000 levels is past json's recursion limit (RecursionError); 33 parses but is past MAX_DEPTH.
    nested = "[" * depth + "]" * depth
    body = f'{{"state": {{"deep": {nested}}}, "questions": {{"q": {{"type": "noul", "instructions": "?"}}}}}}'
    status, code, message = _error(client.post(path, content=body.encode()))
    assert (status, code) == (400, "invalid_json")
    assert "nests arrays and objects more than 32 deep" in message
    assert backend.requests == []


@pytest.mark.parametrize(
    ("body", "code", "said"),
    [
        (rb'{"state": {"goal": ["ok", "x\ud800"]}, "questions": {"q": NOUL}}', "invalid_request", "state.goal[1]"),
        (rb'{"state": "\udfff", "questions": {"q": NOUL}}', "invalid_request", "state holds a lone surrogate"),
        (rb'{"state": {"\ud800": 1}, "questions": {"q": NOUL}}', "invalid_request", "state has a key with a lone"),
        (
            rb'{"state": "s", "questions": {"q": {"type": "noul", "instructions": "\ud800?"}}}',
            "invalid_question",
            "questions.q.instructions holds a lone surrogate",
        ),
        (rb'{"state": "s", "questions": {"\udc00": NOUL}}', "invalid_question", "questions has a key with a lone"),
    ],
)
def test_a_lone_surrogate_is_422_naming_the_field_before_the_backend(
    client: TestClient, backend: FixedBackend, body: bytes, code: str, said: str
) -> None:
    raw = body.replace(b"NOUL", b'{"type": "noul", "instructions": "?"}')
    status, got, message = _error(client.post("/v1/systemone", content=raw))
    assert (status, got) == (422, code)
    assert said in message
    assert "send valid Unicode" in message
    batch = client.post("/v1/systemone/batch", content=b'{"requests": [' + raw + b"]}")
    [entry] = batch.json()["responses"]
    assert (entry["status"], entry["error"]["code"]) == (422, code)
    assert backend.requests == []


def test_a_batch_over_the_cap_is_413_naming_it(client: TestClient, backend: FixedBackend) -> None:
    requests = [{"state": f"s{i}", "questions": {"q": NOUL}} for i in range(5)]
    status, code, message = _error(client.post("/v1/systemone/batch", json={"requests": requests}))
    assert (status, code) == (413, "batch_too_large")
    assert message == "5 requests in one batch; this server takes at most 4"
    assert backend.requests == []
    assert client.post("/v1/systemone/batch", json={"requests": requests[:4]}).status_code == 200


def test_options_over_the_per_request_cap_are_413_naming_it(client: TestClient) -> None:
    def choice(n: int) -> dict[str, object]:
        return {"type": "choice", "instructions": "Which?", "criteria": {f"o{i}": None for i in range(n)}}

    body = {"state": "s", "questions": {"a": choice(8), "b": choice(5)}}
    status, code, message = _error(client.post("/v1/systemone", json=body))
    assert (status, code) == (413, "too_many_options")
    assert message == "13 choice options in one request; this server takes at most 12 in all: split it"
    assert client.post("/v1/systemone", json={"state": "s", "questions": {"a": choice(8)}}).status_code == 200


def _until(condition: Callable[[], bool]) -> None:
    """Wait for ``condition`` (the test fails on what follows, not on time, if it never holds)."""
    deadline = time.monotonic() + 10.0
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.002)


def test_a_single_request_is_answered_while_a_maximal_batch_is_in_progress() -> None:
    from decisionloop.server.running import serving_in_thread

    backend = BatchingBackend(hold_first=True)
    app = create_app(backend, max_batch=4, max_batch_requests=32)
    batch = {"requests": [{"state": f"b{i}", "questions": {"q": NOUL}} for i in range(32)]}
    statuses: dict[str, int] = {}

    def post(name: str, url: str, body: object) -> None:
        statuses[name] = httpx.post(url, json=body, timeout=30.0).status_code

    with serving_in_thread(app) as url:
        batch_client = threading.Thread(target=post, args=("batch", f"{url}/v1/systemone/batch", batch))
        batch_client.start()
        _until(lambda: backend.held_size == 4)  # the batch's first call is in progress, held
        single = {"state": "single", "questions": {"q": NOUL}}
        single_client = threading.Thread(target=post, args=("single", f"{url}/v1/systemone", single))
        single_client.start()
        _until(lambda: app.state.batcher.pending == 32 - 4 + 1)
        backend.release()
        for thread in (batch_client, single_client):
            thread.join(30.0)

    assert statuses == {"batch": 200, "single": 200}
    answered = [str(r.state) for r in backend.requests]
    # The single went into the call right after the one in progress, not behind the other 28 of the batch.
    assert 4 <= answered.index("single") < 8
    assert max(backend.batch_sizes) == 4
    assert sorted(answered) == sorted([*(f"b{i}" for i in range(32)), "single"])
