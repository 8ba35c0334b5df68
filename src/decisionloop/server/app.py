"""The decision server: a Starlette app serving one decision backend on `/v1/systemone`, as hosted Jev does."""

from __future__ import annotations

import asyncio
import hmac
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Mapping
from contextlib import asynccontextmanager
from typing import Protocol, runtime_checkable

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from decisionloop.core.backend import BackendReply, DecisionBackend, DecisionRequest
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
from decisionloop.server.throttled_log import ThrottledLog

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
    max_request_options: int = 256,
    max_questions: int = 32,
    max_batch_requests: int = 256,
    body_timeout_s: float = 30.0,
    batch_window_ms: float = 2.0,
    max_batch: int = 16,
) -> Starlette:
    """An app serving ``backend`` on `POST /v1/systemone` and `/v1/systemone/batch`, `GET /v1/models`, `/healthz`,
    and the messages' JSON Schemas on `GET /v1/systemone/schema/{name}.json` (request, reply, batch-request,
    batch-reply).

    With ``api_key`` every `/v1` endpoint but the schemas wants ``Authorization: Bearer <api_key>``. Concurrent
    requests arriving within ``batch_window_ms`` are answered by one ``decide_many`` call of at most ``max_batch``
    when the backend has one; a batch's requests are answered a call at a time, taking turns with single requests.

    Limits, each refused with a JSON 4xx naming it: ``max_body_bytes`` (413 body_too_large), ``max_questions`` per
    request (413 too_many_questions), ``max_options`` per choice and ``max_request_options`` per request in all
    (413 too_many_options), ``max_batch_requests`` per batch (413 batch_too_large), and ``body_timeout_s`` to
    receive a body once its headers are in (408 body_timeout: a client trickling its body holds a connection).
    """
    _check_limits(
        max_body_bytes=max_body_bytes,
        max_options=max_options,
        max_request_options=max_request_options,
        max_questions=max_questions,
        max_batch_requests=max_batch_requests,
        body_timeout_s=body_timeout_s,
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
        max_batch_requests=max_batch_requests,
        body_timeout_s=body_timeout_s,
        policy=RequestPolicy(
            model=model_id,
            max_questions=max_questions,
            max_options=max_options,
            max_request_options=max_request_options,
        ),
    )

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        await asyncio.to_thread(batcher.close)
        server.failures.flush()

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
    """The endpoints, sharing one batcher, the served model id, the key, the limits and what a request may hold."""

    def __init__(
        self,
        *,
        batcher: MicroBatcher,
        model_id: str,
        api_key: str | None,
        max_body_bytes: int,
        max_batch_requests: int,
        body_timeout_s: float,
        policy: RequestPolicy,
    ) -> None:
        self._batcher = batcher
        self._model_id = model_id
        self._api_key = api_key.encode() if api_key else None
        self._max_body_bytes = max_body_bytes
        self._max_batch_requests = max_batch_requests
        self._body_timeout_s = body_timeout_s
        self._policy = policy
        # A backend failing on every request must not write a traceback per request.
        self.failures = ThrottledLog(_log, "the decision backend failed unexpectedly")

    async def decide(self, request: Request) -> Response:
        """`POST /v1/systemone`: one request, one response."""
        try:
            self._authorize(request)
            decision, _ = request_from_wire(decode_json(await self._body(request)), self._policy)
            started = time.perf_counter()
            body = await self._answer(decision, self._batcher.decide(decision), started)
        except (RefusalError, WireError) as refusal:
            return _refused(refusal)
        return JSONResponse(body)

    async def decide_batch(self, request: Request) -> Response:
        """`POST /v1/systemone/batch`: several requests, each answered (or refused) on its own, in order."""
        try:
            self._authorize(request)
            items = batch_request_from_wire(decode_json(await self._body(request)))
            most = self._max_batch_requests
            if len(items) > most:
                raise RefusalError(
                    413, "batch_too_large", f"{len(items)} requests in one batch; this server takes at most {most}"
                )
            decoded = [self._decode(item) for item in items]
            asked = [d for d in decoded if isinstance(d, DecisionRequest)]
            started = time.perf_counter()
            futures = iter(self._batcher.submit_batch(asked))
        except (RefusalError, WireError) as refusal:
            return _refused(refusal)
        except BackendError as err:
            return _refused(_unavailable(err))
        entries = [
            await self._entry(d, next(futures), started) if isinstance(d, DecisionRequest) else d for d in decoded
        ]
        return JSONResponse(batch_reply_to_wire(entries))

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

    def _decode(self, raw: object) -> DecisionRequest | Refusal:
        try:
            return request_from_wire(raw, self._policy)[0]
        except WireError as err:
            return _as_refusal(err)

    async def _entry(
        self, decision: DecisionRequest, reply: Awaitable[BackendReply], started: float
    ) -> dict[str, object] | Refusal:
        try:
            return await self._answer(decision, reply, started)
        except RefusalError as refusal:
            return refusal.refusal

    async def _answer(
        self, decision: DecisionRequest, reply: Awaitable[BackendReply], started: float
    ) -> dict[str, object]:
        """The reply body once ``reply`` comes; RefusalError 503 when the backend is down, 500 when it broke."""
        try:
            answered = await reply
        except BackendError as err:
            raise _unavailable(err) from err
        except Exception as err:
            self.failures.event(type(err).__name__, exc_info=err)
            raise RefusalError(500, "internal", f"the decision backend failed: {type(err).__name__}: {err}") from err
        return reply_to_wire(answered, decision, latency_ms=(time.perf_counter() - started) * 1000.0)

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
        try:
            async with asyncio.timeout(self._body_timeout_s):
                async for chunk in request.stream():
                    size += len(chunk)
                    if size > limit:
                        raise RefusalError(
                            413, "body_too_large", f"the body is over {limit} bytes, the most this server takes"
                        )
                    chunks.append(chunk)
        except TimeoutError:
            raise RefusalError(
                408,
                "body_timeout",
                f"the body did not arrive within {self._body_timeout_s:g} s (got {size} bytes); send it at once",
                headers={"Connection": "close"},
            ) from None
        return b"".join(chunks)


def _unavailable(err: BackendError) -> RefusalError:
    after = {} if err.retry_after_s is None else {"Retry-After": str(max(1, round(err.retry_after_s)))}
    return RefusalError(503, "backend_unavailable", str(err), headers=after)


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
        least = {"batch_window_ms": 0, "body_timeout_s": 0.001}.get(name, 1)
        if not value >= least:
            raise ConfigError(f"{name} must be at least {least}, got {value!r}")
