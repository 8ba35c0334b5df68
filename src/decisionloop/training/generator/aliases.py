"""Phrases that stand for a name the tool needs: nicknames ("the Windy City") and people or companies described
instead of named ("the inventor of the telephone", "the company that makes the Walkman"), whose goal holds a
work, an invention or a product, never the name an encyclopedia lookup needs."""

from __future__ import annotations

from dataclasses import dataclass

from decisionloop.training.generator.organisations import PRODUCTS
from decisionloop.training.generator.tables import load, rows


@dataclass(frozen=True, slots=True, kw_only=True)
class Nickname:
    """A name that does not say what it means: the goal uses ``phrase``, the tool needs ``real``."""

    phrase: str
    real: str
    kind: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Described:
    """A description (with its leading "the") and the real name it stands for; ``kind`` is person or org."""

    phrase: str
    real: str
    kind: str


NICKNAMES: tuple[Nickname, ...] = rows("nicknames", Nickname)
_MAKERS: tuple[str, ...] = load("aliases", "maker_descriptions", tuple[str, ...])
DESCRIBED: tuple[Described, ...] = (
    *rows("described_people", Described),
    *(
        Described(phrase=m.format(p=p.name), real=p.maker, kind="org")
        for p in PRODUCTS
        if p.maker.split()[0].casefold() not in p.name.casefold()  # "the maker of the Nokia 3310" names it
        for m in _MAKERS
    ),
)
