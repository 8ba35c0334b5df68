"""The Evaluate page's endpoints through the ASGI client: opening, uploading, re-routing, running, and refusals."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

from starlette.testclient import TestClient

from decisionloop.evaluate.evaluation import eval_json
from decisionloop.web import EvalRunner, create_app
from tests.support.evals import noisy_eval_text, noisy_evaluation
from tests.support.web import CSRF, config

JSON = {"content-type": "application/json"}
WITH_CSRF = {**JSON, "x-csrf-token": CSRF}


def _client(tmp_path: Path, *, runner: EvalRunner | None = None, max_upload: int | None = None) -> TestClient:
    made = config(tmp_path, eval_runner=runner)
    if max_upload is not None:
        made = dataclasses.replace(made, policy=dataclasses.replace(made.policy, max_upload=max_upload))
    return TestClient(create_app(made))


def _stored(tmp_path: Path, name: str = "dev.json", text: str | None = None) -> None:
    folder = tmp_path / "evals"
    folder.mkdir(exist_ok=True)
    (folder / name).write_text(noisy_eval_text() if text is None else text, encoding="utf-8")


def _upload(client: TestClient) -> str:
    response = client.post("/api/evals", content=noisy_eval_text().encode(), headers=WITH_CSRF)
    assert response.status_code == 201, response.text
    return str(response.json()["id"])


def test_the_page_lists_the_evals_folder_and_opens_a_file_with_a_slider_per_gate(tmp_path: Path) -> None:
    _stored(tmp_path)
    with _client(tmp_path) as client:
        listed = client.get("/evaluate")
        assert listed.status_code == 200
        assert '<option value="dev.json">' in listed.text
        assert 'href="/evaluate"' in listed.text
        opened = client.get("/evaluate", params={"file": "dev.json"})
    assert opened.status_code == 200
    for key in ("pick_tool.tool", "pick_args.arg", "is_done.done", "grade_risk.risk[0]", "step_ok.ok"):
        assert f'data-key="{key}"' in opened.text
    assert "can_deliver" not in opened.text  # asked after the loop, never in a teacher-forced step
    assert 'id="routers"' in opened.text
    assert "<svg" in opened.text
    assert 'data-outcome="wrong"' in opened.text


def test_an_unknown_file_is_404_and_one_that_is_no_eval_json_422(tmp_path: Path) -> None:
    _stored(tmp_path, "notes.json", '{"hello": 1}')
    with _client(tmp_path) as client:
        missing = client.get("/evaluate", params={"file": "nope.json"})
        outside = client.get("/evaluate", params={"file": "../journal.sqlite3"})
        wrong = client.get("/evaluate", params={"file": "notes.json"})
        gone = client.get("/evaluate", params={"eval": "no-such-id"})
    assert (missing.status_code, outside.status_code, gone.status_code) == (404, 404, 404)
    assert "no eval JSON &#x27;nope.json&#x27;" in missing.text
    assert wrong.status_code == 422
    assert "no stored answers" in wrong.text


def test_an_upload_needs_the_csrf_token_reads_as_an_eval_and_stays_under_the_bound(tmp_path: Path) -> None:
    with _client(tmp_path, max_upload=300_000) as client:
        assert client.post("/api/evals", content=noisy_eval_text().encode(), headers=JSON).status_code == 403
        bad = client.post("/api/evals", content=b"{not json", headers=WITH_CSRF)
        assert bad.status_code == 422
        assert "not JSON" in bad.json()["error"]
        huge = client.post("/api/evals", content=b" " * 300_001, headers=WITH_CSRF)
        assert huge.status_code == 413
        assert "over 300000 bytes" in huge.text
        eval_id = _upload(client)
        shown = client.get("/evaluate", params={"eval": eval_id})
    assert shown.status_code == 200
    assert "upload.json" in shown.text


def test_reroute_moves_the_figures_with_no_model_and_refuses_bad_requests(tmp_path: Path) -> None:
    report = noisy_evaluation().report
    with _client(tmp_path) as client:
        eval_id = _upload(client)
        url = f"/api/evals/{eval_id}/reroute"
        same = client.post(url, json={"thresholds": {}}, headers={"x-csrf-token": CSRF})
        strict = client.post(url, json={"thresholds": {"pick_tool.tool": 0.99}}, headers={"x-csrf-token": CSRF})
        assert client.post(url, json={"thresholds": {}}).status_code == 403
        assert client.post("/api/evals/nope/reroute", json={}, headers={"x-csrf-token": CSRF}).status_code == 404
        out_of_range = client.post(url, json={"thresholds": {"pick_tool.tool": 2}}, headers={"x-csrf-token": CSRF})
        not_numbers = client.post(url, json={"thresholds": {"pick_tool.tool": "high"}}, headers={"x-csrf-token": CSRF})
        not_json = client.post(url, content=b"{", headers=WITH_CSRF)
    assert same.status_code == 200
    assert same.json()["gate"] == report["gate"]
    assert same.json()["routers"] == report["routers"]
    assert strict.json()["gate"]["auto_share"] < report["gate"]["auto_share"]  # type: ignore[index]
    assert strict.json()["thresholds"]["pick_tool.tool"] == 0.99
    assert 'id="routers"' in strict.json()["html"]
    assert out_of_range.status_code == 422
    assert "pick_tool.tool=2" in out_of_range.json()["error"]
    assert not_numbers.status_code == 422
    assert not_json.status_code == 400


def test_evaluate_now_streams_its_progress_writes_the_file_and_opens_it(tmp_path: Path) -> None:
    def run(progress: object) -> dict[str, object]:
        assert callable(progress)
        for _ in range(3):
            progress("System 1", 1)
        return eval_json(noisy_evaluation())

    with _client(tmp_path, runner=EvalRunner(total=3, run=run)) as client:
        assert client.post("/api/evals/run", headers=JSON).status_code == 403
        started = client.post("/api/evals/run", headers=WITH_CSRF)
        assert started.status_code == 201
        with client.stream("GET", started.json()["events"]) as stream:
            events = [json.loads(line[6:]) for line in stream.iter_lines() if line.startswith("data: ")]
        assert [e["type"] for e in events] == ["progress", "progress", "progress", "end"]
        assert events[-2]["done"] == events[-2]["total"] == 3
        assert client.get("/evaluate", params={"eval": events[-1]["eval"]}).status_code == 200
    assert (tmp_path / "evals" / events[-1]["file"]).is_file()


def test_without_a_runner_evaluate_now_is_404(tmp_path: Path) -> None:
    with _client(tmp_path) as client:
        refused = client.post("/api/evals/run", headers=WITH_CSRF)
    assert refused.status_code == 404
    assert "open an eval JSON" in refused.json()["error"]
