"""What the decision model sees of one typed question about a state: a feature row per option.

The state's fields are read by role — the goal, the context (steps done, the chosen tool, its arguments), the
observation (last result, tool output, evidence) and a draft answer — so any frame of the loop, or a frame a user
writes, maps onto the same inputs. Each option row joins sentence embeddings of the option, the question and the
state with a few lexical facts (does the option's text occur in the goal? in the observation?). The same code
builds the rows for training and at run time.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from decisionloop.core.questions import ChoiceQuestion, NoulQuestion, Question, ScoreQuestion
from decisionloop.model.encoder import DIM, Encoder

Rows = npt.NDArray[np.float32]
ROLES = ("goal", "context", "observation", "draft")
_ROLE_OF = {
    "goal": "goal",
    "steps": "context",
    "tool": "context",
    "tool_description": "context",
    "arguments": "context",
    "last_observation": "observation",
    "output": "observation",
    "evidence": "observation",
    "draft": "draft",
}
_MARKER = re.compile(r"⟨/?untrusted tool output[^⟩]*⟩")
_WORD = re.compile(r"[0-9a-z]+")
_NUMBER = re.compile(r"\d[\d,]*(?:\.\d+)?")
_STOP = frozenset(
    [
        "a",
        "an",
        "the",
        "of",
        "in",
        "on",
        "at",
        "to",
        "for",
        "is",
        "are",
        "was",
        "what",
        "who",
        "which",
        "how",
        "me",
        "my",
        "i",
        "it",
        "this",
        "that",
        "and",
        "or",
    ]
)
NONE = "NONE"
N_LEXICAL = 17
FEATURE_VERSION = 2  # bumped whenever the feature rows change; a model trained on others is refused
N_FEATURES = 10 * DIM + N_LEXICAL


@dataclass(frozen=True, slots=True, kw_only=True)
class Framed:
    """A state read by role, and the option texts of one question."""

    roles: Mapping[str, str]
    question: str
    kind: str
    names: tuple[str, ...]
    texts: tuple[str, ...]


def read_state(state: object) -> dict[str, str]:
    """The state's text by role; a plain string state is the goal; unknown keys join the context."""
    if isinstance(state, str):
        return {"goal": state}
    roles: dict[str, list[str]] = {}
    if isinstance(state, Mapping):
        for key, value in state.items():
            text = _MARKER.sub("", value if isinstance(value, str) else str(value)).strip()
            if text and text != "nothing yet":
                roles.setdefault(_ROLE_OF.get(str(key), "context"), []).append(text)
    elif isinstance(state, Sequence):
        roles["context"] = [str(v) for v in state]
    return {role: "\n".join(parts) for role, parts in roles.items()}


def frame(state: object, question: Question) -> Framed:
    """The inputs of one question: its option names and the texts that stand for them."""
    match question:
        case ChoiceQuestion(options=options):
            names = tuple(o.name for o in options)
            texts = tuple(f"{o.name}: {o.criteria}" if o.criteria else o.name for o in options)
        case NoulQuestion(true=true, false=false):
            names = ("true", "false")
            texts = (f"yes: {true or 'true'}", f"no: {false or 'false'}")
        case ScoreQuestion(levels=levels):
            names = tuple(str(i) for i in range(len(levels)))
            texts = tuple(f"level {i}: {text}" for i, text in enumerate(levels))
    return Framed(roles=read_state(state), question=question.instructions, kind=question.type, names=names, texts=texts)


def texts_of(framed: Framed) -> list[str]:
    """Every text the rows need embedded (for batching many questions into one encoder call)."""
    return [framed.question, *(framed.roles.get(r, "") for r in ROLES), *framed.texts]


@dataclass(frozen=True, slots=True, kw_only=True)
class Inputs:
    """The embedded question: ``shared`` rows are the question and the four roles; one row per option; and
    the lexical facts per option. The head composes them (products, concatenation) into its feature rows."""

    shared: Rows
    options: Rows
    lexical: Rows


def inputs(framed: Framed, encoder: Encoder) -> Inputs:
    """Embed the question's texts and compute its lexical facts."""
    vectors = encoder.embed(texts_of(framed))
    return Inputs(shared=vectors[:5], options=vectors[5:], lexical=np.asarray(lexical_facts(framed), dtype=np.float32))


def compose(shared: Rows, options: Rows, lexical: Rows) -> Rows:
    """Feature rows: [o, q·o, g·o, c·o, b·o, d·o, g·b, g·c, g, b, lexical] per option (numpy, as at run time)."""
    q, g, c, b, d = shared
    n = len(options)
    per_option = [options, q * options, g * options, c * options, b * options, d * options]
    common = np.tile(np.concatenate([g * b, g * c, g, b]), (n, 1))
    return np.concatenate([*per_option, common, lexical], axis=1).astype(np.float32)


def _words(text: str) -> set[str]:
    return {w for w in _WORD.findall(text.casefold()) if w not in _STOP}


def _share(part: set[str], whole: set[str]) -> float:
    return len(part & whole) / len(part) if part else 0.0


def _numbers(text: str) -> set[str]:
    return {n.replace(",", "") for n in _NUMBER.findall(text)}


def lexical_facts(framed: Framed) -> list[list[float]]:
    """Per option: facts about the state (steps done, coverage of the goal, numbers) and about the option
    (is it NONE, does its text occur in the goal, the observation, the context)."""
    goal, context = framed.roles.get("goal", ""), framed.roles.get("context", "")
    observation, draft = framed.roles.get("observation", ""), framed.roles.get("draft", "")
    goal_words, seen = _words(goal), _words(observation + " " + context)
    state = [
        min(context.count("\n") + 1 if context else 0, 8) / 8,
        float(not observation),
        _share(goal_words, seen),
        _share(_numbers(goal), _numbers(observation + context)),
        _share(_numbers(draft), _numbers(observation + goal)) if draft else 1.0,
        float(bool(_NUMBER.search(observation))),
        float(framed.kind == "choice"),
        float(framed.kind == "noul"),
        float(framed.kind == "score"),
        math.log(len(framed.names)) / 3,
    ]
    return [state + _option(name, goal, observation, context) for name in framed.names]


def _option(name: str, goal: str, observation: str, context: str) -> list[float]:
    """Facts about one option; never its position, so the order options come in cannot sway the choice."""
    folded = name.casefold()
    words = _words(name)
    found = goal.casefold().find(folded) if len(folded) > 1 else -1
    return [
        float(name == NONE),
        float(found >= 0),
        found / max(len(goal), 1) if found >= 0 else 1.0,
        float(len(folded) > 1 and folded in observation.casefold()),
        float(len(folded) > 1 and folded in context.casefold()),
        _share(words, _words(goal)),
        min(len(name), 40) / 40,
    ]
