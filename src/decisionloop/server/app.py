"""The decision server: a Starlette app serving one decision backend on `/v1/systemone`, as hosted Jev does."""

from __future__ import annotations

import asyncio
import hmac
import logging
import time
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from typing import Protocol, runtime_checkable

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from decisionloop.core.backend import DecisionBackend
from decisionloop.core.errors import BackendError, ConfigError, WireError, WireErrorCode
from decisionloop.core.wire import (
    SCHEMA_NAMES,
    Refusal,
    RequestPolicy,
    batch_reply_to_wire,
    batch_request_from_wire,
    decode_json,
    refusal_to_wire,
    reply_to_wire,
    request_from_wire,
    schema_text,
)
from decisionloop.server.batching import MicroBatcher

_log = logging.getLogger(__name__)
_CHALLENGE = {"WWW-Authenticate": "Bearer"}
_ENDPOINTS = (
    "POST /v1/systemone, POST /v1/systemone/batch, GET /v1/systemone/schema/{name}.json, GET /v1/models, GET /healthz"
)
_STATUS: dict[WireErrorCode, int] = {
    "invalid_json": 400,
    "invalid_request": 422,
    "invalid_question": 422,
    "model_not_found": 404,
    "too_many_questions": 413,
    "too_many_options": 413,
}


@runtime_checkable
class _HasModelId(Protocol):
    @property
    def model_id(self) -> str: ...


def served_model_id(backend: DecisionBackend) -> str:
    """The id a request may pin: the backend's ``model_id`` where it has one, else its name."""
    return backend.model_id if isinstance(backend, _HasModelId) else backend.name


def create_app(
    backend: DecisionBackend,
    *,
    api_key: str | None = None,
    max_body_bytes: int = 256_000,
    max_options: int = 64,
    max_questions: int = 32,
    batch_window_ms: float = 2.0,
    max_batch: int = 16,
) -> Starlette:
    """An app serving ``backend`` on `POST /v1/systemone` and `/v1/systemone/batch`, `GET /v1/models`, `/healthz`,
    and the messages' JSON Schemas on `GET /v1/systemone/schema/{name}.json` (request, reply, batch-request,
    batch-reply).

    With ``api_key`` every `/v1` endpoint but the schemas wants ``Authorization: Bearer <api_key>``. Concurrent
    requests arriving within ``batch_window_ms`` are answered by one ``decide_many`` call when the backend has one.
    """
    _check_limits(
        max_body_bytes=max_body_bytes,
        max_options=max_options,
        max_questions=max_questions,
        max_batch=max_batch,
        batch_window_ms=batch_window_ms,
    )
    batcher = MicroBatcher(backend, window_s=batch_window_ms / 1000.0, max_batch=max_batch)
    model_id = served_model_id(backend)
    server = _Server(
        batcher=batcher,
        model_id=model_id,
        api_key=api_key or None,
        max_body_bytes=max_body_bytes,
        policy=RequestPolicy(model=model_id, max_questions=max_questions, max_options=max_options),
    )

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        await asyncio.to_thread(batcher.close)

    app = Starlette(
        routes=[
            Route("/v1/systemone", server.decide, methods=["POST"]),
            Route("/v1/systemone/batch", server.decide_batch, methods=["POST"]),
            Route("/v1/systemone/schema/{name}.json", server.schema, methods=["GET"]),
            Route("/v1/models", server.models, methods=["GET"]),
            Route("/healthz", server.health, methods=["GET"]),
        ],
        exception_handlers={HTTPException: _http_error},
        lifespan=lifespan,
    )
    app.state.batcher = batcher
    return app


class RefusalError(Exception):
    """A request the server will not answer: an HTTP status, a stable code to branch on, and a message."""

    def __init__(self, status: int, code: str, message: str, *, headers: Mapping[str, str] | None = None) -> None:
        super().__init__(message)
        self.refusal = Refusal(status=status, code=code, message=message)
        self.headers = dict(headers or {})


class _Server:
    """The endpoints, sharing one batcher, the served model id, the key, the body limit and what a request may hold."""

    def __init__(
        self, *, batcher: MicroBatcher, model_id: str, api_key: str | None, max_body_bytes: int, policy: RequestPolicy
    ) -> None:
        self._batcher = batcher
        self._model_id = model_id
        self._api_key = api_key.encode() if api_key else None
        self._max_body_bytes = max_body_bytes
        self._policy = policy

    async def decide(self, request: Request) -> Response:
        """`POST /v1/systemone`: one request, one response."""
        try:
            self._authorize(request)
            body = await self._answer(decode_json(await self._body(request)))
        except (RefusalError, WireError) as refusal:
            return _refused(refusal)
        return JSONResponse(body)

    async def decide_batch(self, request: Request) -> Response:
        """`POST /v1/systemone/batch`: several requests, each answered (or refused) on its own, in order."""
        try:
            self._authorize(request)
            items = batch_request_from_wire(decode_json(await self._body(request)))
        except (RefusalError, WireError) as refusal:
            return _refused(refusal)
        outcomes = await asyncio.gather(*(self._answer(item) for item in items), return_exceptions=True)
        return JSONResponse(batch_reply_to_wire([_batch_entry(outcome) for outcome in outcomes]))

    async def schema(self, request: Request) -> Response:
        """`GET /v1/systemone/schema/{name}.json`: a message's JSON Schema; no key needed, it is the public contract."""
        name = request.path_params["name"]
        if name not in SCHEMA_NAMES:
            asked, known = f"{name}.json", ", ".join(f"{n}.json" for n in SCHEMA_NAMES)
            return _refused(RefusalError(404, "not_found", f"no schema {asked!r}; known: {known}"))
        return Response(schema_text(name), media_type="application/schema+json")

    async def models(self, request: Request) -> Response:
        """`GET /v1/models`: the one model served."""
        try:
            self._authorize(request)
        except RefusalError as refusal:
            return _refused(refusal)
        card = {"id": self._model_id, "object": "model", "owned_by": "decisionloop"}
        return JSONResponse({"object": "list", "data": [card]})

    async def health(self, request: Request) -> Response:
        """`GET /healthz`: up, and which model; no key needed."""
        return JSONResponse({"status": "ok", "model": self._model_id, "batching": self._batcher.batching})

    async def _answer(self, raw: object) -> dict[str, object]:
        decision, _ = request_from_wire(raw, self._policy)
        started = time.perf_counter()
        try:
            reply = await self._batcher.decide(decision)
        except BackendError as err:
            after = {} if err.retry_after_s is None else {"Retry-After": str(max(1, round(err.retry_after_s)))}
            raise RefusalError(503, "backend_unavailable", str(err), headers=after) from err
        except Exception as err:
            _log.exception("the decision backend failed unexpectedly")
            raise RefusalError(500, "internal", f"the decision backend failed: {type(err).__name__}: {err}") from err
        return reply_to_wire(reply, decision, latency_ms=(time.perf_counter() - started) * 1000.0)

    def _authorize(self, request: Request) -> None:
        if self._api_key is None:
            return
        scheme, _, token = request.headers.get("authorization", "").partition(" ")
        # Compare even when the scheme is wrong, so timing tells nothing about which part failed.
        matches = hmac.compare_digest(token.strip().encode(), self._api_key)
        if scheme.lower() != "bearer" or not matches:
            said = "missing" if not token else "wrong"
            raise RefusalError(
                401, "unauthorized", f"{said} API key; send 'Authorization: Bearer <key>'", headers=_CHALLENGE
            )

    async def _body(self, request: Request) -> bytes:
        limit = self._max_body_bytes
        declared = request.headers.get("content-length")
        if declared is not None:
            if not declared.isdigit():
                raise RefusalError(400, "invalid_request", f"Content-Length {declared!r} is not a byte count")
            if int(declared) > limit:
                raise RefusalError(
                    413, "body_too_large", f"the body has {declared} bytes; this server takes at most {limit}"
                )
        chunks: list[bytes] = []
        size = 0
        async for chunk in request.stream():
            size += len(chunk)
            if size > limit:
                raise RefusalError(413, "body_too_large", f"the body is over {limit} bytes, the most this server takes")
            chunks.append(chunk)
        return b"".join(chunks)


def _batch_entry(outcome: dict[str, object] | BaseException) -> dict[str, object] | Refusal:
    if isinstance(outcome, RefusalError | WireError):
        return _as_refusal(outcome)
    if isinstance(outcome, BaseException):
        raise outcome
    return outcome


def _as_refusal(error: RefusalError | WireError) -> Refusal:
    """What a refusal says; a request the wire decoder would not read is 400, 404, 413 or 422 by its code."""
    if isinstance(error, RefusalError):
        return error.refusal
    return Refusal(status=_STATUS[error.code], code=error.code, message=error.message)


def _refused(error: RefusalError | WireError) -> Response:
    refusal = _as_refusal(error)
    headers = error.headers if isinstance(error, RefusalError) else None
    return JSONResponse(refusal_to_wire(refusal), status_code=refusal.status, headers=headers or None)


def _http_error(request: Request, exc: Exception) -> Response:
    """Routing errors (unknown path, wrong method) in the same JSON shape as every other error."""
    if not isinstance(exc, HTTPException):
        raise exc
    code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "http_error")
    message = f"{request.method} {request.url.path}: {exc.detail}; endpoints: {_ENDPOINTS}"
    return _refused(RefusalError(exc.status_code, code, message, headers=exc.headers))


def _check_limits(**limits: float) -> None:
    for name, value in limits.items():
        least = 0 if name == "batch_window_ms" else 1
        if not value >= least:
            raise ConfigError(f"{name} must be at least {least}, got {value!r}")
