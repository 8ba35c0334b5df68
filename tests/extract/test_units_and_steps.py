"""Target units named on their own, and arithmetic in words with further steps, as the extractor offers them."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from decisionloop.extract import extract
from decisionloop.tools.local import calculate

NOW = datetime(2026, 12, 1, tzinfo=UTC)


def _spans(goal: str, kind: str, observations: tuple[str, ...] = ()) -> list[str]:
    return [c.span for c in extract(goal, list(observations), now=NOW) if c.kind == kind]


@pytest.mark.parametrize(
    ("goal", "units"),
    [
        ("how many grams in 3 pounds", ["grams"]),
        ("convert 100 F to celsius", ["celsius"]),
        ("5 miles in km", ["km"]),
        ("What is 60 mph in km per hour?", ["km per hour"]),
        ("What is the height of the Eiffel Tower in feet?", ["feet"]),
        ("convert 10 kg to degrees Celsius", ["degrees Celsius"]),
        ("what is 20 c in f", ["f"]),
        ("68f in c", ["c"]),
        ("what's 20 celsius in fahrenheit and kelvin", ["fahrenheit", "fahrenheit and kelvin", "kelvin"]),
        ("convert 5 km to miles, and feet", ["miles", "miles and feet", "feet"]),
        ("convert 3 cups to ml and then add 2", ["ml"]),
        ("convert 15 psi to bar and then to kpa", ["bar", "kpa"]),  # one conversion after another, not one of two
        ("1 oz per square yard in grams per square metre please", ["grams per square metre"]),
        ("whats 3.7 kw in bhp", ["bhp"]),
        ("Weather in Lisbon tomorrow", []),
        ("what time is it in Tokyo", []),
        ("Remind me in 3 days", []),
    ],
)
def test_target_units_are_offered_apart_from_the_quantity(goal: str, units: list[str]) -> None:
    assert _spans(goal, "unit") == units


@pytest.mark.parametrize(
    ("goal", "quantity"),
    [
        ("1 oz per square yard in grams per square metre please", "1 oz per square yard"),  # a rate, whole
        ("convert 15 kpa to psi", "15 kpa"),  # units people write in lower case
        ("whats 3.7 kw in bhp", "3.7 kw"),
        ("25 Nm in ft-lb", "25 Nm"),
        ("a wavelength of 500 nm in metres", "500 nm"),
    ],
)
def test_quantities_are_read_whole(goal: str, quantity: str) -> None:
    assert _spans(goal, "quantity") == [quantity]


def test_a_target_unit_is_read_from_an_answer_too() -> None:
    assert _spans("Convert 20 degrees", "unit", ('The user answered: "20 degrees Fahrenheit to Celsius"',)) == [
        "Celsius"
    ]


@pytest.mark.parametrize(
    ("goal", "expression", "value"),
    [
        ("add 17 and 25 then multiply by 3", "(17 + 25) × 3", 126),
        ("multiply 6 by 7, then subtract 2 and then divide by 4", "(6 * 7 - 2) ÷ 4", 10),
        ("add 2 and 3 then square it", "(2 + 3) ^ 2", 25),
        ("whats 15% off 200 then add 10% tax", "(200 - 15% of 200) × (1 + 10%)", 187),  # was "+ 10", 180
        ("200 plus 50 then take away 10 percent", "(200 plus 50) × (1 - 10%)", 225),
        ("20% tip on 78.40 then split between 4", "(20% of 78.40) ÷ 4", 3.92),
        ("whats 12% of 850 plus the 850", "850 + 12% of 850", 952),  # was 12% of 850 alone, 102
        ("add 17 and 25 then split it 4 ways", "(17 + 25) ÷ 4", 10.5),
        ("40% off then another 10% off a $200 coat", "200 × (1 - 40%) × (1 - 10%)", 108),
        ("12 plus 8 then divide by 5", "(12 plus 8) ÷ 5", 4),
        ("square root of 144", "√144", 12),
        ("sqrt of 2025", "√2025", 45),
        ("15% tip on 86.40", "15% of 86.40", 12.96),
        ("What is a 20% discount on $45?", "20% of 45", 9),
        ("half of 90", "90 / 2", 45),
        ("how much is 20% off 150", "150 - 20% of 150", 120),
        ("what is 25% of 200 plus 10", "25% of 200 plus 10", 60),
        ("average of 4, 8 and 15", "(4 + 8 + 15) / 3", 9),
        ("the mean of 1,200 and 300", "(1200 + 300) / 2", 750),
        ("split a $120 bill between 4 people", "120 / 4", 30),
        ("what is 7 factorial", "7!", 5040),
        ("factorial of 6", "6!", 720),
        ("what is 3/4 of 60", "3/4 × 60", 45),
        ("what is the square of 15", "15^2", 225),
        ("2 raised to the 10th power", "2^10", 1024),
        ("what's seven times eight", "7 times 8", 56),
        ("twenty-five percent of 80", "25 percent of 80", 20),
        ("what is 1 million divided by 8", "1000000 divided by 8", 125_000),
        ("a dozen times three", "12 times 3", 36),
        ("6% of 3 lakh", "6% of 300000", 18_000),
        ("what is 200 minus 15 percent", "200 - 15% of 200", 170),
        ("what's 150 plus 20%", "150 + 20% of 150", 180),
        ("increase 80 by 25%", "80 + 25% of 80", 100),
        ("reduce 60 by 10 percent", "60 - 10% of 60", 54),
        ("square root of 2 times 3", "√2 times 3", 2**0.5 * 3),
        ("what is 15 squared plus 10", "(15^2) plus 10", 235),
        ("half of 90 times 3", "(90 / 2) times 3", 135),
        ("what is 3 times the sum of 4 and 5", "3 times (4 + 5)", 27),
        ("what's the sum of 1, 2, 3 and 4", "1 + 2 + 3 + 4", 10),
        ("what's the product of 6, 7 and 8", "6 × 7 × 8", 336),
        ("what is 7 squared minus 5 squared", "(7^2) minus 5 squared", 24),
        ("triple 12", "3 × 12", 36),
        ("what is the cube root of 27", "27^(1/3)", 3),
        ("what's 20 percent more than 50", "50 + 20% of 50", 60),
        ("what is 30% less than 200", "200 - 30% of 200", 140),
        ("what is 50 increased by 10%", "50 + 10% of 50", 55),
        ("what percentage is 25 of 200", "25 / 200 × 100", 12.5),
        ("what percent of 200 is 25", "25 / 200 × 100", 12.5),
        ("what is 15 out of 60 as a percentage", "15 / 60 × 100", 25),
        ("how much is 2 and a half times 4", "2.5 times 4", 10),
        ("what is 17 mod 5", "17 mod 5", 2),
        ("what's the remainder when 17 is divided by 5", "17 mod 5", 2),
        ("remainder of 100 divided by 7", "100 mod 7", 2),
        ("log of 1000", "log 1000", 3),
        ("what is log(100)?", "log 100", 2),
        ("what is the natural log of 10", "ln 10", 2.302585092994046),
        ("log base 2 of 8", "log base 2 of 8", 3),
        ("what's 8.5% sales tax on $240", "8.5% of 240", 20.4),
        ("what is a 20% tip on a $85 bill", "20% of 85", 17),
        ("what's the total if I add 7% tax to $19.99", "19.99 + 7% of 19.99", 21.3893),
        ("what is 10 percent of 50 percent of 200", "10 percent of 50 percent of 200", 10),
        ("what is 20 percent of 20 percent", "20 percent of 20 percent", 0.04),  # a percentage of a percentage
        ("what's 3 plus 4 all squared", "(3 plus 4) ^ 2", 49),
        ("what is 2 plus 3, all cubed", "(2 plus 3) ^ 3", 125),
        ("what's 2 thirds of 90", "2/3 × 90", 60),
        ("three quarters of 60", "3/4 × 60", 45),
        ("how much do I pay for a $60 item with 15% discount", "60 - 15% of 60", 51),
        ("what is 80 with 8% tax", "80 + 8% of 80", 86.4),
        ("what is 5 minus negative 3", "5 minus negative 3", 8),  # a sign in words
        ("negative 7 times 6", "negative 7 times 6", -42),
        ("minus 5 plus 12", "minus 5 plus 12", 7),  # a sign in words, first
        ("what is 3 point 5 times 2", "3.5 times 2", 7),  # a decimal point said
        ("what is 1 over 8", "1 over 8", 0.125),
        ("what's 7x8", "7x8", 56),  # a product written as dimensions are, asked alone
        ("what is minus 8 times 3", "minus 8 times 3", -24),
        ("what is 12 factorial divided by 10 factorial", "12! divided by 10 factorial", 132),
        ("what's pi times 4 squared", "pi times (4^2)", 50.265482),
        ("the tip on a $120 bill at 18 percent split 4 ways", "18% of 120 / 4", 5.4),
        ("what's 1/8 as a percent", "1/8 × 100", 12.5),
        ("convert 0.75 to a percentage", "0.75 × 100", 75),
        ("what's 5 percent interest on 2000 for 3 years", "5% of 2000 × 3", 300),  # simple interest
        # compound interest: what it earns, or what it grows to
        ("compound interest on 1000 at 5% for 10 years", "1000 × (1 + 5%)^10 - 1000", 628.894627),
        ("5% compound interest on 2000 over 10 years", "2000 × (1 + 5%)^10 - 2000", 1257.789254),
        ("1000 at 5% compounded annually for 10 years", "1000 × (1 + 5%)^10", 1628.894627),
        ("what is 15% of 80 plus 20% of 50", "15% of 80 plus 20% of 50", 22),  # two percentages
        ("tip 15% on 42", "15% of 42", 6.3),  # said as an order
        ("i spent 45, 32 and 18, how much in total", "45 + 32 + 18", 95),  # amounts listed, then the total asked
        ("$12, $8 and $5.50 what is that altogether", "12 + 8 + 5.50", 25.5),
        ("how much is 30 percent off a $90 jacket", "90 - 30% of 90", 63),
        # an amount at a rate for one period, asked for another; hours worked at an hourly rate
        ("if i save 200 a month how much in a year", "200 × 12", 2400),
        ("if i earn 52000 a year how much is that per month", "52000 / 12", 4333.333333),
        ("i spend 10 dollars a day, how much is that a year", "10 × 365", 3650),
        ("how much is 40 hours a week at $25 an hour", "40 × 25", 1000),
        ("what's 8 hours at 15.50 an hour", "8 × 15.50", 124),
        ("i make $18 an hour, how much for 40 hours", "18 × 40", 720),
        # things at a price each, with what is added after; a distance at a speed, a speed for a time
        ("how much is 3 pizzas at 12.99 each", "3 × 12.99", 38.97),
        ("4 tickets at $35 each plus $10 fee", "(4 × 35) plus 10", 150),
        ("how long does it take to go 150 miles at 50 mph", "150 / 50", 3),
        ("if a car goes 60 mph how far in 2.5 hours", "60 × 2.5", 150),
        # a part as a percentage of a whole, the change between two amounts in percent, a price after a discount
        ("what is 45 as a percentage of 60", "45 / 60 × 100", 75),
        ("what's the percentage change from 200 to 150", "(150 - 200) / 200 × 100", -25),
        ("by what percent did sales grow from 1200 to 1500", "(1500 - 1200) / 1200 × 100", 25),
        ("how much did the price go up from 50 to 65 in percent", "(65 - 50) / 50 × 100", 30),
        ("how much is a 20 dollar tip on 150 in percent", "20 / 150 × 100", 13.333333),
        ("price after 30% discount on 250", "250 - 30% of 250", 175),
        # two spoken operations an operator joins
        ("what's 1/4 of 100 plus 1/2 of 50", "(1/4 × 100) plus (1/2 × 50)", 50),
        ("half of 10 plus a third of 9", "(10 / 2) plus (9 / 3)", 8),
        ("the square root of 2 times the square root of 8", "(√2) times (√8)", 4),
        ("double 45 and add 10", "2 × 45 + 10", 100),  # a step after "and", not only after "then"
        ("subtract 3 from 10 then double it", "(10 - 3) × 2", 14),
        ("add 2 and 3 then halve it", "(2 + 3) ÷ 2", 2.5),
        ("double a recipe that needs 3/4 cup sugar", "2 × 3/4", 1.5),  # not 3/4 alone
        ("the jacket was $120 and it's 35% off, what's the sale price", "120 - 35% of 120", 78),  # the price first
        ("what's the discount on $80 at 25% off", "25% of 80", 20),  # the discount, not what is left to pay
        ("what is 6 divided by 1/2", "6 divided by (1/2)", 12),  # a fraction written tight is one number
        ("what's 10 times 3/4", "10 times (3/4)", 7.5),
        ("what's the total with 20% tip on 45.50", "45.50 + 20% of 45.50", 54.6),  # the total, not the tip
        ("how much do i save with 30% off 120", "30% of 120", 36),  # what is saved, not what is left to pay
        ("what is -3 squared", "(-3)^2", 9),  # the number with its sign
        ("what's 5 - 3 squared", "5 - (3^2)", -4),  # an operator symbol before a spoken operation
        ("12 percent of 87.50 and then add that to it", "87.50 + 12% of 87.50", 98),  # the total, not the part
        ("20% of 150, then take that off", "150 - 20% of 150", 120),
        # what a total that includes a tax was before it, when the goal asks for that
        ("price is 119 including 19% vat, price without vat?", "119 / (1 + 19%)", 100),
        ("gross price incl. VAT is 1,190 with 19% vat, what's the net amount", "1,190 / (1 + 19%)", 1000),
        ("250 euros incl 20% vat, what is it ex vat", "250 / (1 + 20%)", 250 / 1.2),
    ],
)
def test_spoken_arithmetic_and_its_steps(goal: str, expression: str, value: float) -> None:
    found = _spans(goal, "expression")
    assert expression in found
    assert calculate(expression) == pytest.approx(value)


@pytest.mark.parametrize(
    ("goal", "expressions"),
    [
        ("what is 25% of 200 plus 10", ["25% of 200 plus 10"]),
        ("what is 3/4 of 60", ["3/4 × 60"]),
        ("what is 200 minus 15 percent", ["200 - 15% of 200"]),
        ("100 - 20% of 50", ["100 - 20", "20% of 50"]),  # a percentage of another amount is not one of the first
        ("square root of 2 times 3", ["√2 times 3"]),
        ("average of 4 and 8 plus 1", ["((4 + 8) / 2) plus 1"]),
        ("what is 7 squared minus 5 squared", ["(7^2) minus 5 squared"]),
        ("what is 3 times the sum of 4 and 5", ["3 times (4 + 5)"]),
        ("what is half of 3 and a half", ["3.5 / 2"]),  # not half of 3
        ("what's 3:45 plus 2 hours 30 minutes", ["3:45 + 2 hours 30 minutes"]),  # a sum on the clock, not 45 plus 2
        ("how long ago was 9/11", []),  # a month and a day, asked of as a day: a date (extract._dates)
        ("i earn 20 an hour, how much a day", []),  # a working day is no 24 hours
        ("i read 30 pages a day for a month", []),  # a month is no whole number of days
        ("how many days until 12/25", []),
        ("what is 9/11", ["9/11"]),
        ("what is 45 as a percentage of 60", ["45 / 60 × 100"]),  # not 45 × 100
        ("how much is a 20 dollar tip on 150 in percent", ["20 / 150 × 100"]),  # not 150 × 100
        ("what's 1/4 of 100 plus 1/2 of 50", ["(1/4 × 100) plus (1/2 × 50)"]),  # not "100 plus (1/2 × 50)"
        ("what time is quarter past 3 plus 2 hours", ["3:15 + 2 hours"]),  # a sum on the clock, not 3 plus 2
        ("what's 3 plus 2 hours", []),  # an amount of time added to a number: no sum of numbers
        ("what is 5 times 3 hours", ["5 times 3"]),  # a number of times an amount of time is
    ],
)
def test_a_part_of_a_percentage_or_a_fraction_of_an_amount_is_no_expression(goal: str, expressions: list[str]) -> None:
    assert _spans(goal, "expression") == expressions


@pytest.mark.parametrize(
    ("goal", "quantities", "units"),
    [
        ("how many minutes in 3.5 hours", ["3.5 hours"], ["minutes"]),
        ("90 minutes in hours", ["90 minutes"], ["hours"]),
        ("how many seconds in a day", ["a day"], ["seconds"]),
        ("how many ounces in a pound", ["a pound"], ["ounces"]),
        ("convert a mile to km", ["a mile"], ["km"]),
        ("remind me in 2 hours", [], []),
        ("weather in 3 days", [], []),
        ("how many days until Christmas", [], []),
        ("I need a pound of flour", [], []),
        ("convert 6 ft 2 in to cm", ["6 ft 2 in"], ["cm"]),  # whole, not "6 ft"; "to cm" after the inches
        ("how many minutes is 2h 15m", ["2h 15m"], ["minutes"]),  # not "15m" (15 metres)
        ("what's minus 40 c in f", ["-40 c"], ["f"]),  # below zero, said in words
        ("negative 10 degrees celsius in fahrenheit", ["-10 degrees celsius"], ["fahrenheit"]),
        ("what is 100 minus 40 c in f", ["40 c"], ["f"]),  # arithmetic's minus, not the amount's sign
        ("how many pounds is 3 kilos", ["3 kilos"], ["pounds"]),  # a word unit_convert reads and pint does not
        ("5 km = ? miles", ["5 km"], ["miles"]),  # "= ?" asks for the unit after it
        ("how many minutes in a quarter of an hour", ["a quarter of an hour"], ["minutes"]),  # not "an hour"
        ("what is three quarters of an hour in minutes", ["three quarters of an hour"], ["minutes"]),
        ("how many feet in three miles", ["three miles"], ["feet"]),  # an amount in words
        ("how many seconds in twenty minutes", ["twenty minutes"], ["seconds"]),
        ("how many days is 1 million seconds", ["1 million seconds"], ["days"]),  # not "million seconds"
        ("2.75 hours in hours and minutes", ["2.75 hours"], ["hours", "hours and minutes"]),
        ("what's 25% of an hour in minutes", ["25% of an hour"], ["minutes"]),  # not "an hour" of it
        ("what's 15 minutes times 4 in hours", [], []),  # arithmetic goes on from it: converting it answers nothing
        ("how much is 3 hours and half in minutes", ["3 hours and half"], ["minutes"]),
        ("it took two hours and a half, how many minutes", ["two hours and a half"], ["minutes"]),
        ("how many wks in 2 yrs", ["2 yrs"], ["wks"]),
        ("what is 3 km x 2 in miles", [], ["miles"]),
    ],
)
def test_a_conversion_offers_one_of_a_unit_and_amounts_of_time(
    goal: str, quantities: list[str], units: list[str]
) -> None:
    assert (_spans(goal, "quantity"), _spans(goal, "unit")) == (quantities, units)


@pytest.mark.parametrize(
    "goal",
    [
        "I have one dog and two cats",
        "remind me in two days",
        "the one with the hat",
        "log 5 hours of work on the report",  # to log, not a logarithm
        "we round 5 people up for the photo",
    ],
)
def test_number_words_without_arithmetic_make_no_expression(goal: str) -> None:
    assert _spans(goal, "expression") == []


@pytest.mark.parametrize(
    ("goal", "expression"),
    [
        ("what's 100 divided by 3 rounded", "100 divided by 3 rounded"),
        ("round 3.14159 to 2 decimal places", "round 3.14159 to 2 decimal places"),
        ("round 100/3 to 2 dp", "round 100/3 to 2 dp"),
        ("what is 22/7 to 3 decimal places", "22/7 to 3 decimal places"),
        ("round 1234 to the nearest hundred", "round 1234 to the nearest hundred"),
        ("round up 2.3", "round up 2.3"),
        ("add 17 and 25 then divide by 4, rounded to 1 decimal place", "(17 + 25) ÷ 4, rounded to 1 decimal place"),
    ],
)
def test_how_to_round_goes_with_the_arithmetic_it_rounds(goal: str, expression: str) -> None:
    assert _spans(goal, "expression") == [expression]


def test_the_first_part_of_a_stepped_computation_is_not_offered_alone() -> None:
    assert _spans("add 17 and 25 then multiply by 3", "expression") == ["(17 + 25) × 3"]


@pytest.mark.parametrize(
    ("goal", "expression"),
    [
        ("what's 3 and a half times 2 and a quarter", "3.5 times 2.25"),
        ("1 and three quarters plus two and a half", "1.75 plus 2.5"),
        ("10 to the power 6 divided by 250", "10 to the power 6 divided by 250"),
        ("3 to the minus 2", "3^(-2)"),
        ("ln of 4.2", "ln 4.2"),
        ("25% off 79.95 then another 10% off", "79.95 × (1 - 25%) × (1 - 10%)"),
        ("40% off and then an extra 15% off on a $200 coat", "200 × (1 - 40%) × (1 - 15%)"),
        ("split a $212 dinner bill between 6 people", "212 / 6"),
        ("I scored 42 out of 50 on my test, what's that as a percentage?", "42 / 50 × 100"),
        ("whats 4.6 billion divided by 8 billion as a percentage", "4600000000 / 8000000000 × 100"),
        # an amount of a unit at a rate per one of it
        ("patient weighs 68 kg, dose is 15 mg/kg, how many mg total", "68 × 15"),
        ("electricity costs 0.14 per kWh and I used 875 kWh", "875 × 0.14"),
        ("if tomatoes are 2.99/lb how much for 3.4 lbs", "3.4 × 2.99"),
        ("Gas is 3.89 a gallon and my tank holds 14.5 gallons", "14.5 × 3.89"),
        ("If I walk 2.3 miles a day, how many miles is that in 30 days", "30 × 2.3"),
        ("server costs $0.096/hr, monthly cost at 730 hours?", "730 × 0.096"),
        ("half of a third of 90", "90 / 3 / 2"),
        ("a quarter of half of 200", "200 / 2 / 4"),
    ],
)
def test_spoken_arithmetic_is_offered_whole(goal: str, expression: str) -> None:
    assert _spans(goal, "expression") == [expression]


@pytest.mark.parametrize(
    "goal",
    [
        "3 miles at 7:45/mile, total time?",  # the 45 of a time is no rate
        "A recipe costs me $14 to make and it makes 8 servings",  # no amount of what a rate is per
    ],
)
def test_a_rate_per_unit_wants_an_amount_of_that_unit(goal: str) -> None:
    assert not any("×" in e for e in _spans(goal, "expression"))


def test_a_rate_already_read_as_a_speed_for_a_time_is_offered_once() -> None:
    assert _spans("if a train goes 85 km/h for 3.5 hours how far does it go", "expression") == ["85 × 3.5"]


def test_a_total_with_a_tax_is_the_tax_added_unless_the_goal_asks_for_the_amount_before_it() -> None:
    assert _spans("whats 60 with 8% tax", "expression") == ["60 + 8% of 60"]
    assert _spans("1,190 with 19% vat, what's the net amount", "expression") == ["1,190 / (1 + 19%)"]


@pytest.mark.parametrize(
    ("goal", "quantity"),
    [
        ("how many grams is 2 cups of sugar", "2 cups of sugar"),
        ("half a cup of honey in grams", "half a cup of honey"),
        ("4 sticks of butter in grams", "4 sticks of butter"),
        ("2 cups in ml", "2 cups"),  # of no ingredient: the amount alone
        ("how many ounces in 200 grams of sugar", "200 grams"),  # a weight to a weight: the ingredient is no matter
    ],
)
def test_an_amount_of_an_ingredient_to_convert_to_the_other_kind_is_a_quantity_with_it(
    goal: str, quantity: str
) -> None:
    assert _spans(goal, "quantity") == [quantity]


def test_a_measure_said_as_the_american_or_the_british_one_is_a_quantity() -> None:
    assert _spans("convert 3 us cups to ml", "quantity") == ["3 us cups"]
    both = ["a us gallon", "a uk gallon"]
    assert _spans("the difference between a us gallon and a uk gallon in litres", "quantity") == both
    assert _spans("how many of us can fit", "quantity") == []


def test_a_year_said_from_now_inside_a_holiday_s_name_is_no_date_of_its_own() -> None:
    assert _spans("How many weeks is it until Easter next year?", "date") == ["Easter next year"]
    assert _spans("is next year a leap year", "date") == ["next year"]
