"""The Evaluate page's state: eval JSONs opened in this server (a file of ``evals/``, an upload, a fresh run) and
the evaluations running in threads, each with its progress events for the browser to stream."""

from __future__ import annotations

import re
import secrets
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from decisionloop.core.errors import DecisionLoopError
from decisionloop.core.files import read_text_capped
from decisionloop.evaluate.evaluation import eval_text
from decisionloop.evaluate.reroute import Rerouter, read_eval
from decisionloop.evaluate.stored import StoredEvalError
from decisionloop.web.trace import Json

MAX_EVAL_BYTES = 16 * 2**20
"""The largest eval JSON opened or uploaded: the dev split's is about 250 KB, the whole suite's a few MB."""
KEEP_OPEN = 8
_NAME = re.compile(r"^[\w.-]+\.json$")
Progress = Callable[[str, int], None]


@dataclass(frozen=True, slots=True, kw_only=True)
class EvalRunner:
    """How ``evaluate the dev split now`` runs: ``total`` progress ticks, then the eval JSON's document."""

    total: int
    run: Callable[[Progress], Mapping[str, object]]


class EvalJob:
    """One evaluation in its thread: progress events, then ``end`` (with the opened eval's id) or ``error``."""

    def __init__(self, total: int) -> None:
        self.id = secrets.token_urlsafe(12)
        self.total = total
        self.finished = False
        self._done = 0
        self._events: list[Json] = []
        self._lock = threading.Lock()

    def emit(self, event: Json) -> None:
        """Add an event, numbered from 0."""
        with self._lock:
            self._events.append({"seq": len(self._events), **event})

    def events_since(self, seq: int) -> list[Json]:
        """The events numbered ``seq`` on."""
        with self._lock:
            return self._events[seq:]

    def tick(self, what: str, done: int) -> None:
        """One more unit of work done."""
        self._done += done
        self.emit({"type": "progress", "what": what, "done": min(self._done, self.total), "total": self.total})


class EvalDesk:
    """The opened evals by id (the last ``KEEP_OPEN``), the files of ``folder``, and one running evaluation."""

    def __init__(self, folder: Path | None, runner: EvalRunner | None) -> None:
        self.folder = folder
        self.runner = runner
        self._open: dict[str, Rerouter] = {}
        self._names: dict[str, str] = {}
        self._jobs: dict[str, EvalJob] = {}
        self._lock = threading.Lock()

    def files(self) -> list[str]:
        """The eval JSONs in the folder, newest first."""
        if self.folder is None or not self.folder.is_dir():
            return []
        found = [p for p in self.folder.iterdir() if p.is_file() and _NAME.match(p.name)]
        return [p.name for p in sorted(found, key=lambda p: p.stat().st_mtime, reverse=True)]

    def open_file(self, name: str) -> str:
        """Open ``evals/NAME``; LookupError when there is no such file there, StoredEvalError when it does not read."""
        if self.folder is None or not _NAME.match(name) or name not in self.files():
            raise LookupError(
                f"no eval JSON {name!r} in {self.folder}; pick one of: {', '.join(self.files()) or 'none'}"
            )
        path = self.folder / name
        text = read_text_capped(path, limit=MAX_EVAL_BYTES, what="eval JSON", error=StoredEvalError)
        return self.open_text(text, name)

    def open_text(self, text: str, name: str) -> str:
        """Open an eval JSON's text; its id. StoredEvalError when it does not read."""
        rerouter = Rerouter(read_eval(text, name))
        eval_id = secrets.token_urlsafe(12)
        with self._lock:
            self._open[eval_id] = rerouter
            self._names[eval_id] = name
            for old in list(self._open)[: max(0, len(self._open) - KEEP_OPEN)]:
                del self._open[old], self._names[old]
        return eval_id

    def get(self, eval_id: str) -> tuple[Rerouter, str] | None:
        """The opened eval and its name, if this server still has it."""
        with self._lock:
            found = self._open.get(eval_id)
            return (found, self._names[eval_id]) if found is not None else None

    def start(self) -> EvalJob:
        """Run the evaluation in a daemon thread; LookupError without a runner, RuntimeError when one is going."""
        runner = self.runner
        if runner is None:
            raise LookupError("this server cannot run an evaluation; open an eval JSON instead")
        with self._lock:
            if any(not j.finished for j in self._jobs.values()):
                raise RuntimeError("an evaluation is running already; wait for it to end")
            job = EvalJob(runner.total)
            self._jobs = {job.id: job}
        threading.Thread(target=self._work, args=(job, runner), name=f"eval-{job.id[:6]}", daemon=True).start()
        return job

    def job(self, job_id: str) -> EvalJob | None:
        """The evaluation with this id, if it is the latest."""
        with self._lock:
            return self._jobs.get(job_id)

    def _work(self, job: EvalJob, runner: EvalRunner) -> None:
        try:
            text = eval_text(runner.run(job.tick))
            name = f"dev-{datetime.now(UTC).strftime('%Y%m%d-%H%M%S')}.json"
            if self.folder is not None:
                self.folder.mkdir(parents=True, exist_ok=True)
                (self.folder / name).write_text(text, encoding="utf-8")
            job.emit({"type": "end", "eval": self.open_text(text, name), "file": name})
        except (DecisionLoopError, OSError) as err:
            job.emit({"type": "error", "message": str(err)})
        except Exception as err:  # the browser is told; the server goes on
            job.emit({"type": "error", "message": f"{type(err).__name__}: {err}"})
        job.finished = True
