"""The one JSON-over-HTTP client core of decision backends, LLMs and web tools: URL checks, naming, one POST with
its failures classified by code, ``Retry-After``, and the retry policy."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC
from email.utils import parsedate_to_datetime
from typing import Protocol

import httpx

from decisionloop import __version__
from decisionloop.core.errors import BackendErrorCode, ConfigError

DEFAULT_USER_AGENT = f"decisionloop/{__version__}"

_RATE_LIMITED = frozenset({429, 529})
_SNIPPET_CHARS = 200
_REFUSED = "the server refused the request; see its reply"


class ErrorFactory(Protocol):
    """Builds the caller's own error (``BackendError``, ``GeneratorError``) from a code and a message."""

    def __call__(self, code: BackendErrorCode, message: str, retry_after_s: float | None = None) -> Exception:
        """The error to raise."""
        ...


def checked_url(base_url: str, *, kind: str, example: str) -> httpx.URL:
    """``base_url`` parsed, or a ``ConfigError`` naming the ``kind`` of URL and an ``example`` of a good one."""
    try:
        url = httpx.URL(base_url)
    except httpx.InvalidURL as exc:
        raise ConfigError(f"{kind} URL {base_url!r} is invalid ({exc}); use e.g. {example}") from exc
    if url.scheme not in ("http", "https") or not url.host:
        raise ConfigError(f"{kind} URL {base_url!r} needs http:// or https:// and a host, e.g. {example}")
    return url


def host_port(url: httpx.URL) -> str:
    """``host:port`` with the scheme's default port filled in and IPv6 hosts bracketed."""
    host = f"[{url.host}]" if ":" in url.host else url.host
    port = url.port if url.port is not None else (443 if url.scheme == "https" else 80)
    return f"{host}:{port}"


def json_client(
    *, user_agent: str, api_key: str | None, transport: httpx.BaseTransport | None, timeout_s: float
) -> httpx.Client:
    """A pooled client that sends and accepts JSON, with a bearer token when ``api_key`` is given."""
    headers = {"User-Agent": user_agent, "Accept": "application/json", "Content-Type": "application/json"}
    if api_key:
        headers["Authorization"] = f"Bearer {api_key}"
    return httpx.Client(headers=headers, transport=transport, timeout=timeout_s)


def snippet(text: str, limit: int = _SNIPPET_CHARS) -> str:
    """``text`` on one line, cut to ``limit`` characters for error messages."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit] + "…"


def post_json(
    client: httpx.Client,
    endpoint: str,
    content: bytes,
    *,
    timeout_s: float,
    error: ErrorFactory,
    client_hints: Mapping[int, str],
) -> object:
    """POST ``content``; return the JSON body or raise ``error(...)`` coded transport/timeout/…/client/malformed."""
    response = _post(client, endpoint, content, timeout_s, error)
    _raise_for_status(response, endpoint, error, client_hints)
    try:
        return response.json()
    except ValueError as exc:
        said = f"the response is not JSON ({exc}); it starts {snippet(response.text)!r}"
        raise error("malformed", said) from exc


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


def _post(client: httpx.Client, endpoint: str, content: bytes, timeout_s: float, error: ErrorFactory) -> httpx.Response:
    try:
        return client.post(endpoint, content=content, timeout=timeout_s)
    except httpx.TimeoutException as exc:
        said = (
            f"no reply from {endpoint!r} within {timeout_s:g} s ({type(exc).__name__}); raise the timeout or check "
            "the server's load"
        )
        raise error("timeout", said) from exc
    except httpx.DecodingError as exc:
        raise error("malformed", f"undecodable response body ({exc})") from exc
    except httpx.RequestError as exc:
        raise error(
            "transport", f"cannot reach {endpoint!r} ({exc or type(exc).__name__}); is the server running?"
        ) from exc


def _raise_for_status(
    response: httpx.Response, endpoint: str, error: ErrorFactory, client_hints: Mapping[int, str]
) -> None:
    status = response.status_code
    if 200 <= status < 300:
        return
    retry_after = parse_retry_after(response.headers.get("Retry-After"))
    said = f"HTTP {status} from {endpoint!r}: {snippet(response.text)!r}"
    if status in _RATE_LIMITED:
        raise error("rate_limited", said, retry_after)
    if status >= 500:
        raise error("server", said, retry_after)
    raise error("client", f"{said}; {client_hints.get(status, _REFUSED)}")


def _seconds_until(http_date: str, now: float) -> float | None:
    try:
        when = parsedate_to_datetime(http_date)
    except (TypeError, ValueError, IndexError, OverflowError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    # A date already past means "now", not "no advice".
    return max(0.0, when.timestamp() - now)


_MAX_DOUBLINGS = 60


class _RetryAdvised(Protocol):
    """Any error that may carry the server's ``Retry-After`` (``BackendError``, ``GeneratorError``)."""

    @property
    def retry_after_s(self) -> float | None:
        """Seconds the server asked to wait, or None."""
        ...


@dataclass(frozen=True, slots=True, kw_only=True)
class RetryPolicy:
    """How many attempts to make and how long to wait between them."""

    attempts: int = 3
    initial_s: float = 0.3
    cap_s: float = 5.0
    max_retry_after_s: float = 30.0
    jitter: float = 0.2

    def __post_init__(self) -> None:
        if self.attempts < 1:
            raise ConfigError(f"retry attempts must be >= 1 (1 = no retry), got {self.attempts!r}")
        for field in ("initial_s", "cap_s", "max_retry_after_s"):
            if not getattr(self, field) >= 0:
                raise ConfigError(f"retry {field} must be >= 0 seconds, got {getattr(self, field)!r}")
        if not 0 <= self.jitter < 1:
            raise ConfigError(f"retry jitter is a fraction in [0, 1), got {self.jitter!r}; e.g. 0.2 for ±20%")

    def backoff_s(self, attempt: int, rng: random.Random) -> float:
        """Wait after failed attempt ``attempt`` (1-based): ``initial * 2**(attempt-1)`` ± jitter, at most ``cap_s``."""
        base = self.initial_s * 2.0 ** min(attempt - 1, _MAX_DOUBLINGS)
        return min(self.cap_s, base * (1.0 + self.jitter * rng.uniform(-1.0, 1.0)))

    def wait_s(self, error: _RetryAdvised, attempt: int, rng: random.Random) -> float:
        """The server's ``Retry-After`` exactly (at most ``max_retry_after_s``) when it gave one, else backoff."""
        return self.wait_after(error.retry_after_s, attempt, rng)

    def wait_after(self, retry_after_s: float | None, attempt: int, rng: random.Random) -> float:
        """``wait_s`` for a ``Retry-After`` read straight off a response (None when it had none)."""
        if retry_after_s is not None:
            return min(retry_after_s, self.max_retry_after_s)
        return self.backoff_s(attempt, rng)
