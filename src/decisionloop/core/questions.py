"""Typed questions (choice, noul, score) and what makes one sendable; their wire form is in ``core.wire``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

QuestionType = Literal["choice", "noul", "score"]
QUESTION_TYPES: tuple[QuestionType, ...] = get_args(QuestionType)
MAX_CHOICE_OPTIONS = 255
MAX_SCORE_LEVELS = 10


@dataclass(frozen=True, slots=True, kw_only=True)
class Option:
    """One option of a choice question: the key the backend returns and when to pick it."""

    name: str
    criteria: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class ChoiceQuestion:
    """Pick one of several named options."""

    instructions: str
    options: tuple[Option, ...]

    @property
    def type(self) -> Literal["choice"]:
        """The wire type tag."""
        return "choice"

    @property
    def names(self) -> tuple[str, ...]:
        """Option keys in offered order."""
        return tuple(o.name for o in self.options)


@dataclass(frozen=True, slots=True, kw_only=True)
class NoulQuestion:
    """A statement the backend rates as true with probability ``noul``."""

    instructions: str
    true: str | None = None
    false: str | None = None

    @property
    def type(self) -> Literal["noul"]:
        """The wire type tag."""
        return "noul"


@dataclass(frozen=True, slots=True, kw_only=True)
class ScoreQuestion:
    """Rate on ordered levels, lowest first; the answer is an expected level."""

    instructions: str
    levels: tuple[str, ...]

    @property
    def type(self) -> Literal["score"]:
        """The wire type tag."""
        return "score"


Question = ChoiceQuestion | NoulQuestion | ScoreQuestion


def question_problem(question: Question) -> str | None:
    """Say why a question cannot be sent (too few or too many options, duplicates), or None."""
    match question:
        case ChoiceQuestion(options=options):
            names = [o.name for o in options]
            if len(names) < 2:
                return f"a choice needs at least 2 options, got {len(names)}: {names!r}"
            if len(names) > MAX_CHOICE_OPTIONS:
                return f"a choice takes at most {MAX_CHOICE_OPTIONS} options, got {len(names)}"
            if len(set(names)) != len(names):
                dupes = sorted({n for n in names if names.count(n) > 1})
                return f"option names must be unique; repeated: {dupes!r}"
        case ScoreQuestion(levels=levels):
            if not 2 <= len(levels) <= MAX_SCORE_LEVELS:
                return f"a score takes 2 to {MAX_SCORE_LEVELS} levels, got {len(levels)}"
        case NoulQuestion():
            pass
    return None
