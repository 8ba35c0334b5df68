"""A decision request with one question of each type, the answers a server gives it, and a recording sleep."""

from __future__ import annotations

from dataclasses import dataclass, field

from decisionloop.core.backend import DecisionRequest
from decisionloop.core.questions import ChoiceQuestion, NoulQuestion, Option, ScoreQuestion
from tests.support import loopback

ANSWERS: dict[str, object] = {
    "needs_tool": {"type": "noul", "noul": 0.93},
    "tool": {"type": "choice", "choice": "read_file", "probabilities": {"read_file": 0.8, "list_dir": 0.2}},
    "risk": {"type": "score", "score": 0.2, "probabilities": {"0": 0.8, "1": 0.2}},
}


@dataclass(frozen=True, slots=True, kw_only=True)
class Canned(loopback.Canned):
    """A decision server's reply: by default one carrying ``ANSWERS``."""

    body: object = field(default_factory=lambda: {"answers": ANSWERS})


def make_request(*, timeout_s: float = 30.0) -> DecisionRequest:
    """A request with one question of each type."""
    return DecisionRequest(
        state={"goal": "summarise notes.txt", "steps_done": 1},
        questions={
            "needs_tool": NoulQuestion(instructions="Is another tool call needed?", true="yes", false="no"),
            "tool": ChoiceQuestion(
                instructions="Which tool next?",
                options=(Option(name="read_file", criteria="to read a file"), Option(name="list_dir")),
            ),
            "risk": ScoreQuestion(instructions="How risky?", levels=("none", "some")),
        },
        timeout_s=timeout_s,
    )


class RecordingSleep:
    """A fake ``time.sleep``: records each wait and returns at once."""

    def __init__(self) -> None:
        self.waits: list[float] = []

    def __call__(self, seconds: float) -> None:
        self.waits.append(seconds)
