"""The decider: one request per batch, every answer validated, and anything untrustworthy escalates."""

from __future__ import annotations

from collections.abc import Mapping

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from decisionloop.backends import DecisionRequest, ScriptedBackend
from decisionloop.backends.rules import RuleJudge
from decisionloop.core.errors import BackendError
from decisionloop.core.questions import Option, Question
from decisionloop.core.wire import request_to_wire
from decisionloop.decide import Ask, decide, decide_batch
from decisionloop.spec import load_spec

SPEC = load_spec()
TOOLS = (Option(name="weather", criteria="Get the forecast"), Option(name="calculator", criteria="Do arithmetic"))


def ask(block_id: str, state: Mapping[str, object] | None = None, **extra: tuple[Option, ...]) -> Ask:
    block = SPEC.block(block_id)
    questions = {q.id: q.build(extra.get(q.id, ())) for q in block.questions}
    return Ask(block=block, state=state or {"goal": "weather in Paris"}, questions=questions)


def slots(*names: str) -> Ask:
    block = SPEC.block("pick_args")
    template = block.question("arg")
    questions: dict[str, Question] = {
        f"arg:{n}": template.build((Option(name="Paris"), Option(name="Lyon")), ask=f"Which {n}?") for n in names
    }
    return Ask(block=block, state={"goal": "x"}, questions=questions, templates={q: "arg" for q in questions})


def reply(answers: Mapping[str, object], **extra: object) -> dict[str, object]:
    return {"answers": answers, "model": "m-1", "usage": {"input_tokens": 12, "output_tokens": 0}, **extra}


def choice(name: str, p: float, other: str) -> dict[str, object]:
    return {"type": "choice", "choice": name, "probabilities": {name: p, other: 1 - p}}


def test_a_confident_valid_answer_is_decided_automatically_and_recorded() -> None:
    backend = ScriptedBackend([reply({"tool": choice("weather", 0.9, "calculator")})])
    decision = decide(backend, ask("pick_tool", tool=TOOLS))
    assert (decision.action, decision.degraded, decision.escalated) == ("call", False, False)
    assert decision.reasons == ("top >= 0.65 → call",)
    assert (decision.backend, decision.model) == ("scripted", "m-1")
    assert decision.usage is not None
    assert decision.usage.input_tokens == 12
    assert decision.latency_ms >= 0.0
    assert decision.thresholds == {"pick_tool.tool": 0.65}


def test_the_wire_request_carries_the_frame_and_built_options() -> None:
    backend = ScriptedBackend([reply({"tool": choice("weather", 0.9, "calculator")})])
    decide(backend, ask("pick_tool", {"goal": "g", "steps": "none yet"}, tool=TOOLS))
    sent = request_to_wire(backend.requests[0], "m-1")
    assert sent["state"] == {"goal": "g", "steps": "none yet"}
    assert sent["questions"] == {
        "tool": {
            "type": "choice",
            "instructions": "Which tool should the agent call next for this goal?",
            "criteria": {
                "weather": "Get the forecast",
                "calculator": "Do arithmetic",
                "NONE": "none of these tools can do what the goal asks",
            },
        }
    }


@pytest.mark.parametrize(
    ("answers", "problem"),
    [
        ({}, "no answer"),
        ({"tool": {"type": "noul", "noul": 0.9}}, "answer of type 'noul'"),
        ({"tool": choice("send_message", 0.95, "weather")}, "was not offered"),
        ({"tool": {"type": "choice", "choice": "weather", "confidence": 0.99}}, "needs 'probabilities'"),
        ({"tool": "weather"}, "must be an object"),
    ],
)
def test_unusable_answers_escalate_degraded(answers: Mapping[str, object], problem: str) -> None:
    decision = decide(ScriptedBackend([reply(answers)]), ask("pick_tool", tool=TOOLS))
    assert (decision.action, decision.degraded) == ("escalate", True)
    assert problem in decision.problems["tool"]
    assert any(problem in r for r in decision.reasons)


def test_a_backend_error_escalates_degraded_and_names_the_backend() -> None:
    backend = ScriptedBackend([BackendError("scripted", "timeout", "no reply within 0.3 s")])
    decision = decide(backend, ask("needs_tool"))
    assert (decision.action, decision.degraded) == ("escalate", True)
    assert "scripted unavailable" in decision.reasons[0]
    assert "timeout" in decision.reasons[0]


def test_a_reply_marked_degraded_keeps_the_proposal_but_escalates() -> None:
    backend = ScriptedBackend([reply({"needs_tool": {"type": "noul", "noul": 0.99}}, degraded=True)])
    decision = decide(backend, ask("needs_tool"))
    assert (decision.action, decision.proposed, decision.degraded) == ("escalate", "use_tool", True)


def test_one_missing_answer_in_a_mixed_block_escalates_even_if_an_earlier_rule_fires() -> None:
    risky = {"type": "score", "probabilities": {"0": 0.0, "1": 0.0, "2": 0.0, "3": 1.0}}
    decision = decide(ScriptedBackend([reply({"risk": risky})]), ask("grade_risk"))
    assert decision.proposed == "ask_human"
    assert (decision.action, decision.degraded) == ("escalate", True)


def test_each_slot_must_pass_for_the_arguments_to_be_used() -> None:
    both = reply({"arg:place": choice("Paris", 0.9, "Lyon"), "arg:when": choice("Lyon", 0.8, "Paris")})
    decision = decide(ScriptedBackend([both]), slots("place", "when"))
    assert decision.action == "use"
    one_unsure = reply({"arg:place": choice("Paris", 0.9, "Lyon"), "arg:when": choice("Lyon", 0.55, "Paris")})
    decision = decide(ScriptedBackend([one_unsure]), slots("place", "when"))
    assert decision.action == "escalate"
    assert "arg:when: else → escalate" in decision.reasons[0]


def test_a_batch_is_one_request_with_merged_frames_and_separate_policies() -> None:
    backend = ScriptedBackend(
        [reply({"needs_tool": {"type": "noul", "noul": 0.8}, "tool": choice("weather", 0.5, "calculator")})]
    )
    first, second = decide_batch(
        backend, [ask("needs_tool", {"goal": "g"}), ask("pick_tool", {"goal": "g"}, tool=TOOLS)]
    )
    assert len(backend.requests) == 1
    assert set(backend.requests[0].questions) == {"needs_tool", "tool"}
    assert (first.action, second.action) == ("use_tool", "escalate")


def test_conflicting_frames_or_repeated_ids_are_programming_errors() -> None:
    backend = ScriptedBackend([reply({})])
    with pytest.raises(ValueError, match="disagree on 'goal'"):
        decide_batch(backend, [ask("needs_tool", {"goal": "a"}), ask("pick_tool", {"goal": "b"}, tool=TOOLS)])
    with pytest.raises(ValueError, match="asked by two blocks"):
        decide_batch(backend, [ask("needs_tool"), ask("needs_tool")])


def test_an_empty_choice_is_never_asked() -> None:
    with pytest.raises(ValueError, match="at least 2 options"):
        decide(ScriptedBackend([reply({})]), ask("pick_tool"))


def test_the_rule_judge_never_decides_automatically() -> None:
    decision = decide(RuleJudge(), ask("pick_tool", {"goal": "weather forecast for Paris"}, tool=TOOLS))
    assert decision.proposed == "call"
    assert (decision.action, decision.degraded, decision.backend) == ("escalate", True, "rule-judge")


_JSON = st.recursive(
    st.none() | st.booleans() | st.floats(allow_nan=True) | st.integers() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=8,
)
_PLAUSIBLE = st.one_of(
    st.builds(lambda p: {"type": "noul", "noul": p}, st.floats(-0.5, 1.5)),
    st.builds(
        lambda c, p: choice(c, p, "calculator" if c != "calculator" else "weather"),
        st.sampled_from(["weather", "calculator", "NONE", "send_message"]),
        st.floats(0, 1),
    ),
    st.builds(
        lambda ps: {"type": "score", "probabilities": {str(i): p for i, p in enumerate(ps)}},
        st.lists(st.floats(0, 1), min_size=1, max_size=5),
    ),
    _JSON,
)


@settings(max_examples=500, deadline=None)
@given(
    block_id=st.sampled_from(["needs_tool", "pick_tool", "grade_risk", "step_ok", "is_done", "can_deliver"]),
    answers=st.dictionaries(
        st.sampled_from(["needs_tool", "tool", "risk", "needs_auth", "ok", "done", "deliverable", "unsupported"]),
        _PLAUSIBLE,
    ),
    degraded=st.booleans(),
)
def test_no_automatic_decision_from_anything_untrustworthy(
    block_id: str, answers: Mapping[str, object], degraded: bool
) -> None:
    the_ask = ask(block_id, tool=TOOLS)
    decision = decide(ScriptedBackend([reply(answers, degraded=degraded)]), the_ask)
    if decision.action != "escalate":
        assert not degraded
        assert not decision.problems
        assert set(decision.answers) == set(the_ask.questions)


def test_requests_seen_by_a_callable_script_are_typed() -> None:
    seen: list[DecisionRequest] = []

    def answer(request: DecisionRequest) -> Mapping[str, object]:
        seen.append(request)
        return reply({"ok": {"noul": 0.7}})

    assert decide(ScriptedBackend(answer), ask("step_ok")).action == "continue"
    assert seen[0].questions["ok"].type == "noul"
