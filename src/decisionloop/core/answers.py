"""Typed answers, validated against the question asked, and the quantities a gate reads.

Gate quantities (probability of the chosen option, margin to the runner-up, expected score) are computed here
from the probabilities. A server's ``confidence`` field is kept for the record but never read: its meaning
differs between servers (top probability on one, normalised entropy on another).
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from decisionloop.core.questions import ChoiceQuestion, NoulQuestion, Question, ScoreQuestion

_SUM_TOLERANCE = 0.02
_LEVEL = re.compile(r"[0-9]{1,3}")


@dataclass(frozen=True, slots=True, kw_only=True)
class ChoiceAnswer:
    """The chosen option and a probability per offered option."""

    choice: str
    probabilities: Mapping[str, float]
    confidence: float | None = None

    @property
    def top(self) -> float:
        """Probability of the chosen option."""
        return self.probabilities.get(self.choice, 0.0)

    @property
    def margin(self) -> float:
        """Probability of the chosen option minus that of the best other option."""
        others = [p for k, p in self.probabilities.items() if k != self.choice]
        return self.top - max(others, default=0.0)

    def ranked(self) -> list[tuple[str, float]]:
        """Options by falling probability."""
        return sorted(self.probabilities.items(), key=lambda kv: -kv[1])


@dataclass(frozen=True, slots=True, kw_only=True)
class NoulAnswer:
    """Probability that the statement holds."""

    noul: float

    @property
    def top(self) -> float:
        """Probability of the more likely side."""
        return max(self.noul, 1.0 - self.noul)

    @property
    def margin(self) -> float:
        """Distance between the two sides' probabilities."""
        return abs(2.0 * self.noul - 1.0)


@dataclass(frozen=True, slots=True, kw_only=True)
class ScoreAnswer:
    """A distribution over ordered levels (index 0 = lowest)."""

    probabilities: tuple[float, ...]
    legend: tuple[str, ...] = field(default=())

    @property
    def expected(self) -> float:
        """Expected level, the quantity ``score:<q> >= n`` reads."""
        return sum(i * p for i, p in enumerate(self.probabilities))

    @property
    def top(self) -> float:
        """Probability of the most likely level."""
        return max(self.probabilities)

    @property
    def margin(self) -> float:
        """Most likely level's probability minus the runner-up's."""
        first, second = sorted(self.probabilities, reverse=True)[:2]
        return first - second


Answer = ChoiceAnswer | NoulAnswer | ScoreAnswer


class InvalidAnswerError(ValueError):
    """An answer that cannot be used for this question; the message says why."""


def parse_answer(raw: object, question: Question) -> Answer:
    """Validate one wire answer against the question it answers (trust values, not tags)."""
    if not isinstance(raw, Mapping):
        raise InvalidAnswerError(f"an answer must be an object, got {type(raw).__name__}")
    tag = raw.get("type")
    if tag is not None and tag != question.type:
        raise InvalidAnswerError(f"answer of type {tag!r} to a {question.type} question")
    match question:
        case ChoiceQuestion():
            return _parse_choice(raw, question)
        case NoulQuestion():
            return NoulAnswer(noul=_probability(raw.get("noul"), "noul"))
        case ScoreQuestion():
            return _parse_score(raw, question)


def _probability(value: object, what: str) -> float:
    number = _number(value)
    if number is None:
        raise InvalidAnswerError(f"{what} must be a number, got {value!r:.80}")
    if not math.isfinite(number) or not 0.0 <= number <= 1.0:
        raise InvalidAnswerError(f"{what} must lie in [0, 1], got {value!r}")
    return number


def _number(value: object) -> float | None:
    """A finite-or-not float from a JSON number; None for anything else (bools, strings, huge integers)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    try:
        return float(value)
    except OverflowError:
        return None


def _normalised(values: Mapping[str, float]) -> dict[str, float]:
    total = sum(values.values())
    if total <= 0.0 or abs(total - 1.0) > _SUM_TOLERANCE:
        raise InvalidAnswerError(f"probabilities must sum to 1, got {total:.4f}")
    return {k: v / total for k, v in values.items()}


def _parse_choice(raw: Mapping[object, object], question: ChoiceQuestion) -> ChoiceAnswer:
    offered = question.names
    choice = raw.get("choice")
    if not isinstance(choice, str) or not choice:
        raise InvalidAnswerError(f"choice must be a non-empty string, got {choice!r}")
    if choice not in offered:
        raise InvalidAnswerError(f"choice {choice!r} was not offered; offered: {', '.join(offered)}")
    probs = raw.get("probabilities")
    if not isinstance(probs, Mapping):
        raise InvalidAnswerError("a choice answer needs 'probabilities' (the gate never reads 'confidence')")
    values: dict[str, float] = {}
    for key, value in probs.items():
        if key not in offered:
            raise InvalidAnswerError(f"probability given for {key!r}, which was not offered")
        values[str(key)] = _probability(value, f"probability of {key!r}")
    full = {name: values.get(name, 0.0) for name in offered}
    return ChoiceAnswer(choice=choice, probabilities=_normalised(full), confidence=_number(raw.get("confidence")))


def _parse_score(raw: Mapping[object, object], question: ScoreQuestion) -> ScoreAnswer:
    levels = question.levels
    probs = raw.get("probabilities")
    if isinstance(probs, Mapping) and probs:
        by_index = [0.0] * len(levels)
        for key, value in probs.items():
            index = _level_index(key, levels)
            by_index[index] = _probability(value, f"probability of level {key!r}")
        normal = _normalised({str(i): p for i, p in enumerate(by_index)})
        return ScoreAnswer(probabilities=tuple(normal[str(i)] for i in range(len(levels))), legend=levels)
    raise InvalidAnswerError("a score answer needs 'probabilities' per level")


def _level_index(key: object, levels: tuple[str, ...]) -> int:
    if isinstance(key, str) and _LEVEL.fullmatch(key) and int(key) < len(levels):
        return int(key)
    if isinstance(key, str) and key in levels:
        return levels.index(key)
    raise InvalidAnswerError(f"probability given for level {key!r}; levels are 0..{len(levels) - 1}")


def summarise(answer: Answer) -> str:
    """A short human reading: ``tool=weather (0.91)``-style value without the id."""
    match answer:
        case ChoiceAnswer(choice=choice):
            return f"{choice} ({answer.top:.2f})"
        case NoulAnswer(noul=noul):
            return f"{noul:.2f}"
        case ScoreAnswer():
            return f"{answer.expected:.2f}"
