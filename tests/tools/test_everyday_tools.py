"""The clock, date_math without an offset, unit_convert to any unit pint knows, and the calculator's roots."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from decisionloop.core.tool import ToolContext
from decisionloop.tools.catalog import spec
from decisionloop.tools.local import calculator, clock, date_math, target_unit, unit_convert
from decisionloop.tools.zones import find_zone

CTX = ToolContext(now=datetime(2026, 12, 1, 9, 30, tzinfo=UTC))


@pytest.mark.parametrize(
    ("place", "observation"),
    [
        ("Tokyo", "It is 18:30 on Tuesday, December 1, 2026 in Tokyo (Asia/Tokyo, UTC+09:00)"),
        ("New York", "It is 04:30 on Tuesday, December 1, 2026 in New York City (America/New_York, UTC-05:00)"),
        ("europe/berlin", "It is 10:30 on Tuesday, December 1, 2026 in Europe/Berlin (UTC+01:00)"),
        ("Japan", "It is 18:30 on Tuesday, December 1, 2026 in Japan (UTC+09:00)"),
        ("", "It is 09:30 on Tuesday, December 1, 2026 (local time, UTC+00:00)"),
    ],
)
def test_the_clock_tells_the_time_in_a_place_or_zone(place: str, observation: str) -> None:
    result = clock({"place": place} if place else {}, CTX)
    assert (result.ok, result.observation) == (True, observation)


@pytest.mark.parametrize(
    ("args", "observation"),
    [
        ({"offset": "in 3 hours"}, "In 3 hours it will be 12:30 on Tuesday, December 1, 2026 (local time, UTC+00:00)"),
        ({"offset": "2 hours ago"}, "2 hours ago it was 07:30 on Tuesday, December 1, 2026 (local time, UTC+00:00)"),
        (
            {"place": "Tokyo", "offset": "in half an hour"},
            "In half an hour it will be 19:00 on Tuesday, December 1, 2026 in Tokyo (Asia/Tokyo, UTC+09:00)",
        ),
        ({"offset": "in 2 days"}, "In 2 days it will be 09:30 on Thursday, December 3, 2026 (local time, UTC+00:00)"),
    ],
)
def test_the_clock_tells_the_time_that_far_from_now(args: dict[str, str], observation: str) -> None:
    result = clock(args, CTX)
    assert (result.ok, result.observation) == (True, observation)


def test_clock_time_from_now_is_elapsed_time_across_a_change_to_summer_time() -> None:
    before = ToolContext(now=datetime(2027, 3, 28, 0, 30, tzinfo=UTC))  # 01:30 in Berlin; clocks go to 03:00 at 02:00
    assert clock({"place": "Berlin", "offset": "in 1 hour"}, before).observation == (
        "In 1 hour it will be 03:30 on Sunday, March 28, 2027 in Berlin (Europe/Berlin, UTC+02:00)"
    )


def test_date_math_reads_a_month_named_alone_as_its_first_day() -> None:
    # the extractor offers "May" of "how many days until May?" as a date
    assert date_math({"date": "May"}, CTX).observation == (
        "May (Friday, May 1, 2026) is 214 days ago (30 weeks and 4 days; 7 months); "
        "next year's, Saturday, May 1, 2027, is in 151 days (21 weeks and 4 days; 5 months)"
    )


def test_the_clock_names_an_offset_it_cannot_read_and_date_math_sends_clock_time_to_it() -> None:
    result = clock({"offset": "soonish"}, CTX)
    assert not result.ok
    assert "'soonish'" in result.observation
    moved = date_math({"date": "today", "offset": "in 3 hours"}, CTX)
    assert not moved.ok
    assert "clock time" in moved.observation


def test_the_clock_names_what_it_cannot_place() -> None:
    result = clock({"place": "Qzxv Land"}, CTX)
    assert not result.ok
    assert "'Qzxv Land'" in result.observation
    assert "Europe/Berlin" in result.observation


@pytest.mark.parametrize(
    ("place", "zone"),
    [
        ("california", ("California", "America/Los_Angeles")),
        ("Texas", ("Texas", "America/Chicago")),  # the zone most Texans keep
        ("Ontario", ("Ontario", "America/Toronto")),  # the province, not Ontario, California
        ("florida", ("Florida", "America/New_York")),  # the state, not Florida, Cuba
        ("Washington", ("Washington", "America/New_York")),  # the capital; the state is "Washington State"
        ("washington state", ("Washington State", "America/Los_Angeles")),
        ("Georgia", ("Georgia", "Asia/Tbilisi")),  # a country keeps its name
        ("Queensland", ("Queensland", "Australia/Brisbane")),
        ("Scotland", ("Scotland", "Europe/London")),
        ("the UK", ("United Kingdom", "Europe/London")),  # a country by its short name: its capital's zone
        ("USA", ("United States", "America/New_York")),  # not Concord, a city the gazetteer also calls USA
        ("UAE", ("United Arab Emirates", "Asia/Dubai")),
        ("sf", ("San Francisco", "America/Los_Angeles")),  # a city's short form
        ("the bay area", ("San Francisco", "America/Los_Angeles")),
        ("the west coast", ("West Coast", "America/Los_Angeles")),  # a region told by its time zone
        ("Eastern Time", ("Eastern Time", "America/New_York")),
        ("central european time", ("Central European Time", "Europe/Paris")),  # a zone's name said in full
        ("Indian Standard Time", ("Indian Standard Time", "Asia/Kolkata")),
    ],
)
def test_a_state_province_or_nation_keeps_the_zone_most_of_its_people_do(place: str, zone: tuple[str, str]) -> None:
    assert find_zone(place) == zone


@pytest.mark.parametrize(
    ("place", "zone"),
    [
        ("paris france", ("Paris", "Europe/Paris")),
        ("Paris, Texas", ("Paris", "America/Chicago")),  # the city of that name in the state, not the capital
        ("paris tx", ("Paris", "America/Chicago")),  # a state by its code
        ("portland oregon", ("Portland", "America/Los_Angeles")),
        ("portland maine", ("Portland", "America/New_York")),
        ("perth australia", ("Perth", "Australia/Perth")),  # not the country's capital's zone
        ("london uk", ("London", "Europe/London")),
        ("blorp france", None),  # no city of that name there: no guess
    ],
)
def test_a_city_named_with_its_country_or_state_is_that_one(place: str, zone: tuple[str, str] | None) -> None:
    assert find_zone(place) == zone


def test_zones_come_from_the_gazetteer_and_the_zone_database() -> None:
    assert find_zone("Sydney") == ("Sydney", "Australia/Sydney")
    assert find_zone("France") == ("France", "Europe/Paris")
    assert find_zone("UTC") == ("UTC", "UTC")
    assert find_zone("") is None


@pytest.mark.parametrize(
    ("place", "zone", "observation"),
    [
        (
            "pst",
            ("PST", "America/Los_Angeles"),
            "01:30 on Tuesday, December 1, 2026 in PST (America/Los_Angeles, UTC-08:00)",
        ),
        ("EDT", ("EDT", "America/New_York"), "04:30 on Tuesday, December 1, 2026 in EDT (America/New_York, UTC-05:00)"),
        ("ist", ("IST", "Asia/Kolkata"), "15:00 on Tuesday, December 1, 2026 in IST (Asia/Kolkata, UTC+05:30)"),
        # an offset from UTC as people write it, east positive (not IANA's Etc/GMT+2, two hours west), in part of
        # an hour too
        ("GMT+2", ("UTC+02:00", "UTC+02:00"), "11:30 on Tuesday, December 1, 2026 in UTC+02:00"),
        ("utc-5", ("UTC-05:00", "UTC-05:00"), "04:30 on Tuesday, December 1, 2026 in UTC-05:00"),
        ("UTC+05:30", ("UTC+05:30", "UTC+05:30"), "15:00 on Tuesday, December 1, 2026 in UTC+05:30"),
    ],
)
def test_a_zone_by_its_abbreviation_or_its_offset(place: str, zone: tuple[str, str], observation: str) -> None:
    assert find_zone(place) == zone
    assert clock({"place": place}, CTX).observation == f"It is {observation}"


@pytest.mark.parametrize(
    ("place", "zone"),
    [
        ("Brazil", ("Brazil", "America/Sao_Paulo")),  # its capital written Brasília in the gazetteer
        ("cameroon", ("Cameroon", "Africa/Douala")),  # Yaoundé: the largest city's zone where no capital reads
        ("Kazakhstan", ("Kazakhstan", "Asia/Almaty")),  # a capital renamed (Nur-Sultan, Astana)
        ("Mongolia", ("Mongolia", "Asia/Ulaanbaatar")),
        ("sao paulo", ("São Paulo", "America/Sao_Paulo")),  # a name typed without its accents
        ("zurich", ("Zürich", "Europe/Zurich")),
        ("cancun", ("Cancún", "America/Cancun")),  # not Changchun, whose other names the gazetteer writes "Cancun"
        ("munster", ("Münster", "Europe/Berlin")),  # not Munster, Indiana: five times its people and more
        ("san jose", ("San Jose", "America/Los_Angeles")),  # not San José, Costa Rica: fewer people
        ("bali", ("Bali", "Asia/Makassar")),  # an island people ask the time of (data/regions.tsv)
        ("majorca", ("Mallorca", "Europe/Madrid")),
        ("the us", ("United States", "America/New_York")),
    ],
)
def test_a_country_or_city_keeps_a_zone_whatever_its_capital_is_written(place: str, zone: tuple[str, str]) -> None:
    assert find_zone(place) == zone


def test_an_offset_beyond_any_clock_is_no_zone() -> None:
    assert find_zone("utc+15") is None  # the farthest clock is 14 hours ahead (Kiribati)
    assert find_zone("utc-13") is None


@pytest.mark.parametrize(
    ("args", "observation"),
    [
        (
            {"place": "Tokyo", "at": "9am in New York"},
            "09:00 on Tuesday, December 1, 2026 in New York City (America/New_York, UTC-05:00) is 23:00 on Tuesday,"
            " December 1, 2026 in Tokyo (Asia/Tokyo, UTC+09:00)",
        ),
        (
            {"place": "pst", "at": "9am est"},
            "09:00 on Tuesday, December 1, 2026 in EST (America/New_York, UTC-05:00) is 06:00 on Tuesday, December 1,"
            " 2026 in PST (America/Los_Angeles, UTC-08:00)",
        ),
        (  # the day there may be another
            {"place": "Sydney", "at": "5pm GMT"},
            "17:00 on Tuesday, December 1, 2026 in GMT (UTC+00:00) is 04:00 on Wednesday, December 2, 2026 in Sydney"
            " (Australia/Sydney, UTC+11:00)",
        ),
        (  # no place: the context's own zone
            {"at": "noon Paris time"},
            "12:00 on Tuesday, December 1, 2026 in Paris (Europe/Paris, UTC+01:00) is 11:00 on Tuesday, December 1,"
            " 2026 (local time, UTC+00:00)",
        ),
        (
            {"place": "Tokyo", "at": "9am in New York", "offset": "in 3 hours"},
            "In 3 hours from 09:00 on Tuesday, December 1, 2026 in New York City (America/New_York, UTC-05:00) is"
            " 02:00 on Wednesday, December 2, 2026 in Tokyo (Asia/Tokyo, UTC+09:00)",
        ),
    ],
)
def test_the_clock_converts_a_time_of_day_told_in_another_place(args: dict[str, str], observation: str) -> None:
    result = clock(args, CTX)
    assert (result.ok, result.observation) == (True, observation)


@pytest.mark.parametrize(
    ("args", "says"),
    [
        ({"place": "Tokyo", "at": "9am"}, "Could not read '9am' as a time of day in a place"),
        ({"place": "Tokyo", "at": "9am in Qzxv Land"}, "Could not read '9am in Qzxv Land' as a time of day"),
        ({"place": "paris", "at": "3:30 pm in Paris"}, "'3:30 pm in Paris' is told in Paris's own time"),
        ({"place": "Qzxv Land", "at": "9am in Paris"}, "I do not know which time zone 'Qzxv Land' is in"),
    ],
)
def test_the_clock_names_a_time_it_cannot_convert(args: dict[str, str], says: str) -> None:
    result = clock(args, CTX)
    assert not result.ok
    assert result.observation.startswith(says)


def test_the_clock_place_is_optional() -> None:
    assert spec("clock").slot("place").required is False
    assert spec("clock").slot("offset").required is False
    assert spec("clock").slot("at").required is False
    assert spec("clock").slot("at").kinds == ("time",)
    assert spec("date_math").slot("offset").required is False


@pytest.mark.parametrize(
    ("day", "observation"),
    [
        ("2027-03-14", "Sunday, March 14, 2027 is in 103 days (14 weeks and 5 days; 3 months and 13 days)"),
        ("Christmas", "Christmas (Friday, December 25, 2026) is in 24 days (3 weeks and 3 days)"),
        ("today", "Tuesday, December 1, 2026 is today"),
        (
            "November 30",
            "Monday, November 30, 2026 is 1 day ago; "
            "next year's, Tuesday, November 30, 2027, is in 364 days (52 weeks; 11 months and 29 days)",
        ),
        (
            "March 12",
            "Thursday, March 12, 2026 is 264 days ago (37 weeks and 5 days; 8 months and 19 days); "
            "next year's, Friday, March 12, 2027, is in 101 days (14 weeks and 3 days; 3 months and 11 days)",
        ),
        ("March 12, 2026", "Thursday, March 12, 2026 is 264 days ago (37 weeks and 5 days; 8 months and 19 days)"),
        (
            "Halloween",  # passed a month ago, comes again in 334 days: both
            "Halloween (Sunday, October 31, 2027) is in 334 days (47 weeks and 5 days; 10 months and 30 days); "
            "the one before, Saturday, October 31, 2026, was 31 days ago (4 weeks and 3 days; 1 month)",
        ),
        ("yesterday", "yesterday (Monday, November 30, 2026) is 1 day ago"),
    ],
)
def test_date_math_without_an_offset_names_the_weekday_and_the_days_from_today(day: str, observation: str) -> None:
    assert date_math({"date": day}, CTX).observation == observation


@pytest.mark.parametrize(
    ("day", "observation"),
    [
        (
            "since New Year",
            "Since New Year (Thursday, January 1, 2026): 334 days (47 weeks and 5 days; 11 months)",
        ),  # not the next one, in 31 days
        ("since March 3", "Since Tuesday, March 3, 2026: 273 days (39 weeks; 8 months and 28 days)"),
        (
            "since Christmas",
            "Since Christmas (Thursday, December 25, 2025): 341 days (48 weeks and 5 days; 11 months and 6 days)",
        ),
        ("since monday", "Since monday (Monday, November 30, 2026): 1 day"),
    ],
)
def test_date_math_since_a_day_counts_from_the_last_one(day: str, observation: str) -> None:
    assert date_math({"date": day}, CTX).observation == observation


@pytest.mark.parametrize(
    ("day", "observation"),
    [
        (
            "weekdays until Christmas",
            "17 weekdays until Christmas (Friday, December 25, 2026), not counting today or that day (nor public "
            "holidays)",
        ),
        (
            "business days till March 3",  # passed this year: next year's
            "65 weekdays until Wednesday, March 3, 2027, not counting today or that day (nor public holidays)",
        ),
    ],
)
def test_date_math_counts_the_weekdays_until_a_day(day: str, observation: str) -> None:
    assert date_math({"date": day}, CTX).observation == observation


def test_date_math_since_a_day_still_to_come_says_so() -> None:
    result = date_math({"date": "since 2027-03-01"}, CTX)
    assert not result.ok
    assert "has not come yet" in result.observation


def test_date_math_without_an_offset_still_refuses_an_unreadable_date() -> None:
    result = date_math({"date": "the day after never"}, CTX)
    assert not result.ok
    assert "'the day after never'" in result.observation


@pytest.mark.parametrize(
    ("quantity", "to_unit", "observation"),
    [
        ("3 pounds", "grams", "3 pounds = 1,360.78 grams"),
        ("100 F", "celsius", "100 F = 37.78 degrees Celsius"),
        ("5 miles", "km", "5 miles = 8.047 kilometers"),
        ("60 mph", "km per hour", "60 mph = 96.56 km per hour"),
        ("2 kg", "ounces", "2 kg = 70.55 ounces"),
        ("3 cups", "ml", "3 cups = 709.76 ml"),
        ("100°F", "C", "100°F = 37.78 degrees Celsius"),
        ("a pound", "ounces", "a pound = 16 ounces"),
        ("an hour", "seconds", "an hour = 3,600 seconds"),
        ("3.5 hours", "minutes", "3.5 hours = 210 minutes"),
        ("2 cups", "ounces", "2 cups = 16 fluid ounces"),  # a volume in ounces is in fluid ounces
        ("8 ounces", "ml", "8 ounces = 236.59 ml"),  # and ounces converted to a volume are fluid ounces
        ("8 ounces", "grams", "8 ounces = 226.8 grams"),  # to a weight, ounces weigh
        ("3 pounds", "oz", "3 pounds = 48 oz"),
        ("6 ft 2 in", "cm", "6 ft 2 in = 187.96 cm"),  # a quantity in two units is their sum
        ("5'11\"", "cm", "5'11\" = 180.34 cm"),
        ("1 hour 30 minutes", "minutes", "1 hour 30 minutes = 90 minutes"),
        ("three miles", "feet", "three miles = 15,840 feet"),  # an amount in words
        ("a quarter of an hour", "minutes", "a quarter of an hour = 15 minutes"),
        ("1 million seconds", "days", "1 million seconds = 11.57 days"),  # a scale word after the number
        ("a billion seconds", "years", "a billion seconds = 31.69 years"),
        ("a thousand feet", "meters", "a thousand feet = 304.8 meters"),
        ("25% of an hour", "minutes", "25% of an hour = 15 minutes"),  # a percentage of one unit
        ("3 wks", "days", "3 wks = 21 days"),  # weeks as people shorten them, which pint does not read
        # information, which pint counts as dimensionless; "mb" and "gb" as people mean them, not millibarns
        ("a megabyte", "bytes", "a megabyte = 1,000,000 bytes"),
        ("5 gb", "mb", "5 gb = 5,000 mb"),
        ("a byte", "bits", "a byte = 8 bits"),
        ("half a cup", "tablespoons", "half a cup = 8 tablespoons"),  # a part of one unit
        ("1/2 cup", "ml", "1/2 cup = 118.29 ml"),
        ("32 degrees f", "c", "32 degrees f = 0 degrees Celsius"),
        ("an hour and a half", "minutes", "an hour and a half = 90 minutes"),
        ("1 acre", "square feet", "1 acre = 43,560 square feet"),  # the international acre, not the US survey one
        ("2 acres", "hectares", "2 acres = 0.809 hectares"),
        ("29.5735 ml", "fl oz", "29.5735 ml = 1 fl oz"),  # fluid ounces as people shorten them; one is one
        ("8 fl. oz", "ml", "8 fl. oz = 236.59 ml"),
        ("144 square inches", "square feet", "144 square inches = 1 square foot"),
        ("3600 seconds", "hours", "3600 seconds = 1 hour"),
        # calories as people count them, in food (kilocalories); kilojoules in lower case too
        ("500 calories", "kilojoules", "500 calories = 2,092 kilojoules"),
        ("1000 kj", "calories", "1000 kj = 239.01 calories"),
        ("2000 kcal", "kJ", "2000 kcal = 8,368 kJ"),
        # a unit and the smaller one a whole number of divides it, as people give a height or a weight
        ("1.8 meters", "feet and inches", "1.8 meters = 5 feet 10.87 inches"),
        ("2.5 kg", "pounds and ounces", "2.5 kg = 5 pounds 8.18 ounces"),
        ("150 minutes", "hours and minutes", "150 minutes = 2 hours 30 minutes"),
        ("2.75 hours", "hours and minutes", "2.75 hours = 2 hours 45 minutes"),
        ("72 inches", "feet and inches", "72 inches = 6 feet"),
        ("6 inches", "feet and inches", "6 inches = 6 inches"),
        ("20 celsius", "fahrenheit and kelvin", "20 celsius = 68 degrees Fahrenheit = 293.15 kelvin"),  # two answers
    ],
)
def test_unit_convert_reaches_any_unit_pint_knows(quantity: str, to_unit: str, observation: str) -> None:
    assert unit_convert({"quantity": quantity, "to_unit": to_unit}, CTX).observation == observation


@pytest.mark.parametrize(
    ("quantity", "to_unit", "observation"),
    [
        ("2 cups of sugar", "grams", "2 cups of sugar = 400 grams (sugar at 200 grams a cup)"),
        ("300 grams of flour", "cups", "300 grams of flour = 2.5 cups (flour at 120 grams a cup)"),
        ("a cup of milk", "grams", "a cup of milk = 245 grams (milk at 245 grams a cup)"),
        ("4 sticks of butter", "grams", "4 sticks of butter = 452 grams (a stick of butter is 113 grams)"),
        ("2 cups of water", "ml", "2 cups of water = 473.18 ml"),  # a volume to a volume: no weight needed
    ],
)
def test_an_amount_of_an_ingredient_converts_between_a_volume_and_a_weight_saying_by_what(
    quantity: str, to_unit: str, observation: str
) -> None:
    assert unit_convert({"quantity": quantity, "to_unit": to_unit}, CTX).observation == observation


def test_an_amount_of_an_ingredient_in_a_unit_of_neither_kind_is_a_clear_failure() -> None:
    result = unit_convert({"quantity": "3 cups of flour", "to_unit": "celsius"}, CTX)
    assert not result.ok
    assert result.observation.startswith("Could not convert: '3 cups of flour' is no weight or volume of flour")


def test_a_target_of_another_dimension_is_a_clear_failure() -> None:
    result = unit_convert({"quantity": "3 pounds", "to_unit": "celsius"}, CTX)
    assert not result.ok
    assert result.observation == (
        "Could not convert: '3 pounds' and degrees Celsius measure different things; "
        "for '3 pounds' pick one of: kg, lb."
    )


def test_target_units_read_the_catalog_keys_and_any_spelling() -> None:
    assert target_unit("C") == target_unit("celsius") == ("degree_Celsius", "degrees Celsius")
    assert target_unit("feet") == ("foot", "feet")
    assert target_unit("blorp") is None


@pytest.mark.parametrize(
    ("expression", "observation"),
    [("√144", "√144 = 12"), ("square root of 81", "square root of 81 = 9"), ("(17 + 25) × 3", "(17 + 25) × 3 = 126")],
)
def test_the_calculator_takes_roots(expression: str, observation: str) -> None:
    assert calculator({"expression": expression}, CTX).observation == observation


@pytest.mark.parametrize(
    ("expression", "observation"),
    [("7!", "7! = 5,040"), ("10 factorial", "10 factorial = 3,628,800"), ("factorial of 0", "factorial of 0 = 1")],
)
def test_the_calculator_takes_factorials(expression: str, observation: str) -> None:
    assert calculator({"expression": expression}, CTX).observation == observation


@pytest.mark.parametrize(
    ("expression", "why"), [("2.5!", "takes a whole number"), ("171!", "too large (the largest is 170!)")]
)
def test_a_factorial_of_no_whole_number_or_too_large_is_refused(expression: str, why: str) -> None:
    result = calculator({"expression": expression}, CTX)
    assert not result.ok
    assert why in result.observation


def test_the_root_of_a_negative_number_is_refused() -> None:
    result = calculator({"expression": "√-4"}, CTX)
    assert not result.ok
    assert "not a real number" in result.observation


@pytest.mark.parametrize(
    ("expression", "observation", "data"),
    [
        ("10:45 + 90 minutes", "10:45 + 90 minutes = 12:15", {"value": 44100, "time_of_day": True}),
        ("5pm - 9am", "5pm - 9am = 8 hours (480 minutes)", {"value": 28800, "time_of_day": False}),
        ("10pm plus 3 hours", "10pm plus 3 hours = 1:00 am the next day", {"value": 90000, "time_of_day": True}),
    ],
)
def test_the_calculator_takes_sums_on_the_clock(expression: str, observation: str, data: dict[str, object]) -> None:
    result = calculator({"expression": expression}, CTX)
    assert (result.ok, result.observation, dict(result.data)) == (True, observation, data)


def test_a_time_of_day_is_never_a_number_to_the_calculator() -> None:
    result = calculator({"expression": "10:45 + 90"}, CTX)
    assert not result.ok
