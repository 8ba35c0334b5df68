"""The app's endpoints through the ASGI client: pages, exports, starting a run, its SSE trace, answering its
dialogs (a held step, the guard refused and allowed), stop, and two runs that never answer each other."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from decisionloop.journal import LlmCalled, SqliteJournal
from decisionloop.loop.requests import LlmCall
from decisionloop.web import LiveRun, LiveRuns, create_app
from decisionloop.web.trace import event_json
from tests.support.journal import held_run_events, record_all, rows
from tests.support.web import CSRF, DIVIDE, GYM, SURE_PICK, ScriptedOpener, asking_backend, config, wait_for

HEADERS = {"x-csrf-token": CSRF}


@pytest.fixture
def journal_path(tmp_path: Path) -> Path:
    return tmp_path / "journal.sqlite3"


def _client(tmp_path: Path, opener: ScriptedOpener | None = None, *, max_running: int = 4) -> TestClient:
    return TestClient(create_app(config(tmp_path, opener, max_running=max_running)), headers=HEADERS)


def _start(client: TestClient, goal: str = DIVIDE, *, preset: bool = False) -> LiveRun:
    response = client.post("/api/runs", json={"goal": goal, "preset": preset})
    assert response.status_code == 201, response.text
    body = response.json()
    assert body["events"] == f"/api/runs/{body['id']}/events"
    runs = client.app.state.runs  # type: ignore[attr-defined]
    assert isinstance(runs, LiveRuns)
    run = runs.get(body["id"])
    assert run is not None
    return run


def _answer(client: TestClient, run: LiveRun, dialog: object, **body: object) -> int:
    response = client.post(f"/api/runs/{run.id}/answer", json={"dialog": dialog, **body})
    return response.status_code


def _frames(client: TestClient, run: LiveRun, **headers: str) -> list[dict[str, object]]:
    """The run's whole SSE stream (it has ended), parsed; checks each frame's framing on the way."""
    response = client.get(f"/api/runs/{run.id}/events", headers=headers)
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/event-stream")
    assert response.headers["cache-control"] == "no-cache, no-transform"
    text = response.text
    assert text.startswith(": connected\n\n")
    events = []
    for frame in text.split("\n\n")[1:]:
        if not frame:
            continue
        id_line, data_line = frame.split("\n")
        event = json.loads(data_line.removeprefix("data: "))
        assert id_line == f"id: {event['seq']}"
        events.append(event)
    return events


def test_the_agent_page_has_the_goal_box_the_presets_and_the_dialogs(tmp_path: Path) -> None:
    page = _client(tmp_path).get("/").text
    assert 'id="goal"' in page
    assert 'id="run"' in page
    assert 'id="stop"' in page
    assert f'data-goal="{DIVIDE}"' in page
    assert "▶ Remove my note about the gym" in page
    for dialog in ("held-dialog", "guard-dialog", "ask-dialog"):
        assert f'<dialog id="{dialog}"' in page
    assert '<script src="/static/agent.js" defer></script>' in page


def test_the_assets_are_served_from_the_package(tmp_path: Path) -> None:
    client = _client(tmp_path)
    assert "prefers-color-scheme: dark" in client.get("/static/style.css").text
    script = client.get("/static/agent.js")
    assert script.status_code == 200
    assert "EventSource" in script.text
    assert ".innerHTML" not in script.text  # text goes in as text nodes only


def test_the_spec_page_shows_each_threshold_and_where_it_came_from(tmp_path: Path) -> None:
    page = _client(tmp_path).get("/spec").text
    assert "Gate thresholds" in page
    assert "pick_tool" in page
    assert "DECISION.md as written" in page
    assert "<td>0.65</td>" in page  # pick_tool.tool, from the file


def test_the_runs_page_lists_journal_runs_and_flags_unfinished_ones(tmp_path: Path, journal_path: Path) -> None:
    with SqliteJournal(journal_path) as journal:
        ended = record_all(journal, held_run_events())
        unfinished = journal.start("Book a table for two", {})
    client = _client(tmp_path)
    page = client.get("/runs").text
    assert f'href="/runs/{ended}"' in page
    assert f'href="/runs/{unfinished}"' in page
    assert 'class="unfinished"' in page
    assert ">declined<" in page
    only = client.get("/runs", params={"stop": "unfinished"}).text
    assert unfinished in only
    assert ended not in only
    found = client.get("/runs", params={"search": "PARIS"}).text
    assert ended in found
    assert unfinished not in found
    assert "No runs match." in client.get("/runs", params={"search": "zebra"}).text
    assert client.get("/runs", params={"stop": "maybe"}).status_code == 400


def test_a_run_page_shows_steps_decisions_probabilities_reasons_approvals_and_the_meter(
    tmp_path: Path, journal_path: Path
) -> None:
    with SqliteJournal(journal_path) as journal:
        run_id = record_all(journal, held_run_events())
    page = _client(tmp_path).get(f"/runs/{run_id[:8]}").text
    assert "What is the weather in Paris? Save it as a note." in page
    assert "Step 1 " in page
    assert "who-person" in page
    assert "who-system1" in page
    assert "tool choice unsure" in page  # the gate's reason for holding step 1
    assert 'value="0.5500"' in page
    assert ">0.550<" in page
    assert "guard: refused" in page
    assert "not today" in page
    assert "Meter" in page
    assert "Not answered" in page
    assert "The frame System 1 read" in page


def test_a_run_page_lists_its_llm_calls_and_the_trace_sends_each_one(tmp_path: Path, journal_path: Path) -> None:
    call = LlmCall(purpose="plan_retry", model="smollm2", ms=812.0, input_tokens=410, output_tokens=31, used=True)
    with SqliteJournal(journal_path) as journal:
        run_id = record_all(journal, held_run_events())
        journal.record(run_id, LlmCalled(step=0, call=call))
    page = _client(tmp_path).get(f"/runs/{run_id}").text
    assert "<h2>LLM calls</h2>" in page
    assert "<td>plan retry</td><td><code>smollm2</code></td><td>812 ms</td><td>410 / 31</td><td>used</td>" in page
    assert event_json(LlmCalled(step=0, call=call)) == {
        "type": "llm", "step": 0, "purpose": "plan_retry", "model": "smollm2", "ms": 812.0, "used": True,
        "error": None, "input_tokens": 410, "output_tokens": 31,
    }  # fmt: skip


def test_a_run_exports_as_json_and_turtle(tmp_path: Path, journal_path: Path) -> None:
    with SqliteJournal(journal_path) as journal:
        run_id = record_all(journal, held_run_events())
    client = _client(tmp_path)
    as_json = client.get(f"/runs/{run_id}/export.json")
    assert as_json.headers["content-type"].startswith("application/json")
    assert f'filename="run-{run_id[:8]}.json"' in as_json.headers["content-disposition"]
    assert json.loads(as_json.text)["id"] == run_id
    turtle = client.get(f"/runs/{run_id}/export.ttl")
    assert turtle.headers["content-type"].startswith("text/turtle")
    assert "dl:Run" in turtle.text
    assert client.get(f"/runs/{run_id}/export.xml").status_code == 404


def test_an_unknown_run_is_a_404_page_naming_it(tmp_path: Path) -> None:
    response = _client(tmp_path).get("/runs/feedface")
    assert response.status_code == 404
    assert "unknown run &#x27;feedface&#x27;" in response.text


@pytest.mark.parametrize(
    ("body", "status", "says"),
    [
        ({"goal": ""}, 422, "goal must be a non-empty text"),
        ({"goal": 7}, 422, "goal must be a non-empty text"),
        ({"goal": DIVIDE, "preset": "yes"}, 422, "preset must be true or false"),
        ({"goal": "Play chess", "preset": True}, 422, "is not a preset"),
        ({"goal": "x" * 4001}, 422, "at most 4000"),
    ],
)
def test_a_bad_start_is_refused_saying_why(tmp_path: Path, body: object, status: int, says: str) -> None:
    response = _client(tmp_path).post("/api/runs", json=body)
    assert response.status_code == status
    assert says in response.json()["error"]


def test_a_body_that_is_not_a_json_object_is_a_400(tmp_path: Path) -> None:
    client = _client(tmp_path)
    assert client.post("/api/runs", content=b"{nope", headers={"content-type": "application/json"}).status_code == 400
    assert client.post("/api/runs", json=[1, 2]).status_code == 400


def test_a_run_streams_its_trace_as_sse_and_ends_with_the_answer(tmp_path: Path) -> None:
    client = _client(tmp_path)
    run = _start(client)
    run.join(20)
    events = _frames(client, run)
    kinds = [e["type"] for e in events]
    assert kinds[:2] == ["run", "journal"]
    assert {"decisions", "tool", "observation", "step"} <= set(kinds)
    assert kinds[-1] == "end"
    end = events[-1]
    assert end["stop"] == "answered"
    assert end["answered"] is True
    assert "450" in str(end["answer"])
    step = next(e for e in events if e["type"] == "step")
    assert step["decided_by"] == "system1"
    decisions = next(e for e in events if e["type"] == "decisions")
    first = decisions["decisions"][0]  # type: ignore[index]
    assert {"block", "action", "reasons", "answers", "backend", "latency_ms"} <= set(first)


def test_the_stream_resumes_after_the_last_event_id(tmp_path: Path) -> None:
    client = _client(tmp_path)
    run = _start(client)
    run.join(20)
    everything = _frames(client, run)
    rest = _frames(client, run, **{"last-event-id": "2"})
    assert rest == everything[3:]


def test_a_held_step_is_answered_by_post_and_the_person_decided_it(tmp_path: Path) -> None:
    opener = ScriptedOpener(tmp_path / "journal.sqlite3", gates={"pick_tool.tool": SURE_PICK})
    client = _client(tmp_path, opener)
    run = _start(client)
    held = wait_for(run, "dialog")
    assert held["kind"] == "held"
    assert held["step"] == 0
    assert any(h["kind"] == "tool_unsure" for h in held["holds"])  # type: ignore[attr-defined]
    assert held["picks"][0][0] == "calculator"  # type: ignore[index]
    assert held["proposal"] == {"tool": "calculator", "args": {"expression": "7,200 divided by 16"}}
    calculator = next(t for t in held["tools"] if t["id"] == "calculator")  # type: ignore[attr-defined]
    assert calculator["slots"][0]["name"] == "expression"
    # A value that is missing is refused and the dialog stays open; then the call is taken.
    missing = client.post(
        f"/api/runs/{run.id}/answer", json={"dialog": held["dialog"], "action": "call", "tool": "calculator"}
    )
    assert missing.status_code == 422
    assert "needs a value for 'expression'" in missing.json()["error"]
    args = {"expression": "7200 / 16"}
    assert _answer(client, run, held["dialog"], action="call", tool="calculator", args=args) == 200
    assert _answer(client, run, held["dialog"], action="stop") == 409  # answered already
    run.join(20)
    end = wait_for(run, "end")
    assert end["stop"] == "answered"
    step = wait_for(run, "step")
    assert step["decided_by"] == "person"
    assert step["call"] == {"tool": "calculator", "args": args}
    with SqliteJournal(tmp_path / "journal.sqlite3") as journal:
        assert journal.load(str(run.journal_id))["steps"][0]["decided_by"] == "person"  # type: ignore[index]


def test_a_held_step_can_be_stopped_from_its_dialog(tmp_path: Path) -> None:
    opener = ScriptedOpener(tmp_path / "journal.sqlite3", gates={"pick_tool.tool": SURE_PICK})
    client = _client(tmp_path, opener)
    run = _start(client)
    held = wait_for(run, "dialog")
    assert _answer(client, run, held["dialog"], action="stop") == 200
    end = wait_for(run, "end")
    assert end["stop"] == "stopped"
    assert end["answered"] is False


def test_the_guard_refused_runs_nothing_and_the_run_is_declined(tmp_path: Path) -> None:
    client = _client(tmp_path)
    run = _start(client, GYM, preset=True)
    guard = wait_for(run, "dialog")
    assert guard["kind"] == "approval"
    assert guard["call"] == {"tool": "note_delete", "args": {"query": "gym"}}
    assert "Gym locker code is 4417" in guard["effect"]["text"]  # type: ignore[index]
    assert _answer(client, run, guard["dialog"], action="maybe") == 422
    assert _answer(client, run, guard["dialog"], action="refuse") == 200
    end = wait_for(run, "end")
    assert end["stop"] == "declined"
    assert end["answered"] is False
    approved = wait_for(run, "approved")
    assert approved["allowed"] is False
    assert approved["note"] == "you refused"
    assert not [e for e in run.events_since(0) if e["type"] == "tool"]  # nothing ran


def test_the_guard_allowed_runs_the_call_it_showed(tmp_path: Path) -> None:
    opener = ScriptedOpener(tmp_path / "journal.sqlite3")
    client = _client(tmp_path, opener)
    run = _start(client, GYM, preset=True)
    guard = wait_for(run, "dialog")
    assert _answer(client, run, guard["dialog"], action="allow") == 200
    end = wait_for(run, "end")
    assert end["stop"] == "answered"
    observation = wait_for(run, "observation")
    assert observation["ok"] is True
    assert "Gym locker code" in str(observation["observation"])
    assert opener.opened == ["preset"]
    with SqliteJournal(tmp_path / "journal.sqlite3") as journal:
        approvals = rows(journal.load(str(run.journal_id)), "approvals")
    assert approvals[0]["allowed"] is True
    assert approvals[0]["by"] == "you (web)"


def test_stop_ends_a_run_waiting_on_a_dialog_as_interrupted(tmp_path: Path) -> None:
    client = _client(tmp_path)
    run = _start(client, GYM)
    guard = wait_for(run, "dialog")
    assert client.post(f"/api/runs/{run.id}/stop", json={}).status_code == 200
    end = wait_for(run, "end")
    assert end["stop"] == "interrupted"
    assert end["answered"] is False
    assert _answer(client, run, guard["dialog"], action="allow") == 409
    with SqliteJournal(tmp_path / "journal.sqlite3") as journal:
        assert journal.load(str(run.journal_id))["stop"] == "interrupted"


def test_two_runs_never_answer_each_others_dialogs(tmp_path: Path) -> None:
    client = _client(tmp_path)
    first, second = _start(client, GYM), _start(client, GYM)
    one, two = wait_for(first, "dialog"), wait_for(second, "dialog")
    assert one["dialog"] != two["dialog"]
    assert _answer(client, first, two["dialog"], action="allow") == 409  # the other tab's dialog
    assert _answer(client, second, two["dialog"], action="refuse") == 200
    assert _answer(client, first, one["dialog"], action="allow") == 200
    assert wait_for(first, "end")["stop"] == "answered"
    assert wait_for(second, "end")["stop"] == "declined"


def test_unknown_runs_are_404s(tmp_path: Path) -> None:
    client = _client(tmp_path)
    assert client.get("/api/runs/nope/events").status_code == 404
    assert client.post("/api/runs/nope/answer", json={"dialog": "x"}).status_code == 404
    assert client.post("/api/runs/nope/stop", json={}).status_code == 404


def test_too_many_runs_at_once_is_a_429(tmp_path: Path) -> None:
    client = _client(tmp_path, max_running=1)
    run = _start(client, GYM)
    wait_for(run, "dialog")
    response = client.post("/api/runs", json={"goal": DIVIDE})
    assert response.status_code == 429
    assert "at most 1" in response.json()["error"]
    run.stop()
    wait_for(run, "end")


def test_a_run_whose_setup_fails_ends_with_an_error_event(tmp_path: Path) -> None:
    def broken() -> object:
        raise RuntimeError("no backend today")

    opener = ScriptedOpener(tmp_path / "journal.sqlite3", backend=broken)  # type: ignore[arg-type]
    client = _client(tmp_path, opener)
    run = _start(client)
    error = wait_for(run, "error")
    assert error["message"] == "RuntimeError: no backend today"
    run.join(5)
    assert run.state == "failed"
    assert _frames(client, run)[-1]["type"] == "error"


def test_the_agents_question_is_a_dialog_and_the_reply_its_observation(tmp_path: Path) -> None:
    client = _client(tmp_path, ScriptedOpener(tmp_path / "journal.sqlite3", backend=asking_backend))
    run = _start(client, "What's the weather?")
    asked = wait_for(run, "dialog")
    assert asked["kind"] == "ask"
    assert str(asked["question"]).startswith("Which place should the weather forecast be for?")
    assert _answer(client, run, asked["dialog"], action="answer", text="Paris") == 200
    observation = wait_for(run, "observation")
    assert "Paris" in str(observation["observation"])
    wait_for(run, "end")
