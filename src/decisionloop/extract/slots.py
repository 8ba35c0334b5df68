"""Slot options: the candidate spans a slot accepts, ranked and capped, with its extra literals and NONE last."""

from __future__ import annotations

from collections.abc import Sequence

from decisionloop.core.questions import Option
from decisionloop.core.tool import NONE, Slot
from decisionloop.extract.candidates import GOAL, Candidate

MAX_OPTIONS = 20


def slot_options(slot: Slot, candidates: Sequence[Candidate]) -> tuple[Option, ...]:
    """A fixed slot's options; else its spans (goal first, then by kind rank, then in order), extras and NONE.

    Spans are deduplicated case-insensitively across kinds and capped so that at most 20 options go out.
    """
    if slot.is_fixed:
        return slot.fixed
    extras = tuple(dict.fromkeys(slot.extra))
    taken = {e.casefold() for e in extras} | {NONE.casefold()}
    spans: list[str] = []
    for c in _ranked(slot, candidates):
        if c.span.casefold() not in taken:
            taken.add(c.span.casefold())
            spans.append(c.span)
    spans = spans[: MAX_OPTIONS - 1 - len(extras)]
    return (
        *(Option(name=s) for s in spans),
        *(Option(name=e) for e in extras),
        Option(name=NONE, criteria=slot.none),
    )


def _ranked(slot: Slot, candidates: Sequence[Candidate]) -> list[Candidate]:
    accepted = [(i, c) for i, c in enumerate(candidates) if c.kind in slot.kinds]
    accepted.sort(key=lambda ic: (ic[1].source != GOAL, slot.kinds.index(ic[1].kind), ic[0]))
    return [c for _, c in accepted]
