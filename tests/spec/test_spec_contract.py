"""The question ids the code reads are checked against the file at load; a mismatch fails with both sides."""

from __future__ import annotations

from pathlib import Path

import pytest

from decisionloop.core.errors import ConfigError, SpecError
from decisionloop.spec import check_spec, default_text, load_spec

SHIPPED = default_text()


def test_a_renamed_question_fails_startup_listing_both_sides(tmp_path: Path) -> None:
    path = tmp_path / "DECISION.md"
    path.write_text(SHIPPED.replace("### done", "### finished").replace("prob:done", "prob:finished"))
    with pytest.raises(SpecError) as caught:
        load_spec(path)
    text = str(caught.value)
    assert "the code reads done (noul)" in text
    assert "the file declares finished (noul)" in text
    assert f"{path}:" in text


def test_a_missing_block_is_named() -> None:
    start = SHIPPED.index("## is_done")
    end = SHIPPED.index("## can_deliver")
    spec = check_spec(SHIPPED[:start] + SHIPPED[end:], "DECISION.md")
    assert any("block 'is_done', which the file does not define" in p.message for p in spec.problems)


def test_an_extra_block_is_not_silently_ignored() -> None:
    extra = (
        "\n## second_opinion\nkind: noul\nwhen: after-tool —— x\nask: ok?\n- true — a\n- false — b\n"
        "policy:\n- else → stop\n"
    )
    spec = check_spec(SHIPPED.replace("## generator", extra + "\n## generator"), "DECISION.md")
    assert any("'second_opinion' is not read by the code" in p.message for p in spec.problems)


def test_a_different_provider_is_a_mismatch() -> None:
    spec = check_spec(SHIPPED.replace("tool_options(ctx: tools, steps)", "tool_list(ctx: tools)"), "DECISION.md")
    assert any(
        "the code provides 'dynamic: tool_options(ctx: tools, steps) → options'" in p.message for p in spec.problems
    )


def test_a_risk_ladder_of_another_length_is_a_mismatch() -> None:
    spec = check_spec(SHIPPED.replace("- destructive: it deletes or overwrites the user's data\n", ""), "DECISION.md")
    assert any("reads 4 levels" in p.message for p in spec.problems)


def test_an_unreadable_file_is_a_config_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="cannot read decision file"):
        load_spec(tmp_path / "missing.md")
