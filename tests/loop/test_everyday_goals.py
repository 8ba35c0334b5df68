"""Everyday goals a new user tries, run end to end through the loop with the bundled decision model, unattended:
multi-step arithmetic in words, unit conversions to any unit, weekday and days-until questions, the clock, and
small talk or requests none of the tools can serve."""

from __future__ import annotations

import io
from datetime import UTC, datetime

import pytest
from rich.console import Console

from decisionloop.core.answers import ChoiceAnswer
from decisionloop.core.records import RunResult
from decisionloop.core.tool import ToolContext
from decisionloop.driver import Seams, System2, drive
from decisionloop.journal.events import MemoryJournal
from decisionloop.loop.agent import Limits, LoopSetup
from decisionloop.model.backend import ModelBackend, has_model, model_thresholds
from decisionloop.model.matching import shipped_matcher
from decisionloop.spec import load_spec
from decisionloop.system2.terminal import Declining, TerminalPerson
from decisionloop.tools.builtin import builtin_tools

NOW = datetime(2026, 12, 1, 9, 30, tzinfo=UTC)  # a Tuesday, 24 days before Christmas

pytestmark = pytest.mark.skipif(not has_model(), reason="no bundled decision model is shipped in this tree")


def _run(goal: str) -> tuple[str, str, list[str]]:
    """The stop reason, the answer and the tools called for ``goal``, with nobody at hand to decide a held step."""
    result = _result(goal)
    return result.stop, result.answer, [s.call.tool for s in result.steps if s.call is not None]


def _result(goal: str, person: System2 | None = None) -> RunResult:
    setup = LoopSetup(
        spec=load_spec(gates=model_thresholds()),
        tools=builtin_tools(),
        limits=Limits(),
        clock=lambda: 0.0,
        now=NOW,
        matcher=shipped_matcher(),
    )
    seams = Seams(
        backend=ModelBackend(),
        context=ToolContext(now=NOW),
        journal=MemoryJournal(),
        system2=person or Declining(),
        approver=Declining(),
    )
    return drive(goal, setup, seams).result


def _accepting(first: str = "") -> TerminalPerson:
    """A person at the terminal who accepts whatever System 1 proposes for a held step, after ``first`` (lines
    typed at the first held step)."""
    console = Console(file=io.StringIO(), width=160, force_terminal=False, color_system=None)
    return TerminalPerson(console, stream=io.StringIO(first + "a\n" * 8), who="ada", clock=lambda: NOW)


@pytest.mark.parametrize(
    ("goal", "answer"),
    [
        ("add 17 and 25 then multiply by 3", "(17 + 25) × 3 = 126"),
        ("square root of 144", "√144 = 12"),
        ("15% tip on 86.40", "15% of 86.40 = 12.96"),
        ("what is 7 times 8", "7 times 8 = 56"),
        ("what is 5 minus negative 3", "5 minus negative 3 = 8"),
        ("divide 100 by 4", "100 / 4 = 25"),
        ("2 to the power of 10", "2 to the power of 10 = 1,024"),
        ("half of 90", "90 / 2 = 45"),
        ("17 plus 25 minus 2", "17 plus 25 minus 2 = 40"),
        ("how much is 20% off 150", "150 - 20% of 150 = 120"),
        ("what is 25% of 200 plus 10", "25% of 200 plus 10 = 60"),
        ("average of 4, 8 and 15", "(4 + 8 + 15) / 3 = 9"),
        ("what is 3/4 of 60", "3/4 × 60 = 45"),
        ("what is the square of 15", "15^2 = 225"),
        ("what is 2 to the 8th power", "2^8 = 256"),
        ("what is 7 factorial", "7! = 5,040"),
        ("what's seven times eight", "7 times 8 = 56"),
        ("what is twelve plus nine", "12 plus 9 = 21"),
        ("what is 200 minus 15 percent", "200 - 15% of 200 = 170"),
        ("square root of 2 times 3", "√2 times 3 = 4.242641"),
        ("what is 15 squared plus 10", "(15^2) plus 10 = 235"),
        ("what is 3 times the sum of 4 and 5", "3 times (4 + 5) = 27"),
        ("what is 30% less than 200", "200 - 30% of 200 = 140"),
        ("what is half of 3 and a half", "3.5 / 2 = 1.75"),
        ("what percentage is 25 of 200", "25 / 200 × 100 = 12.5"),
        ("minus 5 plus 12", "minus 5 plus 12 = 7"),
        ("what is 3 point 5 times 2", "3.5 times 2 = 7"),
        ("what is 1 over 8", "1 over 8 = 0.125"),
        ("what is 15% of 80 plus 20% of 50", "15% of 80 plus 20% of 50 = 22"),
        ("increase 80 by 25%", "80 + 25% of 80 = 100"),
        ("what's 100 divided by 3 rounded", "100 divided by 3 rounded = 33"),
        ("round 3.14159 to 2 decimal places", "round 3.14159 to 2 decimal places = 3.14"),
        ("what is 17 mod 5", "17 mod 5 = 2"),
        ("what's the remainder when 17 is divided by 5", "17 mod 5 = 2"),
        ("log of 1000", "log 1000 = 3"),
        ("what is the natural log of 10", "ln 10 = 2.302585"),
        ("what's 8.5% sales tax on $240", "8.5% of 240 = 20.4"),
        ("what is 10 percent of 50 percent of 200", "10 percent of 50 percent of 200 = 10"),
        ("what's 3 plus 4 all squared", "(3 plus 4) ^ 2 = 49"),
        ("what's the total if I add 7% tax to $19.99", "19.99 + 7% of 19.99 = 21.3893"),
        ("what's 2 thirds of 90", "2/3 × 90 = 60"),
        ("what's 60 with a 15% discount", "60 - 15% of 60 = 51"),
        ("what is 45 as a percentage of 60", "45 / 60 × 100 = 75"),  # not 45 × 100
        ("how much did the price go up from 50 to 65 in percent", "(65 - 50) / 50 × 100 = 30"),
        ("what's the percentage change from 200 to 150", "(150 - 200) / 200 × 100 = -25"),
        ("price after 30% discount on 250", "250 - 30% of 250 = 175"),  # what is left to pay, not the discount
        ("how much is a 20 dollar tip on 150 in percent", "20 / 150 × 100 = 13.333333"),
        ("4 tickets at $35 each plus $10 fee", "(4 × 35) plus 10 = 150"),  # the fee too
        ("if a car goes 60 mph how far in 2.5 hours", "60 × 2.5 = 150"),
        ("what's 1/4 of 100 plus 1/2 of 50", "(1/4 × 100) plus (1/2 × 50) = 50"),
        ("what time is quarter past 3 plus 2 hours", "3:15 + 2 hours = 5:15"),  # was "3 plus 2 = 5"
        ("half past 7 plus 45 minutes", "7:30 + 45 minutes = 8:15"),  # was "7 plus 45 = 52"
        ("double 45 and add 10", "2 × 45 + 10 = 100"),  # was "2 × 45 = 90"
        ("what is 6 divided by 1/2", "6 divided by (1/2) = 12"),  # was 3: 6 divided by 1, then by 2
        ("subtract 3 from 10 then double it", "(10 - 3) × 2 = 14"),  # was "10 - 3 = 7"
        ("what's the total with 20% tip on 45.50", "45.50 + 20% of 45.50 = 54.6"),  # was the tip alone
        ("how much do i save with 30% off 120", "30% of 120 = 36"),  # was what is left to pay
        ("what is the square root of 2 times the square root of 8", "(√2) times (√8) = 4"),  # not 2 times √8
        ("what's 3 and a half times 2 and a quarter", "3.5 times 2.25 = 7.875"),  # was 3.5 times 2
        ("10 to the power 6 divided by 250", "10 to the power 6 divided by 250 = 4,000"),  # was 6 divided by 250
        ("25% off 79.95 then another 10% off, whats the final price", "79.95 × (1 - 25%) × (1 - 10%) = 53.96625"),
        ("40% off and then an extra 15% off on a $200 coat, final price?", "200 × (1 - 40%) × (1 - 15%) = 102"),
        ("I scored 42 out of 50 on my test, what's that as a percentage?", "42 / 50 × 100 = 84"),  # was no tool
        ("if tomatoes are 2.99/lb how much for 3.4 lbs", "3.4 × 2.99 = 10.166"),  # was no tool
        ("If I walk 8,500 steps a day, how many steps in a 31 day month?", "31 × 8,500 = 263,500"),
        ("what is 3,5 plus 2,25", "3.5 plus 2.25 = 5.75"),  # decimal commas; was held
        ("half of a third of 90", "90 / 3 / 2 = 15"),  # was 90 / 3 = 30
    ],
)
def test_arithmetic_in_words_is_calculated(goal: str, answer: str) -> None:
    assert _run(goal) == ("answered", answer, ["calculator"])


@pytest.mark.parametrize(
    ("goal", "answer"),
    [
        ("the lamp was 64 and it's 25% off, what do i pay", "64 - 25% of 64 = 48"),
        ("how much is vat at 21% on 250", "21% of 250 = 52.5"),
        ("price is 2,400 before 8% sales tax, total?", "2,400 + 8% of 2,400 = 2,592"),
        ("i got 37 out of 40 in the quiz, what percentage is that", "37 / 40 × 100 = 92.5"),
        ("2,000 at 3% compounded yearly for 4 years, what will i have", "2,000 × (1 + 3%)^4 = 2,251.01762"),
        ("1,500 at 6% compounded monthly for 2 years", "1,500 × (1 + 6% / 12)^(12 × 2) = 1,690.739664"),
        ("simple interest on 9,000 at 5% for 2 years", "5% of 9,000 × 2 = 900"),
        ("2 bags of flour at 1.35 and 3 cartons of milk at 0.95, total?", "2 × 1.35 + 3 × 0.95 = 5.55"),
        ("we paid 96 for 4 of us, what do we each owe", "96 / 4 = 24"),
        ("electric is 120 and i split it with 3 housemates, how much each", "120 / (3 + 1) = 30"),
        ("spent 45.20 monday, 38 tuesday and 51.75 wednesday, total?", "45.20 + 38 + 51.75 = 134.95"),
        ("grapes are 3.20 a kilo, how much for 750 grams", "750 × 0.001 × 3.20 = 2.4"),
        ("60k a year, how much is that a month", "60000 / 12 = 5,000"),
        (  # was held: no reading of the numbers
            "I bought 150 shares at $42.10 and sold them at $47.85. How much profit did I make?",
            "150 × (47.85 - 42.10) = 862.5",
        ),
        # the change asked after a full stop: had ended asking for the expression
        ("my rent went from 950 to 1,020. what percentage rise is that", "(1,020 - 950) / 950 × 100 = 7.368421"),
    ],
)
def test_an_everyday_sum_in_words_is_calculated(goal: str, answer: str) -> None:
    # before, the extractor read no arithmetic of these, and System 1 found no tool that fits or asked
    assert _run(goal) == ("answered", answer, ["calculator"])


def test_a_total_of_amounts_beside_a_count_of_days_is_held_never_answered_with_or_without_the_days() -> None:
    # the days may be no amount ("earned 80, 95 and 110") or a count the amounts are per: a person says; the sum
    # of the three may be worked out, but the run stops held, the 5 unused
    stop, _, tools = _run("i worked 5 days and earned 80, 95 and 110, total")
    assert stop == "held"
    assert set(tools) <= {"calculator"}


@pytest.mark.parametrize(
    ("goal", "answer", "tool"),
    [
        ("compound interest on 1000 at 5% for 10 years", "1000 × (1 + 5%)^10 - 1000 = 628.894627", "calculator"),
        (
            "whats 4.6 billion divided by 8 billion as a percentage",
            "4600000000 / 8000000000 × 100 = 57.5",
            "calculator",
        ),
        ("split a $212 dinner bill between 6 people", "212 / 6 = 35.333333", "calculator"),  # was told no tool fits
        ("what's 25% of an hour in minutes", "25% of an hour = 15 minutes", "unit_convert"),
        ("how many joules is 1 electron volt", "1 electron volt = 1.602 × 10^-19 joules", "unit_convert"),  # was 0 J
    ],
)
def test_a_calculation_the_model_is_less_sure_of_is_answered_right_or_held(goal: str, answer: str, tool: str) -> None:
    # the bundled model puts .10-.17 on "none of the tools fits" for these, so some runs wait for a person:
    # unattended a run answers right or is held, never answered otherwise; a person who accepts gets the answer
    stop, said, tools = _run(goal)
    assert (stop, tools) == ("held", []) or (stop, said, tools) == ("answered", answer, [tool])
    result = _result(goal, _accepting())
    assert (result.stop, result.answer) == ("answered", answer)
    assert [s.call.tool for s in result.steps if s.call is not None] == [tool]


@pytest.mark.parametrize(
    ("goal", "answer"),
    [
        ("how many grams in 3 pounds", "3 pounds = 1,360.78 grams"),
        ("convert 100 F to celsius", "100 F = 37.78 degrees Celsius"),
        ("5 miles in km", "5 miles = 8.047 kilometers"),
        ("how many ounces in a pound", "a pound = 16 ounces"),
        ("how many cups in a liter", "a liter = 4.227 cups"),
        ("how many minutes in 3.5 hours", "3.5 hours = 210 minutes"),
        ("how many seconds in a day", "a day = 86,400 seconds"),
        ("what is 20 c in f", "20 c = 68 degrees Fahrenheit"),
        ("how many ounces in 2 cups", "2 cups = 16 fluid ounces"),
        ("convert 6 ft 2 in to cm", "6 ft 2 in = 187.96 cm"),
        ("convert 1 hour 30 minutes to minutes", "1 hour 30 minutes = 90 minutes"),
        ("how many miles is a 10k", "10k = 6.214 miles"),
        ("how many cm is 5 foot 10", "5 foot 10 = 177.8 cm"),
        ("what's minus 40 c in f", "-40 c = -40 degrees Fahrenheit"),
        ("how many pounds is 3 kilos", "3 kilos = 6.614 pounds"),
        ("5 km = ? miles", "5 km = 3.107 miles"),
        ("how many bytes in a megabyte", "a megabyte = 1,000,000 bytes"),
        ("how many tablespoons in half a cup", "half a cup = 8 tablespoons"),
        ("32 degrees f to c", "32 degrees f = 0 degrees Celsius"),
        ("how many feet in a mile and a half", "a mile and a half = 7,920 feet"),
        ("how many square feet in an acre", "an acre = 43,560 square feet"),  # the international acre
        ("how many minutes in 2 and a half hours", "2 and a half hours = 150 minutes"),
        ("two and a half miles in km", "two and a half miles = 4.023 kilometers"),
        ("what is 16 oz in lb", "16 oz = 1 pound"),
        ("i want to know how many ounces are in a pound", "a pound = 16 ounces"),  # "to know" names no unit
        ("how many days is a million seconds", "a million seconds = 11.57 days"),
        ("I weigh 11 stone 6, what's that in kg", "11 stone 6 = 72.57 kilograms"),  # was held: 11 stone alone
        # an ingredient's volume as a weight, and back: had failed, a volume and a weight measuring different things
        ("how many grams is 2 cups of sugar", "2 cups of sugar = 400 grams (sugar at 200 grams a cup)"),
        ("convert 300 grams of flour to cups", "300 grams of flour = 2.5 cups (flour at 120 grams a cup)"),
    ],
)
def test_a_conversion_reaches_the_unit_the_goal_names(goal: str, answer: str) -> None:
    assert _run(goal) == ("answered", answer, ["unit_convert"])


@pytest.mark.parametrize(
    ("goal", "answer"),
    [
        ("how many days until Christmas", "Christmas (Friday, December 25, 2026) is in 24 days (3 weeks and 3 days)"),
        ("hw many days til xmas", "xmas (Friday, December 25, 2026) is in 24 days (3 weeks and 3 days)"),
        (
            "what day of the week is christmas 2027",
            "Saturday, December 25, 2027 is in 389 days (55 weeks and 4 days; 1 year and 24 days)",
        ),
        (
            "how many days since new year",
            "Since new year (Thursday, January 1, 2026): 334 days (47 weeks and 5 days; 11 months)",
        ),
        ("how long ago was 2010", "2010 was 16 years ago; it was not a leap year (365 days)"),
        ("is 2028 a leap year", "2028 is in 2 years; it is a leap year (366 days)"),
        (
            "how many days are left this year",
            "the end of the year (Thursday, December 31, 2026) is in 30 days (4 weeks and 2 days)",
        ),
        (
            "how many weekdays until christmas",
            "17 weekdays until christmas (Friday, December 25, 2026), not counting today or that day (nor public "
            "holidays)",
        ),
        (  # was "Tuesday, December 15, 2026 is in 14 days (2 weeks)", weekends and all
            "How many weekdays from now until 15 December",
            "9 weekdays until Tuesday, December 15, 2026, not counting today or that day (nor public holidays)",
        ),
        (  # this year's March 4 has passed, so next year's is told too
            "3 weeks after March 4",
            "3 weeks after Wednesday, March 4, 2026 is Wednesday, March 25, 2026; from next year's, Thursday, March 4,"
            " 2027, it is Thursday, March 25, 2027",
        ),
        (
            "how many days until my birthday on march 12",
            "Thursday, March 12, 2026 is 264 days ago (37 weeks and 5 days; 8 months and 19 days); "
            "next year's, Friday, March 12, 2027, is in 101 days (14 weeks and 3 days; 3 months and 11 days)",
        ),
        (
            "what's the date 3 business days from now",
            "3 business days after Tuesday, December 1, 2026 is Friday, December 4, 2026",
        ),
        (
            "how many days in february 2028",
            "Tuesday, February 1, 2028 is in 427 days (61 weeks; 1 year and 2 months); "
            "February 2028 has 29 days (21 weekdays, Monday to Friday), to Tuesday, February 29, 2028",
        ),
        (
            "how many days from march 3 to march 10",
            "From Tuesday, March 3, 2026 to Tuesday, March 10, 2026 is 7 days, or 8 days counting both the first and"
            " the last",
        ),
        (
            "how many days between 2026-01-01 and 2026-12-31",
            "From Thursday, January 1, 2026 to Thursday, December 31, 2026 is 364 days"
            " (52 weeks; 11 months and 30 days), or 365 days counting both the first and the last",
        ),
        ("how many weeks until christmas", "christmas (Friday, December 25, 2026) is in 24 days (3 weeks and 3 days)"),
        (
            "how many days until valentine's day",
            "valentine's day (Sunday, February 14, 2027) is in 75 days (10 weeks and 5 days; 2 months and 13 days)",
        ),
        (
            "how many days until the end of the year",
            "the end of the year (Thursday, December 31, 2026) is in 30 days (4 weeks and 2 days)",
        ),
        (
            "how many days between christmas and new year",
            "From Friday, December 25, 2026 to Friday, January 1, 2027 is 7 days, or 8 days counting both the first"
            " and the last",
        ),
        (  # a month named from today: how long it is
            "how many days in this month",
            "this month (Tuesday, December 1, 2026) is today; December 2026 has 31 days (23 weekdays, Monday to"
            " Friday), to Thursday, December 31, 2026",
        ),
        (  # a year named from today: whether it is a leap year
            "is next year a leap year",
            "next year (Wednesday, December 1, 2027) is in 365 days (52 weeks and 1 day; 1 year); 2027 is not a leap"
            " year (365 days), and starts on Friday, January 1, 2027, in 31 days (4 weeks and 3 days; 1 month)",
        ),
        (  # a holiday after a day of a month: that year's (the next Labor Day from today was read before)
            "how many days between july 4 and labor day",
            "From Saturday, July 4, 2026 to Monday, September 7, 2026 is 65 days"
            " (9 weeks and 2 days; 2 months and 3 days), or 66 days counting both the first and the last",
        ),
        (  # a weekday shortened, not today
            "what date is next fri",
            "next fri (Friday, December 11, 2026) is in 10 days (1 week and 3 days)",
        ),
        (  # a day of the month by its ordinal alone, not today
            "how many days until the 31st",
            "Thursday, December 31, 2026 is in 30 days (4 weeks and 2 days)",
        ),
        (  # the verb turns the offset back
            "subtract 10 days from 2027-01-05",
            "10 days before Tuesday, January 5, 2027 is Saturday, December 26, 2026",
        ),
        (  # was March 12, 2026 alone, before an exam that has passed
            "what date is 100 days before my exam on 20 June",
            "100 days before Saturday, June 20, 2026 is Thursday, March 12, 2026; from next year's, Sunday, June 20,"
            " 2027, it is Friday, March 12, 2027",
        ),
        (  # an amount of time in two parts, whole (was "2 weeks after …", December 15)
            "deadline is 2 weeks and 3 days from today, what date is that",
            "2 weeks and 3 days after Tuesday, December 1, 2026 is Friday, December 18, 2026",
        ),
        (  # a weekday counted in a month: the next one, not the next Monday
            "what date is the third monday in january",
            "the third monday in january (Monday, January 18, 2027) is in 48 days"
            " (6 weeks and 6 days; 1 month and 17 days)",
        ),
    ],
)
def test_date_questions_are_answered_by_date_math(goal: str, answer: str) -> None:
    assert _run(goal) == ("answered", answer, ["date_math"])


def test_a_weekday_question_is_date_maths_though_the_bundled_model_is_not_sure_enough_to_run_it_alone() -> None:
    # decisionloop-0.1.0-202612020241 puts date_math at 0.93 (NONE 0.07), under its gate of 0.94: the step is
    # held for a person, never given to another tool
    stop, answer, called = _run("what day of the week is 2027-03-14")
    assert (stop, answer, called) in (
        (
            "answered",
            "Sunday, March 14, 2027 is in 103 days (14 weeks and 5 days; 3 months and 13 days)",
            ["date_math"],
        ),
        ("held", "Not done: a held step was declined, since nobody is at a terminal to decide it.", []),
    )


@pytest.mark.parametrize(
    ("goal", "answer"),
    [
        ("what time is it in Tokyo", "It is 18:30 on Tuesday, December 1, 2026 in Tokyo (Asia/Tokyo, UTC+09:00)"),
        (
            "what time is it in sf",
            "It is 01:30 on Tuesday, December 1, 2026 in San Francisco (America/Los_Angeles, UTC-08:00)",
        ),
        ("what's the date today", "It is 09:30 on Tuesday, December 1, 2026 (local time, UTC+00:00)"),
        (
            "what time is it in california",
            "It is 01:30 on Tuesday, December 1, 2026 in California (America/Los_Angeles, UTC-08:00)",
        ),
        (
            "what time is it in the uk",
            "It is 09:30 on Tuesday, December 1, 2026 in United Kingdom (Europe/London, UTC+00:00)",
        ),
        ("what time is it in gmt+2", "It is 11:30 on Tuesday, December 1, 2026 in UTC+02:00"),
        (
            "what time is it in the us",
            "It is 04:30 on Tuesday, December 1, 2026 in United States (America/New_York, UTC-05:00)",
        ),
        (
            "what time is it in brazil",
            "It is 06:30 on Tuesday, December 1, 2026 in Brazil (America/Sao_Paulo, UTC-03:00)",
        ),
        ("what's the time in utc+5:30", "It is 15:00 on Tuesday, December 1, 2026 in UTC+05:30"),
        (
            "what time is it in eastern time",
            "It is 04:30 on Tuesday, December 1, 2026 in Eastern Time (America/New_York, UTC-05:00)",
        ),
        (
            "what time is it now in paris france",  # a city with its country after it
            "It is 10:30 on Tuesday, December 1, 2026 in Paris (Europe/Paris, UTC+01:00)",
        ),
    ],
)
def test_the_time_and_date_come_from_the_clock_not_the_weather(goal: str, answer: str) -> None:
    assert _run(goal) == ("answered", answer, ["clock"])


@pytest.mark.parametrize(
    ("goal", "answer"),
    [
        (
            "current time central european time",  # 'european' was the place offered, at .78
            "It is 10:30 on Tuesday, December 1, 2026 in Central European Time (Europe/Paris, UTC+01:00)",
        ),
        (
            "what's the time in indian standard time",
            "It is 15:00 on Tuesday, December 1, 2026 in Indian Standard Time (Asia/Kolkata, UTC+05:30)",
        ),
    ],
)
def test_a_time_zone_named_in_full_is_told_the_time_of_once_a_person_accepts(goal: str, answer: str) -> None:
    assert _run(goal)[0] == "held"  # the bundled model is not sure enough of the zone's name to run it alone
    result = _result(goal, _accepting())
    assert (result.stop, result.answer) == ("answered", answer)


def test_a_time_from_now_is_the_clocks_with_an_offset_never_the_time_now() -> None:
    # decisionloop-0.1.0-202612060321 puts the offset "in 3 hours" at 0.91, under its gate: held, never the time now
    stop, answer, called = _run("what time will it be in 3 hours")
    assert (stop, answer, called) in (
        ("answered", "In 3 hours it will be 12:30 on Tuesday, December 1, 2026 (local time, UTC+00:00)", ["clock"]),
        ("held", "Not done: a held step was declined, since nobody is at a terminal to decide it.", []),
    )
    assert _run("what time was it 2 hours ago") == (
        "answered",
        "2 hours ago it was 07:30 on Tuesday, December 1, 2026 (local time, UTC+00:00)",
        ["clock"],
    )


@pytest.mark.parametrize(
    ("goal", "answer"),
    [
        (
            "what time is it in tokyo when it's 9am in new york",
            "09:00 on Tuesday, December 1, 2026 in New York City (America/New_York, UTC-05:00) is 23:00 on Tuesday,"
            " December 1, 2026 in Tokyo (Asia/Tokyo, UTC+09:00)",
        ),
        (
            "what's 9am in london in new york time",
            "09:00 on Tuesday, December 1, 2026 in London (Europe/London, UTC+00:00) is 04:00 on Tuesday, December 1,"
            " 2026 in New York City (America/New_York, UTC-05:00)",
        ),
    ],
)
def test_a_time_told_in_another_place_is_converted_by_the_clock_once_a_person_accepts(goal: str, answer: str) -> None:
    # decisionloop-0.1.0-202612060321 was never trained on the clock's "at" slot: it takes the time told elsewhere
    # at 0.73-0.87 and the place to tell it in at 0.68-0.84, under its gate, so the step waits for a person; never
    # the time now in either place
    assert _run(goal)[0] == "held"
    result = _result(goal, _accepting())
    assert (result.stop, result.answer) == ("answered", answer)
    assert [s.call.tool for s in result.steps if s.call is not None] == ["clock"]


@pytest.mark.parametrize(
    ("goal", "answer"),
    [
        ("what time is 90 minutes after 10:45", "10:45 + 90 minutes = 12:15"),
        ("what's 3:45 plus 2 hours 30 minutes", "3:45 + 2 hours 30 minutes = 6:15"),
        ("what time is 2 hours before 1:15 pm", "1:15 pm - 2 hours = 11:15 am"),
        ("add 45 minutes to 11:30", "11:30 + 45 minutes = 12:15"),
        ("how many hours between 9am and 5pm", "5pm - 9am = 8 hours (480 minutes)"),
        ("how long is it from 10pm to 6am", "6am - 10pm = 8 hours (480 minutes)"),
        ("what is 7:30 pm in 24 hour time", "7:30 pm in 24-hour time = 19:30"),
        ("convert 15:30 to 12 hour time", "15:30 in 12-hour time = 3:30 pm"),
        (
            "what is 2 hours 45 minutes plus 1 hour 30 minutes",
            "2 hours 45 minutes + 1 hour 30 minutes = 4 hours 15 minutes (255 minutes)",
        ),
    ],
)
def test_a_sum_on_the_clock_is_the_calculators_and_never_answered_wrong(goal: str, answer: str) -> None:
    # the bundled model never saw the calculator do time: it takes the sum at 1.00 and the calculator at 0.43-0.93,
    # so some steps wait for a person; unattended a run answers right or is held, never answered otherwise
    stop, said, tools = _run(goal)
    assert (stop, tools) == ("held", []) or (stop, said, tools) == ("answered", answer, ["calculator"])
    result = _result(goal, _accepting())
    assert (result.stop, result.answer) == ("answered", answer)
    assert [s.call.tool for s in result.steps if s.call is not None] == ["calculator"]


@pytest.mark.parametrize(
    "goal",
    [
        "what time is sunset in paris",
        "what time does the sun set today",
        "what time is high tide in brighton",
        "what is 9pm in military time",
    ],
)
def test_a_goal_asking_when_the_sun_sets_is_never_answered_with_the_time_now(goal: str) -> None:
    # where the bundled model picks the clock, the clock declares what it cannot tell and the call is held; where
    # it finds no tool fits ("high tide in brighton": none does) or is unsure which, nothing runs either
    result = _result(goal)
    assert result.stop in ("held", "no_tool")
    assert [s.call.tool for s in result.steps if s.call is not None] == []
    picks = [a for s in result.steps for d in s.decisions if d.block == "pick_tool" for a in d.answers.values()]
    if any(isinstance(a, ChoiceAnswer) and a.choice == "clock" for a in picks):
        assert any(h.kind == "tool_cannot_tell" for s in result.steps for h in s.holds)


def test_a_month_and_a_day_with_a_slash_is_the_day_date_math_counts_to() -> None:
    stop, answer, tools = _run("how many days until 12/25")
    assert (stop, answer, tools) == (
        "answered",
        "Friday, December 25, 2026 is in 24 days (3 weeks and 3 days)",
        ["date_math"],
    )


@pytest.mark.parametrize("goal", ["what time is it on mars", "what time is it at the north pole"])
def test_a_place_the_clock_does_not_know_is_never_answered_with_the_time_here(goal: str) -> None:
    # System 1 calls the clock with no place; the gate holds it (place_left_out): nobody at hand, nothing answered
    assert _run(goal) == ("held", "Not done: a held step was declined, since nobody is at a terminal to decide it.", [])


def test_a_day_asked_of_is_held_for_date_math_where_system_1_finds_no_tool() -> None:
    # decisionloop-0.1.0-202612060321 says no tool fits "what day was july 4 1776" at 1.00; the goal asks of the day
    # it names, and date_math takes only that date (loop.asks.given_tools): a person decides
    assert _run("what day was july 4 1776") == (
        "held",
        "Not done: a held step was declined, since nobody is at a terminal to decide it.",
        [],
    )


def test_an_amount_of_time_in_two_units_is_proposed_and_told_so_once_accepted() -> None:
    goal = "2.75 hours in hours and minutes"  # was answered "2.75 hours = 2.75 hours"
    assert _run(goal)[0] == "held"
    result = _result(goal, _accepting())
    assert (result.stop, result.answer) == ("answered", "2.75 hours = 2 hours 45 minutes")


@pytest.mark.parametrize("goal", ["current time in Europe/Berlin"])
def test_a_goal_the_model_is_unsure_of_is_held_never_answered_wrong(goal: str) -> None:
    # An IANA zone key is no span the extractor offers ("Europe" and "Berlin" are): the model is unsure which one
    # is the place, so the step is held and nothing wrong runs.
    stop, _, tools = _run(goal)
    assert (stop, tools) == ("held", [])


@pytest.mark.parametrize("goal", ["thanks!", "hi there, how are you?"])
def test_a_goal_none_of_the_tools_can_serve_ends_saying_so_without_a_call(goal: str) -> None:
    stop, answer, tools = _run(goal)
    assert (stop, tools) == ("no_tool", [])
    assert answer.startswith("None of my tools can do this. The tools I have: wiki_lookup, wikidata_fact, weather")


@pytest.mark.parametrize(
    "goal", ["thanks!", "hello", "ok", "tell me a joke", "asdf qwerty", "play some music", "never mind, forget it"]
)
def test_small_talk_and_nonsense_never_run_or_propose_a_tool_that_changes_something(goal: str) -> None:
    result = _result(goal)
    changing = {t.id for t in builtin_tools() if t.side_effect is not None}
    picked = {
        answer.choice
        for step in result.steps
        for decision in step.decisions
        if decision.block == "pick_tool" and isinstance(answer := decision.answers["tool"], ChoiceAnswer)
    }
    assert not picked & changing, picked  # not even proposed (and held)
    assert result.stop != "declined"


@pytest.mark.parametrize("goal", ["write a haiku about rain", "book a flight to Rome"])
def test_a_request_none_of_the_tools_can_serve_never_runs_a_tool(goal: str) -> None:
    # decisionloop-0.1.0-202612051146 puts NONE first for the haiku (0.74) and shares the flight between NONE and
    # tools that do not book anything, each under the gate of 0.94: held for a person, or ended saying no tool fits
    stop, _, tools = _run(goal)
    assert (stop, tools) in (("no_tool", []), ("held", []))


@pytest.mark.parametrize(
    ("goal", "answer", "tool"),
    [
        (
            "what time is it in tokyo",
            "It is 18:30 on Tuesday, December 1, 2026 in Tokyo (Asia/Tokyo, UTC+09:00)",
            "clock",
        ),
        ("hey what's 15% of 86.40 thanks", "15% of 86.40 = 12.96", "calculator"),
        ("convert 100°f to celsius pls", "100°f = 37.78 degrees Celsius", "unit_convert"),
        (
            "how many days until christmas",
            "christmas (Friday, December 25, 2026) is in 24 days (3 weeks and 3 days)",
            "date_math",
        ),
    ],
)
def test_a_goal_typed_in_lower_case_with_courtesies_is_answered_as_a_written_one(
    goal: str, answer: str, tool: str
) -> None:
    assert _run(goal) == ("answered", answer, [tool])


def test_a_landmark_typed_in_lower_case_is_looked_up_whole() -> None:
    # "the empire state building" in lower case, common words all: once proposed wikidata_fact(entity="empire")
    result = _result("how high is the empire state building")
    calls = [(s.call.tool, dict(s.call.args)) for s in result.steps if s.call is not None]
    assert calls[:1] == [("wikidata_fact", {"entity": "empire state building", "property": "height"})]


def test_a_tool_the_goal_names_but_cannot_fill_is_named_when_no_tool_fits() -> None:
    # nobody can be asked for the recipient, so send_message is not offered; the run says why, not only that no
    # tool can do it ("send a message saying I'm late" is held now: the model is torn between no tool and asking)
    stop, answer, tools = _run("send a text saying I'm on my way")
    assert (stop, tools) == ("no_tool", [])
    assert answer.startswith(
        "None of my tools can do this. send_message needs the to, and I could not find it in what you said. "
        "The tools I have: wiki_lookup"
    )


@pytest.mark.parametrize(
    ("goal", "to", "text"),
    [
        ("send a message to bob saying I'm running late", "bob", "I'm running late"),
        ("let sarah know the meeting is cancelled", "sarah", "the meeting is cancelled"),
        ("tell bob that dinner is ready", "bob", "dinner is ready"),
        ("send a text to alex: running 10 minutes late", "alex", "running 10 minutes late"),
        ("message bob: dinner at 8", "bob", "dinner at 8"),
        ("text the family: dinner at 7", "the family", "dinner at 7"),  # a group is the recipient, not "dinner"
        ("tell my boss i'm sick today", "boss", "i'm sick today"),  # the one told after "my"
        ("let my boss know i'll be late", "boss", "i'll be late"),
        ("shoot a message to maria that dinner is at 7", "maria", "dinner is at 7"),
        ('send "see you soon" to tom', "tom", "see you soon"),  # the message quoted, the recipient last
        ("Tell my sister Anna that I'll pick her up at 6.", "Anna", "I'll pick her up at 6"),  # her name, not "sister"
        # whom by their role: had been held, or ended "none of my tools" (no recipient offered, no send_message)
        ("message the night manager that i can do sunday", "the night manager", "i can do sunday"),
        ("let the dog walker know we're away friday", "the dog walker", "we're away friday"),
        ("tell coach i hurt my knee", "coach", "i hurt my knee"),
        # how it is sent is no part of the text ("by text that the keys are under the mat" before); the message after
        # whom by a role and a name had ended "none of my tools" (no text offered)
        ("let priya know by text that the keys are under the mat", "priya", "the keys are under the mat"),
        ("tell omar i'll be late, by email", "omar", "i'll be late"),
        ("send my neighbour joan a message that her parcel is here", "joan", "her parcel is here"),
        ("shoot a quick text to my cousin ana: the parcel is here", "ana", "the parcel is here"),
        # what it says after a colon or a comma (no text had been offered), to a name that is a month's short one
        ("send my brother a message: the match is on at 8", "brother", "the match is on at 8"),
        ("whatsapp leo: bring the chairs", "leo", "bring the chairs"),
        ("drop nadia a text, the film starts at 9", "nadia", "the film starts at 9"),
        ("send jan a text that the tickets came", "jan", "the tickets came"),
        # an address is a recipient too; "none of my tools" before
        (
            "email bob@x.com that the meeting moved to 3:30pm thursday",
            "bob@x.com",
            "the meeting moved to 3:30pm thursday",
        ),
    ],
)
def test_a_message_to_a_recipient_typed_in_lower_case_is_proposed_and_waits_for_approval(
    goal: str, to: str, text: str
) -> None:
    result = _result(goal)
    calls = [s.call for s in result.steps if s.call is not None]
    assert result.stop == "declined"  # nobody at hand approves the message: nothing is sent
    assert [(c.tool, dict(c.args)) for c in calls] == [("send_message", {"to": to, "text": text})]


@pytest.mark.parametrize(
    ("goal", "number"),
    [
        ("we were 4 ppl, bill was 156.80 plus 18% tip, how much each", "4"),  # was the whole bill, 185.024
        ("what's 33 and 1/3 percent of 270", "33"),  # was 1/3 = 0.333333
        ("whats 17.5% of 3460, also how many days till my exam on june 9", "9"),  # the second question unanswered
    ],
)
def test_an_answer_that_leaves_out_a_number_the_goal_gives_is_held(goal: str, number: str) -> None:
    result = _result(goal)
    assert result.stop == "held"
    assert f"the goal also gives the number {number}, which no call used" in [h.detail for h in result.steps[-1].holds]


@pytest.mark.parametrize(
    "goal",
    [
        "patient weighs 68 kg, dose is 15 mg/kg, how many mg total",  # was 68 kg = 68,000,000 mg
        "If I walk 2.3 miles a day, how many miles is that in 30 days",  # was 2.3 miles = 2.3 miles
        "2/3 cup times 1.5",  # was 2/3 = 0.666667
        "reduce 84/126 to lowest terms",  # was 84/126 = 0.666667
        "600 divided by 7 with the remainder",  # was 85.714286, no remainder
        "How much is a 20% tip on a $67 bill? And what's the total?",  # was the tip alone, 13.4
        "whats 1 GiB in bytes and how many MB is that",  # was the bytes alone
        "what day of the week will christmas fall on in 2030",  # was this year's Christmas
        "how many business days between today and dec 24",  # was 23 days, weekends and all
        "time now in honolulu vs anchorage",  # was Honolulu's time alone
        'Calculate 15% of 240 and save the result in a note called "tip"',  # was the sum alone, nothing saved
        "days until ramadan",  # was "Tuesday, December 1, 2026 is today"
        "2 pints to litres (uk pints)",  # was in US pints, 0.946 liters
        "how many days until my son turns 10, he was born 14 march 2017",  # was the days since his birth
        "7/32 drill bit in mm",  # was 7/32 = 0.21875, in inches
        "37.5 celsius to f, is that a fever",  # was the conversion alone
        "do the clocks change this weekend",  # was the time now
        "how many weeks pregnant am I if my due date is 20 may 2027",  # was the weeks until the due date
        "my oven recipe says 400 F what is that in celsius, its a fan oven",  # was 204.44, a conventional oven's
        "whats the difference between a us gallon and a uk gallon in litres",  # was one gallon's litres
        "concrete slab 20ft x 10ft x 4 inches thick how many yards",  # was 4 inches = 0.111 yards
        "37.8 c to f is that fever",  # was the conversion alone
        "convert cgpa 8.4 to percentage",  # was 8.4 × 100 = 840
        "days until diwali next year",  # was the days to December 1, 2027
        "when is my 10000th day if i was born 1999-08-08",  # was the days since the birth
        "if i buy 3 loaves at £1.45 each and a pint of milk for 89p whats the total",  # was 4.35, the milk left out
        # was 27 × 45 = 1,215: one way, in pence
        "drove 27 miles to the airport and back, mileage is 45p a mile, how much can I claim",
    ],
)
def test_a_goal_answered_wrong_before_is_held(goal: str) -> None:
    assert _result(goal).stop == "held"


@pytest.mark.parametrize(
    "goal",
    [
        "bill is 98.40 tax included, 5 of us, plus 15% tip on top. per person?",
        "a rectangle is 12.5 cm by 8 cm, whats the area",
    ],
)
def test_a_goal_giving_numbers_to_work_with_is_held_never_told_no_tool_fits(goal: str) -> None:
    result = _result(goal)
    assert result.stop == "held"
    assert "None of my tools" not in result.answer


def test_a_holiday_named_after_a_weekday_is_that_day_not_the_next_weekday() -> None:
    stop, answer, tools = _run("how many days until black friday")
    assert (stop, tools) == ("answered", ["date_math"])  # was "friday (Friday, December 4, 2026) is in 3 days"
    assert answer.startswith("black friday (Friday, November 26, 2027) is in 360 days")


def test_a_line_speed_written_in_lower_case_is_megabits_a_second() -> None:
    assert _run("100 mbps internet is how many MB per second") == (
        "answered",
        "100 mbps = 12.5 MB per second",  # was "0 MB per second", millibits
        ["unit_convert"],
    )


def test_a_number_of_units_and_a_half_is_converted_whole() -> None:
    assert _run("how much is 3 hours and half in minutes") == (
        "answered",
        "3 hours and half = 210 minutes",  # was 3 hours = 180 minutes
        ["unit_convert"],
    )


@pytest.mark.parametrize(
    ("goal", "answer"),
    [
        # "a quarter hours" had been converted, and held; "two and three quarter miles" had failed to convert
        ("one and a quarter hours in minutes", "one and a quarter hours = 75 minutes"),
        ("two and three quarter miles in km", "two and three quarter miles = 4.426 kilometers"),
        ("3 and a third cups in ml", "3 and a third cups = 788.63 ml"),
    ],
)
def test_a_number_and_a_part_of_one_in_words_is_converted_whole(goal: str, answer: str) -> None:
    assert _run(goal) == ("answered", answer, ["unit_convert"])


@pytest.mark.parametrize(
    "goal",
    [
        "i make 1,600 a week driving taxi, how much in a year if i take 3 weeks off",
        "property tax is 1.1% of the assessed value of $385,000, how much per month",
        "if i get paid 650 AUD a week how much is that a fortnight and a year",
    ],
)
def test_arithmetic_that_leaves_the_span_of_time_asked_unanswered_is_never_answered(goal: str) -> None:
    # the expressions offered are "3 × 1,600", "1.1% of 385,000" and "650 × 52", none of them the answer: the bundled
    # model is unsure of the calculator here and holds the tool choice; a model that takes it has the stop after the
    # call held (loop.gate.unused_holds, tests/loop/test_gate.py), and nobody is at hand either way
    assert _run(goal)[0] == "held"


@pytest.mark.parametrize(
    ("goal", "answer"),
    [
        ("I earn $22 an hour, 40 hours a week. What's my annual salary?", "22 × 40 × 52 = 45,760"),
        ("i worked 3 hours 45 min at 18.50/h, how much did i earn", "(3 + 45 / 60) × 18.50 = 69.375"),
        (
            "i worked 46 hours this week at $22 an hour, overtime is time and a half after 40, what's my pay",
            "40 × 22 + (46 - 40) × 22 × 1.5 = 1,078",
        ),
        ("I worked 40 hours at $22 plus 6 hours overtime at time and a half", "40 × 22 + 6 × 22 × 1.5 = 1,078"),
        ("plumber charges £60 call out fee plus £45 an hour, job took 3 hours", "60 + 3 × 45 = 195"),
        ("gym is 35 a month plus 50 joining fee, cost for the first year", "50 + 35 × 12 = 470"),
    ],
)
def test_pay_and_charges_of_several_parts_are_offered_whole_to_a_person_who_picks_the_calculator(
    goal: str, answer: str
) -> None:
    # the bundled model finds no tool that fits these and holds the first step, so unattended a run is held (or, a
    # model that takes the calculator, answers right); a product of two of the numbers had been the first
    # expression offered ("40 × 22", "3 × 18.50", "3 × 45"), and a person who picks the calculator and its first
    # expression gets the whole sum (extract._chains, extract._charges)
    stop, said, tools = _run(goal)
    assert (stop, tools) == ("held", []) or (stop, said, tools) == ("answered", answer, ["calculator"])
    result = _result(goal, _accepting("t\ncalculator\n1\n"))
    assert (result.stop, result.answer) == ("answered", answer)


@pytest.mark.parametrize(
    ("goal", "said"),
    [
        ("how many tablespoons of coffee for 4 cups", "the goal asks an amount of one thing for 4 of another"),
        (
            "how many tablespoons of coffee do i need for 4 cups of water",
            "the goal asks an amount of one thing for 4 of another",
        ),
        ("65 inch tv how wide is that in cm", "a screen's size is its diagonal, and the goal asks 'how wide'"),
    ],
)
def test_a_question_no_conversion_answers_is_never_answered_with_one(goal: str, said: str) -> None:
    # "4 cups = 64 tablespoons" and "65 inch = 165.1 cm" had been answered, unattended: a ratio is no conversion,
    # nor is a screen's width its size (loop.gate.ratio_holds, diagonal_holds)
    result = _result(goal)
    assert result.stop == "held"
    assert any(h.detail == said for s in result.steps for h in s.holds)


def test_a_stop_before_the_second_of_two_tasks_is_held_for_a_person() -> None:
    # after the miles, System 1 proposes to stop; the goal also gives "10 kg", which no call used: a person decides
    result = _result("convert 5 miles to km and 10 kg to pounds", _accepting())
    assert [s.call.tool for s in result.steps if s.call is not None] == ["unit_convert"]
    assert "the goal also gives '10 kg', which no call used" in [h.detail for h in result.steps[-1].holds]


def test_a_day_as_people_text_it_is_the_day_the_weather_is_asked_of() -> None:
    result = _result("weather tmrw in paris")  # the weather needs the network: the call is what is checked
    assert [(s.call.tool, dict(s.call.args)) for s in result.steps if s.call is not None] == [
        ("weather", {"place": "paris", "when": "tomorrow"})  # not today, and not "tmrw" as a place
    ]


@pytest.mark.parametrize(
    ("goal", "to", "text"),
    [
        # whom by a role and a name: the role alone had been offered ("tutor"), and "dr" as what it says
        ("email my tutor dr. silva that my essay is attached", "dr. silva", "my essay is attached"),
        # where the one it is for is, no part of what it says ("at the garage that the car can wait …" before)
        ("email omar at the garage that the car can wait till monday", "omar", "the car can wait till monday"),
    ],
)
def test_a_message_to_someone_named_with_a_role_or_a_place_is_proposed_whole_once_a_person_accepts(
    goal: str, to: str, text: str
) -> None:
    result = _result(goal, _accepting())
    assert result.stop == "declined"  # the approver declines: nothing is sent
    assert [(s.call.tool, dict(s.call.args)) for s in result.steps if s.call is not None] == [
        ("send_message", {"to": to, "text": text})
    ]


def test_a_day_in_a_year_said_from_this_one_is_that_day_once_a_person_accepts() -> None:
    # "next year" alone had been offered and taken: Wednesday, December 1, 2027, a year from today
    result = _result("what weekday will my birthday fall on next year? it's 23 august", _accepting())
    assert [(s.call.tool, dict(s.call.args)) for s in result.steps if s.call is not None] == [
        ("date_math", {"date": "23 august next year"})
    ]
    assert result.answer.startswith("Monday, August 23, 2027 is in 265 days")


def test_a_day_and_month_with_a_slash_is_the_day_a_term_is_counted_from() -> None:
    stop, answer, tools = _run("my invoice is dated 22/04, when is it due if i have 30 days")
    assert (stop, tools) == ("answered", ["date_math"])
    assert "30 days after Wednesday, April 22, 2026 is Friday, May 22, 2026" in answer


def test_a_place_before_a_word_for_now_in_another_language_is_told_the_time_once_a_person_accepts() -> None:
    result = _result("que horas son em lisboa agora", _accepting())  # "lisboa agora" was the only place offered
    assert [(s.call.tool, dict(s.call.args)) for s in result.steps if s.call is not None] == [
        ("clock", {"place": "lisboa"})
    ]
    assert result.answer.startswith("It is 09:30 on Tuesday, December 1, 2026 in Lisbon")


def test_a_question_whether_a_note_was_saved_searches_the_notes_for_it_whole() -> None:
    result = _result("did i save the alarm code for the office?")  # no note store here: the call is what is checked
    assert [(s.call.tool, dict(s.call.args)) for s in result.steps if s.call is not None] == [
        ("note_search", {"query": "alarm code"})
    ]


@pytest.mark.parametrize(
    ("goal", "place", "when"),
    [
        ("weather forecast for cork for the next 3 days", "cork", "week"),  # "none of my tools" before
        ("weather for bath tomorrow", "bath", "tomorrow"),  # held before: no place offered
        ("forecast for nice this weekend", "nice", "weekend"),
    ],
)
def test_a_place_a_forecast_is_asked_for_is_the_place_though_the_lexicon_knows_its_word(
    goal: str, place: str, when: str
) -> None:
    result = _result(goal)  # the weather needs the network: the call is what is checked
    assert [(s.call.tool, dict(s.call.args)) for s in result.steps if s.call is not None] == [
        ("weather", {"place": place, "when": when})
    ]


@pytest.mark.parametrize(
    ("goal", "place", "when"),
    [
        ("will it rain in porto on thursday", "porto", "thursday"),  # all four held before: no range fitted
        ("forecast for krakow on sunday", "krakow", "sunday"),
        ("whats the weather in madrid this friday", "madrid", "friday"),
        ("is it going to be sunny in dublin saturday", "dublin", "saturday"),
    ],
)
def test_the_forecast_for_a_weekday_is_asked_for_that_day(goal: str, place: str, when: str) -> None:
    result = _result(goal)  # the weather needs the network: the call is what is checked
    assert [(s.call.tool, dict(s.call.args)) for s in result.steps if s.call is not None] == [
        ("weather", {"place": place, "when": when})
    ]


def test_a_note_to_delete_is_found_by_what_it_is_about_and_waits_for_approval() -> None:
    result = _result("delete my gym note")  # "gym", not "gym note", which no note about the gym need contain
    assert result.stop == "declined"
    assert [(s.call.tool, dict(s.call.args)) for s in result.steps if s.call is not None] == [
        ("note_delete", {"query": "gym"})
    ]


@pytest.mark.parametrize("goal", ["text him back", "send a message"])
def test_a_failed_call_s_message_gives_no_values(goal: str) -> None:
    # System 1 asks the user, nobody answers: "The user did not answer." once offered "answer" to wiki_lookup
    result = _result(goal)
    assert result.steps[0].call is not None
    assert result.steps[0].call.tool == "ask_user"
    assert all("answer" not in (s.call.args.values() if s.call else ()) for s in result.steps)
    assert result.stop == "held"


@pytest.mark.parametrize(
    ("goal", "answer"),
    [
        # was 12 percent of 87.50 = 10.5, the part alone
        ("how much is 12 percent of 87.50 and then add that to it", "87.50 + 12% of 87.50 = 98"),
        # was 1,190 + 19% of 1,190, the tax added again
        ("gross price incl. VAT is 1,190 with 19% vat, what's the net amount", "1,190 / (1 + 19%) = 1,000"),
        ("i paid 113 including 13% HST what was the price before tax", "113 / (1 + 13%) = 100"),
        ("6.5 uk gallons in litres", "6.5 uk gallons = 29.55 liters"),  # was no answer: no such unit
        ("convert 3 us cups to ml", "3 us cups = 709.76 ml"),
        ("convert 1 1/2 cups to ml", "1.5 cups = 354.88 ml"),  # was no answer: "1/2 cups" is no unit
        ("4 tickets at $189 each plus 12% fees, total?", "(4 × 189) plus 12% = 846.72"),  # was plus 12, 768
        ("a student got 43/50 what is that as a percentage", "43/50 × 100 = 86"),  # was 0.86
        ("5/8 into percent", "5/8 × 100 = 62.5"),  # was 0.625
        # was 249.99 - 15% of 249.99 + 8.875 = 221.3665, the tax added as a number
        ("whats 15% off 249.99 then add 8.875% tax", "(249.99 - 15% of 249.99) × (1 + 8.875%) = 231.350121"),
        ("my daughter got 17/20 in maths test what percent is that", "17/20 × 100 = 85"),  # was 0.85
    ],
)
def test_amounts_said_in_shop_and_kitchen_words_are_computed_as_meant(goal: str, answer: str) -> None:
    stop, told, _ = _run(goal)
    assert (stop, told) == ("answered", answer)


@pytest.mark.parametrize(
    ("goal", "start"),
    [
        # was "sunday (Sunday, December 6, 2026) is in 5 days", the next one
        ("what's the date of the sunday after next", "sunday after next (Sunday, December 13, 2026) is in 12 days"),
        # was the American Thanksgiving, in November
        ("canadian thanksgiving 2027 date pls", "Monday, October 11, 2027 is in 314 days"),
        ("how many working days are in january 2027", "Friday, January 1, 2027 is in 31 days"),
        # was "last friday (Friday, November 27, 2026) is 4 days ago", last week's
        ("payday is last friday of month, when is next one", "last friday of month (Friday, December 25, 2026)"),
    ],
)
def test_days_said_as_people_say_them_are_the_days_they_mean(goal: str, start: str) -> None:
    stop, answer, tools = _run(goal)
    assert (stop, tools) == ("answered", ["date_math"])
    assert answer.startswith(start)


def test_the_weekdays_of_a_month_are_told_and_a_second_question_the_answer_covers_is_not_held() -> None:
    assert (
        "January 2027 has 31 days (21 weekdays, Monday to Friday)"
        in _run("how many working days are in january 2027")[1]
    )
    stop, answer, _ = _run("how many days until march 3 and what weekday is that")  # was held for the weekday
    assert (
        stop,
        answer.endswith("Wednesday, March 3, 2027, is in 92 days (13 weeks and 1 day; 3 months and 2 days)"),
    ) == (
        "answered",
        True,
    )


@pytest.mark.parametrize(
    ("goal", "answer"),
    [
        ("pizza is $18 for 8 slices, price per slice?", "18 / 8 = 2.25"),
        ("made $142 in tips over 5 shifts whats that per shift", "142 / 5 = 28.4"),
        ("hey can u split £57.20 between me and 3 mates", "57.20 / (3 + 1) = 14.3"),
        ("can u add 14.99 19.50 7.25 and 3.80", "14.99 + 19.50 + 7.25 + 3.80 = 45.54"),
        ("rent is 1,350 and going up 4% next year, new rent?", "1,350 + 4% of 1,350 = 1,404"),
        ("i got 7% raise on 48,500 whats my new salary", "48,500 + 7% of 48,500 = 51,895"),
        ("i earn 3400 gross a month and tax is 22%, what's my take home", "3400 - 22% of 3400 = 2,652"),
        ("set aside 25% for tax on £38,000, how much is left", "38,000 - 25% of 38,000 = 28,500"),
        ("7 of us are chipping in for a £150 leaving gift, how much each", "150 / 7 = 21.428571"),
        ("3 quotes for the new carpet £420 £385 and £460, whats the average", "(420 + 385 + 460) / 3 = 421.666667"),
        ("180 guests at £72 a head", "180 × 72 = 12,960"),
        ("6% of 3 lakh", "6% of 300000 = 18,000"),
        ("uber charges 1.20 per km plus 2.50 base fare, how much for 18 km", "2.50 + 18 × 1.20 = 24.1"),
        ("taxi is $3 flag fall and $2.10 a mile, what would 12 miles cost", "3 + 12 × 2.10 = 28.2"),
        ("3 tickets at $35 each plus a $4 booking fee", "4 + 3 × 35 = 109"),
    ],
)
def test_a_money_word_problem_is_computed_as_asked_once_a_person_accepts(goal: str, answer: str) -> None:
    # each was held with no computation to propose (System 1 found no tool that fits, yet the goal gives numbers);
    # the bundled model takes some of them at under its gate, so unattended a run answers right or is held
    stop, said, tools = _run(goal)
    assert (stop, tools) == ("held", []) or (stop, said, tools) == ("answered", answer, ["calculator"])
    result = _result(goal, _accepting())
    assert (result.stop, result.answer) == ("answered", answer)
