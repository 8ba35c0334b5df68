"""The value priors: a slot named for a place weighs the known places among its values (NONE's share kept); a
value the goal gives right after the slot's name, one the slot's description gives as an example, a number the
goal follows with the slot's unit, an enumeration of other options and a value in the slot's form weigh more than
every other option, as does a date the goal writes for a slot named for one; a place weighs less in another slot of
a call that has a place slot."""

from __future__ import annotations

import json
from datetime import date

import numpy as np
import pytest

from decisionloop.evaluate.tools_bench import ToolsRecord, run_item
from decisionloop.gold.tools_items import parse_item
from decisionloop.model.backend import ModelBackend, has_model
from decisionloop.model.value_priors import (
    CLAIMED_ODDS,
    DATED_ODDS,
    DESCRIBED_ODDS,
    ELSEWHERE_ODDS,
    FORM_ODDS,
    LABEL_ODDS,
    LIST_ODDS,
    NAMED_ODDS,
    PLACE_ODDS,
    UNIT_ODDS,
    claimed,
    dated,
    dated_elsewhere,
    described_value,
    enumerated,
    in_form,
    in_goal_order,
    is_place_value,
    label,
    named_value,
    names_own_slot,
    place_slot,
    reweigh,
    unit_named,
)
from decisionloop.spec.load import load_spec


@pytest.mark.parametrize("slot", ["location", "city", "departureCity", "home_country", "STATE"])
def test_a_slot_named_for_a_place_is_a_place_slot(slot: str) -> None:
    assert place_slot(slot)


@pytest.mark.parametrize("slot", ["species", "hotel_name", "placeholder"])
def test_other_slots_are_not(slot: str) -> None:
    assert not place_slot(slot)


def test_a_place_value_is_a_known_place_as_written() -> None:
    assert is_place_value("Washington")
    assert is_place_value("Cape Town")
    assert not is_place_value("woodland"), "Woodland, California, is a place; the word is not"
    assert not is_place_value("Natural History Museum")


def test_the_places_of_a_place_slot_weigh_more_and_none_keeps_its_share() -> None:
    names = ("Washington", "woodland", "deer", "NONE")
    p = reweigh("arg:location", names, np.array([0.04, 0.48, 0.47, 0.01], dtype=np.float32), "")
    assert p.argmax() == 0
    assert p[3] == pytest.approx(0.01)
    assert p.sum() == pytest.approx(1.0)
    assert p[0] / p[1] == pytest.approx(PLACE_ODDS * 0.04 / 0.48, rel=1e-5)


@pytest.mark.parametrize(
    ("qid", "names"),
    [
        ("tool", ("Washington", "woodland", "NONE")),  # not a slot's question
        ("arg:species", ("Washington", "woodland", "NONE")),  # not a place slot
        ("arg:location", ("Las Vegas", "Los Angeles", "NONE")),  # every value a place
        ("arg:location", ("woodland", "deer", "NONE")),  # no place at all
    ],
)
def test_nothing_changes_where_the_prior_cannot_tell_values_apart(qid: str, names: tuple[str, ...]) -> None:
    p = np.array([0.3, 0.6, 0.1], dtype=np.float32)
    assert np.allclose(reweigh(qid, names, p, "Washington woodland"), p)


def test_weighed_probabilities_never_pass_one() -> None:
    p = reweigh("arg:location", ("Las Vegas", "traffic", "NONE"), np.array([1.0, 1e-9, 0.0], dtype=np.float32), "")
    assert p.max() <= 1.0


def test_a_place_weighs_less_in_another_slot_of_a_call_with_a_place_slot() -> None:
    names = ("New York", "rock", "NONE")
    p = np.array([0.5, 0.3, 0.2])
    weighed = reweigh("arg:genre", names, p, "rock concerts in New York", "", dict.fromkeys(("location", "genre"), ""))
    assert weighed.argmax() == 1
    assert weighed[0] / weighed[2] == pytest.approx(ELSEWHERE_ODDS * 0.5 / 0.2)
    assert np.allclose(reweigh("arg:genre", names, p, "rock concerts in New York", "", {"genre": ""}), p)


@pytest.mark.parametrize(
    ("slot", "value", "goal"),
    [
        ("a", "1", "roots with coefficients a=1, b=-3, c=2"),
        ("b", "-3", "roots with coefficients a=1, b=-3, c=2"),
        ("significance_level", "0.05", "at a significance level of 0.05."),
        ("interestRate", "5%", "the interest rate is 5%"),
        ("title", "Dune", 'a book with the title: "Dune"'),
        ("time_period", "03:05", "during the time period of 03:05"),
        ("waste_type", "GWvmNJmUobdo", 'compost the "GWvmNJmUobdo" waste type'),
        ("exercise_id", "GCqYtt9vi", 'the exercise ID "GCqYtt9vi" for the patient'),
        ("style_guide", "29DXtd3K", "according to the style guide with ID 29DXtd3K in English"),
    ],
)
def test_a_value_right_after_the_slot_s_name_is_named(slot: str, value: str, goal: str) -> None:
    assert named_value(slot, value, goal)


@pytest.mark.parametrize(
    ("slot", "value", "goal"),
    [
        ("a", "5", "a 5 kg bag"),  # a name of one letter takes "=" or ":" only
        ("b", "1", "a=1, b=-3"),
        ("value", "1", "the derivative at x = 1"),
        ("rate", "5", "a rate of 15%"),
        ("supply_chain", "risk", "assess the supply chain risk"),  # no join: a noun beside a noun
        ("sequence", "DNA", "analyse the DNA sequence"),  # a word before the name is named only when quoted
        ("patient_id", "CEyWZrPWtF", 'the patient with ID "CEyWZrPWtF"'),  # "with" stands between
        ("exercise_id", "GCqYtt9vi", "the exercise ID GCqYtt9vi"),  # no join and no quotes
    ],
)
def test_other_values_are_not(slot: str, value: str, goal: str) -> None:
    assert not named_value(slot, value, goal)


GRANT = {
    "exercise_id": "The exercise's ID.",
    "patient_id": "The patient's ID.",
    "impact": "The risk's impact. Options: 'low', 'medium', 'high'.",
    "project": "The project's name.",
}


@pytest.mark.parametrize(
    ("slot", "value", "goal"),
    [
        ("patient_id", "GCqYtt9vi", 'the exercise ID "GCqYtt9vi" for the patient with ID "CEyWZrPWtF"'),
        ("project", "high", "a high impact for the Delta project"),
    ],
)
def test_a_value_another_slot_names_or_describes_is_claimed(slot: str, value: str, goal: str) -> None:
    assert claimed(slot, value, goal, GRANT)


@pytest.mark.parametrize(
    ("slot", "value", "goal"),
    [
        ("patient_id", "CEyWZrPWtF", 'the exercise ID "GCqYtt9vi" for the patient with ID "CEyWZrPWtF"'),
        ("exercise_id", "GCqYtt9vi", 'the exercise ID "GCqYtt9vi"'),  # its own slot names it
        ("impact", "high", "a high impact for the Delta project"),  # its own description offers it
        ("project", "Delta", "a high impact for the Delta project"),
    ],
)
def test_other_values_are_not_claimed(slot: str, value: str, goal: str) -> None:
    assert not claimed(slot, value, goal, GRANT)


def test_a_claimed_value_weighs_less_against_every_option() -> None:
    goal = 'the exercise ID "GCqYtt9vi" for the patient with ID "CEyWZrPWtF"'
    names = ("GCqYtt9vi", "CEyWZrPWtF", "speech", "NONE")
    weighed = reweigh("arg:patient_id", names, np.full(4, 0.25), goal, GRANT["patient_id"], GRANT)
    assert weighed[0] / weighed[2] == pytest.approx(CLAIMED_ODDS * FORM_ODDS)  # both ids have an id's form
    assert weighed.argmax() == 1


def test_a_named_value_weighs_more_against_none_too() -> None:
    names = ("0.05", "two", "NONE")
    p = reweigh("arg:significance_level", names, np.array([0.06, 0.0, 0.94]), "at a significance level of 0.05")
    assert p.argmax() == 0
    assert p[0] / p[2] == pytest.approx(NAMED_ODDS * 0.06 / 0.94)
    assert p.sum() == pytest.approx(1.0)


@pytest.mark.parametrize(
    ("value", "instruction"),
    [
        ("miles", "The unit of distance. Options: 'miles', 'kilometers'."),
        ("Texas", "The location where the case is registered, in the format: state, e.g., Texas"),
        ("USD", 'The currency, such as "USD" or "EUR".'),
        ("json", "The output format, for example json or csv."),
        ("Bankruptcy", "The type of law case. eg. Bankruptcy"),
    ],
)
def test_a_value_the_description_quotes_or_gives_as_an_example_is_described(value: str, instruction: str) -> None:
    assert described_value("unit", value, f"the {value} one", instruction)


@pytest.mark.parametrize(
    ("slot", "value", "instruction"),
    [
        ("unit", "distance", "The unit of distance. Options: 'miles', 'kilometers'."),  # said, not an example
        ("state", "Texas", "The state, in its two-letter code."),
        ("name", "name", "The value of the argument 'name'."),  # a description with no words quotes the name
        ("scale", "like", "Items the user may like."),  # "like" followed by nothing it names
        ("format", "csv", "The format; json is likelier than csv."),  # "likelier" gives no example
    ],
)
def test_other_values_are_not_described(slot: str, value: str, instruction: str) -> None:
    assert not described_value(slot, value, f"the {value} one", instruction)


def test_a_described_value_the_goal_does_not_say_is_not_described() -> None:
    # an optional enum's options all quoted by its description: none of them weighs more than leaving it out
    assert not described_value("detail_level", "basic", "theft in California", "Optional, default is 'basic'.")


@pytest.mark.parametrize(
    ("slot", "value", "goal", "instruction"),
    [
        ("time_years", "3", "a $5000 investment at 5% in 3 years", "The investment horizon in years."),
        ("period", "5", "$100 annually for the next 5 years", "The time frame in years for which it is paid."),
        ("duration", "76", "over a period of 76 minutes", "The duration in minutes."),
        ("weight", "2", "how heavy are 2 kg-bags", "The weight in kg."),
        ("age", "49", "rheumatology for a 49-year-old individual", "The individual's age."),
        ("patient_age", "7", "a patient 7 years old", ""),
    ],
)
def test_a_number_followed_by_the_slot_s_unit_is_unit_named(slot: str, value: str, goal: str, instruction: str) -> None:
    assert unit_named(slot, value, goal, instruction)


@pytest.mark.parametrize(
    ("slot", "value", "goal", "instruction"),
    [
        ("period", "100", "$100 annually for the next 5 years", "The time frame in years."),
        ("time_years", "3", "3 pounds in 5 years", "The horizon in years."),
        ("name", "Bob", "Bob years", "The person's name in years."),  # not a number
        ("count", "5", "the 5 given items", "The number of items given."),  # "given" names no unit
        ("page", "49", "page 49-year-old archive", "The page."),  # an age only for a slot named for one
    ],
)
def test_other_numbers_are_not_unit_named(slot: str, value: str, goal: str, instruction: str) -> None:
    assert not unit_named(slot, value, goal, instruction)


@pytest.mark.parametrize(
    ("value", "slots"),
    [
        ("unit", ("coordinates", "unit")),
        ("year", ("case_category", "court", "year")),
        ("processor utilization", ("workload_distribution", "processor_utilization")),
        ("Timestamps", ("lyrics", "timestamp")),
    ],
)
def test_a_value_made_of_the_slots_names_is_a_label(value: str, slots: tuple[str, ...]) -> None:
    assert label(value, slots)


@pytest.mark.parametrize(
    ("value", "slots"),
    [
        ("kilometers", ("coordinates", "unit")),
        ("criminal", ("case_category", "court", "year")),
        ("3", ("side1", "side3")),  # a number is a value
        ("year 1995", ("year",)),
        ("", ("year",)),
    ],
)
def test_other_values_are_no_labels(value: str, slots: tuple[str, ...]) -> None:
    assert not label(value, slots)


def test_a_label_weighs_less_against_every_option_unless_every_value_is_one() -> None:
    names = ("year", "criminal", "NONE")
    p = np.full(3, 1 / 3)
    weighed = reweigh(
        "arg:case_category",
        names,
        p,
        "criminal cases in the year 1995",
        "",
        dict.fromkeys(("case_category", "year"), ""),
    )
    assert weighed[0] / weighed[1] == pytest.approx(LABEL_ODDS)
    assert weighed[0] / weighed[2] == pytest.approx(LABEL_ODDS)
    only = reweigh("arg:year", ("year", "NONE"), np.array([0.5, 0.5]), "the year", "", {"year": ""})
    assert only.tolist() == [0.5, 0.5]


def test_a_value_that_only_names_its_own_slot_gives_its_probability_to_none() -> None:
    names = ("ID", "consulting firm", "NONE")
    weighed = reweigh("arg:firm_id", names, np.array([0.98, 0.01, 0.01]), "the consulting firm with the ID", "", {})
    assert weighed.tolist() == pytest.approx([0.0, 0.01, 0.99])
    alone = reweigh("arg:player_id", ("the player ID", "NONE"), np.array([0.9, 0.1]), "the player ID", "", {})
    assert alone.tolist() == pytest.approx([0.0, 1.0])  # every value a label: NONE still
    # a name of one word may be its own value ("units" for unit); a number is a value
    assert names_own_slot("firm_id", "ID")
    assert names_own_slot("index_name", "the index")
    assert not names_own_slot("unit", "units")
    assert not names_own_slot("record_name", "A record")
    assert not names_own_slot("side_3", "3")


def test_an_enumeration_of_other_options_is_enumerated() -> None:
    names = ("tomatoes and lettuce", "tomatoes", "lettuce", "Whole Foods", "NONE")
    assert enumerated("tomatoes and lettuce", names)
    assert enumerated("red, green, and blue", ("red, green, and blue", "red", "Green", "blue"))
    assert not enumerated("tomatoes", names)
    assert not enumerated("Procter and Gamble", ("Procter and Gamble", "Procter"))  # "Gamble" is no option
    assert not enumerated("Whole Foods", names)
    assert not enumerated("Louisiana, United States", ("Louisiana, United States", "Louisiana", "United States"))


@pytest.mark.parametrize(
    ("slot", "value"),
    [
        ("contact_email", "ana@example.com"),
        ("website", "https://example.com/a"),
        ("server_ip", "192.168.1.20"),
        ("start_time", "12:30"),
        ("patient_id", "CEyWZrPWtF"),
        ("productCode", "AB1010CD"),
        ("order_id", "4471"),
        ("year", "1995"),
        ("month", "December"),
        ("day_of_week", "Sunday"),
        ("color", "green"),
        ("target_language", "French"),
    ],
)
def test_a_value_in_the_form_the_slot_s_name_asks_for_is_in_form(slot: str, value: str) -> None:
    assert in_form(slot, value)


@pytest.mark.parametrize(
    ("slot", "value"),
    [
        ("contact_email", "further communication"),
        ("patient_id", "patient"),
        ("patient_id", "8"),  # too short to tell from a count
        ("start_time", "noon"),
        ("amount", "4471"),  # the slot asks for no form
        ("paid", "ID4471"),  # "paid" is no "id"
        ("year", "95"),
        ("color", "forest"),
        ("language", "Python"),
        ("month", "Marathon"),  # "mar" begins it, but it names no month
    ],
)
def test_other_values_are_not_in_form(slot: str, value: str) -> None:
    assert not in_form(slot, value)


@pytest.mark.parametrize(
    ("slot", "value", "goal"),
    [
        ("date", "december 31", "how many days until december 31"),
        ("start_date", "2022-05-12", "from 2022-05-12 on"),
        ("checkInDate", "Valentine's Day", "a room for Valentine's Day"),
        ("date", "next friday", "what's the date next friday"),
        ("date", "june 1 and august 15", "how many days between june 1 and august 15"),  # date_math reads a range
    ],
)
def test_a_date_the_goal_writes_for_a_slot_named_for_one_is_dated(slot: str, value: str, goal: str) -> None:
    assert dated(slot, value, goal)


@pytest.mark.parametrize(
    ("slot", "value", "goal"),
    [
        ("date", "today", "how many days until my mom's birthday"),  # date_math's literal, not written by the goal
        ("date", "2022", "the sales of 2022"),  # a year alone
        ("date", "3 weeks", "what's the date in 3 weeks"),  # a duration
        ("deadline", "december 31", "due december 31"),  # the slot's name asks for no date
        ("date", "birthday", "how many days until my birthday"),
    ],
)
def test_other_values_are_not_dated(slot: str, value: str, goal: str) -> None:
    assert not dated(slot, value, goal)


@pytest.mark.parametrize(
    ("slot", "value", "dated_too"),
    [
        ("campaign_id", "March 1, 2016", True),  # a date, in a call with start_date: it belongs there
        ("campaign_id", "coNIibMvf2w", False),
        ("start_date", "March 1, 2016", False),  # the date slot itself
        ("offset", "3 days ago", False),  # a stretch of time too
    ],
)
def test_a_date_weighs_less_in_another_slot_of_a_call_with_a_date_slot(slot: str, value: str, dated_too: bool) -> None:
    goal = "marketing data for campaign coNIibMvf2w from March 1, 2016, and 3 days ago"
    assert dated_elsewhere(slot, value, goal, ("campaign_id", "start_date", "offset")) is dated_too
    assert not dated_elsewhere(slot, value, goal, ("campaign_id", "offset"))  # no slot named for a date


def test_a_dated_value_weighs_more_against_none() -> None:
    names = ("december 31", "today", "NONE")
    p = reweigh("arg:date", names, np.array([0.88, 0.0, 0.12]), "how many days until december 31")
    assert p[0] / p[2] == pytest.approx(DATED_ODDS * 0.88 / 0.12)
    assert p[0] > 0.98


@pytest.mark.parametrize(
    ("qid", "names", "goal", "instruction", "odds"),
    [
        ("arg:unit", ("miles", "distance", "NONE"), "the distance in miles", "Options: 'miles', 'km'.", DESCRIBED_ODDS),
        ("arg:time_years", ("3", "5000", "NONE"), "$5000 in 3 years", "The horizon in years.", UNIT_ODDS),
        ("arg:items", ("a and b", "a", "NONE"), "", "", 1.0),  # "b" is no option: no enumeration
        ("arg:items", ("a and b", "a", "b", "NONE"), "", "", LIST_ODDS),
        ("arg:contact_email", ("ana@example.com", "Bob", "NONE"), "", "", FORM_ODDS),
    ],
)
def test_each_prior_weighs_its_value_against_every_option_none_too(
    qid: str, names: tuple[str, ...], goal: str, instruction: str, odds: float
) -> None:
    p = np.full(len(names), 1 / len(names))
    weighed = reweigh(qid, names, p, goal, instruction)
    assert weighed.sum() == pytest.approx(1.0)
    assert weighed[0] / weighed[-1] == pytest.approx(odds)


def _function(name: str, description: str, params: dict[str, str]) -> dict[str, object]:
    """A function whose parameters are all required strings, each with its description."""
    properties = {p: {"type": "string", "description": d} for p, d in params.items()}
    schema = {"type": "object", "properties": properties, "required": list(params)}
    return {"name": name, "description": description, "parameters": schema}


def _decided(question: str, tool: dict[str, object]) -> ToolsRecord:
    line = json.dumps({"id": "goal", "question": question, "tools": [tool]})
    return run_item(parse_item(line, "test"), ModelBackend(), load_spec(), date(2026, 12, 5))


MUSEUM = _function(
    "museum.info",
    "Opening hours and exhibitions of a museum.",
    {"museum": "The museum's name.", "city": "The city the museum is in."},
)
DISTANCE = _function(
    "route.distance",
    "The driving distance between two places.",
    {
        "origin": "Where the trip starts.",
        "destination": "Where the trip ends.",
        "unit": "The unit of distance. Options: 'miles', 'kilometers'.",
    },
)


@pytest.mark.skipif(not has_model(), reason="no bundled decision model is shipped in this tree")
def test_the_bundled_model_fills_the_city_with_the_city_not_the_museum() -> None:
    # without the place prior the bundled heads gave city='Louvre Museum'
    record = _decided("Tell me about the Louvre Museum in Paris, its hours and exhibitions.", MUSEUM)
    assert record.tool == "museum.info"
    assert record.arguments == {"museum": "Louvre Museum", "city": "Paris"}


@pytest.mark.skipif(not has_model(), reason="no bundled decision model is shipped in this tree")
def test_the_bundled_model_takes_the_unit_its_description_offers() -> None:
    # without the described-value prior the bundled heads answered NONE for the unit, and the call lacked it
    record = _decided("How far is it to drive from Lyon to Milan, in kilometers?", DISTANCE)
    assert record.arguments == {"origin": "Lyon", "destination": "Milan", "unit": "kilometers"}


CANCEL = _function(
    "delivery.cancel",
    "Cancel a customer's delivery.",
    {"order_id": "The ID of the order.", "customer_id": "The ID of the customer."},
)


@pytest.mark.skipif(not has_model(), reason="no bundled decision model is shipped in this tree")
def test_the_bundled_model_keeps_the_order_s_id_out_of_the_customer_s() -> None:
    # without the claimed-value prior the bundled heads gave the order's id to both slots
    record = _decided('Please cancel order ID "QX7pLm2Rd" placed by customer "Hk3Vt9wZaa".', CANCEL)
    assert record.arguments == {"order_id": "QX7pLm2Rd", "customer_id": "Hk3Vt9wZaa"}


def _answers(**slots: dict[str, float]) -> dict[str, tuple[tuple[str, ...], np.ndarray]]:
    return {f"arg:{s}": (tuple(p), np.array(list(p.values()))) for s, p in slots.items()}


GAME = "Who won the last match between Chicago Bulls and Los Angeles Lakers?"


def test_numbered_slots_sure_of_one_value_take_the_goal_s_values_in_order() -> None:
    weighed = _answers(
        team1={"Los Angeles Lakers": 0.47, "Chicago Bulls": 0.44, "NONE": 0.09},
        team2={"Los Angeles Lakers": 0.61, "Chicago Bulls": 0.36, "NONE": 0.03},
    )
    changed = in_goal_order(weighed, GAME)
    assert list(changed) == ["arg:team1"]  # team2 already has the Lakers
    assert changed["arg:team1"].tolist() == [0.44, 0.47, 0.09]


def test_numbered_slots_out_of_the_goal_s_order_exchange_their_values() -> None:
    weighed = _answers(
        color1={"blue": 0.9, "yellow": 0.1, "NONE": 0.0}, color2={"yellow": 0.8, "blue": 0.2, "NONE": 0.0}
    )
    changed = in_goal_order(weighed, "Mix yellow and blue paint")
    assert changed["arg:color1"].tolist() == [0.1, 0.9, 0.0]
    assert changed["arg:color2"].tolist() == [0.2, 0.8, 0.0]


@pytest.mark.parametrize(
    ("goal", "slots"),
    [
        (GAME, {"team1": {"Chicago Bulls": 0.6, "NONE": 0.4}, "team2": {"Los Angeles Lakers": 0.9, "NONE": 0.1}}),
        (GAME, {"team1": {"NONE": 0.6, "Chicago Bulls": 0.4}, "team2": {"Chicago Bulls": 0.9, "NONE": 0.1}}),
        ("two charges of 5 C and 5 C", {"charge1": {"5": 0.9, "NONE": 0.1}, "charge2": {"5": 0.8, "NONE": 0.2}}),
        (GAME, {"team1": {"Los Angeles Lakers": 0.9, "NONE": 0.1}, "team_size": {"Chicago Bulls": 0.9, "NONE": 0.1}}),
        ("side 3 of 4", {"side3": {"4": 0.9, "3": 0.1, "NONE": 0.0}}),  # a stem numbered once
    ],
)
def test_numbered_slots_in_order_sure_of_none_or_of_a_value_written_twice_stay(
    goal: str, slots: dict[str, dict[str, float]]
) -> None:
    assert in_goal_order(_answers(**slots), goal) == {}


GAME_TOOL = _function(
    "sports.match_result",
    "The result of the last match between two teams.",
    {"team1": "The first team.", "team2": "The second team."},
)
PAINT = _function(
    "paint.mix", "Mix two paint colours.", {"color1": "The first colour.", "color2": "The second colour."}
)


@pytest.mark.skipif(not has_model(), reason="no bundled decision model is shipped in this tree")
@pytest.mark.parametrize(
    ("goal", "tool", "arguments"),
    [
        (
            "Get the result of the last match between Real Madrid and Barcelona.",
            GAME_TOOL,
            ("team", "Real Madrid", "Barcelona"),
        ),
        ("Mix red and white paint.", PAINT, ("color", "red", "white")),
    ],
)
def test_the_bundled_model_gives_numbered_slots_the_goal_s_values_in_order(
    goal: str, tool: dict[str, object], arguments: tuple[str, str, str]
) -> None:
    # without the order the bundled heads gave both slots the first value (team2 Real Madrid, color2 red)
    stem, first, second = arguments
    assert _decided(goal, tool).arguments == {f"{stem}1": first, f"{stem}2": second}
