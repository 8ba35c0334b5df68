"""``serve-decisions`` refuses clearly when no trained model is there, and takes its key only from the env."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from decisionloop.cli.serve import serve_decisions


def test_without_a_trained_model_it_says_how_to_get_one(tmp_path: Path) -> None:
    result = CliRunner().invoke(serve_decisions, ["--model-dir", str(tmp_path), "--port", "0"])

    assert result.exit_code == 1
    assert f"no trained decision model in {str(tmp_path)!r}" in result.output
    assert "train one with `decisionloop train" in result.output


def test_the_key_is_not_a_flag() -> None:
    result = CliRunner().invoke(serve_decisions, ["--help"])

    assert result.exit_code == 0
    assert "DECISIONLOOP_SERVE_KEY" in result.output
    assert "--key" not in result.output


def test_the_connection_and_batch_limits_are_options() -> None:
    result = CliRunner().invoke(serve_decisions, ["--help"])

    for flag in ("--max-connections", "--header-timeout", "--max-batch-requests"):
        assert flag in result.output
