"""The web app factory: pages (agent, sessions, a run, spec), the run API with its SSE trace, exports, assets.

Routes:
- ``GET /`` (``?live=ID`` follows a run the server has going, a what-if's), ``/runs`` (``?search=&stop=&limit=``),
  ``/runs/{id}`` (its trace as a graph with the inspector), ``/spec``: server-rendered pages.
- ``GET /runs/{id}/export.json`` and ``/export.ttl``: the journal's exporters.
- ``POST /api/runs`` ``{"goal", "preset"}`` → 201 ``{"id", "events"}``; 429 with too many going.
- ``GET /api/runs/{id}/events``: the run's trace as ``text/event-stream``, one ``id:``/``data: <json>`` frame per
  event (``Last-Event-ID`` resumes), closed after the ``end`` or ``error`` event.
- ``POST /api/runs/{id}/answer`` ``{"dialog", "action", …}``: 200, 409 (not the open dialog), 422 (does not read).
- ``POST /api/runs/{id}/stop``.
- ``POST /api/what-ifs`` ``{"run", "step", "block", "question", "option"}`` (``step`` from 0) → 201 ``{"id",
  "events", "url"}``: a run re-run from that step of the journalled run with that option (``journal.what_if``),
  followed on the agent page at ``url``; 404 unknown run, 422 a step, decision or option it cannot take, 429.
- ``GET /evaluate`` (``?file=NAME`` of the home's ``evals/``, ``?eval=ID`` of one opened): the Evaluate page.
- ``POST /api/evals`` (the body an eval JSON, up to ``Policy.max_upload``) → 201 ``{"id", "url"}``; 422 when it
  does not read as one.
- ``POST /api/evals/{id}/reroute`` ``{"thresholds": {key: value}}`` → 200 ``{"thresholds", "gate", "point",
  "html"}``, the stored answers judged again (no model call); 404 unknown eval, 422 a value that cannot apply.
- ``POST /api/evals/run`` → 201 ``{"id", "events"}`` (409 while one runs); ``GET /api/evals/run/{id}/events``:
  its progress as ``text/event-stream``, closed after ``end`` (with the opened eval's id) or ``error``.
Every request passes ``security.Guarded`` first.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from decisionloop.core.errors import GateError, JournalError
from decisionloop.core.vocab import STOP_REASONS
from decisionloop.evaluate.stored import StoredEvalError
from decisionloop.journal import SqliteJournal, run_json, run_turtle
from decisionloop.journal.store import UNFINISHED
from decisionloop.journal.what_if import what_if
from decisionloop.loop.what_if import Forced
from decisionloop.web.agent_page import agent_page
from decisionloop.web.evals import EvalDesk, EvalJob, EvalRunner
from decisionloop.web.evaluate_page import OpenedEval, evaluate_page, results_html
from decisionloop.web.html import esc, page, tag
from decisionloop.web.live import (
    DIALOG_TIMEOUT_S,
    MAX_RUNNING,
    DialogClosedError,
    LiveRun,
    LiveRuns,
    RunOpener,
    TooManyRunsError,
)
from decisionloop.web.person import AnswerError
from decisionloop.web.security import Guarded, Policy
from decisionloop.web.sessions import run_page, runs_page
from decisionloop.web.spec_page import SpecView, spec_page

MAX_GOAL_CHARS = 4000
_POLL_S = 0.05
_KEEPALIVE_S = 15.0
_LAST = frozenset({"end", "error"})


@dataclass(frozen=True, slots=True, kw_only=True)
class WebConfig:
    """What the app serves: how to open a run, the journal, the spec, the presets, the security policy."""

    opener: RunOpener
    journal_path: Path
    spec: SpecView
    policy: Policy
    presets: tuple[str, ...] = ()
    about: tuple[tuple[str, str], ...] = ()
    who: str = "you (web)"
    dialog_timeout_s: float = DIALOG_TIMEOUT_S
    max_running: int = MAX_RUNNING
    evals_dir: Path | None = None
    eval_runner: EvalRunner | None = None


def create_app(config: WebConfig) -> Starlette:
    """The app; ``app.state.runs`` holds the live runs."""
    runs = LiveRuns(config.opener, who=config.who, max_running=config.max_running)
    views = _Views(config, runs)
    static = StaticFiles(directory=str(resources.files("decisionloop.web").joinpath("static")))
    routes = [
        Route("/", views.agent),
        Route("/runs", views.runs),
        Route("/runs/{run_id:str}", views.run),
        Route("/runs/{run_id:str}/export.{fmt:str}", views.export),
        Route("/spec", views.spec),
        Route("/evaluate", views.evaluate),
        Route("/api/evals", views.upload, methods=["POST"]),
        Route("/api/evals/run", views.run_eval, methods=["POST"]),
        Route("/api/evals/run/{job:str}/events", views.eval_events),
        Route("/api/evals/{eval_id:str}/reroute", views.reroute, methods=["POST"]),
        Route("/api/runs", views.start, methods=["POST"]),
        Route("/api/runs/{live:str}/events", views.events),
        Route("/api/runs/{live:str}/answer", views.answer, methods=["POST"]),
        Route("/api/runs/{live:str}/stop", views.stop, methods=["POST"]),
        Route("/api/what-ifs", views.what_if, methods=["POST"]),
        Mount("/static", static, name="static"),
    ]

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        runs.stop_all()  # a run waiting on a dialog ends, journaled, rather than being cut off unrecorded

    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.runs = runs
    app.add_middleware(Guarded, policy=config.policy)
    return app


class _Views:
    """The endpoints, sharing the config and the live runs."""

    def __init__(self, config: WebConfig, runs: LiveRuns) -> None:
        self.config = config
        self.csrf = config.policy.csrf
        self.live = runs
        self.desk = EvalDesk(config.evals_dir, config.eval_runner)

    def agent(self, request: Request) -> Response:
        wanted = request.query_params.get("live")
        run = self.live.get(wanted) if wanted else None
        lost = "That run is not going in this server (it may have ended long ago); its record is on the Sessions page."
        return HTMLResponse(
            agent_page(
                csrf=self.csrf,
                presets=self.config.presets,
                about=self.config.about,
                live=run.id if run is not None else None,
                notice=lost if wanted and run is None else None,
            )
        )

    def runs(self, request: Request) -> Response:
        stop = request.query_params.get("stop") or None
        if stop is not None and stop not in (*STOP_REASONS, UNFINISHED):
            return self._error_page(400, f"unknown outcome {stop!r}; one of {', '.join((*STOP_REASONS, UNFINISHED))}")
        search = (request.query_params.get("search") or "").strip() or None
        limit = _int(request.query_params.get("limit"), default=50, low=1, high=1000)
        with self._journal() as journal:
            found = journal.runs(limit, stop=stop, search=search)
        return HTMLResponse(runs_page(found, csrf=self.csrf, stop=stop, search=search, limit=limit))

    def run(self, request: Request) -> Response:
        data = self._load(request.path_params["run_id"])
        if isinstance(data, Response):
            return data
        with self._journal() as journal:
            what_ifs = journal.what_ifs_of(str(data["id"]))
        return HTMLResponse(run_page(data, csrf=self.csrf, what_ifs=what_ifs))

    def export(self, request: Request) -> Response:
        fmt = request.path_params["fmt"]
        if fmt not in ("json", "ttl"):
            return self._error_page(404, f"no export {fmt!r}; there are export.json and export.ttl")
        data = self._load(request.path_params["run_id"])
        if isinstance(data, Response):
            return data
        name = f"run-{str(data['id'])[:8]}.{fmt}"
        text, kind = (run_json(data), "application/json") if fmt == "json" else (run_turtle(data), "text/turtle")
        headers = {"content-disposition": f'attachment; filename="{name}"'}
        return Response(text, media_type=f"{kind}; charset=utf-8", headers=headers)

    def spec(self, request: Request) -> Response:
        return HTMLResponse(spec_page(self.config.spec, csrf=self.csrf))

    async def evaluate(self, request: Request) -> Response:
        eval_id, name = request.query_params.get("eval"), request.query_params.get("file")
        if name is not None and eval_id is None:
            try:
                eval_id = await run_in_threadpool(self.desk.open_file, name)
            except LookupError as err:
                return self._evaluate_page(404, error=str(err))
            except StoredEvalError as err:
                return self._evaluate_page(422, error=str(err))
        if eval_id is None:
            return self._evaluate_page(200)
        found = self.desk.get(eval_id)
        if found is None:
            return self._evaluate_page(404, error=f"no opened eval {eval_id!r} in this server; open the file again")
        rerouter, shown = found
        rerouted = await run_in_threadpool(rerouter.at, {})
        return self._evaluate_page(200, opened=(eval_id, shown, rerouter.ranges, rerouted))

    def _evaluate_page(self, status: int, *, opened: OpenedEval | None = None, error: str | None = None) -> Response:
        files, can_run = self.desk.files(), self.desk.runner is not None
        html = evaluate_page(csrf=self.csrf, files=files, can_run=can_run, opened=opened, error=error)
        return HTMLResponse(html, status)

    async def upload(self, request: Request) -> Response:
        raw = await request.body()
        name = (request.headers.get("x-file-name") or "upload.json")[:120]
        try:
            eval_id = await run_in_threadpool(self.desk.open_text, raw.decode("utf-8"), name)
        except UnicodeDecodeError as err:
            return _problem(
                422, f"the file is not UTF-8 text ({err}); upload a file written by decisionloop eval --json"
            )
        except StoredEvalError as err:
            return _problem(422, str(err))
        return JSONResponse({"id": eval_id, "url": f"/evaluate?eval={eval_id}"}, status_code=201)

    async def reroute(self, request: Request) -> Response:
        found = self.desk.get(request.path_params["eval_id"])
        if found is None:
            return _problem(404, "no such opened eval in this server; open the file again")
        body = await _json_body(request)
        if isinstance(body, Response):
            return body
        thresholds = body.get("thresholds", {})
        if not isinstance(thresholds, dict) or not all(
            isinstance(v, int | float) and not isinstance(v, bool) for v in thresholds.values()
        ):
            return _problem(422, f"thresholds must map gate keys to numbers, got {thresholds!r:.120}")
        rerouter, _ = found
        try:
            rerouted = await run_in_threadpool(rerouter.at, {str(k): float(v) for k, v in thresholds.items()})
        except GateError as err:
            return _problem(422, str(err))
        payload = {
            "thresholds": dict(rerouted.thresholds),
            "gate": rerouted.figures["gate"],
            "routers": rerouted.figures["routers"],
            "point": rerouted.point,
            "html": results_html(rerouted),
        }
        return JSONResponse(payload)

    async def run_eval(self, request: Request) -> Response:
        try:
            job = self.desk.start()
        except LookupError as err:
            return _problem(404, str(err))
        except RuntimeError as err:
            return _problem(409, str(err))
        return JSONResponse({"id": job.id, "events": f"/api/evals/run/{job.id}/events"}, status_code=201)

    async def eval_events(self, request: Request) -> Response:
        job = self.desk.job(request.path_params["job"])
        if job is None:
            return _problem(404, "no such evaluation in this server")
        headers = {"cache-control": "no-cache, no-transform", "x-accel-buffering": "no"}
        return StreamingResponse(_frames(job, 0), media_type="text/event-stream", headers=headers)

    async def start(self, request: Request) -> Response:
        body = await _json_body(request)
        if isinstance(body, Response):
            return body
        goal, preset = body.get("goal"), body.get("preset", False)
        if not isinstance(goal, str) or not goal.strip():
            return _problem(422, f"goal must be a non-empty text, got {goal!r}")
        if len(goal) > MAX_GOAL_CHARS:
            return _problem(422, f"the goal has {len(goal)} characters; at most {MAX_GOAL_CHARS}")
        if not isinstance(preset, bool):
            return _problem(422, f"preset must be true or false, got {preset!r}")
        if preset and goal not in self.config.presets:
            return _problem(422, f"{goal!r} is not a preset; presets: {', '.join(map(repr, self.config.presets))}")
        try:
            run = self.live.start(goal.strip(), preset=preset, dialog_timeout_s=self.config.dialog_timeout_s)
        except TooManyRunsError as err:
            return _problem(429, str(err))
        return JSONResponse({"id": run.id, "events": f"/api/runs/{run.id}/events"}, status_code=201)

    async def events(self, request: Request) -> Response:
        run = self._live(request)
        if run is None:
            return _problem(404, "no such run in this server (it may have ended long ago; see /runs)")
        start = _int(request.headers.get("last-event-id"), default=-1, low=-1, high=10**9) + 1
        headers = {"cache-control": "no-cache, no-transform", "x-accel-buffering": "no"}
        return StreamingResponse(_frames(run, start), media_type="text/event-stream", headers=headers)

    async def answer(self, request: Request) -> Response:
        run = self._live(request)
        if run is None:
            return _problem(404, "no such run in this server")
        body = await _json_body(request)
        if isinstance(body, Response):
            return body
        dialog = body.get("dialog")
        if not isinstance(dialog, str):
            return _problem(422, f"dialog must be the open dialog's id, got {dialog!r}")
        try:  # off the event loop: reading a typed value may load a unit registry the first time
            await run_in_threadpool(run.answer, dialog, body)
        except DialogClosedError as err:
            return _problem(409, str(err))
        except AnswerError as err:
            return _problem(422, str(err))
        return JSONResponse({"ok": True})

    async def stop(self, request: Request) -> Response:
        run = self._live(request)
        if run is None:
            return _problem(404, "no such run in this server")
        if not run.finished:
            run.stop()
        return JSONResponse({"ok": True, "finished": run.finished})

    async def what_if(self, request: Request) -> Response:
        body = await _json_body(request)
        if isinstance(body, Response):
            return body
        forced = _forced(body)
        run_id = body.get("run")
        if forced is None or not isinstance(run_id, str):
            shape = '{"run": ID, "step": N (from 0), "block": …, "question": …, "option": …}'
            return _problem(422, f"a what-if is {shape}; got {json.dumps(body)[:200]}")
        try:
            old = await run_in_threadpool(self._read, run_id)
        except JournalError as err:
            return _problem(404, str(err))
        try:
            plan = what_if(old, forced)
        except JournalError as err:
            return _problem(422, str(err))
        config = old.get("config")
        preset = isinstance(config, Mapping) and config.get("demo") is True  # a preset's what-if runs as presets do
        try:
            run = self.live.start(plan.goal, preset=preset, dialog_timeout_s=self.config.dialog_timeout_s, what_if=plan)
        except TooManyRunsError as err:
            return _problem(429, str(err))
        urls = {"events": f"/api/runs/{run.id}/events", "url": f"/?live={run.id}"}
        return JSONResponse({"id": run.id, **urls}, status_code=201)

    def _live(self, request: Request) -> LiveRun | None:
        return self.live.get(request.path_params["live"])

    def _journal(self) -> SqliteJournal:
        return SqliteJournal(self.config.journal_path)

    def _read(self, run_id: str) -> Mapping[str, object]:
        with self._journal() as journal:
            return journal.load(run_id)

    def _load(self, run_id: str) -> Mapping[str, object] | Response:
        try:
            return self._read(run_id)
        except JournalError as err:
            return self._error_page(404, str(err))

    def _error_page(self, status: int, message: str) -> Response:
        body = tag("div", tag("h1", "Not here"), tag("p", esc(message)), tag("p", tag("a", "All runs", href="/runs")))
        return HTMLResponse(page("Not here", tag("div", body, class_="panel"), csrf=self.csrf, active=""), status)


async def _frames(run: LiveRun | EvalJob, start: int) -> AsyncIterator[str]:
    """SSE frames of the run's (or evaluation's) events from ``start`` on, a comment every 15 s of quiet, until the
    last event."""
    yield ": connected\n\n"
    seq, quiet = start, 0.0
    while True:
        events = run.events_since(seq)
        for event in events:
            yield f"id: {event['seq']}\ndata: {json.dumps(event, ensure_ascii=False)}\n\n"
            if event.get("type") in _LAST:
                return
        seq += len(events)
        if not events:
            if run.finished and not run.events_since(seq):
                return
            await asyncio.sleep(_POLL_S)
            quiet += _POLL_S
            if quiet >= _KEEPALIVE_S:
                quiet = 0.0
                yield ": keep-alive\n\n"
        else:
            quiet = 0.0


async def _json_body(request: Request) -> dict[str, object] | Response:
    try:
        body = json.loads(await request.body())
    except (UnicodeDecodeError, json.JSONDecodeError) as err:
        return _problem(400, f"the body is not JSON ({err}); send an object")
    if not isinstance(body, dict):
        return _problem(400, f"the body must be a JSON object, got {type(body).__name__}")
    return body


def _forced(body: Mapping[str, object]) -> Forced | None:
    """The option a what-if's body forces, when it is well formed."""
    step, texts = body.get("step"), [body.get(k) for k in ("block", "question", "option")]
    if not isinstance(step, int) or isinstance(step, bool) or not all(isinstance(t, str) and t for t in texts):
        return None
    block, question, option = (str(t) for t in texts)
    return Forced(step=step, block=block, question=question, option=option)


def _problem(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def _int(text: str | None, *, default: int, low: int, high: int) -> int:
    try:
        value = int(text) if text is not None else default
    except ValueError:
        return default
    return min(max(value, low), high)


def new_secret() -> str:
    """A per-server CSRF secret."""
    return secrets.token_urlsafe(32)
