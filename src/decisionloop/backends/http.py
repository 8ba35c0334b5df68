"""A client for any `/v1/systemone` server (hosted Jev, laya-serve, Ollama), failures classified by code."""

from __future__ import annotations

import time
from types import TracebackType

import httpx

from decisionloop.core.backend import BackendReply, DecisionRequest
from decisionloop.core.errors import BackendError, BackendErrorCode, ConfigError
from decisionloop.core.wire import encode_json, reply_from_wire, request_to_wire
from decisionloop.http_json import DEFAULT_USER_AGENT, checked_url, host_port, json_client, post_json

_CLIENT_HINTS = {
    401: "check the API key",
    403: "check the API key and its permissions",
    404: "check the base URL (the client appends /v1/systemone)",
    422: "the server rejected the request body; check the questions against its limits",
}


class HttpBackend:
    """POSTs each request to ``{base_url}/v1/systemone`` over one persistent connection pool; close it when done."""

    def __init__(
        self,
        *,
        base_url: str,
        model: str | None,
        api_key: str | None = None,
        timeout_s: float = 30.0,
        transport: httpx.BaseTransport | None = None,
        user_agent: str = DEFAULT_USER_AGENT,
    ) -> None:
        url = checked_url(base_url, kind="backend", example="http://127.0.0.1:7789")
        if not timeout_s > 0:
            raise ConfigError(f"backend timeout must be > 0 seconds, got {timeout_s!r}")
        self._name = f"http@{host_port(url)}"
        self._model = model
        self._timeout_s = timeout_s
        self._base_url = base_url.rstrip("/")
        self._endpoint = f"{self._base_url}/v1/systemone"
        self._client = json_client(user_agent=user_agent, api_key=api_key, transport=transport, timeout_s=timeout_s)

    @property
    def name(self) -> str:
        """``http@host:port``, recorded with every decision."""
        return self._name

    @property
    def model(self) -> str | None:
        """The pinned model id sent with every request, or None to let the server choose."""
        return self._model

    def decide(self, request: DecisionRequest) -> BackendReply:
        """POST the request; raise ``BackendError`` coded transport/timeout/rate_limited/server/client/malformed."""
        content = self._encode(request_to_wire(request, self._model))
        timeout = min(request.timeout_s, self._timeout_s)
        started = time.perf_counter()
        body = post_json(
            self._client, self._endpoint, content, timeout_s=timeout, error=self._error, client_hints=_CLIENT_HINTS
        )
        latency_ms = (time.perf_counter() - started) * 1000.0
        return reply_from_wire(body, backend=self._name, pinned_model=self._model, latency_ms=latency_ms)

    def unreachable(self, timeout_s: float = 3.0) -> str | None:
        """Why the server cannot be reached (refused, no such host, no answer in ``timeout_s``), or None when
        it answers at all; any HTTP status counts as reachable (a server without ``/healthz`` still decides)."""
        try:
            self._client.get(f"{self._base_url}/healthz", timeout=timeout_s)
        except httpx.TimeoutException:
            return f"no answer in {timeout_s:g} s"
        except httpx.TransportError as exc:
            return str(exc) or type(exc).__name__
        return None

    def close(self) -> None:
        """Close the connection pool."""
        self._client.close()

    def __enter__(self) -> HttpBackend:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    def _encode(self, body: dict[str, object]) -> bytes:
        try:
            return encode_json(body)
        except (TypeError, ValueError) as exc:
            said = f"the request is not JSON-serialisable ({exc}); project the state to plain data"
            raise self._error("client", said) from exc

    def _error(self, code: BackendErrorCode, message: str, retry_after_s: float | None = None) -> BackendError:
        return BackendError(self._name, code, message, retry_after_s=retry_after_s)
