"""What a tool's name says it does, and whether a goal asks for that: the verb's action and the object's words.

A catalogue's names are a verb and an object ("deleteSubnet", "getPlayerInfo", "calculate_water_needs"). A goal
asks for one action or a few ("delete the subnet", "tell me about the player"). Verbs that name one action are
grouped (get / retrieve / fetch; create / add / design), and a goal's words, inflected or not, name the groups it
asks for. Four facts per tool follow (feature version 8): the share of the object's words the goal uses (a word
meets a longer one it begins: "info" meets "information", "children" meets "childrenswear"), whether the goal
asks for the verb's action, whether it asks for another action and not this one, and the fit that joins them
(the share, zero on a clash). The best fit among the tools tells the NONE row how well any tool does the job;
"none of these fits" is then "no tool does what the goal asks, to what it names". The same facts are read in
training and at run time, from texts alone.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from decisionloop.core.tool import NONE

Rows = npt.NDArray[np.float32]
N_ACTION_FACTS = 6

# verbs that name one action (moveRobot, driveRobot); any other verb is its own action
ACTIONS = (
    frozenset({"get", "retrieve", "fetch", "find", "search", "lookup", "query", "list", "show", "view", "provide"}),
    frozenset({"create", "add", "generate", "make", "build", "design", "register", "compose", "write"}),
    frozenset({"update", "set", "modify", "edit", "change", "adjust", "configure"}),
    frozenset({"delete", "remove", "cancel", "drop", "clear", "erase"}),
    frozenset({"calculate", "compute", "estimate", "measure", "determine"}),
    frozenset({"analyze", "analyse", "assess", "evaluate", "examine"}),
    frozenset({"check", "validate", "verify"}),
    frozenset({"start", "run", "launch", "begin", "execute", "activate"}),
    frozenset({"stop", "end", "terminate", "halt", "deactivate"}),
    frozenset({"move", "drive", "control", "navigate", "steer"}),
    frozenset({"send", "post", "share", "publish"}),
    frozenset({"submit", "apply", "request"}),
    frozenset({"book", "reserve", "schedule"}),
    frozenset({"predict", "forecast"}),
)
VAGUE = frozenset({"info", "information", "detail", "details", "data"})  # getPlayer does what getPlayerInfo does
# a goal that asks with these words asks to read something (the first group), whatever its verb
_ASKING = frozenset({"tell", "give", "what", "which", "who", "whom", "when", "where", "how", "display", "obtain"})
_STOP = frozenset({"a", "an", "the", "of", "in", "on", "at", "to", "for", "is", "are", "was", "me", "my", "i", "it"})
_STOP |= frozenset({"this", "that", "and", "or", "with", "by", "from", "be", "please", "can", "you", "its", "all"})
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_WORD = re.compile(r"[a-z0-9]+")
_SHORTEST_PREFIX = 4  # "info" begins "information"; "art" does not stand for "article"


def same_action(verb: str, other: str) -> bool:
    """Whether two verbs name one action (equal, or in one group)."""
    return verb == other or any(verb in group and other in group for group in ACTIONS)


def singular(word: str) -> str:
    """A plural's singular, roughly ("players" → "player", "glass" stays)."""
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


def object_words(words: Sequence[str]) -> list[str]:
    """What a name's verb acts on: its other words in the singular, vague ones (info, data) left out."""
    singulars = [singular(w) for w in words]
    return [w for w in singulars if w not in VAGUE] or singulars


def name_words(name: str) -> list[str]:
    """A tool name's words, lower case, at case changes and at anything not a letter or a digit."""
    return _WORD.findall(_CAMEL.sub(" ", name).casefold())


def action_facts(names: Sequence[str], goal: str) -> Rows:
    """Per option: the share of its object's words the goal uses, the goal asks for its action, the goal asks for
    another action and not this one, the fit (the share, zero on a clash), the best fit among the options that
    are not NONE, and how far this one's fit stands below it (zero for NONE, whose row keeps only the best)."""
    words = [w for w in _WORD.findall(goal.casefold()) if w not in _STOP]
    asked = _asked_actions(words)
    used = {singular(w) for w in words}
    own = [None if name == NONE else _facts(name, used, asked) for name in names]
    best = max((f[3] for f in own if f is not None), default=0.0)
    rows = [[0.0, 0.0, 0.0, 0.0, best, 0.0] if f is None else [*f, best, best - f[3]] for f in own]
    return np.asarray(rows, dtype=np.float32).reshape(len(names), N_ACTION_FACTS)


def _facts(name: str, used: set[str], asked: set[int]) -> tuple[float, float, float, float]:
    words = name_words(name)
    action = _action_of(words[0]) if words else None
    what = object_words(words[1:] if action is not None and len(words) > 1 else words)
    share = sum(any(_meets(w, u) for u in used) for w in what) / len(what) if what else 0.0
    agrees = action is not None and action in asked
    clashes = action is not None and bool(asked) and action not in asked
    return share, float(agrees), float(clashes), 0.0 if clashes else share


def _action_of(verb: str) -> int | None:
    return next((i for i, group in enumerate(ACTIONS) if verb in group), None)


def _asked_actions(words: Sequence[str]) -> set[int]:
    """The groups whose verbs the goal uses in any common form ("deleting", "created", "adds")."""
    asked = {i for w in words for i in _GROUPS_OF_FORM.get(w, ())}
    if not _ASKING.isdisjoint(words):
        asked.add(0)
    return asked


def _forms(verb: str) -> set[str]:
    stem = verb[:-1] if verb.endswith("e") else verb
    return {verb, verb + "s", verb + "es", verb + "d", verb + "ed", stem + "ing", stem + "ed"}


def _index_forms() -> dict[str, frozenset[int]]:
    """Every form of every grouped verb, and the groups it names."""
    groups: dict[str, set[int]] = {}
    for i, group in enumerate(ACTIONS):
        for verb in group:
            for form in _forms(verb):
                groups.setdefault(form, set()).add(i)
    return {form: frozenset(found) for form, found in groups.items()}


_GROUPS_OF_FORM = _index_forms()


def _meets(word: str, other: str) -> bool:
    """Equal, or the shorter (four letters at least) begins the longer."""
    if word == other:
        return True
    short, long = (word, other) if len(word) <= len(other) else (other, word)
    return len(short) >= _SHORTEST_PREFIX and long.startswith(short)
