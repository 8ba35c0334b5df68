"""The local tools: calculator, unit_convert, date_math, send_message, ask_user and FINISH."""

from __future__ import annotations

import builtins
import json
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from decisionloop.core.tool import ToolContext, ToolResult
from decisionloop.gold.suite import demo_suite_path
from decisionloop.tools.catalog import UNITS, spec
from decisionloop.tools.local import (
    LOCAL_RUNNERS,
    ask_user,
    calculator,
    date_math,
    finish,
    preview_send_message,
    send_message,
    unit_convert,
)

NOW = datetime(2026, 9, 24, 12, tzinfo=UTC)  # the suite's recordedAt, a Thursday
CTX = ToolContext(now=NOW)
SUITE = demo_suite_path()

# Every calculator / unit_convert / date_math step of the dev suite, with the observation the real tool recorded.
SUITE_STEPS: list[tuple[str, str, dict[str, str], str]] = [
    ("t034", "calculator", {"expression": "1,250 times 12"}, "1,250 times 12 = 15,000"),
    ("t037", "calculator", {"expression": "7,200 divided by 16"}, "7,200 divided by 16 = 450"),
    ("t040", "calculator", {"expression": "3.5 * 4.2"}, "3.5 * 4.2 = 14.7"),
    ("t070", "calculator", {"expression": "15% of 364,260"}, "15% of 364,260 = 54,639"),
    ("t043", "unit_convert", {"quantity": "100°F", "to_unit": "C"}, "100°F = 37.78 degrees Celsius"),
    ("t046", "unit_convert", {"quantity": "60 mph", "to_unit": "km/h"}, "60 mph = 96.56 km per hour"),
    ("t067", "unit_convert", {"quantity": "330 m", "to_unit": "ft"}, "330 m = 1,082.68 feet"),
    (
        "t094",
        "unit_convert",
        {"quantity": "20 degrees Fahrenheit", "to_unit": "C"},
        "20 degrees Fahrenheit = -6.667 degrees Celsius",
    ),
    (
        "t049",
        "date_math",
        {"date": "today", "offset": "90 days from"},
        "90 days after Thursday, September 24, 2026 is Wednesday, December 23, 2026",
    ),
    (
        "t052",
        "date_math",
        {"date": "today", "offset": "2 weeks after"},
        "2 weeks after Thursday, September 24, 2026 is Thursday, October 8, 2026",
    ),
]


def _run(tool_id: str, **args: str) -> ToolResult:
    return LOCAL_RUNNERS[tool_id](args, CTX)


@pytest.mark.parametrize(("task", "tool_id", "args", "observation"), SUITE_STEPS)
def test_suite_steps_give_the_recorded_observation(
    task: str, tool_id: str, args: dict[str, str], observation: str
) -> None:
    result = LOCAL_RUNNERS[tool_id](args, CTX)
    assert result.ok, task
    assert result.observation == observation
    assert result.answer == observation


def _suite_alternatives() -> Iterator[tuple[str, str, dict[str, str]]]:
    if not SUITE.exists():
        return
    for task in json.loads(SUITE.read_text(encoding="utf-8"))["tasks"]:
        for step in task["steps"]:
            if step["action"] in ("calculator", "unit_convert", "date_math"):
                slots = {k: v if isinstance(v, list) else [v] for k, v in step["args"].items()}
                for name, values in slots.items():
                    for value in values:
                        args = {k: v[0] for k, v in slots.items()} | {name: value}
                        yield task["id"], step["action"], args


@pytest.mark.parametrize(("task", "tool_id", "args"), list(_suite_alternatives()))
def test_every_accepted_suite_argument_runs(task: str, tool_id: str, args: dict[str, str]) -> None:
    assert LOCAL_RUNNERS[tool_id](args, CTX).ok, (task, args)


@pytest.mark.parametrize(
    ("alternative", "value"),
    [
        ({"expression": "0.15 * 364260"}, "54,639"),
        ({"quantity": "330 meters", "to_unit": "ft"}, "1,082.68 feet"),
        ({"quantity": "330.0 m", "to_unit": "ft"}, "1,082.68 feet"),
        ({"quantity": "20 °F", "to_unit": "C"}, "-6.667 degrees Celsius"),
        ({"quantity": "20°F", "to_unit": "C"}, "-6.667 degrees Celsius"),
    ],
)
def test_suite_alternatives_give_the_same_value(alternative: dict[str, str], value: str) -> None:
    tool_id = "calculator" if "expression" in alternative else "unit_convert"
    assert LOCAL_RUNNERS[tool_id](alternative, CTX).observation.endswith(f" = {value}")


# --- calculator -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("expression", "value"),
    [
        ("18% of 2,450", "441"),
        ("18 percent of 2,450", "441"),
        ("1,250,000 / 3", "416,666.666667"),
        ("2 + 3 * 4", "14"),
        ("(2 + 3) * 4", "20"),
        ("2^10", "1,024"),
        ("2 ** 10", "1,024"),
        ("2^3^2", "512"),
        ("-2^2", "-4"),
        ("2^-1", "0.5"),
        ("10 to the power of 3", "1,000"),
        ("5 squared", "25"),
        ("3 x 4", "12"),
        ("3x4", "12"),
        ("6 × 7", "42"),
        ("84 ÷ 2", "42"),
        ("10 − 3", "7"),
        ("12 multiplied by 3", "36"),
        ("10 plus 5 minus 3", "12"),
        ("50%", "0.5"),
        ("--3", "3"),
        ("What is 2 + 2?", "4"),
        ("1/3", "0.333333"),
        ("0.1 + 0.2", "0.3"),
        (".5 * 4", "2"),
        ("7", "7"),
        ("17 mod 5", "2"),
        ("17 modulo 5", "2"),
        ("-7 mod 3", "2"),
        ("2^10 mod 7 + 1", "3"),
        ("log 1000", "3"),
        ("log of 1000", "3"),
        ("log(100) * 2", "4"),
        ("ln 10", "2.302585"),
        ("natural log of 10", "2.302585"),
        ("log base 2 of 8", "3"),
        # rounding said in words
        ("100 divided by 3 rounded", "33"),
        ("round 3.14159 to 2 decimal places", "3.14"),
        ("round 1/3 to three decimal places", "0.333"),
        ("10/3 to 2 dp", "3.33"),
        ("100/3 rounded to the nearest tenth", "33.3"),
        ("1234 rounded to the nearest hundred", "1,200"),
        ("round 2.5", "3"),  # half up, as people round (not to the even 2)
        ("round off 2.675 to 2 decimals", "2.68"),  # the decimal 2.675, not the float just below it
        ("2.31 rounded up", "3"),
        ("round down 7.9", "7"),
        ("22/7 rounded to a whole number", "3"),
        ("pi times (4^2)", "50.265482"),
        ("2 * π", "6.283185"),
        # past the digits a float holds exactly, a power of ten, never made-up digits
        ("10 to the power of 100", "1 × 10^100"),
        ("10 to the power 6 divided by 250", "4,000"),  # "of" left out
        ("79.95 × (1 - 25%) × (1 - 10%)", "53.96625"),
        ("2^64", "1.844674407 × 10^19"),
        ("999999 times 999999", "999,998,000,001"),
        ("1 over 8", "0.125"),  # "over" between two numbers
        # a bare percentage added or taken off is one of what it is added to, as a calculator's % key has it
        ("(4 × 189) plus 12%", "846.72"),
        ("150 - 20%", "120"),
        ("1,190 / (1 + 19%)", "1,000"),
        ("12% + 5", "5.12"),  # a percentage first is a hundredth
        # what cancels out to float noise is 0; a value too small for the decimals shown, four digits and a power
        ("0.1 + 0.2 - 0.3", "0"),
        ("1 / 3000000", "3.333 × 10^-7"),
        ("1 / 3000000 rounded to 2 decimal places", "0"),  # rounded as asked
    ],
)
def test_calculator_values(expression: str, value: str) -> None:
    result = calculator({"expression": expression}, CTX)
    assert result.ok, result.observation
    assert result.observation == f"{expression} = {value}"


def test_a_rounded_result_is_the_value_in_data() -> None:
    assert calculator({"expression": "round 2.675 to 2 decimals"}, CTX).data["value"] == 2.68


@pytest.mark.parametrize(
    ("expression", "why"),
    [
        ("", "no expression"),
        ("1/0", "divides by zero"),
        ("(-8)^(1/3)", "not a real number"),
        ("9^9^9", "too large"),
        ("1 +", "ends too early"),
        ("(1 + 2", "not closed"),
        ("1 + 2)", "out of place"),
        ("1,2", "','"),
        ("0x10", "'x'"),
        ("7 % 3", "out of place"),
        ("3 // 2", "out of place"),
        ("__import__('os').system('true')", "'_'"),
        ("open('/etc/passwd').read()", "'o'"),
        ("[1] * 3", "'['"),
        ("(lambda: 1)()", "'l'"),
        ("1 if 1 else 2", "'i'"),
        ("True + 1", "'t'"),
        ("(" * 60 + "1" + ")" * 60, "nests"),
        ("2^" * 60 + "1", "nests"),
        ("1" * 600, "over the limit"),
    ],
)
def test_calculator_refuses_with_a_reason(expression: str, why: str) -> None:
    result = calculator({"expression": expression}, CTX)
    assert not result.ok
    assert why in result.observation
    assert "3.5 * 4.2" in result.observation or "no expression" in why


def test_calculator_keeps_the_value_in_data() -> None:
    assert calculator({"expression": "3.5 * 4.2"}, CTX).data["value"] == pytest.approx(14.7)


class _PythonWasEvaluatedError(AssertionError):
    """Raised by the tripwires if the calculator ever reaches eval, exec or compile."""


@contextmanager
def _tripwires() -> Iterator[None]:
    names = ("eval", "exec", "compile")
    saved = {name: getattr(builtins, name) for name in names}

    def tripwire(*args: object, **kwargs: object) -> None:
        raise _PythonWasEvaluatedError(args)

    try:
        for name in names:
            setattr(builtins, name, tripwire)
        yield
    finally:
        for name, original in saved.items():
            setattr(builtins, name, original)


_PYTHONISH = st.lists(
    st.sampled_from(["1", "2.5", "+", "*", "(", ")", "__import__", "'os'", ".", "[", "]", "lambda", ":", "x", "%"]),
    max_size=12,
).map(" ".join)


@given(st.one_of(st.text(max_size=80), _PYTHONISH))
def test_calculator_never_raises_and_never_evaluates_python(expression: str) -> None:
    with _tripwires():
        result = calculator({"expression": expression}, CTX)
    assert isinstance(result, ToolResult)
    if result.ok:
        assert result.observation.startswith(f"{expression.strip()} = ")
        assert not any(word in expression for word in ("__", "lambda", "[", "'"))


@given(st.integers(-(10**6), 10**6), st.sampled_from("+-*"), st.integers(-(10**6), 10**6))
def test_calculator_agrees_with_integer_arithmetic(a: int, op: str, b: int) -> None:
    expected = {"+": a + b, "-": a - b, "*": a * b}[op]
    result = calculator({"expression": f"{a} {op} ({b})"}, CTX)
    assert result.data["value"] == expected
    assert result.observation.endswith(f" = {expected:,}")


# --- unit_convert -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("quantity", "to_unit", "observation"),
    [
        ("5 miles", "km", "5 miles = 8.047 kilometers"),
        ("5 miles", "kilometers", "5 miles = 8.047 kilometers"),
        ("10 km", "m", "10 km = 10,000 meters"),
        ("1,000 km", "mi", "1,000 km = 621.37 miles"),
        ("-40 °C", "F", "-40 °C = -40 degrees Fahrenheit"),
        ("0 degrees Celsius", "F", "0 degrees Celsius = 32 degrees Fahrenheit"),
        ("37 deg C", "F", "37 deg C = 98.6 degrees Fahrenheit"),
        ("2 gallons", "l", "2 gallons = 7.571 liters"),
        ("10 lbs", "kg", "10 lbs = 4.536 kilograms"),
        ("12 in", "ft", "12 in = 1 foot"),
        ("100 km/h", "mph", "100 km/h = 62.14 miles per hour"),
        ("500 ml", "l", "500 ml = 0.5 liters"),
        ("16 oz", "lb", "16 oz = 1 pound"),  # one of a unit is named as one
        ("10k", "miles", "10k = 6.214 miles"),  # a run's distance, not 10 kelvins
        ("5K", "km", "5K = 5 kilometers"),
        ("a marathon", "miles", "a marathon = 26.22 miles"),  # 42.195 km
        ("the half marathon", "km", "the half marathon = 21.1 kilometers"),
        ("300k", "celsius", "300k = 26.85 degrees Celsius"),  # a temperature stays one
        ("20 celsius", "fahrenheit and kelvin", "20 celsius = 68 degrees Fahrenheit = 293.15 kelvin"),
        ("a pound", "grams, ounces", "a pound = 453.59 grams = 16 ounces"),
        ("100 mbps", "MB per second", "100 mbps = 12.5 MB per second"),  # megabits, not pint's millibits
        ("1 gbps", "mbps", "1 gbps = 1,000 mbps"),
        # a measure said as the British one is the imperial one, as the American one pint's own
        ("2 uk pints", "litres", "2 uk pints = 1.137 liters"),
        ("2 pints (UK)", "ml", "2 pints (UK) = 1,136.52 ml"),
        ("5 imperial gallons", "l", "5 imperial gallons = 22.73 liters"),
        ("2 pints", "uk pints", "2 pints = 1.665 uk pints"),
        ("2 us cups", "ml", "2 us cups = 473.18 ml"),
        ("5 uk miles", "km", "5 uk miles = 8.047 kilometers"),  # no imperial mile: a mile
        ("1 electron volt", "joules", "1 electron volt = 1.602 × 10^-19 joules"),  # not 0 joules
        ("32 degrees f", "c", "32 degrees f = 0 degrees Celsius"),  # a scale's offset leaves no float noise
        ("15 psi", "kpa", "15 psi = 103.42 kpa"),  # units people write in lower case
        ("3.7 kw", "bhp", "3.7 kw = 4.962 bhp"),
        ("500 nm", "metres", "500 nm = 5 × 10^-7 meters"),  # a nanometre, not a newton metre
        ("1 oz per square yard", "grams per square metre", "1 oz per square yard = 33.91 grams per square metre"),
    ],
)
def test_unit_convert_values(quantity: str, to_unit: str, observation: str) -> None:
    result = unit_convert({"quantity": quantity, "to_unit": to_unit}, CTX)
    assert result.ok, result.observation
    assert result.observation == observation


@pytest.mark.parametrize(
    ("quantity", "to_unit", "why"),
    [
        ("5 kg", "km", "pick one of: kg, lb"),
        ("20 degrees", "C", "does not say its unit"),
        ("20", "C", "does not say its unit"),
        ("lots of miles", "km", "does not start with a number"),  # "five miles" reads: an amount in words
        ("5 blorps", "km", "'blorps'"),
        ("5 miles", "blorp", "'blorp': it is not a unit I know"),
        ("5 km", "miles and blorps", "'miles and blorps': it is not a unit I know"),
        ("5 km", "miles and celsius", "measure different things"),
        ("3 pounds", "celsius", "pick one of: kg, lb"),
        ("", "km", "does not start with a number"),
        ("1" * 400 + " km", "mi", "too large"),
        ("2.3 miles", "miles", "'2.3 miles' is already in miles"),  # was "2.3 miles = 2.3 miles"
        ("4 week", "weeks", "already in weeks"),
        ("100 F", "fahrenheit", "already in degrees Fahrenheit"),
        ("8 fl oz", "ounces", "already in fluid ounces"),  # was "8 fl oz = 8 fluid ounces"
    ],
)
def test_unit_convert_refuses_with_a_reason(quantity: str, to_unit: str, why: str) -> None:
    result = unit_convert({"quantity": quantity, "to_unit": to_unit}, CTX)
    assert not result.ok
    assert why in result.observation


@pytest.mark.parametrize(("key", "label"), UNITS)
def test_every_catalog_unit_is_a_target(key: str, label: str) -> None:
    # a quantity of the same kind in the catalog's next unit (a conversion to its own unit answers nothing)
    other = {"km": "mi", "mi": "m", "m": "ft", "ft": "km", "kg": "lb", "lb": "kg", "l": "gal", "gal": "l"}
    other |= {"C": "°F", "F": "°C", "km/h": "mph", "mph": "km/h"}
    source = f"10 {other[key]}"
    result = unit_convert({"quantity": source, "to_unit": key}, CTX)
    assert result.ok, result.observation
    assert result.observation.endswith(label)


@given(st.text(max_size=40), st.sampled_from([k for k, _ in UNITS] + ["?"]))
def test_unit_convert_never_raises(quantity: str, to_unit: str) -> None:
    assert isinstance(unit_convert({"quantity": quantity, "to_unit": to_unit}, CTX), ToolResult)


# --- date_math --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("start", "offset", "observation"),
    [
        ("March 4, 2026", "3 weeks after", "3 weeks after Wednesday, March 4, 2026 is Wednesday, March 25, 2026"),
        ("Wednesday, March 4, 2026", "3 weeks", "3 weeks after Wednesday, March 4, 2026 is Wednesday, March 25, 2026"),
        ("4 March 2026", "a week before", "1 week before Wednesday, March 4, 2026 is Wednesday, February 25, 2026"),
        (  # a day of a month without its year that has passed: next year's too
            "the 4th of July",
            "two days prior",
            "2 days before Saturday, July 4, 2026 is Thursday, July 2, 2026; from next year's, Sunday, July 4, 2027,"
            " it is Friday, July 2, 2027",
        ),
        ("2026-01-31", "1 month", "1 month after Saturday, January 31, 2026 is Saturday, February 28, 2026"),
        ("tomorrow", "10 days ago", "10 days before Friday, September 25, 2026 is Tuesday, September 15, 2026"),
        ("yesterday", "1 year", "1 year after Wednesday, September 23, 2026 is Thursday, September 23, 2027"),
        ("now", "3 months earlier", "3 months before Thursday, September 24, 2026 is Wednesday, June 24, 2026"),
        ("Christmas", "10 days before", "10 days before Friday, December 25, 2026 is Tuesday, December 15, 2026"),
        ("New Year", "1 day", "1 day after Friday, January 1, 2027 is Saturday, January 2, 2027"),
        ("Oct 3", "-2 days", "2 days before Saturday, October 3, 2026 is Thursday, October 1, 2026"),
        ("", "1 week", "1 week after Thursday, September 24, 2026 is Thursday, October 1, 2026"),
        (
            "today",
            "1 year and 2 months",
            "1 year and 2 months after Thursday, September 24, 2026 is Wednesday, November 24, 2027",
        ),
    ],
)
def test_date_math_values(start: str, offset: str, observation: str) -> None:
    result = date_math({"date": start, "offset": offset}, CTX)
    assert result.ok, result.observation
    assert result.observation == observation


@pytest.mark.parametrize(
    ("start", "observation"),
    [
        ("2010", "2010 was 16 years ago; it was not a leap year (365 days)"),
        ("2028", "2028 is in 2 years; it is a leap year (366 days)"),
        ("2026", "2026 is this year; it is not a leap year (365 days)"),
        ("1900", "1900 was 126 years ago; it was not a leap year (365 days)"),
        (
            "since 2020",
            "Since the start of 2020 (Wednesday, January 1, 2020): 2,458 days; 2020 was 6 years ago; it was a leap "
            "year (366 days)",
        ),
    ],
)
def test_date_math_answers_a_year_alone_in_years(start: str, observation: str) -> None:
    assert date_math({"date": start}, CTX).observation == observation


@pytest.mark.parametrize(
    ("start", "observation"),
    [
        (  # a year away or more: in years, months and days too, as an age is asked
            "march 3 1992",
            "Tuesday, March 3, 1992 is 12,623 days ago (1,803 weeks and 2 days; 34 years, 6 months and 21 days)",
        ),
        ("2025-09-24", "Wednesday, September 24, 2025 is 365 days ago (52 weeks and 1 day; 1 year)"),
        (
            "2025-09-25",
            "Thursday, September 25, 2025 is 364 days ago (52 weeks; 11 months and 30 days)",
        ),  # under a year: no years
    ],
)
def test_date_math_says_a_distance_of_a_year_or_more_in_years(start: str, observation: str) -> None:
    assert date_math({"date": start}, CTX).observation == observation


def test_date_math_says_how_long_a_month_of_a_year_is() -> None:
    result = date_math({"date": "February 2028"}, CTX)
    assert result.observation == (
        "Tuesday, February 1, 2028 is in 495 days (70 weeks and 5 days; 1 year, 4 months and 8 days); "
        "February 2028 has 29 days (21 weekdays, Monday to Friday), to Tuesday, February 29, 2028"
    )
    assert result.data["last"] == "2028-02-29"


@pytest.mark.parametrize(
    ("stretch", "observation"),
    [
        (
            "March 3 to March 10",
            "From Tuesday, March 3, 2026 to Tuesday, March 10, 2026 is 7 days"
            ", or 8 days counting both the first and the last",
        ),
        (
            "2026-01-01 and 2026-12-31",
            "From Thursday, January 1, 2026 to Thursday, December 31, 2026 is 364 days"
            " (52 weeks; 11 months and 30 days), or 365 days counting both the first and the last",
        ),
        (
            "between christmas and new year",
            "From Friday, December 25, 2026 to Friday, January 1, 2027 is 7 days"
            ", or 8 days counting both the first and the last",
        ),
        (
            "March 1 and June 15",
            "From Sunday, March 1, 2026 to Monday, June 15, 2026 is 106 days"
            " (15 weeks and 1 day; 3 months and 14 days), or 107 days counting both the first and the last",
        ),
        (
            "today until Christmas",
            "From Thursday, September 24, 2026 to Friday, December 25, 2026 is 92 days"
            " (13 weeks and 1 day; 3 months and 1 day)",
        ),
    ],
)
def test_date_math_counts_the_days_of_a_stretch(stretch: str, observation: str) -> None:
    result = date_math({"date": stretch}, CTX)
    assert result.ok, result.observation
    assert result.observation == observation


@pytest.mark.parametrize(
    ("start", "offset", "observation"),
    [
        ("Thanksgiving", "2 days before", "2 days before Thursday, November 26, 2026 is Tuesday, November 24, 2026"),
        ("Independence Day", "1 week", "1 week after Sunday, July 4, 2027 is Sunday, July 11, 2027"),
        ("Easter Sunday", "a few days", "3 days after Sunday, March 28, 2027 is Wednesday, March 31, 2027"),
        ("next Friday", "1 day", "1 day after Friday, October 2, 2026 is Saturday, October 3, 2026"),
        ("Friday", "a couple of weeks after", "2 weeks after Friday, September 25, 2026 is Friday, October 9, 2026"),
        ("Fri, Mar 4, 2027", "a fortnight", "2 weeks after Thursday, March 4, 2027 is Thursday, March 18, 2027"),
        ("the day after tomorrow", "1 day", "1 day after Saturday, September 26, 2026 is Sunday, September 27, 2026"),
        ("two weeks before Christmas", "1 day", "1 day after Friday, December 11, 2026 is Saturday, December 12, 2026"),
    ],
)
def test_date_math_reads_every_date_the_extractor_offers(start: str, offset: str, observation: str) -> None:
    assert date_math({"date": start, "offset": offset}, CTX).observation == observation


@pytest.mark.parametrize(
    ("start", "offset", "why"),
    [
        ("today", "3", "Could not read the offset '3'"),
        ("today", "soon", "Could not read the offset"),
        ("February 30", "1 day", "Could not read the date 'February 30'"),
        ("someday", "1 day", "Could not read the date"),
        ("today", "999999 years", "outside years 1 to 9999"),
        ("today", "99999999999 days", "Could not read the offset"),
    ],
)
def test_date_math_refuses_with_a_reason(start: str, offset: str, why: str) -> None:
    result = date_math({"date": start, "offset": offset}, CTX)
    assert not result.ok
    assert why in result.observation


def test_date_math_keeps_both_dates_in_data() -> None:
    data = date_math({"date": "today", "offset": "2 weeks after"}, CTX).data
    assert data == {"start": "2026-09-24", "date": "2026-10-08"}


@given(st.text(max_size=30), st.text(max_size=30))
def test_date_math_never_raises(start: str, offset: str) -> None:
    assert isinstance(date_math({"date": start, "offset": offset}, CTX), ToolResult)


# --- send_message, ask_user, FINISH -----------------------------------------------------------------------


def test_send_message_only_simulates() -> None:
    result = send_message({"to": "Priya", "text": "I'll be late"}, CTX)
    expected = 'Message to Priya ready: "I\'ll be late" (nothing was sent: this tool only simulates sending)'
    assert (result.ok, result.observation, result.answer) == (True, expected, expected)


def test_the_send_message_preview_shows_the_recipient_and_the_exact_text() -> None:
    effect = preview_send_message({"to": "Priya ", "text": " I'll be late"}, CTX)
    assert effect.text == 'sends to Priya: "I\'ll be late" (simulated: nothing is actually sent)'
    assert effect.plan == {"to": "Priya", "text": "I'll be late"}
    assert preview_send_message({"to": "Priya"}, CTX).text.startswith("nothing will be sent")


@pytest.mark.parametrize("args", [{"to": "Priya"}, {"text": "hi"}, {"to": " ", "text": "hi"}])
def test_send_message_needs_both_values(args: dict[str, str]) -> None:
    assert not send_message(args, CTX).ok


def test_ask_user_asks_and_quotes_the_reply() -> None:
    asked: list[str] = []

    def person(question: str) -> str:
        asked.append(question)
        return "20 degrees Fahrenheit to Celsius"

    result = ask_user({}, ToolContext(now=NOW, ask_user=person))
    assert result.observation == 'The user answered: "20 degrees Fahrenheit to Celsius"'
    assert result.answer == 'You said: "20 degrees Fahrenheit to Celsius"'
    assert asked == ["Could you tell me more about what you mean?"]
    ask_user({"question": "Which city?"}, ToolContext(now=NOW, ask_user=person))
    assert asked[-1] == "Which city?"


@pytest.mark.parametrize("reply", [None, "", "   "])
def test_ask_user_without_an_answer_fails(reply: str | None) -> None:
    result = ask_user({}, ToolContext(now=NOW, ask_user=lambda _: reply))
    assert (result.ok, result.observation) == (False, "The user did not answer.")


def test_ask_user_without_a_person_fails() -> None:
    assert ask_user({}, CTX) == ToolResult(ok=False, observation="The user did not answer.")


def test_finish_is_a_no_op() -> None:
    assert finish({}, CTX) == ToolResult(observation="")


def test_runners_bind_to_the_catalog_specs() -> None:
    for tool_id, runner in LOCAL_RUNNERS.items():
        tool = spec(tool_id).bind(runner)
        assert tool.run is runner
        assert {s.name for s in tool.slots} <= {
            "expression",
            "quantity",
            "to_unit",
            "date",
            "offset",
            "place",
            "at",
            "to",
            "text",
        }


def test_date_math_says_when_next_year_starts() -> None:
    observation = date_math({"date": "next year"}, CTX).observation
    assert observation.endswith(
        "and starts on Friday, January 1, 2027, in 99 days (14 weeks and 1 day; 3 months and 8 days)"
    )
