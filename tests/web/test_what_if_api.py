"""A run's page as a graph with its inspector, and the what-if endpoint through the ASGI client: the new run replays
the steps before its own, takes the chosen option, goes on live (the guard still asks), and the journal links the
two runs both ways; CSRF, a bad body, an unknown run, an option the run cannot take and too many runs are refused."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from decisionloop.journal import SqliteJournal
from decisionloop.web import LiveRun, LiveRuns, create_app
from tests.support.journal import held_run_events, record_all, rows
from tests.support.loop import TWO_TOOLS
from tests.support.web import CSRF, GYM, ScriptedOpener, config, wait_for

HEADERS = {"x-csrf-token": CSRF}


def _client(tmp_path: Path, *, max_running: int = 4) -> TestClient:
    return TestClient(create_app(config(tmp_path, max_running=max_running)), headers=HEADERS)


def _runs(client: TestClient) -> LiveRuns:
    runs = client.app.state.runs  # type: ignore[attr-defined]
    assert isinstance(runs, LiveRuns)
    return runs


def _ran(client: TestClient, goal: str, *, preset: bool = False) -> str:
    """Run ``goal`` to its end (the gym's guarded call allowed) and return its journal id."""
    response = client.post("/api/runs", json={"goal": goal, "preset": preset})
    assert response.status_code == 201, response.text
    run = _runs(client).get(response.json()["id"])
    assert run is not None
    if goal == GYM:
        asked = wait_for(run, "dialog")
        client.post(f"/api/runs/{run.id}/answer", json={"dialog": asked["dialog"], "action": "allow"})
    run.join(20)
    assert run.journal_id is not None
    return run.journal_id


def _what_if(client: TestClient, **body: object) -> LiveRun:
    response = client.post("/api/what-ifs", json=body)
    assert response.status_code == 201, response.text
    data = response.json()
    assert data["events"] == f"/api/runs/{data['id']}/events"
    assert data["url"] == f"/?live={data['id']}"
    run = _runs(client).get(data["id"])
    assert run is not None
    return run


def _load(tmp_path: Path, run_id: str) -> dict[str, object]:
    with SqliteJournal(tmp_path / "journal.sqlite3") as journal:
        return journal.load(run_id)


def test_a_run_page_draws_a_node_per_decision_and_a_panel_for_each(tmp_path: Path) -> None:
    with SqliteJournal(tmp_path / "journal.sqlite3") as journal:
        run_id = record_all(journal, held_run_events())
    client = _client(tmp_path)
    page = client.get(f"/runs/{run_id}").text
    assert '<script src="/static/run.js" defer></script>' in page
    assert "/api/what-ifs" in client.get("/static/run.js").text
    nodes = re.findall(r'<button type="button" id="n-([^"]+)" class="node by-([a-z0-9-]+)', page)
    assert ("0-d0", "system1") in nodes  # needs_tool, step 1
    assert ("0-d1", "person") in nodes  # pick_tool held, the person decided
    assert ("0-s", "person") in nodes
    assert ("0-c0", "tool-ok") in nodes  # the weather call
    assert ("1-g0", "person") in nodes  # the guard, refused by ana
    assert ("end", "code") in nodes
    for key, _ in nodes:
        assert f'aria-controls="p-{key}"' in page
        assert f'<section id="p-{key}" class="inspect" hidden' in page
    assert "tool: weather <b>0.550</b>" in page  # the pick, and the rejected alternatives
    assert "not note_save 0.450 · NONE 0" in page
    assert "guard: refused ✗" in page


def test_a_decisions_panel_has_the_frame_the_questions_the_gate_and_why_it_was_held(tmp_path: Path) -> None:
    with SqliteJournal(tmp_path / "journal.sqlite3") as journal:
        run_id = record_all(journal, held_run_events())
    page = _client(tmp_path).get(f"/runs/{run_id}").text
    panel = page[page.index('<section id="p-0-d1"') : page.index('<section id="p-0-s"')]
    assert "Step 1 · pick_tool → escalate" in panel
    assert "The frame System 1 read" in panel
    assert "<dt>goal</dt><dd><pre>What is the weather in Paris? Save it as a note.</pre></dd>" in panel
    assert "The typed questions" in panel
    assert "weather — Get the forecast" in panel
    assert ">0.550<" in panel
    assert ">0.450<" in panel
    assert "<td>tool: p(weather)</td><td>0.550 / 0.65</td><td>below it</td>" in panel
    assert "tool choice unsure" in panel
    assert "<dt>backend</dt><dd>scripted</dd><dt>model</dt><dd>m-1</dd><dt>latency</dt>" in panel
    assert 'data-run="' + run_id + '" data-step="0" data-block="pick_tool" data-question="tool"' in panel
    assert '<option value="note_save" selected>note_save · 0.450</option>' in panel
    assert "(System 1)" in panel
    answers = page[page.index('<section id="p-end"') :]
    assert "what-if" not in answers  # the answer is no step to re-run from


def test_a_what_if_replays_the_steps_before_it_and_takes_the_option(tmp_path: Path) -> None:
    client = _client(tmp_path)
    old = _ran(client, TWO_TOOLS)
    assert [s["tool"] for s in rows(_load(tmp_path, old), "steps")] == ["calculator", "unit_convert", "FINISH"]
    link = {"run": old, "step": 1, "block": "is_done", "question": "done", "option": "yes"}
    run = _what_if(client, **link)
    # the forced stop is judged as any other: the goal's 5 miles, which no call used, hold it for the person
    asked = wait_for(run, "dialog")
    assert "the number 5," in str(asked)
    client.post(f"/api/runs/{run.id}/answer", json={"dialog": asked["dialog"], "action": "finish"})
    run.join(20)
    assert wait_for(run, "run")["what_if_of"] == link
    assert wait_for(run, "end")["stop"] == "answered"
    new = _load(tmp_path, str(run.journal_id))
    assert new["config"]["what_if_of"] == link  # type: ignore[index]
    assert [(s["tool"], s["decided_by"]) for s in rows(new, "steps")] == [
        ("calculator", "system1"),
        ("FINISH", "person"),
    ]
    assert rows(new, "tool_calls") == []  # the calculator step was replayed, not called again
    assert "450" in str(new["answer"])
    assert "miles" not in str(new["answer"])


def test_the_run_pages_link_a_what_if_both_ways(tmp_path: Path) -> None:
    client = _client(tmp_path)
    old = _ran(client, TWO_TOOLS)
    run = _what_if(client, run=old, step=0, block="pick_tool", question="tool", option="unit_convert")
    run.join(20)
    new = str(run.journal_id)
    assert [(s["tool"], s["decided_by"]) for s in rows(_load(tmp_path, new), "steps")] == [
        ("unit_convert", "person"),
        ("calculator", "system1"),
        ("FINISH", "system1"),
    ]
    old_page = client.get(f"/runs/{old}").text
    assert "What-ifs of this run" in old_page
    assert f'href="/runs/{new}"' in old_page
    assert "step 1: pick_tool&#x27;s tool = &#x27;unit_convert&#x27;" in old_page
    new_page = client.get(f"/runs/{new}").text
    assert f'What-if of run <a href="/runs/{old}"><code>{old[:8]}</code></a>' in new_page
    assert 'class="node by-person forced"' in new_page
    assert "This run is a what-if: you chose pick_tool&#x27;s tool = &#x27;unit_convert&#x27; here." in new_page
    listing = client.get("/runs").text
    assert f"what-if of {old[:8]} at step 1" in listing


def test_a_what_ifs_side_effect_call_still_asks_the_guard(tmp_path: Path) -> None:
    client = _client(tmp_path)
    old = _ran(client, GYM, preset=True)
    opener = client.app.state.runs._opener  # type: ignore[attr-defined]
    assert isinstance(opener, ScriptedOpener)
    run = _what_if(client, run=old, step=0, block="pick_tool", question="tool", option="note_delete")
    asked = wait_for(run, "dialog")
    assert asked["kind"] == "approval"
    assert client.post(f"/api/runs/{run.id}/answer", json={"dialog": asked["dialog"], "action": "refuse"}).is_success
    run.join(20)
    assert wait_for(run, "end")["stop"] == "declined"
    assert opener.opened == ["preset", "preset"]  # a preset's what-if runs as presets do
    approvals = rows(_load(tmp_path, str(run.journal_id)), "approvals")
    assert [(a["tool"], a["allowed"]) for a in approvals] == [("note_delete", False)]


def test_the_agent_page_follows_a_run_going_and_says_when_it_is_gone(tmp_path: Path) -> None:
    client = _client(tmp_path)
    old = _ran(client, TWO_TOOLS)
    run = _what_if(client, run=old, step=0, block="pick_tool", question="tool", option="unit_convert")
    assert f'data-live="{run.id}"' in client.get("/", params={"live": run.id}).text
    gone = client.get("/", params={"live": "nope"}).text
    assert "data-live" not in gone
    assert "That run is not going in this server" in gone
    run.join(20)


def test_a_what_if_without_the_csrf_token_or_from_another_origin_is_refused(tmp_path: Path) -> None:
    client = _client(tmp_path)
    body = {"run": "feedface", "step": 0, "block": "pick_tool", "question": "tool", "option": "calculator"}
    bare = TestClient(client.app)
    assert bare.post("/api/what-ifs", json=body).status_code == 403
    assert bare.post("/api/what-ifs", json=body, headers={"x-csrf-token": "guess"}).status_code == 403
    elsewhere = {**HEADERS, "origin": "http://evil.example"}
    assert bare.post("/api/what-ifs", json=body, headers=elsewhere).status_code == 403
    assert _runs(client).get("anything") is None


@pytest.mark.parametrize(
    ("body", "status", "says"),
    [
        ({"run": "feedface", "step": 0, "block": "pick_tool", "question": "tool"}, 422, "a what-if is {"),
        ({"run": "feedface", "step": True, "block": "b", "question": "q", "option": "o"}, 422, "a what-if is {"),
        ({"run": "feedface", "step": 0, "block": "pick_tool", "question": "tool", "option": "x"}, 404, "unknown run"),
        ({"step": 1, "block": "pick_tool", "question": "tool", "option": "chess"}, 422, "has no option 'chess'"),
        ({"step": 9, "block": "pick_tool", "question": "tool", "option": "weather"}, 422, "no finished step 10"),
        ({"step": 0, "block": "can_deliver", "question": "deliverable", "option": "yes"}, 422, "not 'can_deliver'"),
    ],
)
def test_a_what_if_the_run_cannot_take_is_refused_saying_why(
    tmp_path: Path, body: dict[str, object], status: int, says: str
) -> None:
    with SqliteJournal(tmp_path / "journal.sqlite3") as journal:
        run_id = record_all(journal, held_run_events())
    response = _client(tmp_path).post("/api/what-ifs", json={"run": run_id, **body})
    assert response.status_code == status
    assert says in response.json()["error"]


def test_a_what_if_waits_for_room_like_any_run(tmp_path: Path) -> None:
    with SqliteJournal(tmp_path / "journal.sqlite3") as journal:
        run_id = record_all(journal, held_run_events())
    client = _client(tmp_path, max_running=1)
    going = client.post("/api/runs", json={"goal": GYM, "preset": True}).json()["id"]  # waits on the guard
    run = _runs(client).get(going)
    assert run is not None
    wait_for(run, "dialog")
    body = {"run": run_id, "step": 1, "block": "pick_tool", "question": "tool", "option": "weather"}
    response = client.post("/api/what-ifs", json=body)
    assert response.status_code == 429
    run.stop()
    run.join(20)
