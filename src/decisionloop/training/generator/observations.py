"""Observation texts in the real tools' formats; the local tools (calculator, units, dates, messages) are run
for real, so their observations are exact."""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import datetime, timedelta

from decisionloop.core.tool import ToolContext, ToolResult
from decisionloop.tools.local import calculator, date_math, send_message, unit_convert
from decisionloop.tools.web import FACT_NAMES, WHEN_LABELS, forecast_days
from decisionloop.training.generator.tables import load

# Each sky and its typical chance of rain, in percent.
SKIES = tuple(load("observations", "skies", dict[str, int]).items())
_DAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")


def _day(rng: random.Random, day: datetime, base: int) -> str:
    sky, rain = rng.choice(SKIES)
    low = base + rng.randint(-4, 3)
    high = low + rng.randint(3, 12)
    if low < 0 and "rain" in sky:
        sky = "light snow"
    elif high > 4 and "snow" in sky:
        sky = "light rain"
    chance = max(0, min(100, rain + rng.randint(-15, 15)))
    return f"{_DAYS[day.weekday()]} {day:%m-%d}: {sky}, {low}–{high}°C, rain chance {chance}%"


def forecast(rng: random.Random, shown: str, when: str, now: datetime) -> str:
    """``Forecast for <place> (<when label>): Fri 09-25: overcast, 18–29°C, rain chance 0%; …``."""
    base = rng.randint(-8, 26)
    days = [_day(rng, now + timedelta(days=i), base) for i in forecast_days(when, now)]
    return f"Forecast for {shown} ({WHEN_LABELS[when]}): {'; '.join(days)}"


def fact(prop: str, label: str, description: str, values: Sequence[str]) -> str:
    """``Population of Iceland (Nordic island country …): 364,260 (Wikidata)``."""
    head = f"{label} ({description})" if description else label
    return f"{FACT_NAMES[prop]} of {head}: {', '.join(values[:3])} (Wikidata)"


def article(title: str, description: str, text: str) -> tuple[str, str]:
    """The observation (title, description, three sentences) and the answer (title, two sentences)."""
    sentences = [s.strip() + "." for s in text.split(". ") if s.strip()]
    sentences[-1] = sentences[-1].rstrip(".") + "."
    head = f"{title} ({description})" if description else title
    return f"{head}: {' '.join(sentences[:3])}", f"{title}: {' '.join(sentences[:2])}"


def quoted(notes: Sequence[str]) -> str:
    """Notes as the note tools list them."""
    return "; ".join(f'"{n}"' for n in notes)


def found_notes(query: str, notes: Sequence[str]) -> tuple[str, str]:
    """A note search that found something: observation and answer."""
    return f'Notes about "{query}": {quoted(notes)}', f"From your notes: {quoted(notes)}"


def deleted_notes(notes: Sequence[str]) -> str:
    """``Deleted 1 note: "…"``."""
    return f"Deleted {len(notes)} note{'' if len(notes) == 1 else 's'}: {quoted(notes)}"


def saved(text: str) -> tuple[str, str]:
    """A saved note: observation and answer."""
    return f'Saved the note: "{text}"', f'Saved: "{text}"'


def user_answered(reply: str) -> tuple[str, str]:
    """What ask_user observes and answers."""
    return f'The user answered: "{reply}"', f'You said: "{reply}"'


def no_article(topic: str) -> str:
    """A failed encyclopedia lookup."""
    return f'No encyclopedia article found for "{topic}".'


def no_item(entity: str) -> str:
    """A failed fact lookup."""
    return f'No Wikidata item found for "{entity}".'


def no_place(place: str) -> str:
    """A failed forecast."""
    return f'No place found for "{place}".'


def no_note(query: str, *, deleting: bool = False) -> str:
    """A note search or delete that matched nothing."""
    return f'No saved note matched "{query}"' + (", nothing deleted." if deleting else ".")


def _run(result: ToolResult, what: str) -> str:
    if not result.ok:
        raise ValueError(f"the {what} rejected a generated argument: {result.observation}")
    return result.observation


def calculated(expression: str) -> str:
    """The real calculator's observation (``18% of 2,450 = 441``)."""
    return _run(calculator({"expression": expression}, _ctx()), "calculator")


def converted(quantity: str, to_unit: str) -> str:
    """The real unit converter's observation (``5 miles = 8.047 kilometers``)."""
    return _run(unit_convert({"quantity": quantity, "to_unit": to_unit}, _ctx()), "unit converter")


def shifted(date: str, offset: str, now: datetime) -> str:
    """The real date tool's observation (``3 weeks after Wednesday, March 4, 2026 is …``)."""
    return _run(date_math({"date": date, "offset": offset}, ToolContext(now=now)), "date tool")


def message(to: str, text: str) -> str:
    """The real (simulated) message tool's observation."""
    return _run(send_message({"to": to, "text": text}, _ctx()), "message tool")


def _ctx() -> ToolContext:
    return ToolContext(now=datetime(2026, 1, 1))
