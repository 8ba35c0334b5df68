"""Organisations (companies, charities, clubs) with the facts a fact lookup returns, and the products they make.

Values are plausible, not checked; some organisations are invented on purpose, so that a model cannot answer from
memory what the episode says came from a tool.
"""

from __future__ import annotations

from dataclasses import dataclass

from decisionloop.training.generator.tables import rows


@dataclass(frozen=True, slots=True, kw_only=True)
class Org:
    """An organisation with the facts a fact lookup returns about it (``ceo`` empty when it is led otherwise)."""

    name: str
    kind: str
    ceo: str
    founders: tuple[str, ...]
    founded: int
    city: str
    country: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Product:
    """A product and the organisation that makes it (the first hop of "the CEO of the company behind X")."""

    name: str
    kind: str
    maker: str
    year: int


ORGS: tuple[Org, ...] = rows("organisations", Org)
PRODUCTS: tuple[Product, ...] = rows("products", Product)
