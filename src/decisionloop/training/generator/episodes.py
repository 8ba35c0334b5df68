"""The intents the generator draws from: one builder each, the tool roles it needs, and its share of episodes."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from decisionloop.core.errors import ConfigError
from decisionloop.core.vocab import ASK_USER
from decisionloop.training.generator import actions, clarify, compute, encyclopedia, lookups, multihop
from decisionloop.training.generator.invented_tools import MAKERS, PAIRED, invented, quote_then_calc
from decisionloop.training.generator.kit import Draft, Kit

Builder = Callable[[random.Random, Kit], Draft]


@dataclass(frozen=True, slots=True, kw_only=True)
class Intent:
    """A kind of goal: its builder, the roles its tools must play, roles it uses when offered, and its weight."""

    name: str
    weight: float
    build: Builder
    need: tuple[str, ...]
    maybe: tuple[str, ...] = ()


def _i(name: str, weight: float, build: Builder, *need: str, maybe: tuple[str, ...] = ()) -> Intent:
    return Intent(name=name, weight=weight, build=build, need=need, maybe=maybe)


_FACT, _WIKI, _NOTES = "wikidata_fact", "wiki_lookup", "note_search"
INTENTS: tuple[Intent, ...] = (
    _i("weather", 7, lookups.weather, "weather"),
    _i("clock", 2.5, lookups.clock, "clock"),
    _i("wiki", 6, lookups.wiki, _WIKI, maybe=(_FACT,)),
    _i("wiki.event", 3, encyclopedia.event, _WIKI, maybe=(_FACT,)),
    _i("wiki.where", 2.5, encyclopedia.where, _WIKI, maybe=(_FACT, _NOTES)),
    _i("wiki.named", 3, encyclopedia.named, _WIKI, maybe=(_FACT,)),
    _i("fact", 8, lookups.fact, _FACT, maybe=(_WIKI,)),
    _i("fact.founding", 4, lookups.founding, _FACT, maybe=(_WIKI,)),
    _i("fact.leader", 2, lookups.leader, _FACT, maybe=(_WIKI,)),
    _i("calc", 6, compute.calc, "calculator"),
    _i("units", 5, compute.units, "unit_convert"),
    _i("date", 4, compute.date, "date_math"),
    _i("multihop.country", 5, multihop.country_of, _FACT, maybe=(_WIKI, "unit_convert")),
    _i("multihop.whose_capital", 3, multihop.capital_country, _FACT, maybe=(_WIKI, "unit_convert")),
    _i("multihop.capital", 3, multihop.capital_of, _FACT, "weather"),
    _i("multihop.calc", 4, multihop.fact_then_calc, _FACT, "calculator"),
    _i("multihop.units", 2, multihop.fact_then_units, _FACT, "unit_convert"),
    _i("multihop.maker", 2, multihop.maker_of, _WIKI, _FACT),
    _i("multihop.birthplace", 2, multihop.birthplace, _WIKI, _FACT),
    _i("multihop.quote", 1, quote_then_calc, "stock_quote", "calculator"),
    _i("multihop.relay", 2, multihop.relay, "weather", "send_message"),
    _i("memory.save", 5, actions.save, "note_save"),
    _i("memory.search", 4, actions.search, "note_search"),
    _i("memory.ask", 5, actions.ask, _NOTES, maybe=(_WIKI, _FACT)),
    _i("memory.delete", 3.5, actions.delete, "note_delete"),
    _i("message", 6, actions.send, "send_message"),
    _i("rewrite.nickname", 6, lookups.nickname, _FACT, "weather", _WIKI),
    _i("rewrite.typo", 2, lookups.misspelt, _FACT),
    _i("rewrite.described", 3, encyclopedia.described, _WIKI, maybe=(_FACT,)),
    *(
        _i(f"ambiguous.{kind}", weight, clarify.ambiguous(kind), ASK_USER, clarify.ASKS[kind][1])
        for kind, weight in (
            ("degrees", 1.0),
            ("convert", 1.0),
            ("where", 1.0),
            ("what", 0.8),
            ("who", 0.8),
            ("sum", 0.6),
            ("which", 0.8),
            ("note", 0.5),
            ("forget", 0.5),
        )
    ),
    # the tools with values of one kind in pairs twice as often: they teach which value fills which slot
    *(_i(f"custom.{role}", 1.4 if role in PAIRED else 0.7, invented(role), role) for role in MAKERS),
    _i("chat", 2, clarify.chat),
    _i("chat.direct", 4, clarify.direct),
)


def in_family(intent: str, families: Sequence[str]) -> bool:
    """Whether ``intent`` is one of ``families``: the intent itself or a family above it (``multihop`` holds
    ``multihop.maker``)."""
    return any(intent == f or intent.startswith(f + ".") for f in families)


def check_families(families: Sequence[str]) -> None:
    """ConfigError naming the families that match no intent, with the intents there are."""
    unknown = [f for f in families if not any(in_family(i.name, (f,)) for i in INTENTS)]
    if unknown:
        names = ", ".join(i.name for i in INTENTS)
        raise ConfigError(f"no intent is in the family {', '.join(map(repr, unknown))}; the intents: {names}")


def draw_intent(rng: random.Random) -> Intent:
    """An intent, drawn by weight."""
    return rng.choices(INTENTS, weights=[i.weight for i in INTENTS])[0]
