"""The user's own facts, kept in their notes, and the questions that ask for them ("where is my …", "when is my …",
"what's my … code", "which day is my …", "did I write down …"): answered by a note search, never by the web.

A question may add where the thing belongs ("at work", "for the gym"); the search still looks for the thing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from decisionloop.training.generator.tables import load, rows
from decisionloop.training.generator.texts import NoteText

Ask = Literal["where", "where_plural", "when", "code", "day"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Personal:
    """A note with a personal fact, how a question asks for it, and the settings a question may add."""

    note: NoteText
    ask: Ask
    tails: tuple[str, ...] = ()


PERSONAL: tuple[Personal, ...] = rows("personal_notes", Personal)
ASKS: dict[Ask, tuple[str, ...]] = load("personal", "asks", dict[Ask, tuple[str, ...]])
WRITTEN: tuple[str, ...] = load("personal", "written", tuple[str, ...])
