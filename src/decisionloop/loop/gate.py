"""The gate: does System 1's proposal for this step run automatically, or is it held for System 2?

Pure: it reads the step's decisions and a little of the run, and returns typed hold reasons (none = AUTO).
Every rule fails closed — a degraded decision, a missing argument or an unsure stop always holds.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from decisionloop.core.answers import ChoiceAnswer
from decisionloop.core.courtesy import request
from decisionloop.core.decision import Decision
from decisionloop.core.records import Call, Hold
from decisionloop.core.tool import NONE, Tool
from decisionloop.core.vocab import ARG_PREFIX, ASK_USER
from decisionloop.extract import (
    Candidate,
    accepted_kinds,
    extract,
    is_function,
    is_time_unit,
    numbers_in_digits,
    occurrences,
)
from decisionloop.extract.candidates import GOAL
from decisionloop.loop import described
from decisionloop.model.actions import name_words
from decisionloop.model.matching import Match
from decisionloop.spec.gates import block_thresholds
from decisionloop.spec.model import Spec
from decisionloop.values.dates import MONTHS, WEEKDAYS
from decisionloop.values.periods import asked_periods
from decisionloop.values.quantity import BRITISH, UNITS_JOINED, unit_of

PICK_QUESTION = "tool"


@dataclass(frozen=True, slots=True, kw_only=True)
class StepDecisions:
    """What System 1 said this step: whether to go on, which tool, its arguments, whether the goal is done."""

    needs_tool: Decision
    pick_tool: Decision | None = None
    is_done: Decision | None = None
    pick_args: Decision | None = None
    missing_slots: tuple[str, ...] = ()
    only_tool: str | None = None
    given_tools: tuple[str, ...] = ()  # tools the goal gives every required value of (loop.asks.given_tools)
    match: Match | None = None  # at the first step, the offered tool that reads closest to the goal (model.matching)


def wants_to_stop(step: int, decisions: StepDecisions) -> bool:
    """System 1's proposal is to stop: no tool needed, or (after a step) the goal reads as done."""
    done = decisions.is_done is not None and decisions.is_done.proposed == "finish"
    return decisions.needs_tool.proposed == "answer" or (step > 0 and done)


def no_tool_fits(decisions: StepDecisions) -> bool:
    """System 1 picked NONE on pick_tool and the pick passed the gate: none of the tools can do this. A NONE must
    be surer than a tool to pass (DECISION.md); one held only for that, sure enough for a tool's gate, also fits
    when needs_tool, read without the tools, says no tool is needed: both readings agree ("hello", a limerick)."""
    pick = decisions.pick_tool
    answer = pick.answers.get(PICK_QUESTION) if pick is not None else None
    if pick is None or not isinstance(answer, ChoiceAnswer) or answer.choice != NONE:
        return False
    if pick.action == "call":
        return True
    gate = pick.thresholds.get(f"{pick.block}.{PICK_QUESTION}")
    needs = decisions.needs_tool
    agreed = needs.proposed == "answer" and not (needs.degraded or pick.degraded)
    return agreed and gate is not None and answer.top >= gate


def stop_holds(step: int, decisions: StepDecisions) -> list[Hold]:
    """Holds on a proposal to stop: it must be clearly supported by both readings."""
    if step == 0:
        return [Hold(kind="finish_before_any_step", detail="stop proposed before any tool ran")]
    holds = _degraded(decisions.needs_tool, decisions.is_done)
    done = decisions.is_done
    if done is None or done.action != "finish":
        why = done.reasons[0] if done is not None and done.reasons else "goal not judged done"
        holds.append(Hold(kind="stop_unsure", detail=f"stop wanted but the goal is not clearly done ({why})"))
    return holds


def call_holds(
    call: Call,
    decisions: StepDecisions,
    *,
    previous: Call | None,
    goal_risky: bool,
    read_only: bool,
    optional: frozenset[str] = frozenset(),
) -> list[Hold]:
    """Holds on a proposal to call a tool; ``optional`` slots answered NONE are left out, not held."""
    holds = _degraded(decisions.needs_tool, decisions.pick_tool, decisions.pick_args)
    pick = decisions.pick_tool
    if decisions.only_tool != call.tool and (pick is None or pick.action != "call"):
        holds.append(Hold(kind="tool_unsure", detail=f"tool choice unsure ({_first(pick)})"))
    holds += _arg_holds(decisions, optional)
    if call.same_as(previous):
        holds.append(Hold(kind="identical_call", detail=f"same call as the previous step ({call.tool})"))
    elif previous is not None and previous.tool == call.tool:
        holds.append(Hold(kind="same_tool", detail=f"same tool as the previous step ({call.tool})"))
    if goal_risky and read_only:
        holds.append(
            Hold(kind="risky_goal_read_only", detail=f"the goal reads as changing something but {call.tool} only reads")
        )
    return holds


def _arg_holds(decisions: StepDecisions, optional: frozenset[str]) -> list[Hold]:
    holds = [
        Hold(kind="arg_missing", detail=f"{slot}: no candidate value in the text") for slot in decisions.missing_slots
    ]
    args = decisions.pick_args
    if args is None:
        return holds
    for qid, answer in args.answers.items():
        slot = qid.split(":", 1)[-1]
        if isinstance(answer, ChoiceAnswer) and answer.choice == NONE and slot not in optional:
            holds.append(Hold(kind="arg_none", detail=f"{slot}: none of the values fits"))
    if args.action != "use" and not any(h.kind == "arg_none" for h in holds):
        holds.append(Hold(kind="arg_unsure", detail=f"arguments unsure ({_first(args)})"))
    return holds


def _degraded(*decisions: Decision | None) -> list[Hold]:
    return [
        Hold(kind="degraded", detail=f"{d.block}: {d.reasons[-1]}") for d in decisions if d is not None and d.degraded
    ]


def _first(decision: Decision | None) -> str:
    return decision.reasons[0] if decision is not None and decision.reasons else "not asked"


@dataclass(frozen=True, slots=True, kw_only=True)
class Route:
    """System 1's proposal for a step (a call, or None to stop) and why it is held; no holds means AUTO."""

    call: Call | None
    holds: tuple[Hold, ...]

    @property
    def auto(self) -> bool:
        """Whether the proposal runs without System 2."""
        return not self.holds


def route_step(
    step: int,
    decisions: StepDecisions,
    *,
    tool: Tool | None,
    previous: Call | None,
    goal_risky: bool,
    others: Sequence[Decision] = (),
    goal: str = "",
    earlier: Sequence[Call] = (),
    told: str = "",
    unanswered: bool = False,
) -> Route:
    """The gate on one step: ``tool`` is System 1's pick (None when no tool applies); ``others`` are the step's
    other decisions (grade_risk, step_ok), any degraded answer among them holds the step too; ``goal`` lets a value
    the goal describes be checked (``described``); ``earlier`` are the run's calls so far, whose values a stop is
    checked against (``unused_holds``, ``second_question_holds``, ``passed_holds``), and ``told`` is what the last
    of them returned; ``unanswered`` says that it asked the user and nobody answered (``unanswered_holds``). A sure
    NONE at the first step is no call and no hold: the run ends there, none of the tools fitting (unless another
    answer of the step is degraded, or the goal gives numbers to work with, ``numbers_holds``)."""
    if step == 0 and no_tool_fits(decisions):
        call, holds = None, overlooked_holds(decisions, None) + numbers_holds(goal)
    elif wants_to_stop(step, decisions):
        call = None
        holds = stop_holds(step, decisions) + described.stop_described_holds(goal, previous)
        holds += unused_holds(goal, earlier) + second_question_holds(goal, earlier, told) if step > 0 else []
        holds += passed_holds(goal, told) if step > 0 else []
    elif tool is None:
        call, holds = None, [_no_tool_hold(decisions.pick_tool)]
    else:
        call = Call(tool=tool.id, args=chosen_args(decisions.pick_args))
        read_only = tool.side_effect is None and tool.id != ASK_USER
        optional = frozenset(s.name for s in tool.slots if not s.required)
        holds = call_holds(
            call, decisions, previous=previous, goal_risky=goal_risky, read_only=read_only, optional=optional
        )
        holds += described.call_holds(goal, step, tool, call.args)
        holds += cannot_tell_holds(goal, tool)
        holds += unplaced_holds(goal, tool, call.args)
        holds += shared_value_holds(tool, call.args)
        holds += unsaid_today_holds(goal, tool, call.args)
        holds += unnamed_day_holds(goal, tool, call.args)
        holds += measure_system_holds(goal, call.args)
        holds += date_as_sum_holds(goal, tool, call.args)
        holds += ratio_holds(goal, tool, call.args)
        holds += diagonal_holds(goal, tool, call.args)
        holds += overlooked_holds(decisions, tool) if step == 0 else []
        holds += unanswered_holds(unanswered)
    step_ok = next((d for d in others if d.block == "step_ok"), None)
    if step_ok is not None and step_ok.action != "continue":
        why = step_ok.reasons[0] if step_ok.reasons else "not judged"
        holds.append(Hold(kind="step_failed", detail=f"the last call may not have worked ({why})"))
    asked = (decisions.needs_tool, decisions.pick_tool, decisions.is_done, decisions.pick_args, *others)
    holds += _other_degraded([d for d in asked if d is not None], holds)
    return Route(call=call, holds=tuple(holds))


def overlooked_holds(decisions: StepDecisions, picked: Tool | None) -> list[Hold]:
    """A hold when System 1 picked no tool, or one that needs no value (asking the user, a clock), beside a tool
    the goal asks for by another reading: the goal gives every value of it (``given_tools``), or its name and
    description read clearly closest to the goal (``match``, model.matching). However sure the pick, a person
    decides between them. A pick that needs values of its own may be the first of two tasks ("7,200 divided by 16,
    and 5 miles in km"), and passes, unless it only reads and the tool closest to the goal changes something
    ("Delete my note about the paint colour" read as a note search)."""
    if picked is not None and any(s.required for s in picked.slots):
        return _reads_instead(decisions.match, picked)
    chose = f"chose {picked.id}" if picked is not None else "found no tool that fits"
    picked_id = picked.id if picked is not None else None
    if decisions.given_tools and picked_id not in decisions.given_tools:
        detail = f"the goal gives every value {decisions.given_tools[0]} needs, but System 1 {chose}"
        return [Hold(kind="tool_unsure", detail=detail)]
    match = decisions.match
    if match is not None and match.clear and match.tool != picked_id:
        return [Hold(kind="tool_unsure", detail=f"{match.describe()}, but System 1 {chose}")]
    return []


def unanswered_holds(unanswered: bool) -> list[Hold]:
    """A hold on a call right after asking the user when nobody answered: the goal still leaves out what was asked,
    and a call would guess it ("what's the weather like there tomorrow", asked where and not told, had run the clock
    and answered with the time)."""
    if not unanswered:
        return []
    return [Hold(kind="tool_unsure", detail="the user did not answer what was asked, so a call would guess it")]


def _reads_instead(match: Match | None, picked: Tool) -> list[Hold]:
    if match is None or not match.clear or not match.changes or match.tool == picked.id:
        return []
    if picked.side_effect is not None or picked.id == ASK_USER:
        return []
    detail = f"{match.describe()} and changes something, but System 1 chose {picked.id}, which only reads"
    return [Hold(kind="risky_goal_read_only", detail=detail)]


# The kinds of value a goal gives one task each: a second one no call used is a second task ("5 miles to km and
# 10 kg to pounds", "what's 5 + 3 and what's 10 - 2", "the time in tokyo and london").
_TASK_KINDS = frozenset({"quantity", "expression", "place"})


def unused_holds(goal: str, earlier: Sequence[Call]) -> list[Hold]:
    """A hold on stopping when the goal gives a value of a kind the run's calls took one of (a quantity, an
    expression, a place) that no call used, nor holds, nor is held in: the goal asks a second thing of that kind
    ("convert 5 miles to km and 10 kg to pounds" stopped after the miles). After arithmetic or a conversion, so
    is a number the goal gives that no call used ("we were 4, the bill 156.80 plus 18% tip: how much each?"), and
    after a date, a year ("what day will christmas fall on in 2030" answered of this year's), a day of the month
    by its ordinal ("the 13th next month") or an age asked of a day given with its year ("my 30th birthday, born
    2 feb 1997"). After a conversion, a unit the goal converts to that no call did ("15 psi to bar and then to
    kpa"); after a call that took a place, a time of day ("the time in LA when it's 8pm here")."""
    used = [v.casefold() for call in earlier for v in call.args.values() if v]
    if not used:
        return []
    extracted = [c for c in extract(goal, []) if c.source == GOAL]
    found = [c for c in extracted if c.kind in (*_TASK_KINDS, "date")]
    # a value a call took part of ("11 stone" of "11 stone 6") is of a kind the run took, and its other part a
    # number no call used
    partly = [
        c for c in found if c.kind in _NUMBER_KINDS and not _used(c.kind, c.span, used) and _part_used(c.span, used)
    ]
    took = {c.kind for c in found if _used(c.kind, c.span, used)} | {c.kind for c in partly}
    arithmetic = "expression" in took and all(c.kind != "quantity" for c in found)  # and a unit to answer in
    if arithmetic and (unit := _unused_unit(extracted, lambda s: any(s.casefold() in u for u in used))) is not None:
        return [Hold(kind="stop_unsure", detail=f"the goal asks for {unit!r}, which no call used")]
    for c in found:
        if c.kind in took & _TASK_KINDS and not _used(c.kind, c.span, used) and c not in partly:
            return [Hold(kind="stop_unsure", detail=f"the goal also gives {c.span!r}, which no call used")]
    if "place" in took and (hour := _unused_hour(goal, used)) is not None:
        return [Hold(kind="stop_unsure", detail=f"the goal also gives the time {hour!r}, which no call used")]
    if took & _NUMBER_KINDS and (number := _unused_number(goal, used)) is not None:
        return [Hold(kind="stop_unsure", detail=f"the goal also gives the number {number}, which no call used")]
    if "expression" in took and (period := _unconverted_period(goal, used, len(earlier))) is not None:
        return [Hold(kind="stop_unsure", detail=period)]
    if "quantity" in took:  # a conversion, and each unit the goal converts to ("to bar and then to kpa")
        values = [v for call in earlier for v in call.args.values() if v]  # as written: "MB" is no "mb"
        if (unit := _unused_unit(extracted, lambda s: _of_time(s) or _unit_used(s, values))) is not None:
            return [Hold(kind="stop_unsure", detail=f"the goal asks for {unit!r}, which no call used")]
    if "date" in took and (year := _unused_number(goal, used, _YEAR)) is not None:
        return [Hold(kind="stop_unsure", detail=f"the goal also gives the year {year}, which no call used")]
    if "date" in took and (day := _unused_day(goal, used)) is not None:
        return [Hold(kind="stop_unsure", detail=f"the goal also gives the day {day!r}, which no call used")]
    if "date" in took and (age := _unused_age(goal, used)) is not None:
        return [
            Hold(
                kind="stop_unsure",
                detail=f"the goal asks of {age} from a year it gives, and no call's date is in that year",
            )
        ]
    return []


def _unused_unit(extracted: Sequence[Candidate], used: Callable[[str], bool]) -> str | None:
    """The first unit the goal asks for (a candidate of kind unit) that ``used`` does not find in a call."""
    return next((c.span for c in extracted if c.kind == "unit" and not used(c.span)), None)


def _of_time(span: str) -> bool:
    """Whether ``span`` names units of time only: a date's question says them too ("6 weeks after 14/01/2026 and
    how many days from today is that", which a second question holds)."""
    return all(is_time_unit(p) for p in UNITS_JOINED.split(span) if p)


def _unit_used(span: str, used: Sequence[str]) -> bool:
    """Whether every unit ``span`` names is one a value in ``used`` names ("Celsius" is the "C" a call took)."""
    took = {unit_of(p) or p.casefold() for u in used for p in UNITS_JOINED.split(u) if p}
    return all((unit_of(p) or p.casefold()) in took for p in UNITS_JOINED.split(span) if p)


# A time of day: "8pm", "9.30am", "14:00", "7 a.m." (not a ratio or a score: "3:1" has no minutes).
_HOUR = re.compile(
    r"(?i)(?<![\w:.])(?:[01]?\d|2[0-3])(?:[:.][0-5]\d)?\s*(?:am|pm|a\.m\.|p\.m\.)(?!\w)"
    r"|(?<![\w:.])(?:[01]?\d|2[0-3]):[0-5]\d(?![\w:])"
)


def _unused_hour(goal: str, used: Sequence[str]) -> str | None:
    """A time of day the goal gives that no value in ``used`` holds ("what time is it in LA when it's 8pm here"
    answered with LA's time now)."""
    held = [_squeezed(u) for u in used]
    return next((m.group() for m in _HOUR.finditer(goal) if not any(_squeezed(m.group()) in u for u in held)), None)


def _squeezed(text: str) -> str:
    """``text`` in lower case without spaces or dots: "9.30 am" and "930am" are one time."""
    return text.casefold().replace(" ", "").replace(".", "")


# An age or a count of years the goal asks of a dated day by: "my 30th birthday", "our 25th anniversary", "when I
# turn 65".
_AGE = re.compile(
    r"(?i)(?<![\w.])(\d{1,3})(?:st|nd|rd|th)\s+(?:birthday|bday|b-day|anniversary)\b"
    r"|\bturn(?:s|ing)?\s+(\d{1,3})\b"
)


# Words that say a year given is the one counted from: a birth, a wedding, a start.
_BORN = re.compile(r"(?i)\b(?:born|birth|dob|married|wed|wedding|met|started|founded|opened)\b")


def _unused_age(goal: str, used: Sequence[str]) -> str | None:
    """An age the goal asks of a day it gives with its year ("when is my 30th birthday if I was born 2 feb 1997")
    that no call's date is in: no value holds that year plus the age (2027), so the call was of the day of birth."""
    if not _BORN.search(goal):  # "my son turns 18 on 7 august 2027": the day given is the one asked of
        return None
    years = {int(y) for y in _YEAR.findall(goal)}
    held = {n for u in used for n in _NUMBER.findall(u)}
    for m in _AGE.finditer(goal):
        age = int(m.group(1) or m.group(2))
        if years and not {str(y + age) for y in years} & held:
            return repr(" ".join(m.group().split()))
    return None


# A day of a month by its ordinal ("the 13th", "15th"), in digits; the 1st is left out, as a month named alone is
# read as its first day ("the 1st of next month" is "next month").
_ORDINAL_DAY = re.compile(r"(?i)(?<![\w.])0?([2-9]|[12]\d|3[01])(?:st|nd|rd|th)\b(?!\s+(?:birthday|anniversary))")


# A day counted from another by its ordinal, past any day of a month: "my 10000th day", "the 100th day of school".
_COUNTED_DAY = re.compile(r"(?i)(?<![\w.,])(\d{1,3}(?:,?\d{3})*)(?:st|nd|rd|th)\s+day\b")
_DAYS_IN_A_MONTH = 31


def _unused_day(goal: str, used: Sequence[str]) -> str | None:
    """A day of a month the goal gives by its ordinal that no value in ``used`` holds ("what day of the week is the
    13th next month" answered of next month's first day), or a day counted by its ordinal ("when is my 10000th day
    if i was born 1999-08-08" answered of the birth); an ordinal before "birthday" is an age."""
    held = {n for u in used for n in _NUMBER.findall(u.replace(",", ""))}
    counted = (m for m in _COUNTED_DAY.finditer(goal) if int(m.group(1).replace(",", "")) > _DAYS_IN_A_MONTH)
    days = (*_ORDINAL_DAY.finditer(goal), *counted)
    return next((m.group() for m in days if m.group(1).replace(",", "") not in held), None)


# A second question after a first: "…? And what's the total?", "… and how many weeks is that", "also …", "… vs
# Anchorage", "37.5 celsius to f, is that a fever", "37.8 c to f is that fever" (not "… what is that in f"); or a
# second thing to do, which another tool does: "… and save the result in a note", "… and email the total to Dana".
_SECOND_QUESTION = re.compile(
    r"(?i)\?\s*\S.*\?|\b(?:and|also|then|plus)\s+(?:what(?:'s|’s)?|whats|how|which|when|who|where|is|are|does|do|can)\b"
    r"|\balso\b|\b(?:vs\.?|versus)(?!\w)"
    r"|\band\s+(?:then\s+)?(?:save|email|e-mail|send|text|message|note|remember|remind|share|tell)\b"
    r"|,\s*(?:is|are|does|do|would|will|can|should)\s+(?:that|it|this|i|we)\b"
    r"|(?<=\w\s)(?<!what\s)(?<!much\s)(?<!many\s)(?<!long\s)(?<!far\s)(?:is|does|would)\s+(?:that|this)\s+(?!in\b|to\b)"
    r"(?:an?\s+)?[a-z]+\b"
)


def second_question_holds(goal: str, earlier: Sequence[Call], told: str = "") -> list[Hold]:
    """A hold on stopping after one call when the goal asks a second thing ("a 20% tip on a $67 bill? And what's
    the total?", "calculate 15% of 240 and save the result in a note"): the one call's result may answer only the
    first, and an answer to half the goal reads as the whole one. Not when the second question asks what the
    result ``told`` says already (``_told_already``: "… and what weekday is that" after a date named with its
    weekday)."""
    if len(earlier) != 1 or (m := _SECOND_QUESTION.search(goal)) is None or _told_already(goal[m.start() :], told):
        return []
    said = " ".join(m.group().split())
    return [Hold(kind="stop_unsure", detail=f"the goal asks a second thing ({said!r}), and one call ran")]


# What a second question may ask that a result can say in passing, and how the result says it: a weekday ("what day
# is that", "is it a weekend"), a span in weeks, months or years, a time zone (a clock's "UTC-07:00"), the time.
_ASKED_AND_TOLD = (
    (
        re.compile(r"(?i)\b(?:week\s?day|day\s+of\s+the\s+week|what\s+day|which\s+day|weekend)"),
        re.compile(r"\b(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day\b"),
    ),
    (re.compile(r"(?i)\bweeks\b"), re.compile(r"\b\d[\d,]*\s+weeks?\b")),
    (re.compile(r"(?i)\bmonths\b"), re.compile(r"\b\d+\s+months?\b")),
    (re.compile(r"(?i)\byears\b"), re.compile(r"\b\d+\s+years?\b")),
    (re.compile(r"(?i)\btime\s?zones?\b"), re.compile(r"\bUTC[+-]\d\d:\d\d\b")),
    (re.compile(r"(?i)\bwhat\s+time\b(?!\s?zone)"), re.compile(r"\bIt is \d\d:\d\d\b")),
    (re.compile(r"(?i)\b(?:today|tomorrow|yesterday)\b"), re.compile(r"\bIt is \d\d:\d\d on \w+day, \w+ \d")),
)
# A second question that asks only what the first result may tell: "and what weekday is that", "and how many weeks
# is that", "and is it a weekend", "and what time zone is it in".
_ONLY_ASKS = re.compile(
    r"(?i)[?,\s]*(?:and|also|then|plus)?\s*(?:what(?:'s|’s)?|whats|which|how\s+many|is|are|does|do)\b"
    r"(?:\s+(?:it|that|this|the|a|be|in|on|fall|will|was|is|day|of|week|weeks|months|years|time\s?zones?"
    r"|weekday|weekend|a\s+weekend|there|then|time|now|here|already|still|today|tomorrow|yesterday))+\s*\??\s*$"
)


def _told_already(asked: str, told: str) -> bool:
    """Whether the second question ``asked`` (the goal from where it starts) asks only what ``told`` says: each
    thing it asks of (``_ASKED_AND_TOLD``) said there, and nothing else asked."""
    if not told or _ONLY_ASKS.fullmatch(asked) is None:
        return False
    kinds = [said for ask, said in _ASKED_AND_TOLD if ask.search(asked)]
    return bool(kinds) and all(said.search(told) for said in kinds)


# A goal that asks how long until a day ("days until my mom's 60th birthday", "how many days till my next bday"),
# and a result that names only a day that has passed ("… is 11,707 days ago"), with no day to come beside it.
_ASKS_UNTIL = re.compile(
    r"(?i)\b(?:until|till|til|untill|away|left|to\s+go|countdown|how\s+(?:long|soon)\s+(?:before|till|until)"
    r"|next\s+(?:birthday|bday|b-day|anniversary))\b"
)
_TOLD_PASSED = re.compile(r"\bis [\d,]+ days? ago\b")
_TOLD_TO_COME = re.compile(r"\bis in [\d,]+ days?\b|\bis today\b")


def passed_holds(goal: str, told: str) -> list[Hold]:
    """A hold on stopping when the goal asks how long until a day and the last result names only a day that has
    passed: the call was of the day it counts from (a birth date), not of the day it asks of (the birthday)."""
    if not _ASKS_UNTIL.search(goal) or not _TOLD_PASSED.search(told) or _TOLD_TO_COME.search(told):
        return []
    return [
        Hold(
            kind="stop_unsure", detail="the goal asks how long until a day, and the result is of a day that has passed"
        )
    ]


# A goal that says its measures are British ones, and a measure whose British size is not the American one (pint's
# own, which a bare "pint" reads as).
_SAYS_BRITISH = re.compile(rf"(?i)\b(?:{BRITISH}|brit)\b")
_US_OR_BRITISH = re.compile(
    r"(?i)\b(?:pints?|pt|quarts?|qt|gallons?|gal|gills?|cups?|fl\.?\s?oz|fluid\s+ounces?|fluid\s+oz)\b"
)


def measure_system_holds(goal: str, args: Mapping[str, str]) -> list[Hold]:
    """A hold on a call with a measure whose British size differs from the American one ("2 pints") when the goal
    says its measures are British ("2 pints to litres (UK pints)") and the value does not: the tool reads a pint
    as an American one."""
    if not _SAYS_BRITISH.search(goal):
        return []
    unsaid = next((v for v in args.values() if _US_OR_BRITISH.search(v) and not _SAYS_BRITISH.search(v)), None)
    if unsaid is None:
        return []
    return [Hold(kind="arg_unsure", detail=f"the goal says British measures, and {unsaid!r} would be read as American")]


# A goal that asks an amount of one thing for an amount of another ("how many tablespoons of coffee for 4 cups",
# "how many grams of butter per 1.5 cups of flour"): a ratio of two things, which no conversion of the amount given
# answers ("4 cups = 64 tablespoons" had been the coffee's answer).
_RATIO = re.compile(
    r"(?i)\bhow\s+(?:many|much)\b[^.?!]*?\bof\s+[^\W\d_][^.?!]*?\b(?:for|per|to\s+make)\s+"
    r"(?:a\s+|every\s+|each\s+)?(?P<n>\d+(?:[.,/]\d+)?)"
)


def ratio_holds(goal: str, tool: Tool, args: Mapping[str, str]) -> list[Hold]:
    """A hold on a call that converts the amount a goal asks a ratio for ("how many tablespoons of coffee for 4
    cups" is no question of how many tablespoons 4 cups are): a value of a quantity slot holding its number."""
    asked = _RATIO.search(goal)
    if asked is None:
        return []
    number = _numbers_in(asked["n"])
    if not any(number <= _numbers_in(v) for v in _quantities(tool, args)):
        return []
    return [Hold(kind="arg_unsure", detail=f"the goal asks an amount of one thing for {asked['n']} of another")]


def _quantities(tool: Tool, args: Mapping[str, str]) -> list[str]:
    """The values a call gives its slots that take a quantity."""
    return [v for s in tool.slots if "quantity" in accepted_kinds(s) and (v := args.get(s.name))]


# A screen's size is its diagonal ("a 65 inch tv"): a goal that asks its width or height asks what no conversion of
# the size answers ("65 inch tv how wide is that in cm" had answered the diagonal, 165.1 cm).
_SCREEN = re.compile(r"(?i)\b(?:tv|telly|television|screen|monitor|display|laptop|tablet|ipad|phone)s?\b")
_SIDE_ASKED = re.compile(r"(?i)\b(?:how\s+(?:wide|tall|high)|width|height|dimensions?)\b")


def diagonal_holds(goal: str, tool: Tool, args: Mapping[str, str]) -> list[Hold]:
    """A hold on a call with a quantity when the goal asks the width or height of a screen, whose size is its
    diagonal."""
    if _SCREEN.search(goal) is None or (side := _SIDE_ASKED.search(goal)) is None:
        return []
    if not _quantities(tool, args):
        return []
    return [Hold(kind="arg_unsure", detail=f"a screen's size is its diagonal, and the goal asks {side.group()!r}")]


def date_as_sum_holds(goal: str, tool: Tool, args: Mapping[str, str]) -> list[Hold]:
    """A hold on arithmetic whose one expression is two small numbers over each other when the goal asks of a day
    ("is the 5/10 a saturday" had answered 0.5): the numbers are a date."""
    sums = {s.name for s in tool.slots if "expression" in accepted_kinds(s)}
    taken = (v for n, v in args.items() if n in sums)
    said = next((v for v in taken if (m := _SLASHED.fullmatch(v.strip())) and int(m[1]) <= 31 >= int(m[2])), None)
    if said is None or _ASKS_A_DAY.search(goal) is None:
        return []
    return [Hold(kind="arg_unsure", detail=f"the goal asks of a day, and {said!r} reads as a date, not a sum")]


_SLASHED = re.compile(r"(\d{1,2})\s*/\s*(\d{1,2})")
_ASKS_A_DAY = re.compile(
    r"(?i)\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekday|weekend|what\s+day|which\s+day"
    r"|date|birthday|day\s+of\s+the\s+week)\b"
)


_TODAY = "today"
# Words a goal says today with ("what's the date now", "tonight", "today's").
_SAYS_TODAY = re.compile(r"(?i)\b(?:today|now|tonight|this\s+(?:morning|afternoon|evening))")


def _date_slots(tool: Tool) -> set[str]:
    """The slots of ``tool`` that take a date as a span (not a fixed list's choice, as the weather's "today")."""
    return {s.name for s in tool.slots if not s.is_fixed and "date" in accepted_kinds(s)}


def unsaid_today_holds(goal: str, tool: Tool, args: Mapping[str, str]) -> list[Hold]:
    """A hold on a call whose one value is today, in a slot that takes a date, when the goal never says today ("days
    until ramadan", a day the extractor does not know, answered "today is today"): today is then no value of the
    goal, but what is left when none of its values fits; and on a call whose date is today when the goal counts
    from a day of someone's it does not give ("what's 4 weeks from her admission date" had answered four weeks from
    today). A fixed list's "today" (the weather's) is a choice."""
    values = {n: v.strip().casefold() for n, v in args.items() if v.strip()}
    dated = _date_slots(tool)
    if _SAYS_TODAY.search(goal):
        return []
    if list(values.values()) == [_TODAY] and set(values) <= dated:
        return [Hold(kind="arg_unsure", detail="the call's one value is today, which the goal does not say")]
    owned = _OWN_DAY.search(goal)
    if owned is not None and any(values.get(n) == _TODAY for n in dated):
        said = " ".join(owned.group().split())
        return [Hold(kind="arg_unsure", detail=f"the call's date is today, but the goal counts from {said!r}")]
    return []


# A day the goal names as someone's, which only its writer knows: "her admission date", "my start date", "our
# wedding day" (not "the date", "what day").
_OWN_DAY = re.compile(r"(?i)\b(?:my|her|his|their|our|your)\s+(?:[a-z]+\s+){1,2}(?:date|day)\b")


# A span of days said from this one ("next year"), and the words before it that only place it ("until next year",
# "is next year a leap year"); another word before it names a day in it ("diwali next year").
_PERIOD_VALUE = re.compile(r"(?i)(?:this|next|coming)\s+(?:year|month|week)")
_PLACING = frozenset(
    ("until", "till", "til", "untill", "to", "from", "in", "of", "the", "by", "for", "during", "is", "was", "will",
     "be", "start", "end", "beginning", "begins", "starts", "ends", "before", "after", "since", "and", "or", "all",
     "rest", "left", "remaining", "whole", "at", "on", "about", "whats", "what's", "what", "when", "how", "a", "days",
     "weeks", "months", "day", "week", "month")
)  # fmt: skip


def unnamed_day_holds(goal: str, tool: Tool, args: Mapping[str, str]) -> list[Hold]:
    """A hold on a call whose date is only a span said from this one ("next year") when the goal names a day in it
    with a word before it that no calendar here reads ("days until diwali next year" had counted to December 1,
    2027): the span is what is left of the day the goal asks of."""
    dated = _date_slots(tool)
    for name, value in args.items():
        if name not in dated or not _PERIOD_VALUE.fullmatch(value.strip()):
            continue
        for m in re.finditer(rf"(?i)([\w'’]+)\s+{re.escape(value.strip())}\b", goal):
            if m[1].casefold() not in _PLACING:
                return [Hold(kind="arg_unsure", detail=f"the goal names {m.group()!r}, and the call takes {value!r}")]
    return []


def numbers_holds(goal: str) -> list[Hold]:
    """A hold on "none of the tools fits" when the goal gives two numbers or more: it asks to work with them ("the
    bill is 98.40, 5 of us, plus 15% tip: per person?", "a rectangle 12.5 cm by 8 cm, the area"), which a
    calculator or a tool of the user's may do though System 1 reads none fitting; or one number that the extractor
    reads arithmetic of ("1,870 a fortnight, how much is that a year": 1,870 × 26; "the natural log of 10": ln 10).
    A person, or the LLM, decides."""
    given = list(dict.fromkeys(_given_numbers(goal)))
    if len(given) == 1 and (worked := _worked(goal)) is not None:
        return [Hold(kind="no_tool_fits", detail=f"System 1 found no tool that fits, but the goal asks {worked}")]
    if len(given) < _NUMBERS_TO_WORK_WITH:
        return []
    shown = ", ".join(given[:_NUMBERS_SHOWN])
    return [Hold(kind="no_tool_fits", detail=f"System 1 found no tool that fits, but the goal gives numbers ({shown})")]


_NUMBERS_TO_WORK_WITH = 2
_OPERATOR = re.compile(r"[×÷*/+^!√]|\s-\s|\b(?:ln|log)\b")  # and a function of one number: "ln 10", "7!"


def _worked(goal: str) -> str | None:
    """The first arithmetic the extractor reads in ``goal`` that works a number out ("1,870 × 26"), or None."""
    offered = (c.span for c in extract(goal, []) if c.kind == "expression" and c.source == GOAL)
    return next((e for e in offered if _OPERATOR.search(e)), None)


_NUMBERS_SHOWN = 4
_NUMBER = re.compile(r"\d+(?:\.\d+)?")
# The kinds of value that a run's arithmetic or conversion took: every number the goal gives is then a number the
# answer should have used.
_NUMBER_KINDS = frozenset({"quantity", "expression"})
_YEAR = re.compile(r"1[6-9]\d\d|2\d\d\d")  # a year a date may be in
# A number the goal gives in digits, not part of a word, a code or an ordinal ("v2", "10th", "3pm": no number to
# compute with), or glued to a unit of length or weight ("20ft x 10ft x 4 inches", a slab's sides, which no
# quantity offered holds: an amount that arithmetic goes on from is none), or to a p for pence ("a pint of milk for
# 89p": a price a total leaves out).
_GIVEN_NUMBER = re.compile(
    r"(?<![\w.])\d+(?:\.\d+)?(?:(?!\w|\.\d)|(?=(?:ft|in|cm|mm|m|km|kg|g|lbs?|oz|ml|l|mi|yds?|p)\b))"
)


def _unused_number(goal: str, used: Sequence[str], only: re.Pattern[str] | None = None) -> str | None:
    """A number the goal gives (in digits or words) that no value in ``used`` holds, as the goal's digits have it:
    "we were 4, the bill was 156.80 plus 18% tip, how much each" answered 156.80 + 18% of 156.80 leaves out the
    4."""
    held = {n for u in used for said in (u, numbers_in_digits(u)) for n in _numbers_in(said)}
    given = (n for n in _given_numbers(goal) if only is None or only.fullmatch(n))
    return next((n for n in given if n not in held and _value(n) not in held), None)


def _unconverted_period(goal: str, used: Sequence[str], calls: int) -> str | None:
    """What is left unanswered of the spans of time the goal asks an amount per and gives none per
    (``periods.asked_periods``: "1,600 a week, how much in a year"): such a span when the calls' arithmetic took
    only numbers the goal gives, since converting to it takes one it does not ("8 × 52" converts, "3 × 1,600" does
    not); or more spans asked than calls made ("650 a week, how much a fortnight and a year" answered 650 × 52)."""
    asked = asked_periods(goal)
    if not asked:
        return None
    given = {_value(n) for n in _given_numbers(goal)} | {"1"}
    took = {_value(n) for u in used for said in (u, numbers_in_digits(u)) for n in _numbers_in(said)}
    if took <= given:
        return f"the goal asks an amount per {asked[0]}, and no call's arithmetic converts to it"
    if len(asked) > calls:
        return f"the goal asks an amount per {' and per '.join(asked)}, more than the run's {calls} call(s) answer"
    return None


def _given_numbers(goal: str) -> list[str]:
    """The numbers the goal gives, in digits or words, as its digits have them; one is left out: "buy one every
    day", "one more question" say no number to work with."""
    digits = numbers_in_digits(request(goal)).replace(",", "")
    return [n for n in _GIVEN_NUMBER.findall(digits) if _value(n) != "1"]


def _value(number: str) -> str:
    """``number`` as the calculator would write it back: "07" → "7", "2.50" → "2.5"."""
    value = float(number)
    return str(int(value)) if value == int(value) else str(value)


def _used(kind: str, span: str, used: Sequence[str]) -> bool:
    """Whether a call used ``span``: a place as words within a value or holding one; an amount or an expression by
    its numbers, all of them in one value ("36 by 24" is the "36 * 24" a call took)."""
    value = span.casefold()
    if kind == "place":
        return any(value in u or u in value for u in used)
    numbers = _numbers_in(value)
    return any(numbers <= _numbers_in(u) for u in used)


def _part_used(span: str, used: Sequence[str]) -> bool:
    """Whether a value holds some of ``span``'s numbers, not all ("11 stone" of "11 stone 6")."""
    numbers = _numbers_in(span.casefold())
    return any(numbers & _numbers_in(u) for u in used)


def _numbers_in(text: str) -> set[str]:
    """The numbers ``text`` writes, thousands commas dropped ("1,800 × 7" → {"1800", "7"})."""
    return set(_NUMBER.findall(text.replace(",", "")))


def cannot_tell_holds(goal: str, tool: Tool) -> list[Hold]:
    """A call to ``tool`` for a goal that asks with a word of what it cannot tell (``Tool.not_for``: "what time is
    sunset" is no question for a clock that tells the time now, whatever System 1's confidence)."""
    said = next((w for w in tool.not_for if _says(goal, w)), None)
    if said is None:
        return []
    return [Hold(kind="tool_cannot_tell", detail=f"the goal asks of {said!r}, which {tool.id} cannot tell")]


# A place a goal names after "in", "at" or "on": a word or two that start with a letter, maybe after "the".
_PLACE_SAID = re.compile(r"(?i)\b(?:in|at|on)\s+(?P<place>(?:the\s+)?[^\W\d_][\w'’-]*(?:\s+[^\W\d_][\w'’-]*)?)")
# Words after those that say when, not where ("in the morning", "at the moment", "on time").
_WHEN_WORDS = frozenset(
    ("now", "moment", "morning", "afternoon", "evening", "night", "noon", "midnight", "today", "tomorrow", "tonight",
     "yesterday", "weekend", "week", "month", "year", "time", "future", "past", "present", "hour", "minute", "second",
     "day", "days", *(w.casefold() for w in (*MONTHS, *WEEKDAYS)))
)  # fmt: skip


def unplaced_holds(goal: str, tool: Tool, args: Mapping[str, str]) -> list[Hold]:
    """A hold when a call leaves out a place its tool takes though the goal names one after "in", "at" or "on"
    that no value of the call holds ("what time is it on mars": the clock, told no place, tells the time here), or
    points at one as "there" ("what time is it there"). Words that say when ("in the morning", "on monday", "in an
    hour") are no place."""
    if not any(not s.required and "place" in accepted_kinds(s) and s.name not in args for s in tool.slots):
        return []
    given = " ".join(args.values()).casefold()
    for m in _PLACE_SAID.finditer(goal):
        words = m["place"].split()
        named = words[1:] if words[0].casefold() == "the" and len(words) > 1 else words
        first = named[0].casefold()
        if is_function(first) or first in _WHEN_WORDS or first in given:
            continue
        return [Hold(kind="place_left_out", detail=f"the goal names {m['place']!r}, but the call gives no place")]
    if _THERE.search(goal):
        return [
            Hold(kind="place_left_out", detail="the goal asks of a place it calls 'there', and the call gives none")
        ]
    return []


# A place the goal points at without naming it: "what time is it there", "the time over there", "the weather
# there tomorrow" (not "is there", "there are").
_THERE = re.compile(
    r"(?i)\b(?:it|time|weather|temperature|date|day|raining|snowing|sunny)\s+(?:(?:over|out|back|down|up)\s+)?there\b"
)


def _says(goal: str, words: str) -> bool:
    """Whether ``goal`` uses ``words`` as whole words, in any case and spacing."""
    spaced = r"\s+".join(map(re.escape, words.split()))
    return re.search(rf"(?<!\w){spaced}(?!\w)", goal, re.IGNORECASE) is not None


def shared_value_holds(tool: Tool, args: Mapping[str, str]) -> list[Hold]:
    """A hold when one value was chosen for two of a call's free slots ("split the 120 dollar bill four ways" read
    as total four, people four; a unit converted to itself), or a text slot's value holds another slot's value
    ("patent lawsuits involving" as the company beside "patent" as the case type; "Saturday" as the museum beside
    the day Saturday): each slot is sure of the same words, but a goal gives two slots one value only by mistake.
    Fixed lists (a boolean, an enum) may share a choice."""
    holds = []
    for shared in _shared(tool, args):
        if shared.holder is None:
            detail = f"{args[shared.slots[0]]!r} was chosen for {' and '.join(shared.slots)}"
        else:
            other = shared.slots[1]
            detail = f"{args[shared.holder]!r}, chosen for {shared.holder}, holds {other}'s value {args[other]!r}"
        holds.append(Hold(kind="arg_unsure", detail=detail))
    return holds


def shared_lacking(pick_args: Decision | None, tool: Tool) -> tuple[str, ...]:
    """The required slots whose value another slot took (``shared_value_holds``): of free slots sharing one value,
    all but the surest; of a text holding another slot's value, the text's. The goal most likely leaves those
    values out ("the opening hours of the on Saturday": Saturday is the day, not the museum), and the loop asks for
    them."""
    if pick_args is None:
        return ()
    sure = {
        qid.removeprefix(ARG_PREFIX): a.probabilities.get(a.choice, 0.0)
        for qid, a in pick_args.answers.items()
        if isinstance(a, ChoiceAnswer) and qid.startswith(ARG_PREFIX)
    }
    weak: list[str] = []
    for shared in _shared(tool, chosen_args(pick_args)):
        if shared.holder is not None:
            weak.append(shared.holder)
        else:
            surest = max(shared.slots, key=lambda name: sure.get(name, 0.0))
            weak += [name for name in shared.slots if name != surest]
    required = {s.name for s in tool.slots if s.required}
    return tuple(dict.fromkeys(name for name in weak if name in required))


@dataclass(frozen=True, slots=True)
class _Shared:
    """Slots that took one value: ``slots`` in the tool's order, or a text ``holder`` and the slot whose value
    its own holds (``slots`` = holder, other)."""

    slots: tuple[str, ...]
    holder: str | None = None


def _shared(tool: Tool, args: Mapping[str, str]) -> list[_Shared]:
    """The values ``args`` gives two slots of ``tool``: one value for free slots (fixed lists may share a choice),
    and for each text slot but one for a text in words (a message, a description) the first other slot whose
    value stands in the text's as whole words, or is the text's and comes from a fixed list (``_holds``)."""
    named = [s for s in tool.slots if s.name in args]
    free = [s.name for s in named if not s.is_fixed and s.type not in ("boolean", "enum")]
    by_value: dict[str, list[str]] = {}
    for name in free:
        by_value.setdefault(_folded(args[name]), []).append(name)
    shared = [_Shared(slots=tuple(names)) for names in by_value.values() if len(names) > 1]
    for text in (s.name for s in named if s.type == "string" and s.name in free and not _wording(s.name)):
        own = _folded(args[text])
        others = (o.name for o in named if o.name != text)
        held = next((o for o in others if _holds(own, _folded(args[o]), o in free)), None)
        if held is not None:
            shared.append(_Shared(slots=(text, held), holder=text))
    return shared


# Words of a slot's name that make it one for a text in words, which may well hold another slot's value (an
# e-mail's body its subject, a description the event's name).
_WORDING = frozenset({"text", "body", "message", "content", "description", "note", "query", "comment", "summary"})
_WORDING |= frozenset({"details", "prompt", "instructions", "caption", "bio"})


def _wording(slot: str) -> bool:
    return bool(_WORDING.intersection(name_words(slot)))


def _holds(own: str, value: str, free: bool) -> bool:
    """Whether a text slot's value ``own`` holds another slot's ``value``, neither with a number in it (a quantity
    holds its unit: "1 hour 30 minutes" to minutes): as whole words of a longer text, or the same words where the
    other slot is a fixed list's."""
    if not value or any(ch.isdigit() for ch in own + value):
        return False
    return (value == own and not free) or (value != own and next(occurrences(own, value), None) is not None)


def _folded(text: str) -> str:
    return " ".join(text.casefold().split())


def _no_tool_hold(pick: Decision | None) -> Hold:
    """Why a step with no tool to call is held: none was offered, NONE was picked, or the pick was unsure."""
    if pick is None:
        return Hold(kind="tool_unsure", detail="no tool applies to this step")
    if pick.action == "call":
        return Hold(kind="no_tool_fits", detail="none of the tools fits what the goal still needs")
    return Hold(kind="tool_unsure", detail=f"tool choice unsure ({_first(pick)})")


def unsaid_slots(pick_args: Decision | None, tool: Tool) -> tuple[str, ...]:
    """The required slots of ``tool`` System 1 found none of the offered values to be (NONE): values the text
    does not give. The policy holds every NONE; the loop asks the user for them when the arguments are sure
    (``sure_unsaid``), as it does for a slot with no candidate at all."""
    if pick_args is None:
        return ()
    return tuple(
        s.name
        for s in tool.slots
        if s.required
        and isinstance(answer := pick_args.answers.get(ARG_PREFIX + s.name), ChoiceAnswer)
        and answer.choice == NONE
    )


def sure_unsaid(pick_args: Decision | None, tool: Tool, threshold: float) -> tuple[str, ...]:
    """``unsaid_slots`` when every answer of ``pick_args`` is at least ``threshold`` sure, its NONEs too; none
    while another argument is unsure (the values may be read wrong, the one found missing too)."""
    if pick_args is None:
        return ()
    answers = [a for a in pick_args.answers.values() if isinstance(a, ChoiceAnswer)]
    if any(max(a.probabilities.values()) < threshold for a in answers):
        return ()
    return unsaid_slots(pick_args, tool)


def args_threshold(spec: Spec) -> float:
    """The gate value an argument's answer passes at (the bundled model's tuned one, where it is applied)."""
    return block_thresholds(spec.block("pick_args"))["pick_args.arg"]


def chosen_args(pick_args: Decision | None) -> dict[str, str]:
    """The value System 1 chose for each slot (NONE left out)."""
    if pick_args is None:
        return {}
    return {
        qid.removeprefix(ARG_PREFIX): a.choice
        for qid, a in pick_args.answers.items()
        if isinstance(a, ChoiceAnswer) and a.choice != NONE and qid.startswith(ARG_PREFIX)
    }


def _other_degraded(decisions: Sequence[Decision], holds: Sequence[Hold]) -> list[Hold]:
    """Any degraded answer in the step holds it, even one the proposal did not read (fail closed)."""
    named = {h.detail.split(":", 1)[0] for h in holds if h.kind == "degraded"}
    return [
        Hold(kind="degraded", detail=f"{d.block}: {d.reasons[-1]}")
        for d in decisions
        if d.degraded and d.block not in named
    ]


ARG_HOLDS = frozenset({"arg_missing", "arg_none", "arg_unsure"})  # holds a value asked of the user may settle


def torn_to_ask(pick: Decision | None, tool: str, holds: Sequence[Hold], threshold: float) -> bool:
    """System 1's tool choice is held only for being torn between asking the user and ``tool`` (a tool the goal
    names that lacks a required value), the two together at least ``threshold`` sure: either way the user is
    asked for that value ("what's the weather?": ask_user .62, weather .38)."""
    answer = None if pick is None else pick.answers.get("tool")
    if not isinstance(answer, ChoiceAnswer) or not holds:
        return False
    if any(h.kind != "tool_unsure" and h.kind not in ARG_HOLDS for h in holds):
        return False
    top = sorted(answer.probabilities.items(), key=lambda kv: kv[1], reverse=True)[:2]
    return {name for name, _ in top} == {ASK_USER, tool} and sum(p for _, p in top) >= threshold


def tool_threshold(spec: Spec) -> float:
    """The gate value a tool choice passes at."""
    return block_thresholds(spec.block("pick_tool"))["pick_tool.tool"]
