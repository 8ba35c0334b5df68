"""Stored answers: the eval JSON read back re-routes to exactly the figures eval printed; thresholds move them."""

from __future__ import annotations

import itertools
import json
from collections.abc import Sequence
from pathlib import Path

import pytest
from click.testing import CliRunner

from decisionloop.cli import main
from decisionloop.core.errors import GateError
from decisionloop.evaluate.evaluation import EvalConfig, eval_json, eval_text, evaluate
from decisionloop.evaluate.metrics import SWEEP
from decisionloop.evaluate.reroute import FIGURES, Rerouter, read_eval, reroute
from decisionloop.evaluate.stored import StoredEvalError
from decisionloop.gold.suite import demo_suite_path
from decisionloop.llm.chat import ChatMessage, ChatReply, ScriptedChat
from tests.support.evals import GATES, noisy_eval_text, noisy_evaluation
from tests.support.replies import sure_reply


def test_the_eval_json_read_back_re_routes_to_the_figures_eval_computed() -> None:
    report = noisy_evaluation().report
    stored = read_eval(noisy_eval_text(), "noisy.json")
    again = reroute(stored, {})
    assert {k: again.figures[k] for k in FIGURES} == {k: report[k] for k in FIGURES}
    assert dict(again.thresholds) == report["thresholds"]
    assert again.point["auto_share"] == report["gate"]["auto_share"]  # type: ignore[index]


def test_the_file_eval_writes_re_routes_to_what_it_printed(tmp_path: Path) -> None:
    out = tmp_path / "dev.json"
    result = CliRunner().invoke(
        main, ["eval", "--decisions", "oracle", "--gate", "pick_tool.tool=0.9", "--json", str(out)]
    )
    assert result.exit_code == 0, result.output
    text = out.read_text(encoding="utf-8")
    written = json.loads(text)
    assert written["answers"]["format"] == "decisionloop.eval-answers"
    assert written["answers"]["version"] == 1
    again = reroute(read_eval(text, out.name), {})
    assert {k: again.figures[k] for k in FIGURES} == {k: written[k] for k in FIGURES}
    assert len(text.encode()) < 400_000  # the dev split's answers: about 220 KB


def test_raising_the_tool_threshold_never_raises_the_automatic_share() -> None:
    rerouter = Rerouter(read_eval(noisy_eval_text(), "noisy.json"))
    shares = [rerouter.at({"pick_tool.tool": tau}).point["auto_share"] for tau in SWEEP]
    assert all(a is not None and b is not None and a >= b for a, b in itertools.pairwise(shares))
    assert shares[0] != shares[-1]


def test_the_steps_come_automatic_and_wrong_first_with_their_probabilities() -> None:
    steps = reroute(read_eval(noisy_eval_text(), "noisy.json"), GATES).steps
    wrong_auto = [s for s in steps if s.auto and not s.correct]
    assert wrong_auto
    assert list(steps[: len(wrong_auto)]) == wrong_auto
    first = steps[0]
    assert first.p is not None
    assert "tool" in first.probabilities
    held = next(s for s in steps if not s.auto)
    assert held.holds


def test_a_threshold_that_cannot_apply_is_refused_naming_it() -> None:
    stored = read_eval(noisy_eval_text(), "noisy.json")
    with pytest.raises(GateError, match=r"pick_tool.tool=1.5"):
        reroute(stored, {"pick_tool.tool": 1.5})
    with pytest.raises(GateError, match="unknown block 'nope'"):
        reroute(stored, {"nope.x": 0.5})


def test_files_without_stored_answers_or_of_another_version_say_how_to_fix_them() -> None:
    document = json.loads(noisy_eval_text())
    with pytest.raises(StoredEvalError, match=r"no stored answers.*--protocol teacher --json"):
        read_eval(json.dumps({**document, "answers": None}), "old.json")
    with pytest.raises(StoredEvalError, match="answers version 9"):
        read_eval(json.dumps({**document, "answers": {**document["answers"], "version": 9}}), "new.json")
    with pytest.raises(StoredEvalError, match="not JSON"):
        read_eval("{", "broken.json")
    document["answers"]["tasks"][0]["risk"]["asks"][0]["block"] = "nope"
    with pytest.raises(StoredEvalError, match=r"answers.tasks\[0\].risk.asks\[0\]: unknown block 'nope'"):
        read_eval(json.dumps(document), "edited.json")


def _refusing_llm(messages: Sequence[ChatMessage]) -> str | ChatReply:
    if "Reply with only yes or no" in messages[-1].content:
        return "no"
    p = 0.7 if "ranked these choices" in messages[-1].content else 0.3
    return sure_reply('{"action": "ask_user", "args": {"question": "Which?"}, "reason": "unsure"}', p)


def test_the_llm_steps_are_stored_too_so_its_routers_re_route() -> None:
    chat = ScriptedChat([_refusing_llm] * 500)
    result = evaluate(EvalConfig(suite=demo_suite_path(), backend="oracle", chat=chat))
    stored = read_eval(eval_text(eval_json(result)), "llm.json")
    assert reroute(stored, {}).figures["routers"] == result.report["routers"]
    moved = json.loads(json.dumps(reroute(stored, {"pick_tool.tool": 0.99}).figures["routers"]))
    before = json.loads(json.dumps(result.report["routers"]))
    assert moved["s1_llm"]["held_steps"] > before["s1_llm"]["held_steps"]
    assert stored.answers.llm is not None
    offered = [(s, s.offered) for s in stored.answers.llm.values() if s.offered is not None]
    assert offered  # what the policy reads is kept: the choice and its probability, alone and offered
    for alone, asked in offered:
        assert (alone.choice, asked.choice) == ("ask_user", "ask_user")
        assert alone.p == pytest.approx(0.3)
        assert asked.p == pytest.approx(0.7)
