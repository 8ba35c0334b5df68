"""End to end over a real loopback server: what the server says never becomes an automatic step unchecked."""

from __future__ import annotations

from decisionloop.backends import FallbackBackend, HttpBackend, RetryingBackend, RetryPolicy
from decisionloop.backends.rules import RuleJudge
from decisionloop.core.questions import Option
from decisionloop.decide import Ask, decide
from decisionloop.spec import load_spec
from tests.support.backends import Canned, RecordingSleep
from tests.support.loopback import LoopbackServer

SPEC = load_spec()
BLOCK = SPEC.block("pick_tool")
ASK = Ask(
    block=BLOCK,
    state={"goal": "What's the weather in Oslo tomorrow?"},
    questions={"tool": BLOCK.question("tool").build((Option(name="weather"), Option(name="calculator")))},
)


def answers(choice: str, probabilities: dict[str, float]) -> Canned:
    body = {
        "model": "jev-1.13.0",
        "answers": {"tool": {"type": "choice", "choice": choice, "probabilities": probabilities, "confidence": 0.99}},
    }
    return Canned(body=body)


def test_a_valid_answer_from_the_server_is_decided(server: LoopbackServer) -> None:
    server.script(answers("weather", {"weather": 0.92, "calculator": 0.08}))
    with HttpBackend(base_url=server.url, model="jev-1.13.0", api_key="k") as http:
        decision = decide(http, ASK)
    assert (decision.action, decision.model, decision.backend) == ("call", "jev-1.13.0", http.name)
    assert server.received[0].headers["authorization"] == "Bearer k"


def test_an_answer_naming_an_option_never_offered_escalates(server: LoopbackServer) -> None:
    server.script(answers("send_message", {"send_message": 0.97, "weather": 0.03}))
    with HttpBackend(base_url=server.url, model="jev-1.13.0") as http:
        decision = decide(http, ASK)
    assert (decision.action, decision.degraded) == ("escalate", True)
    assert "'send_message' was not offered" in decision.problems["tool"]


def test_a_hung_server_falls_back_to_the_rule_judge_and_still_escalates(
    server: LoopbackServer, sleep: RecordingSleep
) -> None:
    server.script(Canned(delay_s=1.5))
    notices: list[str] = []
    with HttpBackend(base_url=server.url, model="jev-1.13.0", timeout_s=0.2) as http:
        chain = FallbackBackend(
            [RetryingBackend(http, RetryPolicy(attempts=2), sleep=sleep), RuleJudge()], on_fallback=notices.append
        )
        decision = decide(chain, ASK)
    assert len(notices) == 1
    assert "timeout" in notices[0]
    assert (decision.backend, decision.degraded, decision.action) == ("rule-judge", True, "escalate")
    assert decision.proposed == "call"


def test_a_server_that_stays_down_escalates_with_the_reason(server: LoopbackServer, sleep: RecordingSleep) -> None:
    server.script(Canned(status=503, body={"error": "overloaded"}, headers={"Retry-After": "2"}))
    with HttpBackend(base_url=server.url, model="jev-1.13.0") as http:
        decision = decide(RetryingBackend(http, RetryPolicy(attempts=3), sleep=sleep), ASK)
    assert sleep.waits == [2.0, 2.0]
    assert (decision.action, decision.degraded) == ("escalate", True)
    assert "unavailable" in decision.reasons[0]
    assert "503" in decision.reasons[0]
