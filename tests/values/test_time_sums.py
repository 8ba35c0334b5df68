"""Sums on the clock: found where a goal says them in words, read back as the calculator reads them."""

from __future__ import annotations

import pytest

from decisionloop.values.time_sums import find_time_sums, read_time_sum


@pytest.mark.parametrize(
    ("goal", "found"),
    [
        ("what time is 90 minutes after 10:45", ["10:45 + 90 minutes"]),
        ("what's 3:45 plus 2 hours 30 minutes", ["3:45 + 2 hours 30 minutes"]),
        ("what time is 2 hours before 1:15 pm", ["1:15 pm - 2 hours"]),
        ("add 45 minutes to 11:30", ["11:30 + 45 minutes"]),  # not "45 minutes to 11:30" inside it
        ("take 2h30 off 14:00", ["14:00 - 2h30"]),
        ("16:40 take away 2 and a half hours", ["16:40 - 2 and a half hours"]),
        ("9:15 less 45 minutes", ["9:15 - 45 minutes"]),
        ("20 minutes to 5pm", ["5pm - 20 minutes"]),
        ("what time is an hour and a half after noon", ["noon + an hour and a half"]),
        ("a half hour after 3pm", ["3pm + a half hour"]),
        ("how many hours between 9am and 5pm", ["5pm - 9am"]),
        ("how long is it from 22:00 to 06:30", ["06:30 - 22:00"]),
        ("what is 2 hours 45 minutes plus 1 hour 30 minutes", ["2 hours 45 minutes + 1 hour 30 minutes"]),
        ("if I leave at 8:30 and the drive takes 3 hours 20 minutes when do I arrive", ["8:30 + 3 hours 20 minutes"]),
        ("my train is at 9am and it takes 45 minutes to get there, when should I leave", ["9am - 45 minutes"]),
        ("a 3-hour flight leaving at 10pm, when do I land", ["10pm + 3 hour"]),
        # a time of day said the old way
        ("what time is quarter past 3 plus 2 hours", ["3:15 + 2 hours"]),
        ("half past seven plus 45 minutes", ["7:30 + 45 minutes"]),
        ("5 o'clock plus 90 minutes", ["5:00 + 90 minutes"]),
        ("what time is a quarter to 6pm plus an hour", ["5:45 pm + an hour"]),
        # a time of day asked on the other clock
        ("what is 7:30 pm in 24 hour time", ["7:30 pm in 24-hour time"]),
        ("convert 15:30 to 12 hour time", ["15:30 in 12-hour time"]),
        ("what is 0900 in regular time", ["0900 in 12-hour time"]),
        ("what is 9pm in military time", ["9pm in 24-hour time"]),
        ("convert 5pm to twenty-four hour time", ["5pm in 24-hour time"]),
        # a stretch that nobody asks the length of is when something happens; a time from now is the clock's
        ("book the meeting room from 9am to 5pm", []),
        ("what time is it in tokyo in 3 hours", []),
        ("remind me at 5pm to call mom", []),
        ("what is 5 minus 3", []),
    ],
)
def test_a_sum_on_the_clock_is_found_as_the_calculator_reads_it(goal: str, found: list[str]) -> None:
    assert list(find_time_sums(goal)) == found


@pytest.mark.parametrize(
    ("expression", "told"),
    [
        ("10:45 + 90 minutes", "12:15"),  # written either way: told as written, on a 12-hour clock
        ("11:30 plus 2 hours", "1:30"),
        ("1:15 pm - 2 hours", "11:15 am"),
        ("10pm + 3 hours", "1:00 am the next day"),
        ("9:30am + 2 and a half hours", "12:00 pm"),
        ("23:00 + 3 hours", "02:00 the next day"),
        ("00:30 - 1 hour", "23:30 the day before"),
        ("09:00 + 50 hours", "11:00 (2 days later)"),
        ("14:00 - 2h30", "11:30"),
        ("5pm - 9am", "8 hours (480 minutes)"),
        ("06:30 - 22:00", "8 hours 30 minutes (510 minutes)"),  # across midnight
        ("5:40 - 9:15", "8 hours 25 minutes (505 minutes)"),  # written either way: the afternoon's 5:40
        ("2 hours 45 minutes + 1 hour 30 minutes", "4 hours 15 minutes (255 minutes)"),
        ("1 hour - 15 minutes", "45 minutes"),
        ("noon + 90 seconds", "12:01:30 pm"),
        ("7:30 pm in 24-hour time", "19:30"),
        ("00:15 in 12-hour time", "12:15 am"),
        ("0900 in 12-hour time", "9:00 am"),
    ],
)
def test_a_sum_on_the_clock_reads_to_a_time_of_day_or_an_amount_of_time(expression: str, told: str) -> None:
    read = read_time_sum(expression)
    assert read is not None
    assert read.told() == told


@pytest.mark.parametrize(
    "expression",
    ["3 + 4", "9am + 5pm", "2 hours - 9am", "15 minutes - 1 hour", "10:45 + 90", "10:45 + 90 miles", "later + 2 hours"],
)
def test_what_is_no_sum_on_the_clock_is_not_read_as_one(expression: str) -> None:
    assert read_time_sum(expression) is None
