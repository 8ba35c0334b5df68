"""Random tool sets: the built-in tools (all of them in catalog order, or a random subset, some renamed and
re-described, in shuffled order) plus invented tools as distractors or as the tool the goal needs."""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from datetime import datetime
from functools import cache

from decisionloop.core.tool import SpanKind
from decisionloop.tools.builtin import builtin_tools
from decisionloop.tools.catalog import SPECS, UNITS, WHEN, WIKIDATA_PROPERTIES, WORKSPACE_SPECS
from decisionloop.training.generator.invented import INVENTED
from decisionloop.training.generator.kit import Kit, Played, SlotPlan, ToolPlan, realise

CATALOG_SHARE = 0.25
VARIANT_SHARE = 0.3
OTHER_BUILTIN_SHARE = 0.5
ASK_USER_SHARE = 0.8
WORKSPACE_SHARE = 0.06
SHUFFLE_SHARE = 0.75
DISTRACTORS = (0, 0, 0, 1, 1, 1, 2, 2, 3, 4)


def _s(
    key: str,
    names: tuple[str, ...],
    instruction: str,
    *,
    kinds: tuple[SpanKind, ...] = (),
    fixed: tuple[tuple[str, str], ...] = (),
    extra: tuple[str, ...] = (),
) -> SlotPlan:
    return SlotPlan(key=key, names=names, instruction=instruction, kinds=kinds, fixed=fixed, extra=extra)


_PROPERTIES = tuple((k, label) for k, _, label in WIKIDATA_PROPERTIES)
_NAMED: tuple[SpanKind, ...] = ("proper", "place", "person", "org", "topic")
VARIANTS: tuple[ToolPlan, ...] = (
    ToolPlan(
        role="weather",
        ids=("forecast", "weather_forecast", "get_forecast", "meteo"),
        descriptions=(
            "Fetch the forecast (sky, temperatures, chance of rain) for a town or city",
            "Tell what the weather will be like somewhere over the coming days",
        ),
        slots=(
            _s("place", ("place", "location", "city"), "Where should the forecast be for?", kinds=("place", "proper")),
            _s("when", ("when", "days", "period"), "Which days should the forecast cover?", fixed=WHEN),
        ),
    ),
    ToolPlan(
        role="wiki_lookup",
        ids=("encyclopedia", "wiki_summary", "article_search", "lookup_article"),
        descriptions=(
            "Fetch the opening of an encyclopedia article on a topic",
            "Summarise what the encyclopedia says about a person, place, event or idea",
        ),
        slots=(_s("topic", ("topic", "subject", "article"), "Which article is needed?", kinds=(*_NAMED, "noun")),),
    ),
    ToolPlan(
        role="wikidata_fact",
        ids=("fact_lookup", "knowledge_base", "entity_fact", "wikidata_query"),
        descriptions=(
            "Answer one factual question about a named place, person or company from a knowledge base",
            "Look up a single property (population, capital, CEO, height, …) of something with a name",
        ),
        slots=(
            _s("entity", ("entity", "item", "subject"), "What is the fact about?", kinds=_NAMED),
            _s("property", ("property", "fact", "attribute"), "Which fact is needed?", fixed=_PROPERTIES),
        ),
    ),
    ToolPlan(
        role="calculator",
        ids=("calc", "math", "evaluate_expression", "arithmetic"),
        descriptions=("Work out an arithmetic expression exactly", "Compute sums, products, ratios and percentages"),
        slots=(_s("expression", ("expression",), "What should be computed?", kinds=("expression",)),),
    ),
    ToolPlan(
        role="unit_convert",
        ids=("convert_units", "unit_converter", "measure_convert"),
        descriptions=(
            "Turn a measurement into another unit (length, weight, volume, temperature, speed)",
            "Unit conversion between metric and imperial measures",
        ),
        slots=(
            _s("quantity", ("quantity",), "Which measurement is converted?", kinds=("quantity",)),
            _s("to_unit", ("to_unit", "target_unit", "unit"), "Into which unit?", fixed=UNITS),
        ),
    ),
    ToolPlan(
        role="date_math",
        ids=("date_calculator", "add_to_date", "calendar_math"),
        descriptions=(
            "Count days, weeks or months forward or back from a date",
            "Find the date that lies some time before or after another date",
        ),
        slots=(
            _s("date", ("date", "start", "from_date"), "From which date?", kinds=("date",), extra=("today",)),
            _s("offset", ("offset", "amount", "shift"), "How much time?", kinds=("duration",)),
        ),
    ),
    ToolPlan(
        role="note_save",
        ids=("remember", "save_note", "memo_write", "notes_add"),
        descriptions=("Store a note for the user to recall later", "Write something down in the user's notebook"),
        slots=(_s("text", ("text", "note", "content"), "What should be written down?", kinds=("clause",)),),
        side_effect="saves a note",
        risk=1,
    ),
    ToolPlan(
        role="note_search",
        ids=("recall", "search_notes", "memo_search", "notes_find"),
        descriptions=("Find what the user wrote down earlier in their notes", "Search the user's notebook"),
        slots=(_s("query", ("query", "about", "keywords"), "What to look for?", kinds=("noun", "topic", "proper")),),
    ),
    ToolPlan(
        role="note_delete",
        ids=("forget", "delete_notes", "memo_delete", "notes_remove"),
        descriptions=("Erase notes from the user's notebook for good", "Remove saved notes that match some words"),
        slots=(
            _s(
                "query",
                ("query", "about", "which"),
                "Which notes go?",
                kinds=("noun", "topic", "proper"),
                extra=("all notes",),
            ),
        ),
        side_effect="permanently deletes saved notes",
        risk=3,
    ),
    ToolPlan(
        role="send_message",
        ids=("send_text", "notify_person", "compose_message", "messenger"),
        descriptions=("Send a text message to someone for the user", "Write and send a message to a contact"),
        slots=(
            _s("to", ("to", "recipient", "contact"), "Who gets the message?", kinds=("person", "proper")),
            _s("text", ("text", "body", "message"), "What does the message say?", kinds=("clause",)),
        ),
        side_effect="sends a message to another person (simulated: nothing is actually sent)",
        risk=2,
    ),
    ToolPlan(
        role="ask_user",
        ids=("clarify", "ask_question", "ask_the_user"),
        descriptions=(
            "Ask the user a question when the request is missing something needed",
            "Check with the user when it is unclear what they want",
        ),
    ),
)
BUILTIN_ROLES: tuple[str, ...] = tuple(s.id for s in SPECS if s.id != "FINISH")
_VARIANT = {p.role: p for p in VARIANTS}
_INVENTED = {p.role: p for p in INVENTED}


@cache
def _builtins() -> dict[str, Played]:
    tools = builtin_tools(workspace=True)
    return {t.id: Played(role=t.id, tool=t, names={s.name: s.name for s in t.slots}) for t in tools}


def _draw(plan: ToolPlan, rng: random.Random) -> Played:
    names = {s.key: rng.choice(s.names) for s in plan.slots}
    return realise(plan, rng.choice(plan.ids), rng.choice(plan.descriptions), names)


def _player(role: str, rng: random.Random, variants: bool) -> Played:
    if role in _INVENTED:
        return _draw(_INVENTED[role], rng)
    if variants and role in _VARIANT and rng.random() < VARIANT_SHARE:
        return _draw(_VARIANT[role], rng)
    return _builtins()[role]


def _roles(rng: random.Random, need: Collection[str], maybe: Collection[str]) -> list[str]:
    roles = [*need, *(r for r in maybe if rng.random() < 0.7)]
    roles += [r for r in BUILTIN_ROLES if r != "ask_user" and rng.random() < OTHER_BUILTIN_SHARE]
    if rng.random() < ASK_USER_SHARE:
        roles.append("ask_user")
    others = [p.role for p in INVENTED if p.role not in need]
    roles += rng.sample(others, rng.choice(DISTRACTORS))
    roles += [s.id for s in WORKSPACE_SPECS if rng.random() < WORKSPACE_SHARE]
    return list(dict.fromkeys(roles))


def _ordered(roles: Sequence[str]) -> list[str]:
    order = {r: i for i, r in enumerate((*BUILTIN_ROLES, *(s.id for s in WORKSPACE_SPECS)))}
    return sorted(roles, key=lambda r: order.get(r, len(order)))


def draw_kit(rng: random.Random, need: Sequence[str], maybe: Sequence[str], now: datetime) -> Kit:
    """Tools for an episode: every role in ``need``, some of ``maybe`` (alternatives), others as distractors."""
    if rng.random() < CATALOG_SHARE:
        roles = [*BUILTIN_ROLES, *(r for r in need if r not in BUILTIN_ROLES)]
        played = [_player(r, rng, variants=False) for r in roles]
    else:
        roles = _roles(rng, need, maybe)
        if rng.random() < SHUFFLE_SHARE:
            rng.shuffle(roles)
        else:
            roles = _ordered(roles)
        played = [_player(r, rng, variants=True) for r in roles]
    return Kit(tools=tuple(p.tool for p in played), played={p.role: p for p in played}, now=now)


def generated_ids() -> frozenset[str]:
    """Every id a variant or invented tool may take (none of them a built-in id)."""
    return frozenset(i for p in (*VARIANTS, *INVENTED) for i in p.ids)
