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

from decisionloop.core.courtesy import request
from decisionloop.core.questions import ChoiceQuestion, NoulQuestion, Question, ScoreQuestion
from decisionloop.model.actions import N_ACTION_FACTS, action_facts
from decisionloop.model.binding import N_BINDING_FACTS, N_BINDING_FACTS_V6, binding_facts, split_name
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
N_TEXT_FACTS = 19  # lexical_facts: read from the texts alone
N_WORD_FACTS = 6  # word_facts: the words an option's text shares with the goal, against the best option's
N_EMBEDDED_FACTS = 4  # embedded_facts: read from the embeddings of the goal and of every option
N_LEXICAL = N_TEXT_FACTS + N_WORD_FACTS + N_EMBEDDED_FACTS + N_BINDING_FACTS + N_ACTION_FACTS
FEATURE_VERSION = 8  # bumped whenever the feature rows change; a model trained on others is refused
# Version 7 rows are version 8's without the action facts; version 5's have no binding facts either, version 6's
# only the first eight of them; so a model trained on any of them is still read.
READABLE_VERSIONS = (5, 6, 7, FEATURE_VERSION)
_WINDOW_BEFORE, _WINDOW_AFTER = 4, 2  # words read on each side of an option where it occurs in the text
N_FEATURES = 10 * DIM + N_LEXICAL


@dataclass(frozen=True, slots=True, kw_only=True)
class Framed:
    """A state read by role, and the option texts of one question; ``tool``, the text of the tool the state is about
    (``option_text`` of its id and description: an argument's question), else empty."""

    roles: Mapping[str, str]
    question: str
    kind: str
    names: tuple[str, ...]
    texts: tuple[str, ...]
    tool: str = ""


def read_state(state: object) -> dict[str, str]:
    """The state's text by role; a plain string state is the goal; unknown keys join the context. The goal is read
    without the courtesies around it ("hey, …", "… thanks!")."""
    if isinstance(state, str):
        return {"goal": request(state)}
    roles: dict[str, list[str]] = {}
    if isinstance(state, Mapping):
        for key, value in state.items():
            text = _MARKER.sub("", value if isinstance(value, str) else str(value)).strip()
            if text and text != "nothing yet":
                roles.setdefault(_ROLE_OF.get(str(key), "context"), []).append(text)
    elif isinstance(state, Sequence):
        roles["context"] = [str(v) for v in state]
    read = {role: "\n".join(parts) for role, parts in roles.items()}
    if "goal" in read:
        read["goal"] = request(read["goal"])
    return read


def frame(state: object, question: Question) -> Framed:
    """The inputs of one question: its option names and the texts that stand for them."""
    match question:
        case ChoiceQuestion(options=options):
            names = tuple(o.name for o in options)
            texts = tuple(option_text(o.name, o.criteria) for o in options)
        case NoulQuestion(true=true, false=false):
            names = ("true", "false")
            texts = (f"yes: {true or 'true'}", f"no: {false or 'false'}")
        case ScoreQuestion(levels=levels):
            names = tuple(str(i) for i in range(len(levels)))
            texts = tuple(f"level {i}: {text}" for i, text in enumerate(levels))
    tool = ""
    if isinstance(state, Mapping) and isinstance(state.get("tool"), str) and state["tool"]:
        described = state.get("tool_description")
        tool = option_text(state["tool"], described if isinstance(described, str) else None)
    roles = read_state(state)
    return Framed(roles=roles, question=question.instructions, kind=question.type, names=names, texts=texts, tool=tool)


def option_text(name: str, criteria: str | None) -> str:
    """The text that stands for a choice's option: ``name: criteria`` (a tool's id and description)."""
    return f"{name}: {criteria}" if criteria else name


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


def inputs(framed: Framed, encoder: Encoder, *, version: int = FEATURE_VERSION) -> Inputs:
    """Embed the question's texts and compute its lexical facts (as feature ``version`` has them)."""
    vectors = encoder.embed(texts_of(framed))
    lexical = facts(framed, vectors[1], vectors[5:], version=version)
    return Inputs(shared=vectors[:5], options=vectors[5:], lexical=lexical)


def facts(framed: Framed, goal: Rows, options: Rows, *, version: int = FEATURE_VERSION) -> Rows:
    """Every option's lexical row: the text facts, the word facts, the embedded facts (``goal`` and ``options``
    are the embeddings of the goal and of the option texts, as ``texts_of`` orders them), then for a choice the
    binding facts (which option the slot's question binds to; not in version 5) and the action facts (does the
    option's name do what the goal asks, to what it names; version 8)."""
    text = np.asarray(lexical_facts(framed), dtype=np.float32)
    embedded = embedded_facts(framed.names, goal, options)
    if version == 5:
        return np.concatenate([text, word_facts(framed), embedded], axis=1)
    goal_text, n = framed.roles.get("goal", ""), len(framed.names)
    choice = framed.kind == "choice"
    bound = binding_facts(framed.question, framed.names, goal_text) if choice else _zeros(n, N_BINDING_FACTS)
    if version == 6:
        bound = bound[:, :N_BINDING_FACTS_V6]
    parts = [text, word_facts(framed), embedded, bound]
    if version >= 8:
        parts.append(action_facts(framed.names, goal_text) if choice else _zeros(n, N_ACTION_FACTS))
    return np.concatenate(parts, axis=1)


def lexical_width(version: int) -> int:
    """How many lexical facts a row of feature ``version`` has. Each version's rows are the first columns of the
    next one's, so one set of rows at the newest version serves a head of any older one, cut to this width."""
    base = N_TEXT_FACTS + N_WORD_FACTS + N_EMBEDDED_FACTS
    bound = {5: 0, 6: N_BINDING_FACTS_V6}.get(version, N_BINDING_FACTS)
    return base + bound + (N_ACTION_FACTS if version >= 8 else 0)


def _zeros(n: int, width: int) -> Rows:
    return np.zeros((n, width), dtype=np.float32)


def word_facts(framed: Framed) -> Rows:
    """Per option: the share of its name's words that the goal uses, the share of the goal's words its whole
    text uses (name and description), and for each the best among the options that are not NONE and how far
    this one stands below it. Words are cut to stems and names split at case changes ("sendSatelliteMessage"),
    so a catalogue's own naming meets the goal's wording; like ``embedded_facts``, the best values tell the
    NONE row how well the best tool matches."""
    goal = _stems(framed.roles.get("goal", ""))
    own = [
        (0.0, 0.0) if name == NONE else (_share(_stems(split_name(name)), goal), _share(goal, _stems(split_name(text))))
        for name, text in zip(framed.names, framed.texts, strict=True)
    ]
    real = [pair for name, pair in zip(framed.names, own, strict=True) if name != NONE]
    best_name = max((n for n, _ in real), default=0.0)
    best_text = max((t for _, t in real), default=0.0)
    rows = [
        [n, t, best_name, best_text, best_name - n if name != NONE else 0.0, best_text - t if name != NONE else 0.0]
        for name, (n, t) in zip(framed.names, own, strict=True)
    ]
    return np.asarray(rows, dtype=np.float32).reshape(len(framed.names), N_WORD_FACTS)


def embedded_facts(names: Sequence[str], goal: Rows, options: Rows) -> Rows:
    """Per option: its cosine with the goal, the best cosine among the options that are not NONE, how far it
    stands below that best, and whether it is the best. Every other feature of a row is about its own option;
    these let the NONE row (and each tool) see how well the best of the others fits, so "none of these fits" can
    be learned as "even the best is a poor match"."""
    cosines = options @ goal if len(options) else np.zeros(0, dtype=np.float32)
    real = [c for n, c in zip(names, cosines, strict=True) if n != NONE]
    best = max(real) if real else 0.0
    rows = [
        [c, best, best - c if n != NONE else 0.0, float(n != NONE and c >= best)]
        for n, c in zip(names, cosines, strict=True)
    ]
    return np.asarray(rows, dtype=np.float32).reshape(len(names), N_EMBEDDED_FACTS)


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
    asked = _stems(split_name(framed.question))
    return [state + _option(name, goal, observation, context, asked) for name in framed.names]


def _option(name: str, goal: str, observation: str, context: str, asked: set[str]) -> list[float]:
    """Facts about one option; never its position, so the order options come in cannot sway the choice."""
    folded = name.casefold()
    words = _words(name)
    found = goal.casefold().find(folded) if len(folded) > 1 else -1
    before, after = _window(name, goal, observation)
    return [
        float(name == NONE),
        float(found >= 0),
        found / max(len(goal), 1) if found >= 0 else 1.0,
        float(len(folded) > 1 and folded in observation.casefold()),
        float(len(folded) > 1 and folded in context.casefold()),
        _share(words, _words(goal)),
        min(len(name), 40) / 40,
        # does the question's wording stand next to the option ("a base of 10" for "the base of the triangle")?
        _share(before, asked),
        _share(after, asked),
    ]


def _stems(text: str) -> set[str]:
    """Content words cut to five letters, so "starting" meets "start" and "heights" meets "height"."""
    return {w[:5] for w in _words(text)}


def _window(name: str, goal: str, observation: str) -> tuple[set[str], set[str]]:
    """The stems of the words just before and just after the option where it first stands as a word of its own,
    in the goal or else in the observation ("5" in "height of 5", not in "15")."""
    if not name.strip() or name == NONE:
        return set(), set()
    alone = re.compile(rf"(?<!\w){re.escape(name)}(?!\w)", re.IGNORECASE)
    for text in (goal, observation):
        found = alone.search(text)
        if found is not None:
            before = " ".join(text[: found.start()].split()[-_WINDOW_BEFORE:])
            after = " ".join(text[found.end() :].split()[:_WINDOW_AFTER])
            return _stems(before), _stems(after)
    return set(), set()
