"""Latency harness for `/v1/systemone` servers: the round trip separated from compute by a request the server rejects.

A small real request (a goal state, one noul and one choice question) is timed n times, and so is the same body
without ``questions``, which a server rejects while validating it (4xx) before any model runs: its time is the
floor (connection, HTTP, parsing, validation). compute = median(real) − median(floor), given only when every floor
request was really rejected with a 4xx and every real one answered 2xx — otherwise the difference means nothing and
compute is None with the reason. The two series are interleaved so drift hits both alike; the first request of each
is a warm-up (connection set-up) and dropped. Requests carry the same headers and Bearer key as ``HttpBackend``.
"""

from __future__ import annotations

import math
import statistics
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import httpx

from decisionloop.core.backend import DecisionRequest
from decisionloop.core.errors import BackendError, ConfigError
from decisionloop.core.questions import ChoiceQuestion, NoulQuestion, Option
from decisionloop.core.wire import encode_json, request_to_wire
from decisionloop.http_json import DEFAULT_USER_AGENT, checked_url, host_port, json_client

LATENCY_REQUEST = DecisionRequest(
    state={"goal": "What is 7,200 divided by 16?", "steps": "nothing yet"},
    questions={
        "needs_tool": NoulQuestion(
            instructions="Does the goal need a tool call before it can be answered?",
            true="a tool must be called first",
            false="it can be answered now",
        ),
        "tool": ChoiceQuestion(
            instructions="Which tool should be called next?",
            options=(
                Option(name="calculator", criteria="Do arithmetic or percentages on numbers from the goal"),
                Option(name="wiki_lookup", criteria="Read the encyclopedia article about a person, place or thing"),
            ),
        ),
    },
)
P95 = 0.95


@dataclass(frozen=True, slots=True, kw_only=True)
class Series:
    """The timed requests of one kind (warm-up dropped): each one's HTTP status and milliseconds."""

    statuses: tuple[int, ...]
    samples_ms: tuple[float, ...]

    @property
    def median_ms(self) -> float | None:
        """The median time, or None for no samples."""
        return float(statistics.median(self.samples_ms)) if self.samples_ms else None

    @property
    def p95_ms(self) -> float | None:
        """The 95th percentile time, or None for no samples."""
        return percentile(self.samples_ms, P95)


@dataclass(frozen=True, slots=True, kw_only=True)
class LatencyReport:
    """Both series against one endpoint, and compute (None when the floor is not a floor, with why)."""

    endpoint: str
    model: str | None
    real: Series
    floor: Series
    compute_ms: float | None
    why: str


def percentile(values: Sequence[float], q: float) -> float | None:
    """The ``q`` quantile (0–1) by linear interpolation between closest ranks; None for no values."""
    if not values:
        return None
    ordered = sorted(values)
    at = q * (len(ordered) - 1)
    low, high = math.floor(at), math.ceil(at)
    return ordered[low] + (ordered[high] - ordered[low]) * (at - low)


def compute(real: Series, floor: Series) -> tuple[float | None, str]:
    """median(real) − median(floor) and how it was got, or None and why it cannot be trusted."""
    if not real.samples_ms or not floor.samples_ms:
        return None, "no timed requests (n must be at least 1)"
    unrejected = [s for s in floor.statuses if not _rejected(s)]
    if unrejected:
        return None, (
            f"the floor requests were not all rejected with a 4xx (got {_counts(floor.statuses)}): the server did "
            "not refuse a body without questions while validating it, so its time is no floor"
        )
    failed = [s for s in real.statuses if not 200 <= s < 300]
    if failed:
        return None, f"the real requests did not all succeed (got {_counts(real.statuses)}); check the URL and key"
    difference = statistics.median(real.samples_ms) - statistics.median(floor.samples_ms)
    return float(difference), "median(real) − median(floor)"


def floor_body(model: str | None) -> dict[str, object]:
    """The real request's body without ``questions``: a server must reject it before running a model."""
    body = request_to_wire(LATENCY_REQUEST, model)
    del body["questions"]
    return body


def measure(
    base_url: str,
    *,
    n: int,
    model: str | None = None,
    api_key: str | None = None,
    timeout_s: float = 30.0,
    transport: httpx.BaseTransport | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> LatencyReport:
    """Time n real and n rejected requests (after one warm-up of each); BackendError when the server is unreachable."""
    if n < 1:
        raise ConfigError(f"the number of timed requests must be at least 1, got {n!r}")
    url = checked_url(base_url, kind="backend", example="http://127.0.0.1:7789")
    endpoint = f"{base_url.rstrip('/')}/v1/systemone"
    bodies = (encode_json(request_to_wire(LATENCY_REQUEST, model)), encode_json(floor_body(model)))
    timed: tuple[list[tuple[int, float]], list[tuple[int, float]]] = ([], [])
    with json_client(
        user_agent=DEFAULT_USER_AGENT, api_key=api_key, transport=transport, timeout_s=timeout_s
    ) as client:
        for _ in range(n + 1):
            for kept, body in zip(timed, bodies, strict=True):
                kept.append(_timed(client, endpoint, body, f"http@{host_port(url)}", clock))
    real, floor = (_series(kept[1:]) for kept in timed)
    compute_ms, why = compute(real, floor)
    return LatencyReport(endpoint=endpoint, model=model, real=real, floor=floor, compute_ms=compute_ms, why=why)


def latency_json(report: LatencyReport) -> dict[str, object]:
    """The report, JSON-ready (statuses as counts per code)."""
    return {
        "endpoint": report.endpoint,
        "model": report.model,
        "real": _series_json(report.real),
        "floor": _series_json(report.floor),
        "compute_ms": report.compute_ms,
        "compute_note": report.why,
    }


def report_lines(report: LatencyReport) -> list[str]:
    """What a person reads: both series and compute, or why there is none."""
    lines = [
        f"latency of {report.endpoint} · model {report.model or 'server default'} · first request of each dropped",
        f"{'series':<8}{'n':>4}  {'status':<16}{'p50_ms':>9}{'p95_ms':>9}",
    ]
    for name, series in (("real", report.real), ("floor", report.floor)):
        cells = (_ms(series.median_ms), _ms(series.p95_ms))
        lines.append(f"{name:<8}{len(series.samples_ms):>4}  {_counts(series.statuses):<16}{cells[0]:>9}{cells[1]:>9}")
    if report.compute_ms is None:
        return [*lines, f"compute: — ({report.why})"]
    return [*lines, f"compute: {report.compute_ms:.2f} ms ({report.why})"]


def _rejected(status: int) -> bool:
    """Refused by validation: a 4xx other than 429 (a rate limit says nothing about validation)."""
    return 400 <= status < 500 and status != 429


def _timed(
    client: httpx.Client, endpoint: str, content: bytes, name: str, clock: Callable[[], float]
) -> tuple[int, float]:
    started = clock()
    try:
        response = client.post(endpoint, content=content)
    except httpx.TimeoutException as exc:
        raise BackendError(name, "timeout", f"no reply from {endpoint!r} ({type(exc).__name__})") from exc
    except httpx.RequestError as exc:
        raise BackendError(name, "transport", f"cannot reach {endpoint!r} ({exc}); is the server running?") from exc
    return response.status_code, (clock() - started) * 1000.0


def _series(timed: Sequence[tuple[int, float]]) -> Series:
    return Series(statuses=tuple(s for s, _ in timed), samples_ms=tuple(ms for _, ms in timed))


def _series_json(series: Series) -> dict[str, object]:
    return {
        "n": len(series.samples_ms),
        "statuses": {str(code): count for code, count in sorted(Counter(series.statuses).items())},
        "median_ms": series.median_ms,
        "p95_ms": series.p95_ms,
        "samples_ms": [round(ms, 3) for ms in series.samples_ms],
    }


def _counts(statuses: Sequence[int]) -> str:
    return ", ".join(f"{code}×{count}" for code, count in sorted(Counter(statuses).items())) or "none"


def _ms(value: float | None) -> str:
    return "—" if value is None else f"{value:.2f}"
