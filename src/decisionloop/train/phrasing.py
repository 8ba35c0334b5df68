"""Goal templates per intent: questions, commands, terse and polite forms, and negations that keep a goal
read-only. Written for this generator; none copies a suite goal's wording."""

from __future__ import annotations

WHEN_PHRASES: dict[str, tuple[str, ...]] = {
    "today": ("today", "this afternoon", "tonight", "right now", "later today"),
    "tomorrow": ("tomorrow", "tomorrow morning", "tomorrow afternoon"),
    "weekend": ("this weekend", "over the weekend", "for the weekend", "on Saturday and Sunday"),
    "week": ("this week", "for the coming days", "over the next three days", "for the rest of the week"),
}
WEATHER: tuple[str, ...] = (
    "Is it going to rain in {place} {when}?",
    "Do I need an umbrella in {place} {when}?",
    "{place} weather {when}",
    "{place} forecast {when}, please",
    "What's the forecast for {place} {when}?",
    "How cold is it going to get in {place} {when}?",
    "Will it be sunny in {place} {when}?",
    "Should I pack a jacket for {place} {when}?",
    "Check the weather in {place} for me, {when}",
    "Give me the forecast for {place} {when}",
    "Any chance of snow in {place} {when}?",
    "What temperatures are expected in {place} {when}?",
    "{When}, what's the weather doing in {place}?",
    "I'm heading to {place} {when} - what will the weather be?",
    "Tell me the {place} weather outlook {when}",
    "forecast {place} {when}",
    "Is it t-shirt weather in {place} {when}?",
)
WEATHER_NOW: tuple[str, ...] = ("Current weather in {place}?", "How's the weather in {place}?", "weather {place}")
WIKI: tuple[str, ...] = (
    "Tell me about {topic}",
    "Give me a quick summary of {topic}",
    "What do you know about {topic}?",
    "I'd like to read about {topic}",
    "Look up {topic} in the encyclopedia",
    "Can you find an article on {topic}?",
    "Background on {topic}, please",
    "Give me an overview of {topic}",
    "encyclopedia: {topic}",
)
WIKI_PERSON: tuple[str, ...] = (
    "Who was {topic}?",
    "Tell me who {topic} was",
    "What is {topic} known for?",
    "Give me a short bio of {topic}",
)
WIKI_THING: tuple[str, ...] = (
    "What exactly is {topic}?",
    "Explain {topic} to me",
    "I keep hearing about {topic} - what is it?",
    "Explain {topic} in simple terms",
)
FACT: dict[str, tuple[str, ...]] = {
    "population": (
        "How many people live in {e}?",
        "Population of {e}?",
        "{e} population",
        "How big is the population of {e}?",
        "What's the number of inhabitants of {e}?",
        "How populous is {e}?",
        "Roughly how many residents does {e} have?",
        "{e}'s population?",
    ),
    "capital": (
        "What's the capital of {e}?",
        "Which city is the capital of {e}?",
        "capital city of {e}",
        "Name the capital of {e}",
        "{e}: what's its capital city?",
    ),
    "country": (
        "In which country is {e}?",
        "{e} is in what country?",
        "Which country does {e} belong to?",
        "What country is {e} located in?",
    ),
    "head_of_government": (
        "Who leads the government of {e}?",
        "Who heads the government in {e}?",
        "Who is the head of government of {e}?",
    ),
    "ceo": (
        "Who runs {e}?",
        "Who's the chief executive of {e}?",
        "Name the CEO of {e}",
        "Who is in charge of {e} as CEO?",
        "Who heads {e} as chief executive?",
    ),
    "founded": (
        "When was {e} founded?",
        "What year was {e} established?",
        "In which year did {e} start?",
    ),
    "founder": (
        "Who started {e}?",
        "Who set up {e}?",
        "Who were the founders of {e}?",
    ),
    "official_language": (
        "What language do they officially speak in {e}?",
        "Official language of {e}?",
        "Which language is official in {e}?",
        "What's the national language of {e}?",
    ),
    "currency": (
        "What money do they use in {e}?",
        "Which currency is used in {e}?",
        "{e} currency?",
        "What do people pay with in {e}?",
        "What's the local currency in {e}?",
    ),
    "area": (
        "How big is {e} in square kilometers?",
        "What's the total area of {e}?",
        "How large is {e}, area-wise?",
        "Surface area of {e}?",
    ),
    "height": (
        "How tall is {e}?",
        "What's the height of {e}?",
        "How high is {e}?",
        "How many meters tall is {e}?",
    ),
}
MAYOR: tuple[str, ...] = ("Who is the mayor of {e}?", "Who runs the city government of {e}?", "{e} mayor?")
PRIME_MINISTER: tuple[str, ...] = ("Who is the prime minister of {e}?", "Who's the current premier of {e}?")
BUILT: tuple[str, ...] = ("When was {e} built?", "What year was {e} completed?", "How old is {e}, when was it made?")
CALC: tuple[str, ...] = (
    "What does {x} come to?",
    "How much is {x}?",
    "Calculate {x}",
    "Compute {x} for me",
    "{x} = ?",
    "Quick maths: {x}",
    "Can you work out {x}?",
    "What do you get for {x}?",
    "{x}?",
    "I need {x} worked out",
    "calc {x}",
)
CALC_VERBAL: tuple[str, ...] = ("{x}", "{x}, please", "Please {x}", "Could you {x}?", "Can you {x} for me?")
UNITS: tuple[str, ...] = (
    "How many {unit} is {q}?",
    "Convert {q} to {unit}",
    "{q} in {unit}?",
    "Change {q} into {unit}",
    "{q} = how many {unit}?",
    "How much is {q} in {unit}?",
    "Express {q} in {unit}",
    "Turn {q} into {unit} for me",
    "I have {q}; how many {unit} is that?",
)
DATE: tuple[str, ...] = (
    "What date is {offset} {date}?",
    "Which day falls {offset} {date}?",
    "Give me the date {offset} {date}",
    "When is {offset} {date}?",
    "I need the date that is {offset} {date}",
    "{offset} {date} - what's the date?",
)
DATE_AGO: tuple[str, ...] = (
    "What was the date {span} ago?",
    "Which date was it {span} ago?",
    "{span} ago, what date was that?",
)
DATE_AHEAD: tuple[str, ...] = (
    "What's the date {span} from now?",
    "When will it be {span} from now?",
    "Date {span} from now?",
)
NEGATIONS: tuple[str, ...] = (
    "Don't save anything - ",
    "No need to message anyone, ",
    "Without changing anything: ",
    "Just look, don't delete or send anything. ",
    "This is read-only, nothing to store: ",
)
