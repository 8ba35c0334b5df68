"""People for synthetic episodes: notable people as an encyclopedia knows them, and the first names and surnames
that messages go to.

Values are plausible, not checked: the generator teaches decisions, not facts.
"""

from __future__ import annotations

from dataclasses import dataclass

from decisionloop.training.generator.tables import load, rows


@dataclass(frozen=True, slots=True, kw_only=True)
class Person:
    """A notable person: what an encyclopedia would say in its first line."""

    name: str
    role: str
    born: str
    country: str
    lived: str
    known_for: str
    short: str = ""

    @property
    def surname(self) -> str:
        """How an article names the person after the first mention (Curie, Leonardo, Van Gogh)."""
        return self.short or self.name.split()[-1]


PEOPLE: tuple[Person, ...] = rows("people", Person)
FIRST_NAMES: tuple[str, ...] = load("people", "first_names", tuple[str, ...])
SURNAMES: tuple[str, ...] = load("people", "surnames", tuple[str, ...])
