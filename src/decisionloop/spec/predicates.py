"""The closed predicate vocabulary of a policy: parse, type-check, render and evaluate.

``else`` · ``top >= n`` · ``top < n`` · ``prob:<q> >= n`` · ``score:<q> >= n`` · ``picked:<q> = <option>``, and
any of these but ``else`` joined by ``and`` (``picked:tool = NONE and top < 0.995``: all must hold). ``top``
reads the probability of the chosen option (choice), of the likelier side (noul) or of the likeliest level
(score); ``prob`` the probability that a noul holds; ``score`` a score's expected level.
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from decisionloop.core.answers import Answer, ChoiceAnswer, NoulAnswer, ScoreAnswer
from decisionloop.core.questions import QuestionType

Comparison = Literal[">=", "<"]
PREDICATE_FORMS = ("else", "top >= n", "top < n", "prob:<q> >= n", "score:<q> >= n", "picked:<q> = <option>")
_AND = re.compile(r"\s+and\s+")


@dataclass(frozen=True, slots=True, kw_only=True)
class Else:
    """Always holds; the last rule of every policy."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Top:
    """``top >= n`` or ``top < n`` on a single-question block's question."""

    question: str
    op: Comparison
    threshold: float


@dataclass(frozen=True, slots=True, kw_only=True)
class Prob:
    """``prob:<q> >= n`` on a noul."""

    question: str
    threshold: float


@dataclass(frozen=True, slots=True, kw_only=True)
class Score:
    """``score:<q> >= n`` on a score's expected level."""

    question: str
    threshold: float


@dataclass(frozen=True, slots=True, kw_only=True)
class Picked:
    """``picked:<q> = <option>`` on a choice."""

    question: str
    option: str


Thresholded = Top | Prob | Score
Part = Top | Prob | Score | Picked


@dataclass(frozen=True, slots=True, kw_only=True)
class All:
    """``<part> and <part> …``: holds when every part holds. Its numbers are not gate keys (``--gate`` moves the
    thresholds of single predicates only), and it never covers a later rule: it holds for some answers only."""

    parts: tuple[Part, ...]

    @property
    def question(self) -> str:
        """The question the first part reads (named when an answer is missing)."""
        return self.parts[0].question


Predicate = Else | Top | Prob | Score | Picked | All

_NUMBER = r"(-?\d+(?:\.\d+)?|-?\.\d+)"
_TOP = re.compile(rf"^top\s*(>=|<)\s*{_NUMBER}$")
_TYPED = re.compile(rf"^(prob|score):([A-Za-z_][A-Za-z0-9_]*)\s*>=\s*{_NUMBER}$")
_PICKED = re.compile(r"^picked:([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(\S+)$")

# Which question type each predicate family may read; anything else would be a rule that never fires.
NEEDS_TYPE: dict[str, QuestionType] = {"prob": "noul", "score": "score", "picked": "choice"}


def parse_predicate(text: str, sole_question: str | None) -> Predicate:
    """Parse predicate syntax; ValueError explains what forms exist. Types are checked by the compiler."""
    text = text.strip()
    pieces = _AND.split(text)
    if len(pieces) > 1:
        parts = [parse_predicate(piece, sole_question) for piece in pieces]
        joined = tuple(p for p in parts if not isinstance(p, Else | All))
        if len(joined) < len(parts):
            raise ValueError(f"'else' cannot be joined with 'and': {text!r}")
        return All(parts=joined)
    if text == "else":
        return Else()
    if m := _TOP.match(text):
        if sole_question is None:
            raise ValueError(f"'top' is ambiguous in a block with several questions: {text!r}; use prob:/score:")
        op: Comparison = ">=" if m.group(1) == ">=" else "<"
        return Top(question=sole_question, op=op, threshold=float(m.group(2)))
    if m := _TYPED.match(text):
        family, question, number = m.groups()
        if family == "prob":
            return Prob(question=question, threshold=float(number))
        return Score(question=question, threshold=float(number))
    if m := _PICKED.match(text):
        return Picked(question=m.group(1), option=m.group(2))
    raise ValueError(f"unknown predicate {text!r}; the forms are: {', '.join(PREDICATE_FORMS)}")


def family(predicate: Predicate) -> str:
    """The predicate's family name: else, top, prob, score, picked or all."""
    return type(predicate).__name__.lower()


def render_predicate(predicate: Predicate) -> str:
    """The predicate as written in a file, numbers shown without trailing zeros."""
    match predicate:
        case Else():
            return "else"
        case Top(op=op, threshold=t):
            return f"top {op} {_fmt(t)}"
        case Prob(question=q, threshold=t):
            return f"prob:{q} >= {_fmt(t)}"
        case Score(question=q, threshold=t):
            return f"score:{q} >= {_fmt(t)}"
        case Picked(question=q, option=o):
            return f"picked:{q} = {o}"
        case All(parts=parts):
            return " and ".join(render_predicate(p) for p in parts)


def _fmt(number: float) -> str:
    return f"{number:g}"


def threshold_of(predicate: Predicate) -> float | None:
    """The number a thresholded predicate compares against; None for else, picked and a conjunction."""
    return predicate.threshold if isinstance(predicate, Top | Prob | Score) else None


def with_threshold(predicate: Thresholded, value: float) -> Thresholded:
    """The same predicate comparing against ``value``."""
    return dataclasses.replace(predicate, threshold=value)


def quantity(predicate: Thresholded, answer: Answer) -> float | None:
    """The number the predicate reads from ``answer``; None when the answer has the wrong type."""
    match predicate, answer:
        case Top(), ChoiceAnswer() | NoulAnswer() | ScoreAnswer():
            return answer.top
        case Prob(), NoulAnswer():
            return answer.noul
        case Score(), ScoreAnswer():
            return answer.expected
    return None


def holds(predicate: Predicate, answers: Mapping[str, Answer]) -> bool | None:
    """Whether the predicate holds; None when its answer is missing or of the wrong type (fail closed)."""
    if isinstance(predicate, Else):
        return True
    if isinstance(predicate, All):
        verdicts = [holds(part, answers) for part in predicate.parts]
        return None if None in verdicts else all(verdicts)
    answer = answers.get(predicate.question)
    if answer is None:
        return None
    if isinstance(predicate, Picked):
        return answer.choice == predicate.option if isinstance(answer, ChoiceAnswer) else None
    value = quantity(predicate, answer)
    if value is None or math.isnan(value):
        return None
    if isinstance(predicate, Top) and predicate.op == "<":
        return value < predicate.threshold
    return value >= predicate.threshold
