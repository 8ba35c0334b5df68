"""The gate holds every step it cannot trust, each with a typed reason."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

import pytest

from decisionloop.backends import ScriptedBackend
from decisionloop.core.decision import Decision
from decisionloop.core.questions import Option, Question
from decisionloop.core.records import Call, Hold
from decisionloop.decide import Ask, decide
from decisionloop.loop.gate import (
    StepDecisions,
    call_holds,
    date_as_sum_holds,
    diagonal_holds,
    measure_system_holds,
    no_tool_fits,
    numbers_holds,
    overlooked_holds,
    passed_holds,
    ratio_holds,
    route_step,
    second_question_holds,
    shared_lacking,
    shared_value_holds,
    stop_holds,
    tool_threshold,
    torn_to_ask,
    unanswered_holds,
    unnamed_day_holds,
    unplaced_holds,
    unsaid_today_holds,
    unused_holds,
    wants_to_stop,
)
from decisionloop.model.matching import Match
from decisionloop.spec import load_spec
from decisionloop.tools import tool as as_tool
from decisionloop.tools.builtin import builtin_tools

SPEC = load_spec()


def noul(block: str, p: float, *, degraded: bool = False) -> Decision:
    b = SPEC.block(block)
    qid = b.questions[0].id
    body = {"answers": {qid: {"noul": p}}, "degraded": degraded}
    return decide(ScriptedBackend([body]), Ask(block=b, state={"goal": "g"}, questions={qid: b.questions[0].build()}))


def tool(name: str, p: float) -> Decision:
    b = SPEC.block("pick_tool")
    options = (Option(name="weather"), Option(name="wiki_lookup"))
    other = "wiki_lookup" if name == "weather" else "weather"
    body = {"answers": {"tool": {"choice": name, "probabilities": {name: p, other: 1 - p}}}}
    return decide(
        ScriptedBackend([body]),
        Ask(block=b, state={"goal": "g"}, questions={"tool": b.question("tool").build(options)}),
    )


def args(picks: Mapping[str, tuple[str, float]]) -> Decision:
    b = SPEC.block("pick_args")
    template = b.question("arg")
    questions: dict[str, Question] = {
        f"arg:{s}": template.build((Option(name="Paris"), Option(name="Lyon"))) for s in picks
    }
    answers = {
        f"arg:{s}": {"choice": c, "probabilities": {c: p, ("Lyon" if c != "Lyon" else "Paris"): 1 - p}}
        for s, (c, p) in picks.items()
    }
    ask = Ask(block=b, state={"goal": "g"}, questions=questions, templates={q: "arg" for q in questions})
    return decide(ScriptedBackend([{"answers": answers}]), ask)


CALL = Call(tool="weather", args={"place": "Paris"})


def kinds(holds: Sequence[Hold]) -> list[str]:
    return [h.kind for h in holds]


def test_a_confident_step_runs_automatically() -> None:
    decisions = StepDecisions(
        needs_tool=noul("needs_tool", 0.9), pick_tool=tool("weather", 0.9), pick_args=args({"place": ("Paris", 0.9)})
    )
    assert call_holds(CALL, decisions, previous=None, goal_risky=False, read_only=True) == []


def test_unsure_tool_and_unsure_or_none_arguments_hold() -> None:
    decisions = StepDecisions(
        needs_tool=noul("needs_tool", 0.9),
        pick_tool=tool("weather", 0.5),
        pick_args=args({"place": ("NONE", 0.9), "when": ("Lyon", 0.55)}),
    )
    holds = call_holds(CALL, decisions, previous=None, goal_risky=False, read_only=True)
    assert kinds(holds) == ["tool_unsure", "arg_none"]
    decisions = StepDecisions(
        needs_tool=noul("needs_tool", 0.9),
        pick_tool=tool("weather", 0.9),
        pick_args=args({"place": ("Paris", 0.55)}),
        missing_slots=("when",),
    )
    holds = call_holds(CALL, decisions, previous=None, goal_risky=False, read_only=True)
    assert kinds(holds) == ["arg_missing", "arg_unsure"]


def test_repeats_and_risky_goals_with_read_only_tools_hold() -> None:
    decisions = StepDecisions(
        needs_tool=noul("needs_tool", 0.9), pick_tool=tool("weather", 0.9), pick_args=args({"place": ("Paris", 0.9)})
    )
    same = Call(tool="weather", args={"place": " paris "})
    assert kinds(call_holds(CALL, decisions, previous=same, goal_risky=False, read_only=True)) == ["identical_call"]
    other = Call(tool="weather", args={"place": "Lyon"})
    assert kinds(call_holds(CALL, decisions, previous=other, goal_risky=True, read_only=True)) == [
        "same_tool",
        "risky_goal_read_only",
    ]


def test_a_degraded_decision_always_holds() -> None:
    decisions = StepDecisions(
        needs_tool=noul("needs_tool", 0.99, degraded=True),
        pick_tool=tool("weather", 0.99),
        pick_args=args({"place": ("Paris", 0.99)}),
    )
    assert kinds(call_holds(CALL, decisions, previous=None, goal_risky=False, read_only=True)) == ["degraded"]


def test_stopping_needs_a_clearly_done_goal() -> None:
    sure = StepDecisions(needs_tool=noul("needs_tool", 0.1), is_done=noul("is_done", 0.9))
    assert wants_to_stop(1, sure)
    assert stop_holds(1, sure) == []
    unsure = StepDecisions(needs_tool=noul("needs_tool", 0.1), is_done=noul("is_done", 0.6))
    assert kinds(stop_holds(1, unsure)) == ["stop_unsure"]
    assert kinds(stop_holds(0, sure)) == ["finish_before_any_step"]
    going = StepDecisions(needs_tool=noul("needs_tool", 0.9), is_done=noul("is_done", 0.2))
    assert not wants_to_stop(1, going)


def test_a_sure_stop_right_after_looking_up_what_the_goal_only_mentions_is_held() -> None:
    sure = StepDecisions(needs_tool=noul("needs_tool", 0.1), is_done=noul("is_done", 0.9))
    goal = "Who is the CEO of the company that makes the PlayStation?"
    found_maker = Call(tool="wiki_lookup", args={"topic": "PlayStation"})
    route = route_step(1, sure, tool=None, previous=found_maker, goal_risky=False, goal=goal)
    assert route.call is None
    assert kinds(route.holds) == ["stop_described"]
    found_ceo = Call(tool="wikidata_fact", args={"entity": "Sony", "property": "ceo"})
    assert route_step(2, sure, tool=None, previous=found_ceo, goal_risky=False, goal=goal).auto


def test_one_value_chosen_for_two_free_slots_holds_but_a_shared_fixed_choice_does_not() -> None:
    @as_tool(description="Split a bill between people")
    def split_bill(total: float, people: int, rounded: bool = False, tipped: bool = False) -> str:
        return f"{total / people:.2f}"

    [hold] = shared_value_holds(split_bill, {"total": "four", "people": "Four "})
    assert hold.kind == "arg_unsure"
    assert "'four' was chosen for total and people" in hold.detail
    assert shared_value_holds(split_bill, {"total": "120 dollars", "people": "four"}) == []
    assert shared_value_holds(split_bill, {"total": "120", "people": "4", "rounded": "true", "tipped": "true"}) == []


@pytest.mark.parametrize(
    ("none", "needs_tool", "fits"),
    [
        (0.998, 0.9, True),  # sure enough for NONE's own gate
        (0.97, 0.9, False),  # held: NONE must be surer than a tool, and needs_tool wants a tool
        (0.97, 0.02, True),  # held for NONE's gate only, and needs_tool agrees no tool is needed
        (0.6, 0.02, False),  # under a tool's gate too (0.65 in the file)
    ],
)
def test_no_tool_fits_on_a_sure_none_or_a_none_needs_tool_agrees_with(
    none: float, needs_tool: float, fits: bool
) -> None:
    decisions = StepDecisions(needs_tool=noul("needs_tool", needs_tool), pick_tool=tool("NONE", none))
    assert no_tool_fits(decisions) is fits


@as_tool(description="Ask the user a question")
def clarify() -> str:
    return "?"


@as_tool(description="Weather in a place")
def weather(place: str) -> str:
    return place


def test_asking_beside_a_tool_the_goal_gives_every_value_of_holds_at_the_first_step() -> None:
    sure = StepDecisions(
        needs_tool=noul("needs_tool", 0.9), pick_tool=tool("weather", 0.99), given_tools=("unit_convert",)
    )
    [hold] = overlooked_holds(sure, clarify)
    assert hold.kind == "tool_unsure"
    assert hold.detail == "the goal gives every value unit_convert needs, but System 1 chose clarify"
    assert overlooked_holds(replace(sure, given_tools=()), clarify) == []
    # a pick that needs values of its own may be the first of two tasks ("7,200 / 16, and 5 miles in km")
    assert overlooked_holds(sure, weather) == []

    held = route_step(0, sure, tool=clarify, previous=None, goal_risky=False)
    assert not held.auto
    assert "tool_unsure" in kinds(held.holds)
    later = route_step(1, sure, tool=clarify, previous=CALL, goal_risky=False)
    assert "tool_unsure" not in kinds(later.holds)  # the first step only: later ones read observations too


def test_a_sure_none_beside_a_tool_the_goal_gives_every_value_of_is_held() -> None:
    none = StepDecisions(needs_tool=noul("needs_tool", 0.02), pick_tool=tool("NONE", 0.999))
    assert route_step(0, none, tool=None, previous=None, goal_risky=False).auto  # no tool fits: the run ends
    given = replace(none, given_tools=("unit_convert",))
    route = route_step(0, given, tool=None, previous=None, goal_risky=False)
    assert [h.detail for h in route.holds] == [
        "the goal gives every value unit_convert needs, but System 1 found no tool that fits"
    ]


def test_a_first_pick_of_no_tool_beside_a_tool_that_reads_clearly_closest_to_the_goal_is_held() -> None:
    close = Match(tool="note_delete", cosine=0.49, lead=0.13)
    none = StepDecisions(needs_tool=noul("needs_tool", 0.02), pick_tool=tool("NONE", 0.999), match=close)
    route = route_step(0, none, tool=None, previous=None, goal_risky=False)
    assert [h.detail for h in route.holds] == [
        "note_delete reads closest to the goal (cosine 0.49 ≥ 0.20, 0.13 ≥ 0.10 ahead of the next tool), "
        "but System 1 found no tool that fits"
    ]
    [hold] = overlooked_holds(none, clarify)  # asking the user needs no value: held alike
    assert hold.detail.endswith("but System 1 chose clarify")
    assert overlooked_holds(none, weather) == []  # a pick that needs a value of its own passes
    for unclear in (replace(close, cosine=0.19), replace(close, lead=0.09)):
        assert route_step(0, replace(none, match=unclear), tool=None, previous=None, goal_risky=False).auto
    assert overlooked_holds(replace(none, match=replace(close, tool="clarify")), clarify) == []
    asking = replace(none, needs_tool=noul("needs_tool", 0.9), pick_tool=tool("clarify", 0.99))
    later = route_step(1, asking, tool=clarify, previous=CALL, goal_risky=False)
    assert not any("reads closest" in h.detail for h in later.holds)  # the first step only


def test_a_first_pick_that_only_reads_beside_a_closest_tool_that_changes_something_is_held() -> None:
    @as_tool(description="Search the saved notes")
    def search_notes(query: str) -> str:
        return query

    @as_tool(description="Delete saved notes", side_effect="deletes notes")
    def delete_notes(query: str) -> str:
        return query

    closest = Match(tool="delete_notes", cosine=0.52, lead=0.12, changes=True)
    sure = StepDecisions(needs_tool=noul("needs_tool", 0.9), pick_tool=tool("search_notes", 0.99), match=closest)
    [hold] = overlooked_holds(sure, search_notes)
    assert hold.kind == "risky_goal_read_only"
    assert hold.detail.endswith("and changes something, but System 1 chose search_notes, which only reads")
    assert overlooked_holds(sure, delete_notes) == []  # the pick is the closest tool
    assert overlooked_holds(replace(sure, match=replace(closest, changes=False)), search_notes) == []
    assert overlooked_holds(replace(sure, match=replace(closest, lead=0.05)), search_notes) == []


def picked(picks: Mapping[str, tuple[str, float]]) -> Decision:
    """pick_args answering each slot with its value at its probability (another value has the rest)."""
    b = SPEC.block("pick_args")
    template = b.question("arg")
    questions: dict[str, Question] = {
        f"arg:{s}": template.build((Option(name=v), Option(name="other"))) for s, (v, _) in picks.items()
    }
    answers = {f"arg:{s}": {"choice": v, "probabilities": {v: p, "other": 1 - p}} for s, (v, p) in picks.items()}
    ask = Ask(block=b, state={"goal": "g"}, questions=questions, templates={q: "arg" for q in questions})
    return decide(ScriptedBackend([{"answers": answers}]), ask)


@as_tool(description="Find lawsuits")
def lawsuits(company: str, case_type: str, year: int | None = None) -> str:
    return company


def test_a_text_holding_another_slots_value_holds_and_lacks_its_own() -> None:
    # "Find details of patent lawsuits involving the company from the year 2010": the company is not given
    args = {"company": "patent lawsuits involving", "case_type": "patent"}
    [hold] = shared_value_holds(lawsuits, args)
    assert hold.kind == "arg_unsure"
    assert "holds case_type's value 'patent'" in hold.detail
    decision = picked({"company": ("patent lawsuits involving", 0.97), "case_type": ("patent", 0.99)})
    assert shared_lacking(decision, lawsuits) == ("company",)


def test_of_two_slots_sharing_a_value_the_less_sure_lacks_it_and_numbers_inside_a_text_do_not_count() -> None:
    decision = picked({"company": ("Apple", 0.7), "case_type": ("Apple", 0.95)})
    assert shared_lacking(decision, lawsuits) == ("company",)
    assert shared_lacking(picked({"company": ("Apple", 0.99), "case_type": ("patent", 0.99)}), lawsuits) == ()
    assert shared_value_holds(lawsuits, {"company": "Case 2010 Inc", "case_type": "civil", "year": "2010"}) == []
    optional = picked({"company": ("Apple", 0.99), "case_type": ("patent", 0.99), "year": ("2010", 0.9)})
    assert shared_lacking(optional, lawsuits) == ()


def test_a_quantity_holding_its_unit_is_no_shared_value() -> None:
    @as_tool(description="Convert a quantity to a unit")
    def convert(quantity: str, to_unit: str) -> str:
        return quantity

    assert shared_value_holds(convert, {"quantity": "1 hour 30 minutes", "to_unit": "minutes"}) == []


def test_a_text_in_words_may_hold_another_slots_value() -> None:
    @as_tool(description="Send an e-mail")
    def send_email(subject: str, body: str) -> str:
        return subject

    assert shared_value_holds(send_email, {"subject": "Lunch", "body": "Lunch tomorrow at noon?"}) == []


def test_a_call_for_a_goal_that_asks_of_what_the_tool_cannot_tell_is_held() -> None:
    @as_tool(description="Tell the current time in a place", not_for=("sunset", "high tide"))
    def clock(place: str = "") -> str:
        return "10:30"

    sure = StepDecisions(
        needs_tool=noul("needs_tool", 0.99), pick_tool=tool("weather", 0.99), pick_args=args({"place": ("Paris", 0.99)})
    )
    held = route_step(0, sure, tool=clock, previous=None, goal_risky=False, goal="What time is SUNSET in Paris?")
    assert not held.auto
    assert [(h.kind, h.detail) for h in held.holds if h.kind == "tool_cannot_tell"] == [
        ("tool_cannot_tell", "the goal asks of 'sunset', which clock cannot tell")
    ]
    assert "tool_cannot_tell" in kinds(
        route_step(0, sure, tool=clock, previous=None, goal_risky=False, goal="when is high\ttide in brighton").holds
    )
    for goal in ("what time is it in Paris", "sunsets are nice; what time is it", "the tidewater is high"):
        holds = route_step(0, sure, tool=clock, previous=None, goal_risky=False, goal=goal).holds
        assert "tool_cannot_tell" not in kinds(holds), goal


@pytest.mark.parametrize(
    ("goal", "held"),
    [
        ("what time is it on mars", True),  # a place the clock does not know: told none, it would tell the time here
        ("what time is it at the north pole", True),
        ("what time is it in nowhere", True),
        ("what time is it", False),
        ("what time is it in the morning", False),  # words that say when, not where
        ("what's the time at the moment", False),
        ("what time will it be in 8 hours", False),
        ("what time is it in an hour", False),
        ("what day is it on friday", False),
        ("what time is it there", True),  # a place pointed at, not named
        ("what's the time over there now", True),
        ("is there a clock here", False),
    ],
)
def test_a_call_that_leaves_out_a_place_the_goal_names_is_held(goal: str, held: bool) -> None:
    clock = next(t for t in builtin_tools() if t.id == "clock")
    holds = unplaced_holds(goal, clock, {})
    assert bool(holds) is held
    assert all(h.kind == "place_left_out" for h in holds)


def test_a_place_a_value_of_the_call_holds_is_not_left_out() -> None:
    clock = next(t for t in builtin_tools() if t.id == "clock")
    assert unplaced_holds("what time is it in tokyo", clock, {"place": "tokyo"}) == []
    assert unplaced_holds("what time is 9am in london", clock, {"at": "9am in london"}) == []
    weather = next(t for t in builtin_tools() if t.id == "weather")  # its place is required: asked, not left out
    assert unplaced_holds("weather on mars", weather, {"when": "today"}) == []


@pytest.mark.parametrize(
    ("goal", "calls", "also"),
    [
        (
            "convert 5 miles to km and 10 kg to pounds",
            [Call(tool="unit_convert", args={"quantity": "5 miles"})],
            "10 kg",
        ),
        ("what's 5 + 3 and what's 10 - 2", [Call(tool="calculator", args={"expression": "5 + 3"})], "10 - 2"),
        ("what's the time in tokyo and london", [Call(tool="clock", args={"place": "tokyo"})], "london"),
    ],
)
def test_a_stop_before_a_second_task_of_the_same_kind_is_held(goal: str, calls: list[Call], also: str) -> None:
    assert unused_holds(goal, calls) == [
        Hold(kind="stop_unsure", detail=f"the goal also gives {also!r}, which no call used")
    ]


@pytest.mark.parametrize(
    ("goal", "calls"),
    [
        ("multiply 36 by 24", [Call(tool="calculator", args={"expression": "36 * 24"})]),  # "36 by 24" is that one
        ("convert 5 miles to km", [Call(tool="unit_convert", args={"quantity": "5 miles", "to_unit": "km"})]),
        (
            "convert 5 miles to km and 10 kg to pounds",
            [
                Call(tool="unit_convert", args={"quantity": "5 miles", "to_unit": "km"}),
                Call(tool="unit_convert", args={"quantity": "10 kg", "to_unit": "pounds"}),
            ],
        ),
        ("what time is it in paris france", [Call(tool="clock", args={"place": "paris france"})]),
        ("what's 5 + 3 and what's 10 - 2", []),  # no call yet: the first step's holds say so
        ("what's 3 and a half times 2", [Call(tool="calculator", args={"expression": "3.5 times 2"})]),
        (
            "2 and a half hours in minutes",
            [Call(tool="unit_convert", args={"quantity": "2 and a half hours", "to_unit": "minutes"})],
        ),
        ("100 f in celsius and kelvin", [Call(tool="unit_convert", args={"to_unit": "celsius and kelvin"})]),
        ("What is 100°F in Celsius?", [Call(tool="unit_convert", args={"quantity": "100°F", "to_unit": "C"})]),
        (  # units of time a date's question says: not a conversion's
            "what date is 6 weeks after 14/01/2026 and how many days from today is that",
            [Call(tool="date_math", args={"date": "14/01/2026", "offset": "6 weeks after"})],
        ),
        (
            "i have 10 Mbps internet how many MB per second is that",  # megabytes, not millibarns
            [Call(tool="unit_convert", args={"quantity": "10 Mbps", "to_unit": "MB per second"})],
        ),
        ("What is 60 mph in km per hour?", [Call(tool="unit_convert", args={"quantity": "60 mph", "to_unit": "km/h"})]),
        (
            "what time is it in LA when its 8pm here",
            [Call(tool="clock", args={"place": "LA", "at": "8pm"})],
        ),
        ("what's 1,800 times 7", [Call(tool="calculator", args={"expression": "1800 × 7"})]),
        ("a dozen eggs cost 4.20, how much per egg", [Call(tool="calculator", args={"expression": "4.20 / 12"})]),
        ("if I buy one for 4.75 every day for 260 days", [Call(tool="calculator", args={"expression": "4.75 × 260"})]),
        ("what is 1.08 to the 10th power, at 9am", [Call(tool="calculator", args={"expression": "1.08^10"})]),
    ],
)
def test_a_stop_after_every_task_the_goal_gives_is_not_held_for_it(goal: str, calls: list[Call]) -> None:
    assert unused_holds(goal, calls) == []


@pytest.mark.parametrize(
    ("goal", "calls", "number"),
    [
        (
            "we were 4 ppl, bill was 156.80 plus 18% tip, how much each",
            [Call(tool="calculator", args={"expression": "156.80 + 18% of 156.80"})],
            "4",
        ),
        ("I weigh 11 stone 6, what's that in kg", [Call(tool="unit_convert", args={"quantity": "11 stone"})], "6"),
        ("what's 8:30 min/mile in min/km", [Call(tool="unit_convert", args={"quantity": "30 min/mile"})], "8"),
        ("2/3 cup times 1.5", [Call(tool="calculator", args={"expression": "2/3"})], "1.5"),
    ],
)
def test_a_stop_after_arithmetic_that_left_out_a_number_of_the_goal_is_held(
    goal: str, calls: list[Call], number: str
) -> None:
    assert unused_holds(goal, calls) == [
        Hold(kind="stop_unsure", detail=f"the goal also gives the number {number}, which no call used")
    ]


@pytest.mark.parametrize(
    ("goal", "calls", "unit"),
    [
        (
            "convert 15 psi to bar and then to kpa",
            [Call(tool="unit_convert", args={"quantity": "15 psi", "to_unit": "bar"})],
            "kpa",
        ),
        (
            "100 f in celsius and kelvin",
            [Call(tool="unit_convert", args={"quantity": "100 f", "to_unit": "celsius"})],
            "celsius and kelvin",
        ),
    ],
)
def test_a_stop_after_a_conversion_to_one_of_two_units_the_goal_asks_for_is_held(
    goal: str, calls: list[Call], unit: str
) -> None:
    assert unused_holds(goal, calls) == [
        Hold(kind="stop_unsure", detail=f"the goal asks for {unit!r}, which no call used")
    ]


@pytest.mark.parametrize(
    ("goal", "expression", "detail"),
    [
        (
            "i make 1,600 a week driving taxi, how much in a year if i take 3 weeks off",
            "3 × 1,600",
            "the goal asks an amount per year, and no call's arithmetic converts to it",
        ),
        (
            "property tax is 1.1% of the assessed value of $385,000, how much per month",
            "1.1% of 385,000",
            "the goal asks an amount per month, and no call's arithmetic converts to it",
        ),
        (
            "if i get paid 650 AUD a week how much is that a fortnight and a year",
            "650 × 52",
            "the goal asks an amount per fortnight and per year, more than the run's 1 call(s) answer",
        ),
    ],
)
def test_a_stop_after_arithmetic_that_leaves_an_amount_in_another_span_of_time_than_asked_is_held(
    goal: str, expression: str, detail: str
) -> None:
    calls = [Call(tool="calculator", args={"expression": expression})]
    assert unused_holds(goal, calls) == [Hold(kind="stop_unsure", detail=detail)]


@pytest.mark.parametrize(
    ("goal", "expression"),
    [
        ("my kid gets $8 a week pocket money, how much is that over a year", "8 × 52"),
        ("I drive 15,000 miles a year at 38 mpg and gas is $3.45 a gallon, yearly fuel cost?", "15,000 / 38 × 3.45"),
        ("hens laid 23, 27, 25, 30 eggs this week, average per day", "(23 + 27 + 25 + 30) / 4"),
        ("what is 3.5% interest per year on 12000", "3.5% of 12000"),
        ("if i earn 600,000 naira a month whats that per year", "600,000 × 12"),
    ],
)
def test_arithmetic_that_converts_to_the_span_asked_or_keeps_the_one_given_stops(goal: str, expression: str) -> None:
    assert unused_holds(goal, [Call(tool="calculator", args={"expression": expression})]) == []


def test_a_stop_after_a_clock_that_left_out_the_time_of_day_the_goal_gives_is_held() -> None:
    calls = [Call(tool="clock", args={"place": "LA"})]
    assert unused_holds("what time is it in LA when its 8pm here", calls) == [
        Hold(kind="stop_unsure", detail="the goal also gives the time '8pm', which no call used")
    ]
    assert unused_holds("what time is it in LA at 9.30 am", calls) == [
        Hold(kind="stop_unsure", detail="the goal also gives the time '9.30 am', which no call used")
    ]
    assert unused_holds("what time is it in LA, the score was 3:1", calls) == []


def test_a_stop_after_a_date_that_left_out_the_year_the_goal_gives_is_held() -> None:
    calls = [Call(tool="date_math", args={"date": "christmas"})]
    assert unused_holds("what day of the week will christmas fall on in 2030", calls) == [
        Hold(kind="stop_unsure", detail="the goal also gives the year 2030, which no call used")
    ]
    assert (
        unused_holds(
            "what day of the week is christmas 2030", [Call(tool="date_math", args={"date": "christmas 2030"})]
        )
        == []
    )


def test_a_stop_after_a_date_that_left_out_the_day_of_the_month_the_goal_gives_is_held() -> None:
    calls = [Call(tool="date_math", args={"date": "next month"})]
    assert unused_holds("what day of the week is the 13th next month", calls) == [
        Hold(kind="stop_unsure", detail="the goal also gives the day '13th', which no call used")
    ]
    assert unused_holds("how many days til the 15th", [Call(tool="date_math", args={"date": "the 15th"})]) == []


def test_a_number_left_out_of_a_call_that_takes_no_amount_holds_nothing() -> None:
    # a date or a place is no arithmetic: the 5 of "turns 5" is no value date_math was to take
    calls = [Call(tool="date_math", args={"date": "september 9"})]
    assert unused_holds("my daughter turns 5 on september 9, how many days till then", calls) == []


@pytest.mark.parametrize(
    ("goal", "said"),
    [
        ("How much is a 20% tip on a $67 bill? And what's the total?", "? And what's the total?"),
        ("how many days since january 10 2025? and how many weeks is that", "and how"),
        ("whats 1 GiB in bytes and how many MB is that", "and how"),
        ("whats 17.5% of 3460, also how many days till my exam", "also how"),
        ("time now in honolulu vs anchorage", "vs"),
        ('Calculate 15% of 240 and save the result in a note called "tip"', "and save"),
        ("calculate 1850 + 240 + 95 and email the total to my accountant", "and email"),
        ("37.5 celsius to f, is that a fever", ", is that"),
    ],
)
def test_a_stop_after_one_call_for_a_goal_asking_two_questions_is_held(goal: str, said: str) -> None:
    calls = [Call(tool="calculator", args={"expression": "20% of 67"})]
    assert second_question_holds(goal, calls) == [
        Hold(kind="stop_unsure", detail=f"the goal asks a second thing ({said!r}), and one call ran")
    ]


@pytest.mark.parametrize(
    ("goal", "calls"),
    [
        ("what's 20% of 67", [Call(tool="calculator", args={"expression": "20% of 67"})]),  # one question
        ("what's 5 + 3 and what's 10 - 2", []),  # no call yet
        (
            "what's 5 + 3 and what's 10 - 2",
            [
                Call(tool="calculator", args={"expression": "5 + 3"}),
                Call(tool="calculator", args={"expression": "10 - 2"}),
            ],
        ),
    ],
)
def test_a_stop_after_a_call_for_each_question_or_for_one_question_is_not_held_for_it(
    goal: str, calls: list[Call]
) -> None:
    assert second_question_holds(goal, calls) == []


@pytest.mark.parametrize(
    ("goal", "told"),
    [
        ("how many days until march 3 and what weekday is that", "Wednesday, March 3, 2027, is in 92 days"),
        ("days between feb 1 and mar 1 and how many weeks is that", "is 28 days (4 weeks)"),
        ("how many days until july 4, is it a weekend", "Sunday, July 4, 2027 is in 215 days"),
        ("what time zone is arizona in and what time is it there", "It is 02:30 on Tuesday, … (UTC-07:00)"),
        ("what time is it in auckland, is it already tomorrow there", "It is 22:30 on Tuesday, December 1, 2026"),
    ],
)
def test_a_second_question_the_result_answers_already_is_not_held(goal: str, told: str) -> None:
    calls = [Call(tool="date_math", args={"date": "march 3"})]
    assert second_question_holds(goal, calls, told) == []


@pytest.mark.parametrize(
    ("goal", "told"),
    [
        ("how many days until march 3 and what weekday is that", ""),  # nothing told: the call failed, or none ran
        ("how many days until christmas and how many weeks is that", "christmas is in 5 days"),  # no weeks in it
        ("how many days until christmas and what should i buy my mom", "christmas (Friday, …) is in 24 days"),
        ("what time is it in tokyo and what's the weather there", "It is 18:30 on Tuesday, December 1, 2026"),
    ],
)
def test_a_second_question_the_result_does_not_answer_is_held(goal: str, told: str) -> None:
    calls = [Call(tool="date_math", args={"date": "christmas"})]
    assert [h.kind for h in second_question_holds(goal, calls, told)] == ["stop_unsure"]


def test_a_stop_after_a_date_of_birth_when_the_goal_asks_of_a_birthday_by_age_is_held() -> None:
    held = "the goal asks of '30th birthday' from a year it gives, and no call's date is in that year"
    born = [Call(tool="date_math", args={"date": "2 feb 1997"})]
    goal = "when is my 30th birthday if i was born 2 feb 1997"
    assert unused_holds(goal, born) == [Hold(kind="stop_unsure", detail=held)]
    assert unused_holds(goal, [Call(tool="date_math", args={"date": "2 feb 2027"})]) == []
    turns = "how many days until my son turns 10, he was born 14 march 2017"
    assert [h.detail for h in unused_holds(turns, [Call(tool="date_math", args={"date": "14 march 2017"})])] == [
        "the goal asks of 'turns 10' from a year it gives, and no call's date is in that year"
    ]
    # the day given is the birthday itself: no year to count from
    on_the_day = [Call(tool="date_math", args={"date": "7 august 2027"})]
    assert unused_holds("my son turns 18 on 7 august 2027, how many months away is that", on_the_day) == []


def test_a_stop_after_a_day_that_has_passed_when_the_goal_asks_how_long_until_is_held() -> None:
    held = [
        Hold(
            kind="stop_unsure", detail="the goal asks how long until a day, and the result is of a day that has passed"
        )
    ]
    past = "Saturday, November 12, 1994 is 11,707 days ago (1,672 weeks and 3 days; 32 years and 19 days)"
    assert passed_holds("born 11/12/1994, how many days till my next bday", past) == held
    both = "Tuesday, March 3, 2026 is 273 days ago (39 weeks); next year's, …, is in 92 days (13 weeks and 1 day)"
    assert passed_holds("how many days until march 3", both) == []  # the day to come is told too
    assert passed_holds("how many days since i quit smoking on 2026-03-14", "… is 262 days ago") == []


def test_a_measure_whose_british_size_differs_is_held_when_the_goal_says_british_and_the_value_does_not() -> None:
    held = [Hold(kind="arg_unsure", detail="the goal says British measures, and '2 pints' would be read as American")]
    assert measure_system_holds("2 pints to litres (UK pints)", {"quantity": "2 pints", "to_unit": "litres"}) == held
    assert measure_system_holds("2 imperial pints to litres", {"quantity": "2 imperial pints", "to_unit": "l"}) == []
    assert measure_system_holds("4 pints of beer in litres", {"quantity": "4 pints", "to_unit": "litres"}) == []
    assert measure_system_holds("10 uk miles in km", {"quantity": "10 miles", "to_unit": "km"}) == []


def test_a_stop_after_arithmetic_when_the_goal_asks_for_the_result_in_a_unit_no_call_used_is_held() -> None:
    calls = [Call(tool="calculator", args={"expression": "7/32"})]
    assert unused_holds("7/32 drill bit in mm", calls) == [
        Hold(kind="stop_unsure", detail="the goal asks for 'mm', which no call used")
    ]
    assert unused_holds("what is 7/32", calls) == []


def test_a_call_whose_date_is_a_span_from_now_is_held_when_the_goal_names_a_day_in_it() -> None:
    date_math = {t.id: t for t in builtin_tools()}["date_math"]
    held = [Hold(kind="arg_unsure", detail="the goal names 'diwali next year', and the call takes 'next year'")]
    assert unnamed_day_holds("days until diwali next year", date_math, {"date": "next year"}) == held
    assert unnamed_day_holds("is next year a leap year", date_math, {"date": "next year"}) == []
    assert unnamed_day_holds("how many days until next year", date_math, {"date": "next year"}) == []
    assert unnamed_day_holds("days until easter next year", date_math, {"date": "easter next year"}) == []


def test_a_stop_after_a_date_when_the_goal_counts_a_day_past_any_month_s_is_held() -> None:
    born = [Call(tool="date_math", args={"date": "1999-08-08"})]
    assert unused_holds("when is my 10000th day if i was born 1999-08-08", born) == [
        Hold(kind="stop_unsure", detail="the goal also gives the day '10000th day', which no call used")
    ]
    counted = [Call(tool="date_math", args={"date": "1999-08-08", "offset": "10,000 days"})]
    assert unused_holds("when is my 10,000th day if i was born 1999-08-08", counted) == []


def test_a_call_whose_one_value_is_today_is_held_when_the_goal_never_says_today() -> None:
    tools = {t.id: t for t in builtin_tools()}
    date_math, weather = tools["date_math"], tools["weather"]
    held = Hold(kind="arg_unsure", detail="the call's one value is today, which the goal does not say")
    assert unsaid_today_holds("days until ramadan", date_math, {"date": "today"}) == [held]
    assert unsaid_today_holds("what's today's date", date_math, {"date": "today"}) == []
    assert unsaid_today_holds("what day is it now", date_math, {"date": "today"}) == []
    moved = {"date": "today", "offset": "100 days ago"}
    assert unsaid_today_holds("what date was 100 days ago", date_math, moved) == []
    assert unsaid_today_holds("will it rain", weather, {"when": "today"}) == []  # a fixed list's choice


def test_a_call_from_today_is_held_when_the_goal_counts_from_a_day_of_someone_s_it_does_not_give() -> None:
    date_math = next(t for t in builtin_tools() if t.id == "date_math")
    moved = {"date": "today", "offset": "4 weeks from"}
    assert unsaid_today_holds("what's 4 weeks from her admission date", date_math, moved) == [
        Hold(kind="arg_unsure", detail="the call's date is today, but the goal counts from 'her admission date'")
    ]
    assert unsaid_today_holds("what's the date in 4 weeks", date_math, moved) == []
    assert unsaid_today_holds("4 weeks from today, is that my review day", date_math, moved) == []


@pytest.mark.parametrize(
    ("goal", "expression", "held"),
    [
        ("is the 5/10 a saturday", "5/10", True),  # a date, not a half
        ("what day of the week is 12/7", "12/7", True),
        ("what is 5/10 as a decimal", "5/10", False),
        ("is the 5/10 a saturday", "5 / 10 * 3", False),  # arithmetic beyond two numbers
        ("what day is 45/9 due", "45/9", False),  # 45 is no day of a month
    ],
)
def test_arithmetic_of_two_small_numbers_over_each_other_is_held_when_the_goal_asks_of_a_day(
    goal: str, expression: str, held: bool
) -> None:
    calculator = next(t for t in builtin_tools() if t.id == "calculator")
    holds = date_as_sum_holds(goal, calculator, {"expression": expression})
    assert bool(holds) is held
    assert all(h.kind == "arg_unsure" for h in holds)


@pytest.mark.parametrize(
    ("goal", "shown"),
    [
        ("split a $212 dinner bill between 6 people", "212, 6"),
        ("i have 3 exams weighted 30%, 30%, 40% and scored 72, 85, 90", "3, 30, 40, 72"),
        ("twelve eggs at 30 cents each", "12, 30"),
    ],
)
def test_no_tool_fitting_a_goal_that_gives_numbers_is_held(goal: str, shown: str) -> None:
    assert numbers_holds(goal) == [
        Hold(kind="no_tool_fits", detail=f"System 1 found no tool that fits, but the goal gives numbers ({shown})")
    ]


@pytest.mark.parametrize(
    ("goal", "worked"),
    [
        ("mortgage repayment is 1,870 a fortnight how much is that a year", "1,870 × 26"),
        ("i save 200 a month how much in a year", "200 × 12"),
        ("what is the natural log of 10", "ln 10"),  # a function of one number is arithmetic too
        ("what is 7 factorial", "7!"),
        ("sqrt of 2025", "√2025"),
    ],
)
def test_no_tool_fitting_a_goal_whose_one_number_the_extractor_works_out_is_held(goal: str, worked: str) -> None:
    assert numbers_holds(goal) == [
        Hold(kind="no_tool_fits", detail=f"System 1 found no tool that fits, but the goal asks {worked}")
    ]


@pytest.mark.parametrize(
    "goal", ["write a haiku about rain", "book a table for 4 at 6pm", "tell me one joke", "what is 1 plus 1"]
)
def test_no_tool_fitting_a_goal_with_one_number_or_none_holds_nothing(goal: str) -> None:
    assert numbers_holds(goal) == []


@pytest.mark.parametrize(
    ("goal", "quantity", "held"),
    [
        ("how many tablespoons of coffee for 4 cups", "4 cups", True),
        ("how many tablespoons of coffee do i need for 4 cups of water", "4 cups", True),
        ("how much salt per 2 litres of water", "2 litres", False),  # no "of" before: no thing asked an amount of
        ("how many grams of butter per 1.5 cups of flour", "1.5 cups", True),
        ("how many tablespoons in 4 cups", "4 cups", False),
        ("how many tablespoons of coffee in 4 cups", "4 cups", False),  # 4 cups of coffee, in tablespoons
        ("how much is 3 pounds of beef in kg", "3 pounds", False),
    ],
)
def test_a_conversion_of_the_amount_a_goal_asks_a_ratio_for_is_held(goal: str, quantity: str, held: bool) -> None:
    unit_convert = {t.id: t for t in builtin_tools()}["unit_convert"]
    holds = ratio_holds(goal, unit_convert, {"quantity": quantity, "to_unit": "tablespoons"})
    assert bool(holds) is held
    assert all(h.kind == "arg_unsure" for h in holds)


@pytest.mark.parametrize(
    ("goal", "held"),
    [
        ("65 inch tv how wide is that in cm", True),
        ("what's the height of a 27 inch monitor in cm", True),
        ("65 inch tv in cm", False),  # the diagonal, as asked
        ("how wide is 65 inches in cm", False),  # no screen
    ],
)
def test_a_conversion_of_a_screen_s_size_is_held_when_the_goal_asks_its_width_or_height(goal: str, held: bool) -> None:
    unit_convert = {t.id: t for t in builtin_tools()}["unit_convert"]
    holds = diagonal_holds(goal, unit_convert, {"quantity": "65 inch", "to_unit": "cm"})
    assert bool(holds) is held
    assert all(h.kind == "arg_unsure" for h in holds)


def test_a_call_right_after_an_unanswered_question_is_held() -> None:
    assert unanswered_holds(True) == [
        Hold(kind="tool_unsure", detail="the user did not answer what was asked, so a call would guess it")
    ]
    assert unanswered_holds(False) == []  # answered: the reply is a candidate of the next step


def _torn(probabilities: Mapping[str, float]) -> Decision:
    b = SPEC.block("pick_tool")
    options = tuple(Option(name=n) for n in probabilities)
    choice = max(probabilities, key=lambda n: probabilities[n])
    body = {"answers": {"tool": {"choice": choice, "probabilities": dict(probabilities)}}}
    return decide(
        ScriptedBackend([body]),
        Ask(block=b, state={"goal": "g"}, questions={"tool": b.question("tool").build(options)}),
    )


def test_a_choice_torn_between_asking_and_the_tool_lacking_a_value_asks() -> None:
    unsure = [Hold(kind="tool_unsure", detail="tool choice unsure")]
    threshold = tool_threshold(SPEC)
    torn = _torn({"ask_user": 0.62, "weather": 0.37, "clock": 0.01})
    assert torn_to_ask(torn, "weather", unsure, threshold)
    assert torn_to_ask(torn, "weather", [*unsure, Hold(kind="arg_missing", detail="place")], threshold)
    assert not torn_to_ask(torn, "clock", unsure, threshold)  # not the tool that lacks the value
    assert not torn_to_ask(torn, "weather", [], threshold)  # nothing held: the choice stands
    assert not torn_to_ask(torn, "weather", [*unsure, Hold(kind="same_tool", detail="")], threshold)
    spread = _torn({"ask_user": 0.4, "weather": 0.2, "clock": 0.4})
    assert not torn_to_ask(spread, "weather", unsure, threshold)  # a third choice is as likely
    assert not torn_to_ask(None, "weather", unsure, threshold)
