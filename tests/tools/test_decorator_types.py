"""@tool types: each Python annotation's typed slot, optional parameters and defaults, descriptions from
Annotated, and a call's text read as the type (or a failed result naming the parameter, the value and the type)."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from enum import Enum
from typing import Annotated, Literal, Optional

import pint
import pytest

from decisionloop.core.questions import Option
from decisionloop.core.tool import Slot, SlotType, ToolContext, ToolResult
from decisionloop.tools import Span, Tool, tool
from decisionloop.values.dates import Duration
from decisionloop.values.typed import canonical

CTX = ToolContext(now=datetime(2026, 9, 24, 12, tzinfo=UTC))
TODAY = CTX.now.date()


class Doc:
    """Shaped like typing_extensions.Doc: string metadata under ``documentation``."""

    def __init__(self, documentation: str) -> None:
        self.documentation = documentation


class Level(Enum):
    LOW = 1
    HIGH = 2


def _echo(**values: object) -> str:
    return " ".join(f"{name}={value!r}" for name, value in values.items())


@tool(description="Take one value of every type")
def every(
    text: str,
    count: int,
    ratio: float,
    flag: bool,
    mode: Literal["fast", "slow"],
    level: Level,
    day: date,
    at: datetime,
    wait: timedelta,
    span: Duration,
    weight: pint.Quantity,  # type: ignore[type-arg]
    counts: list[int],
    names: tuple[str, ...],
    days: list[date],
) -> str:
    return _echo(
        text=text, count=count, ratio=ratio, flag=flag, mode=mode, level=level, day=day, at=at, wait=wait,
        span=span, weight=str(weight), counts=counts, names=names, days=days,
    )  # fmt: skip


@tool(description="Repeat a word")
def repeat(
    word: Annotated[str, Span("noun", instruction="Which word?")],
    count: Annotated[int, "How many times to repeat it"] = 2,
    sep: Annotated[str | None, Doc("What goes between the words")] = None,
    shout: Optional[bool] = None,  # noqa: UP045  # the typing spelling is read too
    until: date | None = None,
) -> str:
    words = [word.upper() if shout else word] * count
    return (sep or " ").join(words) + (f" until {until.isoformat()}" if until else "")


EVERY = {
    "text": "Blue  Bottle",
    "count": "12",
    "ratio": "3.5",
    "flag": "yes",
    "mode": "slow",
    "level": "2",
    "day": "2027-03-14",
    "at": "2027-03-14T10:30:00",
    "wait": "2 weeks",
    "span": "3 days",
    "weight": "3.5 kg",
    "counts": "[1, 2, 3]",
    "names": '["Ada", "Grace Hopper"]',
    "days": '["2027-03-14", "tomorrow"]',
}


def _slot(t: Tool, name: str) -> tuple[SlotType, SlotType | None, bool, str | None]:
    s = t.slot(name)
    return s.type, s.item, s.required, s.default


@pytest.mark.parametrize(
    ("name", "kind", "item"),
    [
        ("text", "string", None),
        ("count", "integer", None),
        ("ratio", "number", None),
        ("flag", "boolean", None),
        ("mode", "enum", None),
        ("level", "enum", None),
        ("day", "date", None),
        ("at", "datetime", None),
        ("wait", "duration", None),
        ("span", "duration", None),
        ("weight", "quantity", None),
        ("counts", "list", "integer"),
        ("names", "list", "string"),
        ("days", "list", "date"),
    ],
)
def test_each_annotation_gives_its_slot_type(name: str, kind: SlotType, item: SlotType | None) -> None:
    assert _slot(every, name) == (kind, item, True, None)


def test_typed_slots_leave_their_kinds_to_the_extractor_and_fixed_ones_list_their_options() -> None:
    assert [s.name for s in every.slots if s.kinds] == ["text"]
    assert every.slot("mode").fixed == (Option(name="fast"), Option(name="slow"))
    assert every.slot("level").fixed == (Option(name="1"), Option(name="2"))


def test_a_call_reads_every_value_as_its_type() -> None:
    result = every.run(EVERY, CTX)
    assert result.ok, result.observation
    assert result.observation == _echo(
        text="Blue  Bottle", count=12, ratio=3.5, flag=True, mode="slow", level=Level.HIGH, day=date(2027, 3, 14),
        at=datetime(2027, 3, 14, 10, 30), wait=timedelta(days=14), span=Duration(parts=((3, "day"),)),
        weight="3.5 kilogram", counts=[1, 2, 3], names=("Ada", "Grace Hopper"),
        days=[date(2027, 3, 14), date(2026, 9, 25)],
    )  # fmt: skip


@pytest.mark.parametrize(
    ("name", "text", "value"),
    [
        ("count", "1,200", "1200"),
        ("count", "twelve", "12"),
        ("ratio", "-2", "-2.0"),
        ("flag", "false", "False"),
        ("flag", "No", "False"),
        ("day", "next friday", "datetime.date(2026, 10, 2)"),
        ("at", "2027-03-14", "datetime.datetime(2027, 3, 14, 0, 0)"),
        ("wait", "1 month", "datetime.timedelta(days=30)"),
        ("wait", "3 days ago", "datetime.timedelta(days=-3)"),
        ("weight", "100 degF", "'100.0 degree_Fahrenheit'"),
        ("weight", "3 MHz", "'3.0 megahertz'"),
        ("counts", "3, 4 and 5", "[3, 4, 5]"),
        ("counts", "7", "[7]"),
        ("names", "Ada and Grace", "('Ada', 'Grace')"),
    ],
)
def test_what_a_person_types_is_read_too(name: str, text: str, value: str) -> None:
    result = every.run({**EVERY, name: text}, CTX)
    assert result.ok, result.observation
    assert f"{name}={value}" in result.observation


@pytest.mark.parametrize(
    ("kind", "name", "text"),
    [
        ("integer", "count", "12"),
        ("number", "ratio", "3.5"),
        ("boolean", "flag", "yes"),
        ("date", "day", "the day after tomorrow"),
        ("datetime", "at", "2027-03-14T10:30"),
        ("duration", "wait", "a fortnight"),
        ("quantity", "weight", "3.5 pounds"),
    ],
)
def test_the_canonical_text_of_a_value_reads_back(kind: SlotType, name: str, text: str) -> None:
    carried = canonical(kind, text, today=TODAY)
    assert carried is not None
    assert every.run({**EVERY, name: carried}, CTX).ok


def test_the_canonical_text_of_a_list_reads_back() -> None:
    counts = canonical("list", "1, 2", today=TODAY, item="integer")
    names = canonical("list", "Ada, Bo", today=TODAY, item="string")
    assert (counts, names) == ("[1, 2]", '["Ada", "Bo"]')
    assert counts is not None
    assert names is not None
    result = every.run({**EVERY, "counts": counts, "names": names}, CTX)
    assert "counts=[1, 2] names=('Ada', 'Bo')" in result.observation


@pytest.mark.parametrize(
    ("name", "text", "why"),
    [
        ("count", "lots", "'count' of 'every' needs an integer; got 'lots'."),
        ("count", "2.5", "'count' of 'every' needs an integer; got '2.5'."),
        ("ratio", "half", "'ratio' of 'every' needs a number; got 'half'."),
        ("flag", "maybe", "'flag' of 'every' needs yes or no (a boolean); got 'maybe'."),
        ("day", "someday", "'day' of 'every' needs a date; got 'someday'."),
        ("at", "later", "'at' of 'every' needs a date and time; got 'later'."),
        ("wait", "a while", "'wait' of 'every' needs a duration (such as '3 days'); got 'a while'."),
        ("weight", "3 flurbs", "'weight' of 'every' needs a quantity with a unit (such as '3.5 kg'); got '3 flurbs'."),
        ("weight", "12", "'weight' of 'every' needs a quantity with a unit (such as '3.5 kg'); got '12'."),
        ("counts", "1, two, x", "'counts' of 'every' needs a list of integers; got '1, two, x'."),
        ("counts", "[1, [2]]", "'counts' of 'every' needs a list of integers; got '[1, [2]]'."),
        ("counts", "", "'counts' of 'every' needs a list of integers; got ''."),
        (
            "days",
            '["2027-03-14", "never"]',
            "'days' of 'every' needs a list of dates; got '[\"2027-03-14\", \"never\"]'.",
        ),
        ("mode", "medium", "'medium' is not a valid 'mode' for 'every'; pick one of: fast, slow."),
        ("level", "HIGH", "'HIGH' is not a valid 'level' for 'every'; pick one of: 1, 2."),
    ],
)
def test_a_value_that_does_not_read_as_the_type_fails_naming_it(name: str, text: str, why: str) -> None:
    assert every.run({**EVERY, name: text}, CTX) == ToolResult(ok=False, observation=why)


def test_defaults_and_none_make_a_slot_optional_with_its_default_as_text() -> None:
    assert [_slot(repeat, s.name) for s in repeat.slots] == [
        ("string", None, True, None),
        ("integer", None, False, "2"),
        ("string", None, False, None),
        ("boolean", None, False, None),
        ("date", None, False, None),
    ]


def test_annotated_metadata_gives_the_instruction_and_span_the_kinds() -> None:
    assert repeat.slot("word") == Slot(name="word", instruction="Which word?", kinds=("noun",))
    assert repeat.slot("count").instruction == "How many times to repeat it"
    assert repeat.slot("sep").instruction == "What goes between the words"
    assert repeat.slot("shout").instruction == "Which value should fill 'shout'?"


def test_an_optional_parameter_not_given_takes_the_functions_default_or_none() -> None:
    assert repeat.run({"word": "hey"}, CTX).observation == "hey hey"
    assert repeat.run({"word": "hey", "count": "3", "sep": "-", "shout": "yes", "until": "tomorrow"}, CTX) == (
        ToolResult(observation="HEY-HEY-HEY until 2026-09-25", answer="HEY-HEY-HEY until 2026-09-25")
    )


def test_a_required_value_not_given_fails_and_an_optional_one_given_badly_fails_too() -> None:
    assert repeat.run({}, CTX).observation == "'repeat' needs a value for 'word'; none was given."
    assert repeat.run({"word": "hey", "count": "lots"}, CTX).observation == (
        "'count' of 'repeat' needs an integer; got 'lots'."
    )


class Size(Enum):
    SMALL = "small"
    LARGE = "large"


@tool(description="Defaults of every kind")
def defaults(
    size: Size = Size.LARGE,
    ratio: float = 2.0,
    fine: bool = True,
    day: date = date(2027, 1, 2),
    wait: timedelta = timedelta(days=3),
    tags: tuple[str, ...] = ("a", "b"),
    counts: list[int] | None = None,
    level: Literal[1, 2] = 1,
) -> str:
    return _echo(size=size, counts=counts, level=level)


def test_each_default_is_recorded_as_the_text_a_call_would_carry() -> None:
    assert [s.default for s in defaults.slots] == [
        "large",
        "2",
        "true",
        "2027-01-02",
        "3 days",
        '["a", "b"]',
        None,
        "1",
    ]
    assert not any(s.required for s in defaults.slots)
    assert defaults.run({"level": "2"}, CTX).observation == "size=<Size.LARGE: 'large'> counts=None level=2"


def test_span_may_name_the_kinds_of_a_typed_slot() -> None:
    @tool(description="Pay an amount")
    def pay(amount: Annotated[float, Span("money", none="No amount")]) -> str:
        return f"paid {amount:.2f}"

    assert pay.slot("amount") == Slot(
        name="amount",
        instruction="Which value should fill 'amount'?",
        kinds=("money",),
        none="No amount",
        type="number",
    )
    assert pay.run({"amount": "12.5"}, CTX).observation == "paid 12.50"
