"""The trace streams live over a real loopback server: events arrive while the run waits on a dialog, and the
answer posted meanwhile lets it go on to the end."""

from __future__ import annotations

import json
from pathlib import Path

import httpx

from decisionloop.server.running import serving_in_thread
from decisionloop.web import create_app
from tests.support.web import CSRF, GYM, config


def test_the_trace_streams_as_the_loop_yields_and_a_dialog_is_answered_mid_stream(tmp_path: Path) -> None:
    with serving_in_thread(create_app(config(tmp_path))) as url, httpx.Client(base_url=url, timeout=20) as client:
        started = client.post("/api/runs", json={"goal": GYM, "preset": True}, headers={"x-csrf-token": CSRF})
        assert started.status_code == 201
        run = started.json()
        seen: list[dict[str, object]] = []
        with client.stream("GET", run["events"]) as stream:
            assert stream.headers["content-type"].startswith("text/event-stream")
            for line in stream.iter_lines():
                if not line.startswith("data: "):
                    continue
                event = json.loads(line.removeprefix("data: "))
                seen.append(event)
                if event["type"] == "dialog":  # the run is waiting: answer while the stream stays open
                    answer = {"dialog": event["dialog"], "action": "allow"}
                    posted = client.post(f"/api/runs/{run['id']}/answer", json=answer, headers={"x-csrf-token": CSRF})
                    assert posted.status_code == 200
        kinds = [e["type"] for e in seen]
        assert kinds.index("dialog") < kinds.index("answered") < kinds.index("tool") < kinds.index("end")
        assert seen[-1]["stop"] == "answered"
