"""The numbers and names of a draft that no source holds: read as written, compared without thousands separators
or case, a sentence's first word never taken for a name."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from decisionloop.loop.claims import claims_reason, names_in, numbers_in, unsupported_claims

FORECAST = "Forecast for Lisbon, Lisbon District, Portugal (tomorrow): Fri 09-25: overcast, 18–29°C, rain chance 0%"


def test_numbers_are_read_as_written() -> None:
    assert numbers_in("1,250 times 12 = 15,000") == ["1,250", "12", "15,000"]
    assert numbers_in("3.5 * 4.2 = 14.7, 330 m = 1,082.68 feet") == ["3.5", "4.2", "14.7", "330", "1,082.68"]
    assert numbers_in("Fri 09-25: 18–29°C, B-14") == ["09", "25", "18", "29", "14"]


def test_a_number_no_source_has_is_unsupported_rounded_or_converted_ones_too() -> None:
    sources = ["How tall is the Eiffel Tower in feet?", "330 m = 1,082.68 feet"]
    assert unsupported_claims("It is 1,082.68 feet (330 m) tall.", sources) == ()
    assert unsupported_claims("It is 1082.68 feet tall.", sources) == ()  # the separator aside
    assert unsupported_claims("It is about 1,083 feet, or 0.33 km.", sources) == ("1,083", "0.33")
    assert unsupported_claims("It costs 2.50 francs.", ["2.5 francs"]) == ()


def test_a_capitalised_word_inside_a_sentence_is_a_name_the_first_word_is_not() -> None:
    assert names_in("Tomorrow in Lisbon it is overcast. Rain is unlikely, says the CEO of Open-Meteo.") == [
        "Lisbon",
        "CEO",
        "Open-Meteo",
    ]
    assert names_in("I think so") == []  # one letter is no name


def test_a_name_no_source_has_is_unsupported() -> None:
    sources = ["Weather in Lisbon tomorrow", FORECAST]
    assert unsupported_claims("Tomorrow in Lisbon, Portugal it is overcast, 18–29°C.", sources) == ()
    assert unsupported_claims("Tomorrow in Madrid it is overcast, as Reuters says.", sources) == ("Madrid", "Reuters")
    assert unsupported_claims("On Friday, Lisbon's sky is overcast.", sources) == ()  # Fri; a possessive
    assert unsupported_claims("Satya Nadella is the CEO.", ["Who is the CEO of Microsoft?", "Satya Nadella"]) == ()
    assert unsupported_claims("It was sunny on Monday in LISBON.", sources) == ("Monday",)


@given(st.integers(min_value=1000, max_value=10**12))
def test_a_number_a_tool_wrote_with_separators_is_supported_without_them(n: int) -> None:
    assert unsupported_claims(f"The total is {n}.", [f"Total: {n:,}"]) == ()
    assert unsupported_claims(f"The total is {n + 1:,}.", [f"Total: {n:,}"]) == (f"{n + 1:,}",)


def test_the_reason_names_the_claims_and_says_what_to_do() -> None:
    assert claims_reason(["4,217", "Reuters"]) == (
        "it states numbers or names that no tool result or the goal has (4,217, Reuters); use only what the tools "
        "returned, numbers exactly as they wrote them"
    )


def test_the_draft_can_deliver_passed_in_the_issue_is_caught() -> None:
    # SmolLM2's revision, which can_deliver let through on the real server (issue 15)
    draft = "15% of 80 = 12 You can't add fractions, so you should multiply by 4."
    claims = unsupported_claims(draft, ["What is 15% of 80?", "15% of 80", "15% of 80 = 12"])
    assert claims == ("4", "You")  # no full stop before "You": inside the sentence, so read as a name
