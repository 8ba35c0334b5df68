"""Names in goals typed all in lower case: found as in a capitalised goal, offered as typed."""

from __future__ import annotations

import pytest

from decisionloop.extract import extract
from decisionloop.extract._case import cased, looks_lowercased


def kinds(goal: str) -> set[tuple[str, str]]:
    """(span, kind) pairs extracted from a goal alone."""
    return {(c.span, c.kind) for c in extract(goal, [])}


@pytest.mark.parametrize(
    ("goal", "span", "kind"),
    [
        ("weather in lisbon tomorrow", "lisbon", "place"),
        ("hey, weather in cape town over the next few days pls", "cape town", "place"),
        ("which country is marrakesh in?", "marrakesh", "place"),
        ("who is the ceo of microsoft?", "microsoft", "proper"),
        ("send priya a message saying i'll be late", "priya", "person"),
        ("who is the president of china", "china", "place"),
        ("tell me about ada lovelace", "ada lovelace", "proper"),
        ("what is the height of the eiffel tower in feet?", "eiffel tower", "proper"),
        ("how tall is mount everest", "mount everest", "proper"),
        ("What is the population of kyoto?", "kyoto", "place"),
        ("what time is it in the uk", "uk", "proper"),
        ("what time is it in the us", "us", "place"),  # a country's code after "the", not the pronoun
        ("what's the population of the usa", "usa", "place"),
        ("weather in san francisco on saturday", "san francisco", "place"),  # a particle first: not "francisco"
        ("weather in los angeles", "los angeles", "place"),
        ("weather in rio de janeiro", "rio de janeiro", "place"),
        # a thing named by the name after "of", whole, not "liberty" alone
        ("how tall is the statue of liberty", "statue of liberty", "proper"),
        # a landmark named with common words after "the", ending in a landmark word
        ("how high is the empire state building", "empire state building", "proper"),
        ("when was the golden gate bridge built", "golden gate bridge", "proper"),
        ("who lives in the white house", "white house", "proper"),
        ("when was the tower of london built", "tower of london", "proper"),
        ("how long is the great wall of china", "great wall of china", "proper"),
        ("what's the time in gmt+2", "gmt+2", "place"),  # a zone by its offset, whole
        ("what time is it in sf", "sf", "place"),  # a city's short form after a place word
        ("weather in la", "la", "place"),
        # a word the lexicon knows only as a verb, where a name stands
        ("who is the ceo of google", "google", "proper"),
        ("when was google founded", "google", "proper"),
    ],
)
def test_a_lower_case_goal_offers_its_names_as_typed(goal: str, span: str, kind: str) -> None:
    assert (span, kind) in kinds(goal)


@pytest.mark.parametrize(
    "goal", ["what is the tallest building in the world", "how far is the nearest train station", "open the garage"]
)
def test_a_superlative_or_a_lone_common_word_before_a_landmark_word_names_nothing(goal: str) -> None:
    assert not [s for s, k in kinds(goal) if k == "proper"]


def test_a_zone_written_as_an_offset_is_offered_whole_not_by_its_name_alone() -> None:
    assert not {s for s, _ in kinds("what's the time in gmt+2")} & {"gmt", "GMT"}
    assert ("UTC", "proper") in kinds("is GMT+1 ahead of UTC")  # written alone too: offered alone


@pytest.mark.parametrize(
    ("goal", "recipient"),
    [
        ("send a message to bob saying I'm running late", "bob"),
        ("text mark that the meeting moved", "mark"),
        ("tell anna: dinner at 8", "anna"),
        ("send mom a text saying happy birthday", "mom"),
        ("let sarah know the meeting is cancelled", "sarah"),
        ("send a message to my mom saying hi", "mom"),  # not "my"
        ("let my boss know i'll be late", "boss"),
        ("text mom i love you", "mom"),
        ("tell my boss i'm sick today", "boss"),
        ('send "see you soon" to tom', "tom"),
        ("send hi to dave", "dave"),
        ("send happy birthday to my sister", "sister"),
    ],
)
def test_a_lower_case_recipient_the_lexicon_knows_as_a_word_is_offered_before_what_is_said(
    goal: str, recipient: str
) -> None:
    assert (recipient, "person") in kinds(goal)


@pytest.mark.parametrize(
    "goal",
    [
        "remind me to buy milk",
        "text the group",
        "text about the meeting",
        "send the report to bob",  # what is sent is no message
        "tell me a joke",
        "let me know",
        "let me know that it works",  # "me" is in nameparser's titles (Maître) but no title here
    ],
)
def test_no_recipient_is_made_of_a_function_word_or_without_what_is_said(goal: str) -> None:
    assert not {span for span, kind in kinds(goal) if kind == "person"}


@pytest.mark.parametrize(
    ("goal", "recipient"),
    [
        ("message the team: standup is cancelled today", "the team"),
        ("text the family: dinner at 7", "the family"),
        ("let the team know the build is green", "the team"),
        ("tell our neighbours that the party is on", "our neighbours"),
    ],
)
def test_a_group_a_message_is_addressed_to_is_its_recipient(goal: str, recipient: str) -> None:
    assert (recipient, "person") in kinds(goal)
    assert not {span for span, kind in kinds(goal) if kind == "person"} - {recipient}


def test_what_a_lower_case_recipient_is_told_is_the_message() -> None:
    assert ("the meeting is cancelled", "clause") in kinds("let sarah know the meeting is cancelled")


@pytest.mark.parametrize(
    ("goal", "recipient", "message"),
    [
        # whom by their role, with "the" and one or two words
        ("text the nanny we're stuck in traffic, home by 8", "the nanny", "we're stuck in traffic, home by 8"),
        ("message the night manager that i can do sunday", "the night manager", "i can do sunday"),
        ("send an email to the estate agent saying the boiler is broken", "the estate agent", "the boiler is broken"),
        ("let the dog walker know we're away friday", "the dog walker", "we're away friday"),
        # a role nameparser lists as a title, with no name after it: the role is whom it is for
        ("tell coach i hurt my knee", "coach", "i hurt my knee"),
        ("email hr that i moved house", "hr", "i moved house"),
        # whatsapp and dm are ways to send
        ("whatsapp dad that the train is late", "dad", "the train is late"),
        ("dm priya the link is in my bio", "priya", "the link is in my bio"),
    ],
)
def test_a_message_to_someone_by_their_role_or_sent_another_way_has_its_recipient_and_text(
    goal: str, recipient: str, message: str
) -> None:
    assert (recipient, "person") in kinds(goal)
    assert (message, "clause") in kinds(goal)


@pytest.mark.parametrize(
    ("goal", "recipient", "message"),
    [
        # a role, then the name of whom it is for: the name, the role offered too
        ("email my tutor dr. silva that my essay is attached", "dr. silva", "my essay is attached"),
        ("email my client jo brand that the order shipped", "jo brand", "the order shipped"),
        # a name that is also a month's short name, before "a message"/"a text"
        ("send jan a text that the tickets came", "jan", "the tickets came"),
        # what the message says after a colon or a comma, or after where the one it is for is
        ("send my brother a message: the match is on at 8", "brother", "the match is on at 8"),
        ("whatsapp leo: bring the chairs", "leo", "bring the chairs"),
        ("drop nadia a text, the film starts at 9", "nadia", "the film starts at 9"),
        ("email omar at the garage that the car can wait till monday", "omar", "the car can wait till monday"),
    ],
)
def test_a_message_said_after_a_role_and_name_a_colon_or_a_comma_has_its_recipient_and_text(
    goal: str, recipient: str, message: str
) -> None:
    assert (recipient, "person") in kinds(goal)
    assert (message, "clause") in kinds(goal)


def test_a_role_with_no_name_after_it_is_whom_the_message_is_for() -> None:
    assert {span for span, kind in kinds("tell my boss that i'm sick") if kind == "person"} == {"boss"}
    assert {span for span, kind in kinds("send may a text saying hi") if kind == "person"} == set()  # a modal verb


@pytest.mark.parametrize(
    ("goal", "place"),
    [
        ("clima en monterrey mañana", "monterrey"),
        ("que horas son em são paulo ahora", "são paulo"),
        ("tempo em rio de janeiro hoje", "rio de janeiro"),
        ("wetter in graz morgen", "graz"),
    ],
)
def test_a_place_before_a_word_for_today_tomorrow_or_now_in_another_language_is_the_place_alone(
    goal: str, place: str
) -> None:
    found = kinds(goal)
    assert (place, "place") in found
    assert not any(kind == "place" and span != place and span.startswith(place) for span, kind in found)


def test_a_place_a_forecast_is_asked_for_is_the_place_though_the_lexicon_knows_its_word() -> None:
    assert ("limerick", "place") in kinds("weather forecast for limerick for the next 3 days")
    assert ("turkey", "place") not in kinds("cooking time for turkey")


def test_a_message_asking_something_is_the_question_asked() -> None:
    found = kinds("send a text to the vet asking if they open on sunday")
    assert ("the vet", "person") in found
    assert ("if they open on sunday", "clause") in found


@pytest.mark.parametrize(
    "goal",
    ["Weather in Lisbon tomorrow", "Send Priya a message saying I'll be late", "Who is the CEO of Microsoft?"],
)
def test_a_capitalised_goal_reads_as_before(goal: str) -> None:
    assert not looks_lowercased(goal)
    assert all(c.span in goal for c in extract(goal, []))


def test_common_words_units_and_chat_stay_lower_case() -> None:
    assert cased("ok thx, convert 5 km to miles on tuesday and roast a turkey") == (
        "ok thx, convert 5 km to miles on tuesday and roast a turkey"
    )
    assert ("turkey", "place") not in kinds("how long to roast a turkey")
    # a verb stays one where a verb stands, and in any inflected form
    assert cased("i want to go, what is the cost of living, who founded it") == (
        "i want to go, what is the cost of living, who founded it"
    )


def test_reading_cased_keeps_every_character_in_place() -> None:
    text = "what's the weather in new york city and in são paulo? i'm in kraków"
    read = cased(text)
    assert len(read) == len(text)
    assert read.casefold() == text.casefold()
    assert "New York City" in read
    assert "Kraków" in read


def test_a_text_with_a_capital_past_its_first_word_is_not_lower_case() -> None:
    assert looks_lowercased("what is the weather in oslo? and in bergen")
    assert looks_lowercased("i think I'll go to oslo")
    assert not looks_lowercased("what is the weather in Oslo")
    assert not looks_lowercased("1,250 * 12")


def test_chat_around_a_goal_is_not_offered() -> None:
    found = {c.span for c in extract("hey, message Jordan saying the package arrived thanks!", [])}
    assert "the package arrived" in found
    assert not any("thanks" in span or "hey" in span for span in found)


def test_a_degree_sign_with_a_lower_case_scale_is_a_temperature() -> None:
    assert ("100°f", "quantity") in kinds("what is 100°f in celsius?")


@pytest.mark.parametrize(
    ("goal", "span"),
    [
        ("how many days until christmas", "christmas"),
        ("how many days until december 25", "december 25"),
        ("what day is 25 december 2027", "25 december 2027"),
        ("what day of the week is valentine's day", "valentine's day"),  # not read as "Valentine'S Day"
        ("how many days until st patricks day", "st patricks day"),
        ("how many days until the 4th of july", "4th of july"),  # "of" kept small, as in "4th of July"
        ("how many days between christmas and new year", "christmas and new year"),
    ],
)
def test_a_lower_case_goal_offers_its_dates_as_typed(goal: str, span: str) -> None:
    assert (span, "date") in kinds(goal)


def test_a_region_told_by_its_time_zone_is_a_place() -> None:
    assert ("west coast", "place") in kinds("what time is it on the west coast")


@pytest.mark.parametrize("goal", ["whats tomorrow's date", "wats the time", "hows the weather in rome"])
def test_a_contraction_typed_without_its_apostrophe_is_no_name(goal: str) -> None:
    first = goal.split()[0]
    assert not {span for span, _ in kinds(goal) if span.casefold() == first}


@pytest.mark.parametrize(
    ("goal", "found"),
    [
        ("how long ago was 9/11", {("9/11", "date")}),
        ("how many days until 12/25", {("12/25", "date")}),
        ("what is 9/11", {("9/11", "expression")}),  # asked of as a number: a division
        ("add 1/2 cup of sugar", {("1/2", "expression")}),
    ],
)
def test_a_month_and_a_day_with_a_slash_is_a_date_where_a_goal_asks_of_a_day(
    goal: str, found: set[tuple[str, str]]
) -> None:
    assert {(s, k) for s, k in kinds(goal) if s[0].isdigit() and k in ("date", "expression")} == found
