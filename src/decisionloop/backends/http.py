"""A client for any `/v1/systemone` server (hosted Jev, laya-serve, Ollama), failures classified by code."""

from __future__ import annotations

import json
import math
import time
from datetime import UTC
from email.utils import parsedate_to_datetime
from types import TracebackType

import httpx

from decisionloop import __version__
from decisionloop.backends._wire import reply_from_body
from decisionloop.backends.base import BackendReply, DecisionRequest
from decisionloop.errors import BackendError, ConfigError

DEFAULT_USER_AGENT = f"decisionloop/{__version__}"
_RATE_LIMITED = frozenset({429, 529})
_SNIPPET_CHARS = 200
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
        url = _checked_url(base_url)
        if not timeout_s > 0:
            raise ConfigError(f"backend timeout must be > 0 seconds, got {timeout_s!r}")
        self._name = f"http@{_host_port(url)}"
        self._model = model
        self._timeout_s = timeout_s
        self._endpoint = f"{base_url.rstrip('/')}/v1/systemone"
        headers = {"User-Agent": user_agent, "Accept": "application/json", "Content-Type": "application/json"}
        if api_key:
            headers["Authorization"] = f"Bearer {api_key}"
        self._client = httpx.Client(headers=headers, transport=transport, timeout=timeout_s)

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
        content = self._encode(request.to_wire(self._model))
        timeout = min(request.timeout_s, self._timeout_s)
        started = time.perf_counter()
        response = self._post(content, timeout)
        latency_ms = (time.perf_counter() - started) * 1000.0
        self._raise_for_status(response)
        return reply_from_body(
            self._json(response), backend=self._name, pinned_model=self._model, latency_ms=latency_ms
        )

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
            return json.dumps(body, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode()
        except (TypeError, ValueError) as exc:
            raise BackendError(
                self._name, "client", f"the request is not JSON-serialisable ({exc}); project the state to plain data"
            ) from exc

    def _post(self, content: bytes, timeout: float) -> httpx.Response:
        try:
            return self._client.post(self._endpoint, content=content, timeout=timeout)
        except httpx.TimeoutException as exc:
            raise BackendError(
                self._name,
                "timeout",
                f"no reply from {self._endpoint!r} within {timeout:g} s ({type(exc).__name__}); raise the timeout or "
                "check the server's load",
            ) from exc
        except httpx.DecodingError as exc:
            raise BackendError(self._name, "malformed", f"undecodable response body ({exc})") from exc
        except httpx.RequestError as exc:
            raise BackendError(
                self._name,
                "transport",
                f"cannot reach {self._endpoint!r} ({exc or type(exc).__name__}); is it running?",
            ) from exc

    def _raise_for_status(self, response: httpx.Response) -> None:
        status = response.status_code
        if 200 <= status < 300:
            return
        retry_after = parse_retry_after(response.headers.get("Retry-After"))
        said = f"HTTP {status} from {self._endpoint!r}: {_snippet(response)!r}"
        if status in _RATE_LIMITED:
            raise BackendError(self._name, "rate_limited", said, retry_after_s=retry_after)
        if status >= 500:
            raise BackendError(self._name, "server", said, retry_after_s=retry_after)
        hint = _CLIENT_HINTS.get(status, "the server refused the request; see its reply")
        raise BackendError(self._name, "client", f"{said}; {hint}")

    def _json(self, response: httpx.Response) -> object:
        try:
            return response.json()
        except ValueError as exc:
            raise BackendError(
                self._name, "malformed", f"the response is not JSON ({exc}); it starts {_snippet(response)!r}"
            ) from exc


def parse_retry_after(value: str | None, *, now: float | None = None) -> float | None:
    """Seconds to wait from a ``Retry-After`` header (delta-seconds or HTTP-date); None if absent or unusable."""
    if value is None or not value.strip():
        return None
    text = value.strip()
    try:
        seconds = float(text)
    except ValueError:
        return _seconds_until(text, time.time() if now is None else now)
    return seconds if math.isfinite(seconds) and seconds >= 0 else None


def _seconds_until(http_date: str, now: float) -> float | None:
    try:
        when = parsedate_to_datetime(http_date)
    except (TypeError, ValueError, IndexError, OverflowError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    # A date already past means "now", not "no advice".
    return max(0.0, when.timestamp() - now)


def _checked_url(base_url: str) -> httpx.URL:
    try:
        url = httpx.URL(base_url)
    except httpx.InvalidURL as exc:
        raise ConfigError(f"backend URL {base_url!r} is invalid ({exc}); use e.g. http://127.0.0.1:7789") from exc
    if url.scheme not in ("http", "https") or not url.host:
        raise ConfigError(f"backend URL {base_url!r} needs http:// or https:// and a host, e.g. http://127.0.0.1:7789")
    return url


def _host_port(url: httpx.URL) -> str:
    host = f"[{url.host}]" if ":" in url.host else url.host
    port = url.port if url.port is not None else (443 if url.scheme == "https" else 80)
    return f"{host}:{port}"


def _snippet(response: httpx.Response) -> str:
    text = " ".join(response.text.split())
    return text if len(text) <= _SNIPPET_CHARS else text[:_SNIPPET_CHARS] + "…"
