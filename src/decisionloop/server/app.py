"""The decision server: a Starlette app serving one decision backend on `/v1/systemone`, as hosted Jev does."""

from __future__ import annotations

import asyncio
import hmac
import logging
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Protocol, runtime_checkable

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from decisionloop.core.backend import DecisionBackend
from decisionloop.core.errors import BackendError, ConfigError
from decisionloop.server.batching import MicroBatcher
from decisionloop.server.wire import Limits, RefusalError, parse_json, parse_request, reply_body

_log = logging.getLogger(__name__)
_CHALLENGE = {"WWW-Authenticate": "Bearer"}
_ENDPOINTS = "POST /v1/systemone, POST /v1/systemone/batch, GET /v1/models, GET /healthz"


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
    """An app serving ``backend`` on `POST /v1/systemone` and `/v1/systemone/batch`, `GET /v1/models`, `/healthz`.

    With ``api_key`` every `/v1` endpoint wants ``Authorization: Bearer <api_key>``. Concurrent requests arriving
    within ``batch_window_ms`` are answered by one ``decide_many`` call when the backend has one.
    """
    _check_limits(
        max_body_bytes=max_body_bytes,
        max_options=max_options,
        max_questions=max_questions,
        max_batch=max_batch,
        batch_window_ms=batch_window_ms,
    )
    batcher = MicroBatcher(backend, window_s=batch_window_ms / 1000.0, max_batch=max_batch)
    server = _Server(
        batcher=batcher,
        model_id=served_model_id(backend),
        api_key=api_key or None,
        max_body_bytes=max_body_bytes,
        limits=Limits(max_options=max_options, max_questions=max_questions),
    )

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        await asyncio.to_thread(batcher.close)

    app = Starlette(
        routes=[
            Route("/v1/systemone", server.decide, methods=["POST"]),
            Route("/v1/systemone/batch", server.decide_batch, methods=["POST"]),
            Route("/v1/models", server.models, methods=["GET"]),
            Route("/healthz", server.health, methods=["GET"]),
        ],
        exception_handlers={HTTPException: _http_error},
        lifespan=lifespan,
    )
    app.state.batcher = batcher
    return app


class _Server:
    """The endpoints, sharing one batcher, the served model id, the key and the limits."""

    def __init__(
        self, *, batcher: MicroBatcher, model_id: str, api_key: str | None, max_body_bytes: int, limits: Limits
    ) -> None:
        self._batcher = batcher
        self._model_id = model_id
        self._api_key = api_key.encode() if api_key else None
        self._max_body_bytes = max_body_bytes
        self._limits = limits

    async def decide(self, request: Request) -> Response:
        """`POST /v1/systemone`: one request, one response."""
        try:
            self._authorize(request)
            raw = parse_json(await self._body(request))
            body = await self._answer(raw)
        except RefusalError as refusal:
            return _refused(refusal)
        return JSONResponse(body)

    async def decide_batch(self, request: Request) -> Response:
        """`POST /v1/systemone/batch`: several requests, each answered (or refused) on its own, in order."""
        try:
            self._authorize(request)
            raw = parse_json(await self._body(request))
            items = _batch_items(raw)
        except RefusalError as refusal:
            return _refused(refusal)
        outcomes = await asyncio.gather(*(self._answer(item) for item in items), return_exceptions=True)
        return JSONResponse({"responses": [_batch_entry(outcome) for outcome in outcomes]})

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
        decision = parse_request(raw, limits=self._limits, served_model=self._model_id)
        started = time.perf_counter()
        try:
            reply = await self._batcher.decide(decision)
        except BackendError as err:
            after = {} if err.retry_after_s is None else {"Retry-After": str(max(1, round(err.retry_after_s)))}
            raise RefusalError(503, "backend_unavailable", str(err), headers=after) from err
        except Exception as err:
            _log.exception("the decision backend failed unexpectedly")
            raise RefusalError(500, "internal", f"the decision backend failed: {type(err).__name__}: {err}") from err
        return reply_body(reply, decision, latency_ms=(time.perf_counter() - started) * 1000.0)

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


def _batch_items(raw: object) -> list[object]:
    items = raw.get("requests") if isinstance(raw, dict) else None
    if not isinstance(items, list) or not items:
        raise RefusalError(422, "invalid_request", 'a batch must be an object {"requests": [<request>, …]}, not empty')
    return items


def _batch_entry(outcome: dict[str, object] | BaseException) -> dict[str, object]:
    if isinstance(outcome, RefusalError):
        return {**outcome.body(), "status": outcome.status}
    if isinstance(outcome, BaseException):
        raise outcome
    return outcome


def _refused(refusal: RefusalError) -> Response:
    return JSONResponse(refusal.body(), status_code=refusal.status, headers=refusal.headers or None)


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
