"""A value a person typed for a slot, read as the slot takes it: the terminal and the web app read it alike."""

from __future__ import annotations

from datetime import date

from decisionloop.core.tool import Slot
from decisionloop.values.typed import canonical


def typed_value(slot: Slot, text: str, today: date) -> str | None:
    """``text`` as ``slot``'s value: a fixed option by its name in any case, a string as typed, any other type
    as the text a call carries (a date, an amount, a unit…); None when it does not read as one."""
    if slot.is_fixed:
        return next((o.name for o in slot.fixed if o.name.casefold() == text.casefold()), None)
    if slot.type == "string":
        return text
    return canonical(slot.type, text, today=today, item=slot.item)
