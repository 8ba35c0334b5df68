"""Typed questions (choice, noul, score) and their `/v1/systemone` wire form."""

from __future__ import annotations

from collections.abc import Mapping
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


def question_to_wire(question: Question) -> dict[str, object]:
    """The JSON object of one question in a `/v1/systemone` request."""
    wire: dict[str, object] = {"type": question.type, "instructions": question.instructions}
    match question:
        case ChoiceQuestion(options=options):
            wire["criteria"] = {o.name: o.criteria for o in options}
        case NoulQuestion(true=true, false=false):
            if true is not None or false is not None:
                wire["criteria"] = {"true": true or "", "false": false or ""}
        case ScoreQuestion(levels=levels):
            wire["criteria"] = list(levels)
    return wire


def question_from_wire(raw: object) -> Question:
    """Parse one question of a `/v1/systemone` request; ValueError names what is wrong."""
    if not isinstance(raw, Mapping):
        raise ValueError(f"a question must be an object, got {type(raw).__name__}")
    kind = raw.get("type")
    instructions = raw.get("instructions")
    if not isinstance(instructions, str) or not instructions.strip():
        raise ValueError("a question needs non-empty string 'instructions'")
    criteria = raw.get("criteria")
    question: Question
    if kind == "choice":
        if not isinstance(criteria, Mapping) or not all(
            isinstance(k, str) and (v is None or isinstance(v, str)) for k, v in criteria.items()
        ):
            raise ValueError("a choice needs 'criteria': an object of option -> text or null")
        question = ChoiceQuestion(
            instructions=instructions, options=tuple(Option(name=k, criteria=v) for k, v in criteria.items())
        )
    elif kind == "noul":
        if criteria is None:
            question = NoulQuestion(instructions=instructions)
        elif isinstance(criteria, Mapping) and set(criteria) <= {"true", "false"}:
            true, false = criteria.get("true"), criteria.get("false")
            if not all(v is None or isinstance(v, str) for v in (true, false)):
                raise ValueError("noul criteria values must be strings")
            question = NoulQuestion(instructions=instructions, true=true, false=false)
        else:
            raise ValueError("noul 'criteria' must be an object with keys 'true' and 'false'")
    elif kind == "score":
        if not isinstance(criteria, list) or not all(isinstance(v, str) for v in criteria):
            raise ValueError("a score needs 'criteria': a list of level texts, lowest first")
        question = ScoreQuestion(instructions=instructions, levels=tuple(criteria))
    else:
        raise ValueError(f"unknown question type {kind!r}; known: {', '.join(QUESTION_TYPES)}")
    problem = question_problem(question)
    if problem is not None:
        raise ValueError(problem)
    return question
