"""Decision-server starvation: normal clients, a maximal batch and many slow clients at once, on the real server.

Starts the server in a child process (the bundled model when one is trained and shipped, else a fake backend
costing --fake-request-ms per request plus --fake-call-ms per call, as one forward pass would; the output says
which) and puts on it, for --duration seconds:

- --clients normal clients, each on its own kept-alive connection, one request after the other;
- one client posting a maximal `/v1/systemone/batch` (the server's cap) again and again;
- --slow slow clients, each sending a request head a byte every --slow-interval seconds, and reconnecting when
  dropped (as an attacker would). Each slow socket is a file descriptor on both sides: the count is capped to what
  this process's descriptor limit allows, and the output says so.

Prints p50/p99 of the normal requests, how many got a 5xx (should be 0), the batches answered, how many slow
connections were dropped and after how long, whether any slow connection outlived the header deadline, the
server's RSS and the log lines it wrote.

--server-fds lowers the server's descriptor limit below the slow clients' count, as where the finding was made.

Usage: python scripts/server_starvation.py [--clients 128] [--slow 3000] [--duration 20] [--server-fds 1024] [--fake]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import httpx

from decisionloop.backends import BackendReply, DecisionBackend, DecisionRequest

STEP = {
    "state": {"frame": "goal: summarise notes.txt\nsteps done: list_dir -> notes.txt, todo.md\nfiles known: notes.txt"},
    "questions": {
        "needs_tool": {"type": "noul", "instructions": "Is another tool call needed to reach the goal?"},
        "tool": {
            "type": "choice",
            "instructions": "Which tool should run next?",
            "criteria": {t: f"use {t}" for t in ("read_file", "list_dir", "write_file", "send_email", "done")},
        },
    },
}
SLOW_HEAD = b"POST /v1/systemone HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"


class CostlyFake:
    """Fixed answers after a forward pass's cost: ``call_ms`` per call plus ``request_ms`` per request in it."""

    def __init__(self, *, call_ms: float, request_ms: float) -> None:
        self._call_s, self._request_s = call_ms / 1e3, request_ms / 1e3

    @property
    def name(self) -> str:
        """``costly-fake``."""
        return "costly-fake"

    def decide(self, request: DecisionRequest) -> BackendReply:
        """One request, one call."""
        return self.decide_many([request])[0]

    def decide_many(self, requests: Sequence[DecisionRequest]) -> list[BackendReply]:
        """Every request answered after the call's cost."""
        time.sleep(self._call_s + self._request_s * len(requests))
        return [BackendReply(answers={}, backend=self.name, model=self.name, latency_ms=0.0) for _ in requests]


def _raise_descriptor_limit() -> int:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def serve(args: argparse.Namespace) -> None:
    """The child: serve the backend on a free loopback port, print the URL and which backend, then run."""
    import logging

    from decisionloop.model.backend import ModelBackend, has_model
    from decisionloop.server import create_app
    from decisionloop.server.running import bind, server_for, url_of

    _raise_descriptor_limit()
    if args.server_fds:
        hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(args.server_fds, hard), hard))
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    backend: DecisionBackend
    if has_model() and not args.fake:
        model = ModelBackend(threads=args.threads)
        backend, which = model, f"the bundled model {model.model_id!r} on {args.threads} thread(s)"
    else:
        backend = CostlyFake(call_ms=args.fake_call_ms, request_ms=args.fake_request_ms)
        which = f"a fake backend ({args.fake_call_ms:g} ms per call + {args.fake_request_ms:g} ms per request)"
    sock = bind("127.0.0.1", 0)
    print(json.dumps({"url": url_of(sock), "backend": which}), flush=True)
    server_for(create_app(backend), log_level="info", access_log=False).run(sockets=[sock])


class Load:
    """What the clients saw."""

    def __init__(self) -> None:
        self.latencies_ms: list[float] = []
        self.statuses: dict[int, int] = {}
        self.failures: dict[str, int] = {}
        self.batch_ms: list[float] = []
        self.dropped_after_s: list[float] = []
        self.slow_open: dict[int, float] = {}
        self.loop_lag_s = 0.0

    def status(self, code: int) -> None:
        self.statuses[code] = self.statuses.get(code, 0) + 1

    def failure(self, err: BaseException) -> None:
        kind = type(err).__name__
        self.failures[kind] = self.failures.get(kind, 0) + 1


async def normal_client(url: str, stop_at: float, load: Load) -> None:
    async with httpx.AsyncClient(base_url=url, timeout=60.0) as client:
        while time.monotonic() < stop_at:
            started = time.perf_counter()
            try:
                response = await client.post("/v1/systemone", json=STEP)
            except httpx.HTTPError as err:
                load.failure(err)
                continue
            load.status(response.status_code)
            if response.status_code == 200:
                load.latencies_ms.append((time.perf_counter() - started) * 1e3)


async def batch_client(url: str, size: int, stop_at: float, load: Load) -> None:
    body = {"requests": [STEP] * size}
    async with httpx.AsyncClient(base_url=url, timeout=120.0) as client:
        while time.monotonic() < stop_at:
            started = time.perf_counter()
            try:
                response = await client.post("/v1/systemone/batch", json=body)
            except httpx.HTTPError as err:
                load.failure(err)
                continue
            load.status(response.status_code)
            load.batch_ms.append((time.perf_counter() - started) * 1e3)


async def slow_client(n: int, host: str, port: int, interval_s: float, stop_at: float, load: Load) -> None:
    while time.monotonic() < stop_at:
        try:
            reader, writer = await asyncio.open_connection(host, port)
        except OSError as err:
            load.failure(err)
            await asyncio.sleep(interval_s)
            continue
        opened = time.monotonic()
        load.slow_open[n] = opened
        try:
            for byte in SLOW_HEAD * 100:
                if time.monotonic() >= stop_at:
                    return
                writer.write(bytes([byte]))
                await writer.drain()
                try:
                    await asyncio.wait_for(reader.read(4096), timeout=interval_s)
                    break  # an answer (408) or end of stream: dropped
                except TimeoutError:
                    continue
        except OSError:
            pass  # reset: dropped
        finally:
            load.slow_open.pop(n, None)
            writer.close()
        load.dropped_after_s.append(time.monotonic() - opened)


async def lag_monitor(stop_at: float, load: Load) -> None:
    """The client's own event-loop lag: when it is seconds, the figures measure this process, not the server."""
    while time.monotonic() < stop_at:
        before = time.monotonic()
        await asyncio.sleep(0.1)
        load.loop_lag_s = max(load.loop_lag_s, time.monotonic() - before - 0.1)


async def drive(url: str, args: argparse.Namespace, load: Load) -> None:
    """The working clients, this process."""
    stop_at = time.monotonic() + args.duration
    others = [normal_client(url, stop_at, load) for _ in range(args.clients)]
    await asyncio.gather(*others, batch_client(url, args.batch, stop_at, load), lag_monitor(stop_at, load))


async def flood(url: str, args: argparse.Namespace) -> None:
    """The slow clients, in a process of their own (so they do not slow the working clients' event loop); prints
    what they saw as one JSON line."""
    host, port = url.removeprefix("http://").rsplit(":", 1)
    load = Load()
    stop_at = time.monotonic() + args.duration
    tasks = [
        asyncio.create_task(slow_client(i, host, int(port), args.slow_interval, stop_at, load))
        for i in range(args.slow)
    ]
    await lag_monitor(stop_at, load)
    now = time.monotonic()
    oldest = max((now - t for t in load.slow_open.values()), default=0.0)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    said = {"dropped_after_s": load.dropped_after_s, "oldest_s": oldest, "failures": load.failures}
    print(json.dumps(said | {"lag_s": load.loop_lag_s}), flush=True)


def _rss(pid: int) -> str:
    fields = dict(line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines() if ":" in line)
    return f"{fields['VmRSS'].strip()} now, {fields['VmHWM'].strip()} peak"


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--clients", type=int, default=128)
    parser.add_argument("--slow", type=int, default=3000, help="slow clients, at most the descriptor limit less 256")
    parser.add_argument("--batch", type=int, default=256, help="requests in the batch (the server's default cap)")
    parser.add_argument("--duration", type=float, default=20.0, help="seconds of load (over the 10 s head deadline)")
    parser.add_argument("--slow-interval", type=float, default=1.0, help="seconds between a slow client's bytes")
    parser.add_argument("--threads", type=int, default=2, help="CPU threads for the bundled model")
    parser.add_argument("--fake", action="store_true", help="the fake backend even when a model is shipped")
    parser.add_argument("--fake-call-ms", type=float, default=2.0)
    parser.add_argument("--fake-request-ms", type=float, default=1.0)
    parser.add_argument(
        "--server-fds", type=int, default=0, help="the server's descriptor limit (0: the hard limit), e.g. 1024"
    )
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--flood", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(args)
        return
    limit = _raise_descriptor_limit()
    if args.flood:
        asyncio.run(flood(args.flood, args))
        return
    slow = min(args.slow, max(0, limit - 256))
    scaled = "" if slow == args.slow else f" (scaled down from {args.slow}: {limit} file descriptors here)"
    with tempfile.TemporaryFile("w+") as log:
        child = subprocess.Popen(
            [sys.executable, __file__, "--serve", *sys.argv[1:]], stdout=subprocess.PIPE, stderr=log, text=True
        )
        assert child.stdout is not None
        started = json.loads(child.stdout.readline())
        url = started["url"]
        fds = f"{args.server_fds} for the server" if args.server_fds else "the same for the server"
        print(f"serving {started['backend']} at {url}; descriptor limit {limit} here, {fds}")
        print(f"{args.clients} normal clients, one {args.batch}-request batch client, {slow} slow clients{scaled}")
        load = Load()
        others = [a for a in sys.argv[1:] if not a.startswith("--slow=")]
        flooder = subprocess.Popen(
            [sys.executable, __file__, "--flood", url, *others, f"--slow={slow}"], stdout=subprocess.PIPE, text=True
        )
        asyncio.run(drive(url, args, load))
        slow_seen = json.loads(flooder.communicate(timeout=120)[0] or "{}")
        rss = _rss(child.pid)
        child.terminate()
        child.wait(30)
        log.seek(0)
        lines = log.read().splitlines()
    _report(load, slow_seen, rss, lines)


def _report(load: Load, slow: dict[str, Any], rss: str, log_lines: list[str]) -> None:
    lat = load.latencies_ms
    server_errors = sum(n for code, n in load.statuses.items() if code >= 500)
    print(f"normal requests answered: {len(lat)}; p50 {_pct(lat, 0.5):.1f} ms, p99 {_pct(lat, 0.99):.1f} ms")
    print(f"statuses: {dict(sorted(load.statuses.items()))}; 5xx: {server_errors}; client errors: {load.failures}")
    if load.batch_ms:
        print(f"batches answered: {len(load.batch_ms)}, median {statistics.median(load.batch_ms):.0f} ms each")
    drops = slow.get("dropped_after_s") or [float("nan")]
    print(
        f"slow connections dropped: {len(drops)}; after median {statistics.median(drops):.1f} s, "
        f"max {max(drops):.1f} s; oldest still open at the end: {slow.get('oldest_s', 0.0):.1f} s; "
        f"slow clients' connect failures: {slow.get('failures')}"
    )
    print(f"server RSS: {rss}; log lines written: {len(log_lines)}")
    print(
        f"client event-loop lag, max: working clients {load.loop_lag_s:.2f} s, slow clients "
        f"{slow.get('lag_s', 0.0):.2f} s (over ~0.5 s, the figures measure the clients, not the server)"
    )
    for line in log_lines[:12]:
        print(f"  | {line[:200]}")


if __name__ == "__main__":
    main()
