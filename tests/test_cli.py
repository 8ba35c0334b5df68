"""The command line: ``decisionloop spec`` and friends, run through click's runner."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from decisionloop import __version__
from decisionloop.cli import main
from decisionloop.spec import default_text, load_spec


def invoke(*args: str, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), env=env)
    return result.exit_code, result.stdout, result.stderr


def test_version_and_help() -> None:
    assert invoke("--version")[1].strip() == f"decisionloop, version {__version__}"
    code, out, _ = invoke("--help")
    assert code == 0
    assert "spec" in out


def test_spec_on_the_shipped_file_is_clean() -> None:
    code, out, err = invoke("spec")
    assert code == 0, err
    assert out.startswith("DECISION.md: 7 decisions, 9 questions,")
    assert "1 authorisation gate" in out
    assert "score:risk >= 2 → ask_human" in out
    assert err == ""


def test_spec_json_has_blocks_gates_and_no_problems() -> None:
    code, out, _ = invoke("spec", "--json", "--gate", "pick_tool.tool=0.8")
    data = json.loads(out)
    assert code == 0
    assert data["ok"] is True
    assert data["problems"] == []
    assert data["gates"]["pick_tool.tool"] == 0.8
    assert data["overridden"] == {"pick_tool.tool": 0.8}
    assert [b["id"] for b in data["blocks"]][:2] == ["needs_tool", "pick_tool"]
    assert data["blocks"][3]["gate"] is True


def test_an_unknown_gate_exits_non_zero_listing_the_keys() -> None:
    code, _, err = invoke("spec", "--gate", "can_deliver.unsupport=0.7")
    assert code == 1
    assert "unknown gate 'can_deliver.unsupport'" in err
    assert "can_deliver.unsupported" in err


def test_a_gate_that_makes_a_rung_unreachable_is_refused() -> None:
    code, _, err = invoke("spec", "--gate", "grade_risk.risk=0.5")
    assert code == 1
    assert "would never fire" in err


def test_a_gate_at_the_bottom_of_its_range_reports_the_rung_it_cuts_off() -> None:
    code, out, err = invoke("spec", "--gate", "grade_risk.risk[1]=0")
    assert code == 1
    line = next(r.line for r in load_spec().block("grade_risk").policy if r.text == "else → auto")
    assert err.startswith(f"DECISION.md:{line}: grade_risk.risk[1]=0: rule 'else → auto' of 'grade_risk' would never")
    assert "give grade_risk.risk[1] a value above 0" in err
    assert "score:risk >= 0 → auto_audit" in out


def test_gates_from_the_environment_apply_and_a_flag_wins() -> None:
    env = {"DECISIONLOOP_GATES": "pick_tool.tool=0.7,is_done.done=0.9"}
    code, out, _ = invoke("spec", "--json", "--gate", "pick_tool.tool=0.8", env=env)
    gates = json.loads(out)["gates"]
    assert code == 0
    assert gates["pick_tool.tool"] == 0.8
    assert gates["is_done.done"] == 0.9


def test_a_broken_file_prints_file_line_problems_and_fails(tmp_path: Path) -> None:
    path = tmp_path / "DECISION.md"
    path.write_text(default_text().replace("- else → answer", "- else → answr"))
    code, _, err = invoke("spec", str(path))
    line = default_text().splitlines().index("- else → answer") + 1
    assert code == 1
    assert f"{path}:{line}: unknown action 'answr'" in err


@pytest.mark.parametrize("name", ["missing.md", "dir"])
def test_an_unreadable_file_is_a_clear_error(tmp_path: Path, name: str) -> None:
    (tmp_path / "dir").mkdir()
    code, _, err = invoke("spec", str(tmp_path / name))
    assert code != 0
    assert "cannot read decision file" in err or "is a directory" in err


def test_settings_lists_every_environment_variable() -> None:
    code, out, _ = invoke("settings")
    assert code == 0
    for name in ("DECISIONLOOP_HOME", "DECISIONLOOP_GATES", "DECISIONLOOP_DECISIONS_URL"):
        assert name in out


def test_decide_with_the_rule_judge_escalates() -> None:
    code, out, err = invoke(
        "decide",
        "pick_tool",
        "--decisions",
        "rules",
        "--state",
        "weather forecast for Oslo",
        "--option",
        "weather=Get the forecast",
        "--option",
        "calculator=Do arithmetic",
    )
    assert code == 0
    assert out.startswith("pick_tool: escalate  (degraded: never automatic)")
    assert "the policy proposed: call" in out
    assert "rule judge" in err


def test_decide_refuses_unknown_decisions_and_bad_state() -> None:
    code, _, err = invoke("decide", "pick_tol", "--state", "x")
    assert code == 1
    assert "unknown decision 'pick_tol'; decisions: needs_tool" in err
    code, _, err = invoke("decide", "needs_tool", "--state", "{not json")
    assert code == 1
    assert "does not parse" in err
    code, _, err = invoke("decide", "needs_tool", "--state", "x", "--option", "weather")
    assert code == 1
    assert "no options built in code" in err
