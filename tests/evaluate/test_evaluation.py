"""``decisionloop eval`` end to end on the packaged dev split: oracle, rule judge, scripted LLM, tuning, keys."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import pytest
from click.testing import CliRunner

from decisionloop.cli import main
from decisionloop.core.errors import ConfigError
from decisionloop.evaluate.evaluation import EvalConfig, evaluate
from decisionloop.evaluate.free import suite_now
from decisionloop.evaluate.llm_steps import with_proposals
from decisionloop.evaluate.score import LlmStep
from decisionloop.gold.suite import demo_suite_path, load_suite
from decisionloop.llm.chat import ChatMessage, ChatReply, ScriptedChat
from decisionloop.llm.schemas import PLAN_SCHEMA, STOP_SCHEMA
from decisionloop.llm.trust import DEFAULT_TRUST
from decisionloop.spec.thresholds import read_thresholds
from decisionloop.tools.builtin import builtin_tools
from tests.support.replies import sure_reply

TOP_KEYS = {
    "suite", "split", "protocol", "tasks", "steps", "backend", "thresholds",
    "routers", "trust", "gate", "parts", "latency", "curve", "categories", "answers",
}  # fmt: skip
PART_KEYS = {
    "action_acc", "arg_acc", "span_arg_acc", "fixed_arg_acc", "extractor_recall", "none_recall",
    "risk_auroc", "done_auroc", "ece",
}  # fmt: skip


def invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_the_json_report_has_the_stable_keys_and_the_oracle_scores_one(tmp_path: Path) -> None:
    out = tmp_path / "report.json"
    code, text, err = invoke("eval", "--decisions", "oracle", "--json", str(out))
    assert code == 0, err
    assert "System 1 alone (no gate)" in text
    report = json.loads(out.read_text(encoding="utf-8"))
    assert set(report) == TOP_KEYS
    assert (report["tasks"], report["steps"], report["split"], report["protocol"]) == (36, 80, "dev", "teacher")
    routers = report["routers"]
    assert set(routers) == {"s1", "s1_person", "s1_llm", "llm"}
    assert {"task_success", "calls", "median_ms"} <= set(routers["s1"])
    assert {"task_success", "person_share"} <= set(routers["s1_person"])
    assert routers["s1_llm"] is None
    assert routers["llm"] is None
    assert routers["s1"]["task_success"] == 1.0
    assert set(report["gate"]) == {"auto_share", "auto_error"}
    assert set(report["parts"]) >= PART_KEYS
    assert set(report["latency"]) == {"step_p50_ms", "step_p95_ms"}
    assert all(set(p) == {"tau", "auto_share", "auto_accuracy"} for p in report["curve"])
    assert "multihop" in report["categories"]
    assert report["thresholds"]["pick_tool.tool"] == 0.65


def test_free_running_with_the_oracle_completes_at_least_97_percent() -> None:
    report = evaluate(EvalConfig(suite=demo_suite_path(), protocol="free", backend="oracle")).report
    routers = report["routers"]
    assert isinstance(routers, dict)
    assert routers["s1_person"]["task_success"] >= 0.97
    assert routers["s1"]["task_success"] >= 0.9
    assert routers["llm"] is None


def test_the_rule_judge_is_a_floor_held_everywhere() -> None:
    report = evaluate(EvalConfig(suite=demo_suite_path(), backend="rules")).report
    assert report["gate"] == {"auto_share": 0.0, "auto_error": None}
    routers = report["routers"]
    assert isinstance(routers, dict)
    assert routers["s1_person"]["person_share"] == 1.0


def _wrong_llm(messages: Sequence[ChatMessage]) -> str:
    return "no" if "Reply with only yes or no" in messages[-1].content else '{"action": "ask_user", "args": {}}'


def test_llm_routers_run_when_an_llm_is_given_and_count_their_calls() -> None:
    chat = ScriptedChat([_wrong_llm] * 500)
    report = evaluate(EvalConfig(suite=demo_suite_path(), backend="oracle", chat=chat)).report
    routers = report["routers"]
    assert isinstance(routers, dict)
    assert routers["llm"]["task_success"] < 0.1
    # every step asked once alone, and each held step once more with System 1's choices offered
    assert routers["llm"]["calls"] + routers["s1_llm"]["calls"] == len(chat.requests)
    # its ask_user without a question is unusable: such a held step is decided as without the LLM (System 1's
    # proposal, where nobody can be asked), so an LLM that never helps does no harm either
    assert routers["s1_llm"]["unusable"] == routers["s1_llm"]["held_steps"]
    assert routers["s1_llm"]["task_success"] == routers["s1"]["task_success"]
    assert routers["s1_llm"]["calls"] >= routers["s1_llm"]["held_steps"]


def _ask_user_llm(messages: Sequence[ChatMessage]) -> str | ChatReply:
    """Says no to every stop check and plans ask_user: at p 0.2 alone, at p 0.95 when offered System 1's choices."""
    said = messages[-1].content
    if "Reply with only yes or no" in said:
        return "no"
    p = 0.95 if "ranked these choices" in said else 0.2
    return sure_reply('{"action": "ask_user", "args": {"question": "Which one?"}, "reason": "unsure"}', p)


def test_on_held_steps_the_llm_is_asked_with_system_1s_choices_and_the_policy_decides_what_is_taken() -> None:
    chat = ScriptedChat([_ask_user_llm] * 2000)
    gates = {"pick_tool.tool": 0.999}  # the oracle is always right: hold many of its steps anyway
    report = evaluate(EvalConfig(suite=demo_suite_path(), backend="oracle", gates=gates, chat=chat)).report
    routers = report["routers"]
    assert isinstance(routers, dict)
    s1, s1_llm = routers["s1"], routers["s1_llm"]
    assert s1_llm["held_steps"] > 10
    assert s1_llm["unusable"] == 0
    assert s1_llm["trust"] == {"top_k": DEFAULT_TRUST.top_k, "min_p": DEFAULT_TRUST.min_p}
    rows = report["trust"]
    assert isinstance(rows, list)
    sweep = {(row["top_k"], row["min_p"]): row for row in rows}
    # Sure of ask_user wherever it is: taken on every held step, wrong where the gold step is another call.
    anywhere = sweep[(None, 0.9)]
    assert anywhere["llm_taken"] == s1_llm["held_steps"]
    assert anywhere["task_success"] < s1["task_success"]
    assert anywhere["task_success"] == s1_llm["unchecked_task_success"]
    # Taken only where ask_user is System 1's first choice, which the oracle makes the gold one: no harm.
    first = sweep[(1, 0.0)]
    assert first["llm_taken"] < s1_llm["held_steps"]
    assert first["llm_taken_wrong"] == 0
    assert first["task_success"] == s1["task_success"]
    offered = [r for r in chat.requests if "ranked these choices" in r.messages[-1].content]
    assert len(offered) == s1_llm["held_steps"]  # each held step asked again, System 1's choices offered


def test_tuning_writes_a_thresholds_file_that_eval_reads_back(tmp_path: Path) -> None:
    path = tmp_path / "thresholds.json"
    code, _, err = invoke("eval", "--decisions", "oracle", "--tune-cap", "0.05", "--thresholds-out", str(path))
    assert code == 0, err
    assert "tuned τ" in err
    gates = read_thresholds(path)
    assert set(gates) == {"pick_tool.tool", "pick_args.arg"}
    source = json.loads(path.read_text(encoding="utf-8"))["source"]
    assert (source["split"], source["cap"], source["backend"]) == ("dev", 0.05, "oracle")
    code, _, err = invoke("eval", "--decisions", "oracle", "--thresholds", str(path), "--json", str(tmp_path / "r"))
    assert code == 0, err
    assert json.loads((tmp_path / "r").read_text())["thresholds"]["pick_tool.tool"] == gates["pick_tool.tool"]


def test_bad_requests_are_refused_with_the_fix(tmp_path: Path) -> None:
    code, _, err = invoke("eval", "--split", "test")
    assert code == 1
    assert "has no tasks" in err
    code, _, err = invoke("eval", "--protocol", "free", "--tune-cap", "0.1")
    assert "teacher-forced only" in err
    code, _, err = invoke("eval", "--decisions", "magic")
    assert "unknown backend 'magic'" in err
    bad = tmp_path / "t.json"
    bad.write_text('{"gates": {}}', encoding="utf-8")
    with pytest.raises(ConfigError, match="format"):
        read_thresholds(bad)


@pytest.mark.parametrize(("stops", "asked"), [(False, [PLAN_SCHEMA]), (True, [STOP_SCHEMA, PLAN_SCHEMA])])
def test_a_held_step_is_asked_again_as_the_loop_asks_it(stops: bool, asked: list[str]) -> None:
    # The stop check only where System 1 proposed to stop: elsewhere the trust policy could not take its yes.
    suite = load_suite(demo_suite_path())
    (task,) = [t for t in suite.tasks if t.id == "t055"]
    key = (task.id, 1)
    plan = '{"action": "wikidata_fact", "args": {"entity": "Japan", "property": "population"}, "reason": "r"}'
    chat = ScriptedChat(["no", plan] if stops else [plan])
    found = {key: LlmStep(correct=False, ms=0.0, calls=0)}
    setup = (chat, builtin_tools(), suite_now(suite))
    again = with_proposals([task], found, {key: (("wikidata_fact", 0.6),)}, setup, stops={key} if stops else set())
    assert [r.schema.name for r in chat.requests if r.schema is not None] == asked
    offered = again[key].offered
    assert offered is not None
    assert offered.correct
