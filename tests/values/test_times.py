"""Times of day, and a time of day told in a place or time zone: found in a text, read back."""

from __future__ import annotations

from datetime import time

import pytest

from decisionloop.values.times import find_zoned_times, in_digits, read_time_of_day, read_zoned_time


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("9am", time(9)),
        ("9 PM", time(21)),
        ("12am", time(0)),
        ("12 pm", time(12)),
        ("3:30 pm", time(15, 30)),
        ("6:45 a.m.", time(6, 45)),
        ("17:00", time(17)),
        ("noon", time(12)),
        ("Midnight", time(0)),
        ("25:00", None),
        ("9", None),
        ("at 9am", None),
    ],
)
def test_a_time_of_day_is_read_alone(text: str, read: time | None) -> None:
    assert read_time_of_day(text) == read


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("what time is it in tokyo when it's 9am in new york", ["9am in new york"]),
        ("convert 9am est to pst", ["9am est"]),
        ("what's 9am in london in new york time", ["9am in london"]),
        ("if it is 3:30 pm in Paris what time is it in Chicago", ["3:30 pm in Paris"]),
        ("what time is 5pm GMT in sydney", ["5pm GMT"]),
        ("noon London time in Tokyo", ["noon London time"]),
        ("17:00 UTC+2 in New York", ["17:00 UTC+2"]),
        ("9am on the west coast", []),  # "on": no zone follows a time so
        ("9am in the west coast", ["9am in the west coast"]),
        # a month, a weekday or words that are no place are no zone
        ("meeting at 9am in March", []),
        ("call me at 7pm in the evening", []),
        ("the train leaves at 9am Monday", []),
        ("what time is it in tokyo", []),
    ],
)
def test_a_time_of_day_told_in_a_place_is_found_as_written(text: str, found: list[str]) -> None:
    assert list(find_zoned_times(text)) == found


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("9am in New York", (time(9), "New York")),
        ("5pm GMT", (time(17), "GMT")),
        ("3:30  pm   EST", (time(15, 30), "EST")),
        ("noon London time", (time(12), "London")),
        ("17:00 utc+2", (time(17), "utc+2")),
        ("9am", None),
        ("9am in New York tomorrow", None),
        ("New York 9am", None),
    ],
)
def test_a_time_told_in_a_place_is_read_only_whole(text: str, read: tuple[time, str] | None) -> None:
    assert read_zoned_time(text) == read


@pytest.mark.parametrize(
    ("said", "digits"),
    [
        ("quarter past 3", "3:15"),
        ("half past seven", "7:30"),
        ("a quarter to 4", "3:45"),
        ("quarter after 3", "3:15"),
        ("10 past 5 am", "5:10 am"),
        ("20 minutes to 6pm", "20 minutes to 6pm"),  # a sum on the clock, read there
        ("5 o'clock", "5:00"),
        ("twelve oclock", "12:00"),
        ("the 3 to 5 range", "the 3 to 5 range"),  # a range, no time of day
        ("20 to 6pm", "20 to 6pm"),  # minutes to an hour only with "minutes"
        ("half to 3", "half to 3"),
        ("30 minutes after 5pm", "30 minutes after 5pm"),  # a sum on the clock, read there
    ],
)
def test_a_time_of_day_said_the_old_way_is_written_in_digits(said: str, digits: str) -> None:
    assert in_digits(said) == digits
