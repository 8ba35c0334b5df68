"""A rule judge for demos: keyword and word-overlap rules instead of a model, always marked degraded.

It exists so the loop can be shown with nothing installed; because its answers are degraded, the gate never
lets it decide a step automatically.
"""

from __future__ import annotations

import re
import time
from collections.abc import Mapping

from decisionloop.core.backend import BackendReply, DecisionRequest, State
from decisionloop.core.questions import ChoiceQuestion, NoulQuestion, Question, ScoreQuestion

_WORD = re.compile(r"[a-z0-9]+")
_STOP = frozenset(
    re.findall(r"\w+", "a an the of to in on for and or is are what which who how it this that be by with")
)
_RISK_WORDS = (
    (3, ("delete", "remove", "erase", "wipe", "overwrite", "destroy")),
    (2, ("send", "email", "message", "text", "pay", "buy", "post", "move")),
    (1, ("save", "note", "remember", "write", "store", "record", "add")),
)
_FAILURE = re.compile(r"\b(error|failed|not found|no \w+ found|nothing)\b", re.IGNORECASE)
_CHOSEN_P = 0.7


class RuleJudge:
    """Answers typed questions with fixed rules; every reply is degraded."""

    @property
    def name(self) -> str:
        """Always ``rule-judge``."""
        return "rule-judge"

    def decide(self, request: DecisionRequest) -> BackendReply:
        """Answer each question from the words of the state."""
        start = time.perf_counter()
        text = _flatten(request.state)
        answers = {qid: _answer(qid, q, text) for qid, q in request.questions.items()}
        return BackendReply(
            answers=answers,
            backend=self.name,
            model="rules",
            latency_ms=(time.perf_counter() - start) * 1000.0,
            degraded=True,
            warnings=("rule judge (demo only): its answers are never used automatically",),
        )


def _flatten(state: State) -> str:
    if isinstance(state, str):
        return state.lower()
    if isinstance(state, Mapping):
        return " ".join(f"{k} {v}" for k, v in state.items()).lower()
    return " ".join(state).lower()


def _words(text: str) -> set[str]:
    return {w for w in _WORD.findall(text.lower()) if w not in _STOP}


def _answer(qid: str, question: Question, text: str) -> dict[str, object]:
    match question:
        case ChoiceQuestion():
            return _choice(question, text)
        case NoulQuestion():
            return {"type": "noul", "noul": _noul(qid, text)}
        case ScoreQuestion(levels=levels):
            return _score(qid, levels, text)


def _choice(question: ChoiceQuestion, text: str) -> dict[str, object]:
    words = _words(text)
    overlap = {o.name: len(words & _words(f"{o.name} {o.criteria or ''}")) for o in question.options}
    chosen = max(question.names, key=lambda n: (n != "NONE", overlap[n]))
    rest = (1.0 - _CHOSEN_P) / (len(question.options) - 1)
    probabilities = {n: (_CHOSEN_P if n == chosen else rest) for n in question.names}
    return {"type": "choice", "choice": chosen, "probabilities": probabilities}


def _noul(qid: str, text: str) -> float:
    risk = _risk_level(text)
    rules: dict[str, float] = {
        "needs_auth": 0.9 if risk >= 1 else 0.1,
        "ok": 0.1 if _FAILURE.search(text) else 0.9,
        "unsupported": 0.1,
        "deliverable": 0.9,
    }
    return rules.get(qid, 0.5)


def _risk_level(text: str) -> int:
    words = _words(text)
    return next((level for level, cues in _RISK_WORDS if words & set(cues)), 0)


def _score(qid: str, levels: tuple[str, ...], text: str) -> dict[str, object]:
    level = min(_risk_level(text), len(levels) - 1) if qid == "risk" else 0
    rest = 0.15 / (len(levels) - 1)
    probabilities = {str(i): (0.85 if i == level else rest) for i in range(len(levels))}
    return {"type": "score", "probabilities": probabilities}
