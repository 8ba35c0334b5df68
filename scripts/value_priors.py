"""The counts behind the model's value priors (``decisionloop.model.value_priors``), with no model, over the
slots of each item's expected tool in `bench tools` files:

- places: the string slots named for a place (``place_slot``) and the others; for each, how many right values
  are capitalised known places (``is_place_value``) among the values offered, and the odds that a place offered
  is the value against another value offered;
- named, described, unit, enumerated, in-form and label values: over every slot with spans, how many right
  values and how many other values stand right after the slot's name (``named_value``), are quoted or given as an
  example by the slot's description (``described_value``), are numbers the goal follows with a word of the slot's
  name or description or ages of a slot named for one (``unit_named``), join other values offered
  (``enumerated``), have the written form the slot's name asks for (``in_form``), are dates a slot named for one
  takes (``dated``) or another slot of such a call does not (``dated_elsewhere``), are made only of words of the
  call's slot names (``label``), or are named or described by another slot of the call and not by their own
  (``claimed``), and the likelihood ratio of each; and in calls with a slot named for a place, how many right
  values and other values of the other slots are places; and for each stem numbered twice or more (``team1``,
  ``team2``), whether the goal writes the right values in the slots' order (``in_goal_order``).

Measured 2026-12-05 on the train parts (bfcl_simple_python_train, bfcl_multiple_train, seal_train): place
slots 130 right values, 106 places among the 167 places offered, 24 others among the 806 others offered: odds
21.3; other slots 522 right values, 17 places among 112 offered, 505 others among 3,871: odds 1.2 (a place is
hardly likelier there than another value, so the prior leaves those slots alone). Of the 1,064 right values and
the 7,642 others: named 158 and 38, likelihood ratio 29.9 (102 and 33, 22.2, before a value quoted right after
the name counted); described 202 and 80, 18.1 (200 and 80 while "risk's" opened a quotation); unit 116 and 37,
22.5 (112 and 37, 21.7, before ages); enumerated 24 and 31, 5.6; in form 117 and 36, 23.3; label 1 and 1,528,
0.0047; claimed 2 and 680, 0.021. Places elsewhere: 2 of 168 right values, 146 of 1,588 others, 0.13. Numbered
slots: 15 stems whose values the goal writes in the slots' order, none out of it (3 whose values it does not all
write).

A value is right when an accepted value accepts it as written, or the ISO day it names (a date in words, "June 24,
2002", is the call's "2002-06-24"). Measured 2026-12-06 so, with a string slot whose description gives an ISO date
as its example read as a date slot: 1,106 right values and 7,803 others; dated 33 and 23, likelihood ratio 10.1
(named 158 and 26, described 208 and 80, unit 116 and 37, enumerated 24 and 31, in form 118 and 36, label 1 and
1,517, claimed 2 and 673); in calls with a slot named for a date, the other slots' dates (``dated_elsewhere``):
0 of 63 right values, 72 of 592 others.

Usage: python scripts/value_priors.py FILE.jsonl [FILE.jsonl ...]
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Mapping, Sequence
from datetime import date
from pathlib import Path

from decisionloop.core.tool import NONE, Slot
from decisionloop.extract import extract, slot_options
from decisionloop.gold.accept import accepts
from decisionloop.gold.tools_items import ExpectedCall, load_items
from decisionloop.model.value_priors import (
    claimed,
    date_slot,
    dated,
    dated_elsewhere,
    described_value,
    enumerated,
    first_written,
    in_form,
    is_place_value,
    label,
    named_value,
    numbered_siblings,
    place_slot,
    unit_named,
)
from decisionloop.values.dates import read_date

PRIORS: tuple[str, ...] = (
    "named",
    "described",
    "unit",
    "enumerated",
    "in form",
    "dated",
    "label",
    "claimed",
    "places elsewhere",
    "dates elsewhere",
)
DAY = date(2024, 1, 1)  # the day a date without a year is read in


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", type=Path)
    args = parser.parse_args()
    places: Counter[tuple[bool, bool, bool]] = Counter()  # (place slot, right value, a place)
    order: Counter[str] = Counter()  # numbered slots' right values: in the goal's order or not
    named: Counter[tuple[str, bool, bool]] = Counter()  # (prior, right value, the prior's fact holds)
    for path in args.files:
        for item in load_items(path):
            if not isinstance(item.expected, ExpectedCall):
                continue
            tool = next(t for t in item.tools if t.id == item.expected.name)
            candidates = extract(item.question, [])
            accepted = item.expected.accepted_values()
            placed_call = any(place_slot(s.name) for s in tool.slots)
            dated_call = any(date_slot(s.name) for s in tool.slots)
            slot_names = [s.name for s in tool.slots]
            described = {s.name: s.instruction for s in tool.slots}
            order.update(_numbered_order(tool.slots, accepted, item.question))
            for slot in tool.slots:
                if slot.is_fixed:
                    continue
                values = [o.name for o in slot_options(slot, candidates) if o.name != NONE]
                right = {v for v in values if any(_accepts(a, v) for a in accepted.get(slot.name, ()))}
                for v in values:
                    named["named", v in right, named_value(slot.name, v, item.question)] += 1
                    named["described", v in right, described_value(slot.name, v, item.question, slot.instruction)] += 1
                    named["enumerated", v in right, enumerated(v, values)] += 1
                    named["in form", v in right, in_form(slot.name, v)] += 1
                    named["dated", v in right, dated(slot.name, v, item.question)] += 1
                    named["unit", v in right, unit_named(slot.name, v, item.question, slot.instruction)] += 1
                    named["label", v in right, label(v, slot_names)] += 1
                    named["claimed", v in right, claimed(slot.name, v, item.question, described)] += 1
                    if placed_call and not place_slot(slot.name):
                        named["places elsewhere", v in right, is_place_value(v)] += 1
                    if dated_call and not date_slot(slot.name):
                        elsewhere = dated_elsewhere(slot.name, v, item.question, slot_names)
                        named["dates elsewhere", v in right, elsewhere] += 1
                if slot.type == "string" and right:
                    first = next(v for v in values if v in right)
                    placed = place_slot(slot.name)
                    places.update((placed, v == first, is_place_value(v)) for v in values)
    for placed, part in ((True, "place slots"), (False, "other slots")):
        right_places, others = places[placed, True, True], places[placed, True, False]
        offered_places = right_places + places[placed, False, True]
        offered_others = others + places[placed, False, False]
        print(
            f"{part}: {right_places + others} right values; places {right_places} of {offered_places} offered, "
            f"others {others} of {offered_others}: odds {_ratio(right_places, offered_places, others, offered_others)}"
        )
    print(f"numbered slots: {order['in order']} stems in the goal's order, {order['out of order']} out of it, "
          f"{order['not written']} not all written")  # fmt: skip
    for prior in PRIORS:
        right_yes, right_all = named[prior, True, True], named[prior, True, True] + named[prior, True, False]
        other_yes, other_all = named[prior, False, True], named[prior, False, True] + named[prior, False, False]
        print(
            f"{prior} values: {right_yes} of {right_all} right values, {other_yes} of {other_all} others: "
            f"likelihood ratio {_ratio(right_yes, right_all, other_yes, other_all)}"
        )


def _accepts(accepted: object, value: str) -> bool:
    """Whether ``value`` is ``accepted`` as written, or as the ISO day a date in words names ("June 24, 2002"
    for "2002-06-24": the call a date slot makes)."""
    if accepts(accepted, value):
        return True
    day = read_date(value, DAY)
    return day is not None and accepts(accepted, day.isoformat())


def _numbered_order(slots: Sequence[Slot], accepted: Mapping[str, Sequence[object]], goal: str) -> list[str]:
    """For each stem numbered twice or more (team1, team2), whether the right values the goal writes come in the
    slots' order ("in order"), out of it, or not all written ("not written")."""
    found: list[str] = []
    for siblings in numbered_siblings(s.name for s in slots):
        at = [_written_at(goal, accepted.get(name, ())) for name in siblings]
        found.append("not written" if -1 in at else "in order" if at == sorted(at) else "out of order")
    return found


def _written_at(goal: str, values: Sequence[object]) -> int:
    """Where the goal first writes one of ``values``, -1 if it writes none."""
    at = [first_written(str(v), goal) for v in values if str(v)]
    return min((a for a in at if a is not None), default=-1)


def _ratio(a: int, a_all: int, b: int, b_all: int) -> str:
    if not (a_all and b and b_all):
        return "-"
    ratio = (a / a_all) / (b / b_all)
    return f"{ratio:.1f}" if ratio >= 1 else f"{ratio:.2g}"


if __name__ == "__main__":
    main()
