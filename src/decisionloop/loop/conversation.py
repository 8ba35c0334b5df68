"""A conversation of runs (``decisionloop chat``): each turn is a run on what the user said, and the latest
earlier turns, cut to a character budget, go with it to System 2 and the answer writer.

System 1 reads the turn alone: it was never trained on earlier turns, so they stay out of its frame. The text the
LLM gets is the user's words and the agent's answers, newest last; an answer can repeat tool output, so the
prompts put the whole of it inside the untrusted markers.
"""

from __future__ import annotations

from dataclasses import dataclass

from decisionloop.core.vocab import StopReason
from decisionloop.loop.frames import untrusted

BUDGET_CHARS = 2000  # of earlier turns carried into a run
TURN_CHARS = 600  # of one earlier turn (what was said and the answer together)


@dataclass(frozen=True, slots=True, kw_only=True)
class Turn:
    """What the user said, and how the run on it ended."""

    said: str
    answer: str
    stop: StopReason


@dataclass(frozen=True, slots=True, kw_only=True)
class Conversation:
    """The turns so far, and how much of them a run carries."""

    turns: tuple[Turn, ...] = ()
    budget: int = BUDGET_CHARS

    def __post_init__(self) -> None:
        if self.budget < 0:
            raise ValueError(f"the conversation budget is {self.budget} characters; give 0 or more")

    def add(self, turn: Turn) -> Conversation:
        """The conversation with ``turn`` after the others."""
        return Conversation(turns=(*self.turns, turn), budget=self.budget)

    def carried(self) -> tuple[str, ...]:
        """The latest earlier turns that fit the budget, oldest first, each as its two lines."""
        kept: list[str] = []
        used = 0
        for turn in reversed(self.turns):
            text = _text(turn)
            if used + len(text) > self.budget:
                break
            kept.append(text)
            used += len(text)
        return tuple(reversed(kept))

    def text(self) -> str:
        """What a run carries of the earlier turns; empty for the first."""
        return "\n".join(self.carried())

    def budget_line(self) -> str:
        """How much of the conversation the next turn carries, for the user to see."""
        carried = self.carried()
        used = sum(len(t) for t in carried)
        left = len(self.turns) - len(carried)
        dropped = f", {left} older left out" if left else ""
        return f"context: {len(carried)} earlier turn(s), {used:,} of {self.budget:,} characters{dropped}"


def earlier(conversation: str) -> list[str]:
    """A chat's earlier turns as a prompt part (none for the first turn); inside the untrusted markers, since an
    answer can repeat tool output."""
    if not conversation.strip():
        return []
    return [f"Earlier in this conversation (for context; answer the newest request):\n{untrusted(conversation)}"]


def _text(turn: Turn) -> str:
    said, answer = " ".join(turn.said.split()), " ".join(turn.answer.split())
    answer = answer if turn.stop == "answered" else f"({turn.stop}) {answer}"
    text = f"user: {said}\nagent: {answer}"
    return text if len(text) <= TURN_CHARS else text[: TURN_CHARS - 1] + "…"
