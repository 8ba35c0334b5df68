"""Everyday questions the local tools can answer, run end to end through the loop unattended: right, wrong or not
answered.

Eighty-seven goals of our own that a new user types (arithmetic in words, conversions, dates, the clock), each with
how its right answer ends ("= 27", "is in 24 days", "in Hong Kong (Asia/Hong_Kong, UTC+08:00)"). Each goal runs with
the built-in tools, the bundled model's gate (or ``--model-dir``'s), nobody at hand (a held step is declined) and
the clock at Tuesday, December 1, 2026, 09:30 UTC. A goal is *right* when the run answers and its answer says what
is expected, at its end or before what follows it (a gloss in brackets, ", or 8 days counting both…", a second
clause after ";"), *wrong* when it answers anything else: the outcome the gate exists to make rare. Held goals and
"none of my tools" are counted apart. Goals whose run is wrong or not answered are listed.

The first 62 goals were written on 2026-12-06 while fixing the extractor and the tools (``everyday_goals.py`` has
the small talk and the one-tool goals), so the figures flatter this code: they show what changed, not how a new
user's own goals fare. Measured 2026-12-06, decisionloop-0.1.0-202612060321 (the model unchanged), the code of
9ae5a68 → the code of this commit:

    right 14 → 54, wrong 13 → 0, held 21 → 8, none of my tools 12 → 0, failed 2 → 0

Still held: the model is not sure enough of the tool or a value ("what is 5 + 5 + 5", "split a $120 bill between
4 people", "time in hong kong", "what day of the week is christmas", "how many days until december 31").

``LATER`` holds 25 goals picked later that day from 280 further goals of our own (rounding, remainders, logarithms,
percentages of percentages, a run's "10k", heights as said, "minus 40 c", the days between two dates, a month's
length, a time from now); the goals were written before the fixes that followed them, but picked after, so these
figures flatter the code too. The code of ff638da → this commit's, the model unchanged: right 1 → 20, wrong 10 →
0, held 6 → 5, none of my tools 7 → 0, failed 1 → 0. "What time will it be in 3 hours", answered with the time
now before the clock took an offset, is held: the model puts "in 3 hours" at .91.

On 2026-12-07 the date answers' glosses ("(3 weeks and 3 days)") had made eleven right answers count as wrong (one
acre, 4,046.86 m², had been expected as .87); with the endings read as above, decisionloop-0.1.0-202612060321 →
0.1.0-202612071519 (the built-in tools' own tool head, trained with everyday requests): right 76 → 81, wrong 0 → 0,
held 11 → 6 (no longer held: "5 + 5 + 5", a $120 bill split four ways, a 20% tip, the weekdays of Christmas and
Valentine's day).

Usage: python scripts/everyday_answers.py [--model-dir DIR]
"""

from __future__ import annotations

import re

from everyday_goals import from_arguments, run

GOALS: tuple[tuple[str, str], ...] = (
    # arithmetic in words
    ("what's 15% of 80", "= 12"),
    ("what is 3.5 squared", "= 12.25"),
    ("what's 1000 divided by 7", "= 142.857143"),
    ("what's 12 times 12 plus 5", "= 149"),
    ("sqrt 2", "= 1.414214"),
    ("average of 4, 8 and 15", "= 9"),
    ("how much is 20% off 150", "= 120"),
    ("what is 7 factorial", "= 5,040"),
    ("what is 25% of 200 plus 10", "= 60"),
    ("what is 3/4 of 60", "= 45"),
    ("what is 2 to the 8th power", "= 256"),
    ("what is the square of 15", "= 225"),
    ("what's seven times eight", "= 56"),
    ("what is twelve plus nine", "= 21"),
    ("what is 1 million divided by 12", "= 83,333.333333"),
    ("what is 200 minus 15 percent", "= 170"),
    ("what's 150 plus 20%", "= 180"),
    ("increase 80 by 25%", "= 100"),
    ("reduce 60 by 10 percent", "= 54"),
    ("what is 15 squared plus 10", "= 235"),
    ("square root of 2 times 3", "= 4.242641"),
    ("what is 3 times the sum of 4 and 5", "= 27"),
    ("what's the sum of 1, 2, 3 and 4", "= 10"),
    ("what's the product of 6, 7 and 8", "= 336"),
    ("what is 7 squared minus 5 squared", "= 24"),
    ("what is the cube root of 27", "= 3"),
    ("what is 30% less than 200", "= 140"),
    ("what percentage is 25 of 200", "= 12.5"),
    ("what is half of 3 and a half", "= 1.75"),
    ("what's 12 percent of 1.5 million", "= 180,000"),
    ("what is 5 + 5 + 5", "= 15"),
    ("split a $120 bill between 4 people", "= 30"),
    # conversions
    ("convert 72 fahrenheit to celsius", "= 22.22 degrees Celsius"),
    ("100 km in miles", "= 62.14 miles"),
    ("how many ounces in a pound", "= 16 ounces"),
    ("how many cups in a liter", "= 4.227 cups"),
    ("how many minutes in 3.5 hours", "= 210 minutes"),
    ("how many seconds in a day", "= 86,400 seconds"),
    ("what is 20 c in f", "= 68 degrees Fahrenheit"),
    ("how many ounces in 2 cups", "= 16 fluid ounces"),
    ("how many hours is 150 minutes", "= 2.5 hours"),
    ("what is 1 acre in square meters", "= 4,046.86 square meters"),
    ("convert 6 ft 2 in to cm", "= 187.96 cm"),
    ("convert 1 hour 30 minutes to minutes", "= 90 minutes"),
    # dates
    ("what's the date 10 days from now", "is Friday, December 11, 2026"),
    ("what was the date 2 weeks ago", "is Tuesday, November 17, 2026"),
    ("what's the date 3 business days from now", "is Friday, December 4, 2026"),
    ("how many days until my birthday on march 12", "next year's, Friday, March 12, 2027, is in 101 days"),
    ("how many days ago was halloween", "the one before, Saturday, October 31, 2026, was 31 days ago"),
    ("hw many days til xmas", "(Friday, December 25, 2026) is in 24 days"),
    ("how many days until new years eve", "(Thursday, December 31, 2026) is in 30 days"),
    ("how many days until december 31", "Thursday, December 31, 2026 is in 30 days"),
    ("what day of the week is christmas", "(Friday, December 25, 2026) is in 24 days"),
    ("what day will it be in 100 days", "is Thursday, March 11, 2027"),
    ("what's 4 weeks before christmas", "is Friday, November 27, 2026"),
    # the clock
    ("what time is it in tokyo", "in Tokyo (Asia/Tokyo, UTC+09:00)"),
    ("what time is it in california", "in California (America/Los_Angeles, UTC-08:00)"),
    ("time in ontario", "in Ontario (America/Toronto, UTC-05:00)"),
    ("what time is it in the uk", "in United Kingdom (Europe/London, UTC+00:00)"),
    ("time in hong kong", "in Hong Kong (Asia/Hong_Kong, UTC+08:00)"),
    ("what's the time in new delhi", "in New Delhi (Asia/Kolkata, UTC+05:30)"),
    ("what time is it in SF", "in San Francisco (America/Los_Angeles, UTC-08:00)"),
)
# Written later the same day, from 280 further goals of our own (see the docstring).
LATER: tuple[tuple[str, str], ...] = (
    ("what's 100 divided by 3 rounded", "= 33"),
    ("round 3.14159 to 2 decimal places", "= 3.14"),
    ("what is 1000 divided by 7 to 2 decimal places", "= 142.86"),
    ("what's 15% of 80 rounded to the nearest whole number", "= 12"),
    ("what is 17 mod 5", "= 2"),
    ("what's the remainder when 17 is divided by 5", "= 2"),
    ("log of 1000", "= 3"),
    ("what is the natural log of 10", "= 2.302585"),
    ("what is 10 percent of 50 percent of 200", "= 10"),
    ("what's 3 plus 4 all squared", "= 49"),
    ("what's 8.5% sales tax on $240", "= 20.4"),
    ("what is a 20% tip on a $85 bill", "= 17"),
    ("what's the total if I add 7% tax to $19.99", "= 21.3893"),
    ("how many miles is a 10k", "= 6.214 miles"),
    ("how many cm is 5 foot 10", "= 177.8 cm"),
    ("what's minus 40 c in f", "= -40 degrees Fahrenheit"),
    ("how many pounds is 3 kilos", "= 6.614 pounds"),
    ("how many days from march 3 to march 10", "is 7 days"),
    ("how many days between christmas and new year", "is 7 days"),
    ("how many days in february 2028", "February 2028 has 29 days"),
    ("how many days are left in the year", "(Thursday, December 31, 2026) is in 30 days"),
    ("what day of the week is valentine's day", "(Sunday, February 14, 2027) is in 75 days"),
    ("how many days until the 4th of july", "(Sunday, July 4, 2027) is in 215 days"),
    ("what time will it be in 3 hours", "12:30 on Tuesday, December 1, 2026 (local time, UTC+00:00)"),
    ("what time was it 2 hours ago", "07:30 on Tuesday, December 1, 2026 (local time, UTC+00:00)"),
)


def says(answer: str, ending: str) -> bool:
    """Whether ``answer`` says ``ending`` at its end or before a bracket, comma or semicolon ("is in 24 days (3 weeks
    and 3 days)" says "is in 24 days"; "= 120" does not say "= 12")."""
    return re.search(re.escape(ending) + r"(?:$|,| \(|;)", answer) is not None


def main() -> None:
    backend, setup = from_arguments(__doc__.split("\n\n")[0])
    counts = dict.fromkeys(("right", "wrong", "held", "no_tool", "other"), 0)
    for goal, ending in (*GOALS, *LATER):
        result = run(goal, setup, backend)
        if result.stop == "answered":
            outcome = "right" if says(result.answer, ending) else "wrong"
        else:
            outcome = result.stop if result.stop in ("held", "no_tool") else "other"
        counts[outcome] += 1
        if outcome != "right":
            print(f"{outcome:8s} {goal[:48]:48s} {result.stop:10s} {result.answer[:90]}")
    print(", ".join(f"{name} {n}" for name, n in counts.items()) + f" (of {len(GOALS) + len(LATER)} goals)")


if __name__ == "__main__":
    main()
