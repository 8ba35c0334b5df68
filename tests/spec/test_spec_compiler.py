"""The shipped DECISION.md compiles clean, and each kind of mistake is reported on its own line."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from decisionloop.spec import compile_spec, default_text, load_spec
from decisionloop.spec.model import Spec

SHIPPED = default_text()


def line_of(text: str, needle: str) -> int:
    """1-based line of the only occurrence of ``needle``."""
    assert text.count(needle) == 1, f"{needle!r} occurs {text.count(needle)} times"
    return text[: text.index(needle)].count("\n") + 1


def mutate(old: str, new: str) -> tuple[Spec, int]:
    """Compile the shipped file with ``old`` replaced by ``new``; return the spec and the line changed."""
    line = line_of(SHIPPED, old)
    return compile_spec(SHIPPED.replace(old, new), "DECISION.md"), line


def messages_at(spec: Spec, line: int) -> list[str]:
    return [p.message for p in spec.problems if p.line == line]


def test_shipped_file_is_clean_and_counted() -> None:
    spec = load_spec()
    assert spec.problems == ()
    assert [b.id for b in spec.blocks] == [
        "needs_tool",
        "pick_tool",
        "pick_args",
        "grade_risk",
        "step_ok",
        "is_done",
        "can_deliver",
    ]
    assert spec.headline().startswith(
        "7 decisions, 9 questions, 7 answered by the decision model, "
        "0 decided by code, 1 authorisation gate; 18 options"
    )
    assert "Use only the evidence" in spec.generator


def test_question_types_are_inferred_from_how_options_are_written() -> None:
    spec = load_spec()
    types = {q.id: q.type for b in spec.blocks for q in b.questions}
    assert types == {
        "needs_tool": "noul",
        "tool": "choice",
        "arg": "choice",
        "risk": "score",
        "needs_auth": "noul",
        "ok": "noul",
        "done": "noul",
        "deliverable": "noul",
        "unsupported": "noul",
    }
    risk = spec.block("grade_risk").question("risk")
    assert [o.criteria.split(":")[0] for o in risk.options if o.criteria] == [
        "read-only",
        "reversible write",
        "irreversible",
        "destructive",
    ]


MUTATIONS = [
    pytest.param("- else → answer", "- else → answr", "unknown action 'answr'", id="misspelled-action"),
    pytest.param("- prob:ok >= 0.6 → continue", "- score:ok >= 0.6 → continue", "reads a score", id="wrong-type"),
    pytest.param("- prob:done >= 0.7 → finish", "- picked:done = true → finish", "reads a choice", id="picked-noul"),
    pytest.param(
        "kind: mixed\nwhen: after-generate",
        "kinds: mixed\nwhen: after-generate",
        "unknown key 'kinds'",
        id="unknown-key",
    ),
    pytest.param(
        "- false — it only reads, looks up or computes",
        "- it only reads, looks up or computes",
        "option styles are mixed",
        id="mixed-option-styles",
    ),
    pytest.param(
        "- top >= 0.65 → call", "- top >= 0.65 → use", "does not handle action 'use'", id="action-not-at-position"
    ),
    pytest.param(
        "when: after-tool —— is the goal", "when: afterwards —— is the goal", "unknown position", id="unknown-position"
    ),
    pytest.param(
        "- score:risk >= 1 → auto_audit", "- score:risk >= 2.5 → auto_audit", "can never fire", id="unreachable-tier"
    ),
    pytest.param(
        "- prob:needs_tool >= 0.5 → use_tool",
        "- prob:needs_tool >= 1.5 → use_tool",
        "outside [0, 1]",
        id="threshold-out-of-range",
    ),
    pytest.param(
        "- prob:ok >= 0.6 → continue",
        "- confidence >= 0.6 → continue",
        "unknown predicate",
        id="confidence-is-not-a-predicate",
    ),
    pytest.param(
        "- picked:arg = NONE → escalate",
        "- picked:arg = NONNE → escalate",
        "'NONNE' is not written",
        id="picked-unknown-option",
    ),
    pytest.param(
        "- prob:unsupported >= 0.5 → revise", "- prob:unsupport >= 0.5 → revise", "does not ask", id="unknown-question"
    ),
    pytest.param("- top >= 0.65 → call", "- top >= 0.65 call", "cannot read rule", id="missing-arrow"),
    pytest.param(
        "- picked:tool = NONE and top < 0.995 → escalate",
        "- picked:tool = NONNE and top < 0.995 → escalate",
        "'NONNE' is not written",
        id="and-checks-each-part",
    ),
    pytest.param(
        "- picked:tool = NONE and top < 0.995 → escalate",
        "- picked:tool = NONE and prob:tool >= 0.5 → escalate",
        "reads a noul",
        id="and-part-of-the-wrong-type",
    ),
    pytest.param(
        "- picked:tool = NONE and top < 0.995 → escalate",
        "- picked:tool = NONE and else → escalate",
        "cannot be joined",
        id="else-in-a-conjunction",
    ),
]


@pytest.mark.parametrize(("old", "new", "message"), MUTATIONS)
def test_each_mutation_is_rejected_on_its_line(old: str, new: str, message: str) -> None:
    spec, line = mutate(old, new)
    assert any(message in m for m in messages_at(spec, line)), spec.problems


def test_block_without_when_is_reported_at_its_heading() -> None:
    spec, _ = mutate("when: step-start —— at the start of every step: is there still a tool call to make?\n", "")
    assert any("no 'when:" in m for m in messages_at(spec, line_of(SHIPPED, "## needs_tool")))


def test_duplicate_block_is_reported_at_the_second_heading() -> None:
    text = SHIPPED.replace("## is_done", "## step_ok")
    spec = compile_spec(text)
    assert any("duplicate block 'step_ok'" in m for m in messages_at(spec, line_of(SHIPPED, "## is_done")))


def test_policy_without_else_is_reported_at_its_policy_line() -> None:
    spec, _ = mutate("- prob:ok >= 0.6 → continue\n- else → stop", "- prob:ok >= 0.6 → continue")
    policy_line = line_of(SHIPPED, "- prob:ok >= 0.6 → continue") - 1
    assert any("no 'else' rule" in m for m in messages_at(spec, policy_line))


def test_top_in_a_mixed_block_is_ambiguous() -> None:
    spec, line = mutate("- prob:needs_auth >= 0.5 → ask_human", "- top >= 0.5 → ask_human")
    assert any("ambiguous" in m for m in messages_at(spec, line))


def test_kind_that_disagrees_with_the_options_is_an_error() -> None:
    spec, _ = mutate("## step_ok\nkind: noul", "## step_ok\nkind: score")
    assert any("reads as a noul" in m for m in messages_at(spec, line_of(SHIPPED, "### ok")))


def test_a_rule_that_holds_for_every_answer_cuts_off_the_rules_after_it() -> None:
    spec, line = mutate("- top >= 0.65 → call", "- top >= 0 → call")
    else_line = line + 1
    assert messages_at(spec, else_line) == [
        "rule 'else → escalate' can never fire: 'top >= 0 → call' above it holds for every answer "
        "(top is never below 0)"
    ]


def test_two_rules_that_together_cover_every_value_cut_off_the_rules_after_them() -> None:
    spec, line = mutate("- top >= 0.65 → call", "- top < 0.7 → escalate\n- top >= 0.65 → call")
    assert messages_at(spec, line + 2) == [
        "rule 'else → escalate' can never fire: 'top < 0.7 → escalate' and 'top >= 0.65 → call' above it "
        "together hold for every value of top"
    ]


def test_top_below_zero_can_never_fire() -> None:
    spec, line = mutate("- top >= 0.65 → call", "- top < 0 → escalate\n- top >= 0.65 → call")
    assert messages_at(spec, line) == ["rule 'top < 0 → escalate' can never fire: no answer has top below 0"]


def test_rule_after_else_is_unreachable() -> None:
    spec, line = mutate("- else → keep_going", "- else → keep_going\n- prob:done >= 0.2 → finish")
    assert any("after 'else'" in m for m in messages_at(spec, line + 1))


def test_a_broken_rule_is_kept_out_of_the_policy_not_turned_into_a_catch_all() -> None:
    spec, _ = mutate("- top >= 0.65 → call", "- top >= 0.65 → cal")
    policy = [r.text for r in spec.block("pick_tool").policy]
    assert policy == ["picked:tool = NONE and top < 0.995 → escalate", "else → escalate"]
    assert not spec.ok


def test_prose_with_capitals_and_fenced_code_is_not_structure() -> None:
    text = SHIPPED.replace("## needs_tool\n", "## needs_tool\nNote: prose is fine.\n```\nkind: nonsense\n- x\n```\n")
    assert compile_spec(text).problems == ()


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_arbitrary_text_compiles_or_reports_lines(text: str) -> None:
    spec = compile_spec(text)
    last = max(1, len(text.splitlines()))
    assert all(1 <= p.line <= last for p in spec.problems)


_LINES = st.sampled_from(
    [
        "## a",
        "## b",
        "### q",
        "kind: noul",
        "kind: mixed",
        "kind: choice",
        "kind: score",
        "when: step-start —— x",
        "when: after-tool",
        "ask: Is it?",
        "- true — yes",
        "- false — no",
        "- x — one",
        "- level",
        "policy:",
        "- prob:q >= 0.5 → use_tool",
        "- top >= 0.2 → answer",
        "- else → answer",
        "- score:q >= 1 → stop",
        "dynamic: f(ctx: a) → options —— w",
        "## generator",
        "```",
        "",
        "text",
        "- picked:q = x → use",
    ]
)


@settings(max_examples=400, deadline=None)
@given(st.lists(_LINES, max_size=30))
def test_structured_noise_compiles_or_reports_lines(lines: list[str]) -> None:
    text = "\n".join(lines)
    spec = compile_spec(text)
    last = max(1, len(text.splitlines()))
    assert all(1 <= p.line <= last for p in spec.problems)
    if spec.ok:
        assert all(b.policy and b.policy[-1].text.startswith("else") for b in spec.blocks if b.kind != "rule")
