"""Decision-server throughput: requests per second and latency at several client counts, micro-batched or not.

Serves the bundled model when one is trained and shipped, else a fixed fake backend whose every call (one request
or a whole batch) costs --fake-call-ms, as one forward pass would; the output says which. Each client is a thread
with its own HttpBackend over loopback, in this process: client and server share the GIL, so the figures are a
floor, and the batched/unbatched ratio printed for each client count is the figure to read.

Usage: python scripts/server_throughput.py [--concurrency 1,8,32] [--duration 3] [--threads 2] [--fake-call-ms 2]
"""

from __future__ import annotations

import argparse
import statistics
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass

from decisionloop.backends import BackendReply, DecisionBackend, DecisionRequest, HttpBackend
from decisionloop.core.errors import BackendError
from decisionloop.core.questions import ChoiceQuestion, NoulQuestion, Option, Question, ScoreQuestion
from decisionloop.server import BatchDecisionBackend, create_app, served_model_id
from decisionloop.server.running import serving_in_thread

TOOLS = ("read_file", "list_dir", "write_file", "search_web", "send_email", "done")
STEP = DecisionRequest(
    state={"frame": "goal: summarise notes.txt\nsteps done: list_dir -> notes.txt, todo.md\nfiles known: notes.txt"},
    questions={
        "needs_tool": NoulQuestion(instructions="Is another tool call needed to reach the goal?"),
        "tool": ChoiceQuestion(
            instructions="Which tool should run next?",
            options=tuple(Option(name=t, criteria=f"use {t.replace('_', ' ')}") for t in TOOLS),
        ),
        "risk": ScoreQuestion(instructions="How risky is the call?", levels=("none", "low", "high", "severe")),
    },
)


class FixedBackend:
    """Fixed answers; each call, single or batched, sleeps ``call_ms`` like one forward pass."""

    def __init__(self, call_ms: float) -> None:
        self._call_s = call_ms / 1000.0

    @property
    def name(self) -> str:
        """``fixed``."""
        return "fixed"

    @property
    def model_id(self) -> str:
        """``fixed-fake``."""
        return "fixed-fake"

    def decide(self, request: DecisionRequest) -> BackendReply:
        """Fixed answers after one call's cost."""
        return self.decide_many([request])[0]

    def decide_many(self, requests: Sequence[DecisionRequest]) -> list[BackendReply]:
        """Fixed answers for every request, after one call's cost."""
        time.sleep(self._call_s)
        return [self._reply(r) for r in requests]

    def _reply(self, request: DecisionRequest) -> BackendReply:
        answers = {qid: _answer(q) for qid, q in request.questions.items()}
        return BackendReply(answers=answers, backend=self.name, model=self.model_id, latency_ms=self._call_s * 1e3)


def _answer(question: Question) -> dict[str, object]:
    match question:
        case ChoiceQuestion(options=options):
            even = 1.0 / len(options)
            return {"choice": options[0].name, "probabilities": {o.name: even for o in options}}
        case NoulQuestion():
            return {"noul": 0.5}
        case ScoreQuestion(levels=levels):
            return {"probabilities": {str(i): 1.0 / len(levels) for i in range(len(levels))}}


@dataclass(frozen=True, slots=True, kw_only=True)
class Run:
    """One timed run: latencies of the answered requests, failures, and the server's batching."""

    clients: int
    batched: bool
    seconds: float
    latencies_ms: list[float]
    errors: int
    mean_batch: float

    @property
    def per_second(self) -> float:
        """Answered requests per second."""
        return len(self.latencies_ms) / self.seconds

    def line(self) -> str:
        """One row of the table."""
        lat = sorted(self.latencies_ms) or [float("nan")]
        p50, p95 = statistics.median(lat), lat[min(len(lat) - 1, int(0.95 * len(lat)))]
        mode = "batched" if self.batched else "one by one"
        return (
            f"{self.clients:>7} {mode:>11} {self.per_second:>9.1f} {p50:>8.2f} {p95:>8.2f} "
            f"{self.mean_batch:>10.2f} {self.errors:>6}"
        )


def measure(backend: DecisionBackend, *, clients: int, batched: bool, duration_s: float) -> Run:
    """Serve ``backend`` and hit it from ``clients`` threads for ``duration_s`` seconds."""
    app = create_app(backend, max_batch=16 if batched else 1)
    latencies: list[float] = []
    errors = [0]
    lock = threading.Lock()
    with serving_in_thread(app) as url:
        stop_at = time.perf_counter() + duration_s

        def client() -> None:
            with HttpBackend(base_url=url, model=served_model_id(backend)) as http:
                http.decide(STEP)  # warm the connection
                while time.perf_counter() < stop_at:
                    started = time.perf_counter()
                    try:
                        http.decide(STEP)
                    except BackendError:
                        with lock:
                            errors[0] += 1
                        continue
                    with lock:
                        latencies.append((time.perf_counter() - started) * 1000.0)

        threads = [threading.Thread(target=client) for _ in range(clients)]
        began = time.perf_counter()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        seconds = time.perf_counter() - began
    stats = app.state.batcher.stats
    return Run(
        clients=clients,
        batched=batched,
        seconds=seconds,
        latencies_ms=latencies,
        errors=errors[0],
        mean_batch=stats.mean_batch,
    )


def backend_for(threads: int, fake_call_ms: float) -> tuple[DecisionBackend, str]:
    """The bundled model when it is there, else the fake; with a sentence saying which."""
    from decisionloop.model.backend import ModelBackend, has_model

    if has_model():
        model = ModelBackend(threads=threads)
        return model, f"the bundled model {model.model_id!r} on {threads} thread(s)"
    return FixedBackend(fake_call_ms), (
        f"a fixed fake backend ({fake_call_ms:g} ms per call, batched or not): no trained model is shipped yet"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--concurrency", default="1,8,32", help="client counts, comma-separated")
    parser.add_argument("--duration", type=float, default=3.0, help="seconds per run")
    parser.add_argument("--threads", type=int, default=2, help="CPU threads for the bundled model")
    parser.add_argument("--fake-call-ms", type=float, default=2.0, help="cost of one fake backend call")
    args = parser.parse_args()
    counts = [int(c) for c in args.concurrency.split(",") if c.strip()]
    if not counts or min(counts) < 1:
        parser.error(f"--concurrency wants client counts >= 1, e.g. 1,8,32; got {args.concurrency!r}")
    backend, which = backend_for(args.threads, args.fake_call_ms)
    modes = (True, False) if isinstance(backend, BatchDecisionBackend) else (False,)
    print(f"serving {which}; {len(STEP.questions)} questions per request; {args.duration:g} s per run")
    if len(modes) == 1:
        print("the backend has no decide_many: requests are answered one by one")
    print(f"{'clients':>7} {'mode':>11} {'req/s':>9} {'p50 ms':>8} {'p95 ms':>8} {'mean batch':>10} {'errors':>6}")
    runs = [measure(backend, clients=c, batched=b, duration_s=args.duration) for c in counts for b in modes]
    for run in runs:
        print(run.line())
    _ratios(runs, counts, batching=len(modes) == 2)


def _ratios(runs: list[Run], counts: list[int], *, batching: bool) -> None:
    """Each client count's rate against the first count's, and batched against one by one."""
    rate = {(r.clients, r.batched): r.per_second for r in runs}
    base = rate[(counts[0], batching)] or float("nan")
    for clients in counts:
        line = f"{clients:>3} clients: {rate[(clients, batching)] / base:5.2f}x the rate of {counts[0]}"
        if batching:
            line += f"; batched / one by one {rate[(clients, True)] / (rate[(clients, False)] or float('nan')):5.2f}x"
        print(line)


if __name__ == "__main__":
    main()
