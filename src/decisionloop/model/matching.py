"""A second reading of the first tool choice: which offered tool's name and description read closest to the goal.

System 1 learned its tool choice on the generator's families and the catalogues it trained on. On a family it
never saw it can say, at .99, that no tool fits "erase what I saved about my plumber" beside a tool described
"Delete saved notes the user no longer wants", or ask the user how many liters 38.1 gallons is beside a unit
converter. The sentence encoder alone, with no head trained on top, reads those goals as closest to the right
tool. When System 1 picks no tool, or one that needs no value, and one offered tool reads clearly closest to the
goal, the gate holds the step for a person (``loop.gate.overlooked_holds``); so it does when System 1 picks a tool
that only reads ("search the notes") and the closest tool changes something ("Delete my note about the paint
colour"). The quantity and its thresholds are in the hold's detail.

The thresholds were chosen on the validation parts of BFCL (simple, multiple, irrelevance) and Seal-Tools (gold
tool kept, gold tool removed), on the first decisions that said no tool fits or asked the user, as the pair with
the largest share of wrong ones held less the share of right ones held: 18 of 25 wrong held, 22 of 103 right;
with two tools or more offered (as the matcher reads them now), 9 of 16 wrong, 9 of 63 right. No validation decision
reads between cosines .20 and .25 with the lead, so the cosine was lowered to .20 where the everyday goals showed
the need: "what's the temperature in miami" reads weather at .23 (.13 ahead) and had ended saying no tool fits.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np

from decisionloop.core.tool import Tool
from decisionloop.core.vocab import ASK_USER, FINISH
from decisionloop.model.backend import ENCODER, TOKENIZER, has_model, shipped_dir
from decisionloop.model.binding import split_name
from decisionloop.model.encoder import Encoder

MATCH_COSINE = 0.20  # the closest tool's cosine to the goal, at least
MATCH_LEAD = 0.10  # and its lead over the next closest offered tool
_SEPARATORS = re.compile(r"[\W_]+")


@dataclass(frozen=True, slots=True, kw_only=True)
class Match:
    """The offered tool whose name and description read closest to the goal, how close, and by how much."""

    tool: str
    cosine: float
    lead: float
    changes: bool = False  # the tool changes something (it has a side effect)

    @property
    def clear(self) -> bool:
        """Whether it reads close enough, and closer enough than the next tool, to question a pick of no tool."""
        return self.cosine >= MATCH_COSINE and self.lead >= MATCH_LEAD

    def describe(self) -> str:
        """The quantity and its thresholds, for a hold's detail."""
        return (
            f"{self.tool} reads closest to the goal (cosine {self.cosine:.2f} ≥ {MATCH_COSINE:.2f}, "
            f"{self.lead:.2f} ≥ {MATCH_LEAD:.2f} ahead of the next tool)"
        )


Matcher = Callable[[str, Sequence[Tool]], Match | None]  # a goal and the offered tools → the closest one


def tool_text(tool: Tool) -> str:
    """What is compared with the goal: the tool's name in words, then its description."""
    words = " ".join(w for w in _SEPARATORS.split(split_name(tool.id)) if w)
    return f"{words}: {tool.description}"


class ToolMatcher:
    """Reads which offered tool is closest to a goal with the sentence encoder (its cache serves repeated texts).
    One matcher serves every thread of a process (the web app's runs and evaluations): the encoder's cache is read
    and written under a lock."""

    def __init__(self, encoder: Encoder) -> None:
        self._encoder = encoder
        self._lock = threading.Lock()

    def closest(self, goal: str, tools: Sequence[Tool]) -> Match | None:
        """The closest of ``tools`` (asking the user and finishing left out) to ``goal``; None with fewer than two
        of them: "closest" needs another to be closer than, and with one tool whether it fits is pick_tool's own
        question, NONE against it (on BFCL's irrelevance, one function each, the reading held 91 of 206 right
        automatic NONEs and no wrong one)."""
        named = [t for t in tools if t.id not in (ASK_USER, FINISH)]
        if not goal.strip() or len(named) < 2:
            return None
        with self._lock:
            rows = self._encoder.embed([goal, *(tool_text(t) for t in named)])
        cosines = rows[1:] @ rows[0]
        order = np.argsort(-cosines, kind="stable")
        best = float(cosines[order[0]])
        tool = named[int(order[0])]
        lead = best - float(cosines[order[1]])
        return Match(tool=tool.id, cosine=best, lead=lead, changes=tool.side_effect is not None)


@cache
def shipped_matcher() -> Matcher | None:
    """``ToolMatcher.closest`` on the bundled encoder (loaded once per process, on first use); None when the
    package has no model files."""
    where = shipped_dir()
    if not has_model(where):
        return None
    return ToolMatcher(Encoder(where / ENCODER, where / TOKENIZER)).closest
