"""A teacher-forced step's arguments are right when each slot's choice is the gold option, and a slot offered
nothing (not asked, left out of the call as the loop does) is right when its gold value was not offered either."""

from __future__ import annotations

from decisionloop.core.answers import ChoiceAnswer
from decisionloop.core.tool import NONE
from decisionloop.evaluate.gating import _slot_right
from decisionloop.gold.teacher import SlotCase


def _choice(name: str) -> ChoiceAnswer:
    return ChoiceAnswer(choice=name, probabilities={name: 0.9, NONE: 0.1})


def test_an_asked_slot_is_right_when_it_chose_the_gold_option() -> None:
    place = SlotCase(name="place", fixed=False, offered=("Glasgow", NONE), gold="Glasgow")
    assert _slot_right(place, {"place": _choice("Glasgow")})
    assert not _slot_right(place, {"place": _choice(NONE)})


def test_a_slot_offered_nothing_is_right_left_out_only_when_its_gold_was_not_offered() -> None:
    offset = SlotCase(name="offset", fixed=False, offered=(NONE,), gold=NONE)
    assert _slot_right(offset, {})  # "what's the time in Glasgow": the clock's offset is left out
    lost = SlotCase(name="place", fixed=False, offered=("Glasgow", NONE), gold="Glasgow")
    assert not _slot_right(lost, {})
