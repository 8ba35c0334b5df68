"""The latency harness: percentiles and the compute rule on hand-made series, then a real server on loopback."""

from __future__ import annotations

import json
import socket
from pathlib import Path

import pytest
from click.testing import CliRunner

from decisionloop.cli.bench import bench
from decisionloop.core.errors import BackendError, ConfigError
from decisionloop.core.wire import request_to_wire
from decisionloop.evaluate.latency import (
    LATENCY_REQUEST,
    Series,
    compute,
    floor_body,
    measure,
    percentile,
    report_lines,
)
from tests.support.loopback import Canned, LoopbackServer, Received, Responder, StartLoopback


def test_percentiles_interpolate_between_closest_ranks() -> None:
    assert percentile([4.0, 1.0, 3.0, 2.0], 0.5) == 2.5
    assert percentile([1.0, 2.0, 3.0, 4.0], 0.95) == pytest.approx(3.85)
    assert percentile([7.0], 0.95) == 7.0
    assert percentile([], 0.5) is None
    assert Series(statuses=(200,) * 3, samples_ms=(3.0, 1.0, 2.0)).median_ms == 2.0
    assert Series(statuses=(), samples_ms=()).p95_ms is None


def _series(status: int, *ms: float) -> Series:
    return Series(statuses=(status,) * len(ms), samples_ms=ms)


def test_compute_is_the_difference_of_medians_when_the_floor_was_rejected() -> None:
    assert compute(_series(200, 10.0, 12.0, 30.0), _series(422, 2.0, 1.0, 3.0)) == (
        10.0,
        "median(real) − median(floor)",
    )


@pytest.mark.parametrize(
    ("real", "floor", "why"),
    [
        (_series(200, 10.0), _series(200, 2.0), "the floor requests were not all rejected with a 4xx (got 200×1)"),
        (_series(200, 10.0), _series(429, 2.0), "not all rejected with a 4xx (got 429×1)"),
        (_series(200, 10.0), _series(500, 2.0), "not all rejected with a 4xx (got 500×1)"),
        (_series(401, 10.0), _series(401, 2.0), "the real requests did not all succeed (got 401×1)"),
        (_series(200), _series(422), "no timed requests"),
    ],
)
def test_no_compute_when_the_floor_is_no_floor(real: Series, floor: Series, why: str) -> None:
    figure, said = compute(real, floor)
    assert figure is None
    assert why in said


def test_the_floor_body_is_the_real_one_without_questions() -> None:
    body = floor_body("m1")
    assert body == {"state": LATENCY_REQUEST.state, "model": "m1"}
    assert "questions" in request_to_wire(LATENCY_REQUEST, None)


def _system_one(*, lenient: bool) -> Responder:
    """A ``/v1/systemone``: answers a body with questions, 422 to one without (unless ``lenient``)."""

    def respond(request: Received) -> Canned:
        assert isinstance(request.body, dict)
        if "questions" in request.body:
            return Canned(body={"answers": {"needs_tool": {"noul": 0.9}}, "model": "m"})
        if lenient:
            return Canned(body={"answers": {}})
        return Canned(status=422, body={"detail": "questions: field required"})

    return respond


@pytest.fixture
def strict(loopback: StartLoopback) -> LoopbackServer:
    server = loopback()
    server.respond_with(_system_one(lenient=False))
    return server


@pytest.fixture
def lenient(loopback: StartLoopback) -> LoopbackServer:
    server = loopback()
    server.respond_with(_system_one(lenient=True))
    return server


def test_measure_times_both_series_and_drops_the_warm_ups(strict: LoopbackServer) -> None:
    report = measure(strict.url, n=3, model="m1", api_key="secret")
    assert (report.real.statuses, report.floor.statuses) == ((200,) * 3, (422,) * 3)
    assert len(report.real.samples_ms) == len(report.floor.samples_ms) == 3
    assert report.compute_ms is not None
    assert report.why == "median(real) − median(floor)"
    assert len(strict.received) == 8
    first = strict.received[0]
    path, headers, body = first.path, first.headers, first.body
    assert (path, headers["authorization"], headers["content-type"]) == (
        "/v1/systemone",
        "Bearer secret",
        "application/json",
    )
    assert headers["user-agent"].startswith("decisionloop/")
    assert body == request_to_wire(LATENCY_REQUEST, "m1")
    assert [isinstance(r.body, dict) and "questions" in r.body for r in strict.received] == [True, False] * 4


def test_a_server_that_accepts_the_floor_body_gets_no_compute(lenient: LoopbackServer) -> None:
    report = measure(lenient.url, n=2)
    assert report.compute_ms is None
    assert "not all rejected with a 4xx (got 200×2)" in report.why
    assert report_lines(report)[-1].startswith("compute: — (the floor requests were not all rejected")


def test_an_unreachable_server_is_a_transport_error() -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    with pytest.raises(BackendError) as caught:
        measure(f"http://127.0.0.1:{port}", n=1, timeout_s=2.0)
    assert caught.value.code == "transport"
    with pytest.raises(ConfigError, match="at least 1"):
        measure(f"http://127.0.0.1:{port}", n=0)


def test_bench_latency_prints_and_writes_the_figures(strict: LoopbackServer, tmp_path: Path) -> None:
    out = tmp_path / "latency.json"
    result = CliRunner().invoke(bench, ["latency", "--decisions", strict.url, "-n", "5", "--json", str(out)])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith(f"latency of {strict.url}/v1/systemone")
    assert lines[2].split()[:3] == ["real", "5", "200×5"]
    assert lines[3].split()[:3] == ["floor", "5", "422×5"]
    assert lines[4].startswith("compute: ")
    assert lines[4].endswith(" ms (median(real) − median(floor))")
    data = json.loads(out.read_text(encoding="utf-8"))
    assert set(data) == {"endpoint", "model", "real", "floor", "compute_ms", "compute_note"}
    assert isinstance(data["compute_ms"], float)
    assert (data["real"]["n"], data["real"]["statuses"], data["floor"]["statuses"]) == (5, {"200": 5}, {"422": 5})
    assert all(isinstance(data[s][k], float) for s in ("real", "floor") for k in ("median_ms", "p95_ms"))


def test_bench_latency_without_a_server_says_how_to_give_one() -> None:
    result = CliRunner().invoke(bench, ["latency"])
    assert result.exit_code == 1
    assert "give --decisions URL" in result.stderr
