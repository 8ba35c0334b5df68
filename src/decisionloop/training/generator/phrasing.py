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
    "Describe the life of {topic}",
    "I'd like a biography of {topic}",
    "What did {topic} do?",
    "Why is {topic} famous?",
)
WIKI_THING: tuple[str, ...] = (
    "What exactly is {topic}?",
    "Explain {topic} to me",
    "I keep hearing about {topic} - what is it?",
    "Explain {topic} in simple terms",
    "What is {topic}?",
    "Describe {topic}",
    "Can you explain what {topic} is?",
    "What's {topic}, in a nutshell?",
)
# Named places, organisations and products: asked what they are, not one property of them.
WIKI_NAMED: tuple[str, ...] = (
    "What is {topic}?",
    "Describe {topic} for me",
    "What can you tell me about {topic}?",
    "Give me some background on {topic}",
    "What should I know about {topic}?",
    "Summarise the encyclopedia entry for {topic}",
)
# Events whose name carries its kind (the Battle of X, the Treaty of Y): {x} is the name, "the" is in the template.
EVENT: tuple[str, ...] = (
    "Tell me about the {x}",
    "What was the {x}?",
    "What happened at the {x}?",
    "Describe the {x}",
    "Explain the {x} to me",
    "Give me a summary of the {x}",
    "I need background on the {x} for an essay",
    "Why was the {x} important?",
    "What do you know about the {x}?",
    "Look up the {x}",
)
# Missions asked about with a common noun after the name ("the Voyager 2 probe"); the lookup takes {x} alone.
MISSION: tuple[str, ...] = (
    "Tell me about the {x} {n}",
    "Describe the {x} {n}",
    "What did the {x} {n} achieve?",
    "Give me an overview of the {x} {n}",
    "I'm curious about the {x} {n}",
    "What was special about the {x} {n}?",
    "Explain what the {x} {n} did",
    "Summarise the {x} {n} for me",
    "What do we know about the {x} {n}?",
    "Look up the {x} {n} for me",
    "Tell me about {x}",
    "What is {x}?",
)
# Where a named place is: the same opening words as a question about the user's own things, but about the world.
WHERE_IS: tuple[str, ...] = (
    "Where is {x}?",
    "Where's {x}?",
    "Where exactly is {x}?",
    "Where is {x} located?",
    "Whereabouts is {x}?",
    "Where would I find {x}?",
    "Where in the world is {x}?",
)
WHEN_EVENT: tuple[str, ...] = (
    "When did the {x} take place?",
    "When was the {x}?",
    "When did the {x} happen?",
    "In which year was the {x}?",
)
# Someone asked about by a description ("the inventor of the telephone") or by name: {d} is one or the other.
ABOUT_SOMEONE: tuple[str, ...] = (
    "Tell me about {d}",
    "Give me a short bio of {d}",
    "What is {d} known for?",
    "I'd like to read about {d}",
    "Look up {d} for me",
    "What do you know about {d}?",
    "Who was {d}? Give me some background",
    "Find the encyclopedia article on {d}",
    "Can you tell me about the life of {d}?",
)
ABOUT_COMPANY: tuple[str, ...] = (
    "Tell me about {d}",
    "What do you know about {d}?",
    "Give me some background on {d}",
    "I'd like to read about {d}",
    "Look up {d} in the encyclopedia",
    "Find an article about {d}",
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
        "Who leads {e}?",
        "Who governs {e} at the moment?",
        "Who is in charge of {e}'s government?",
        "Who's the leader of {e} right now?",
    ),
    "ceo": (
        "Who runs {e}?",
        "Who's the chief executive of {e}?",
        "Name the CEO of {e}",
        "Who is in charge of {e} as CEO?",
        "Who heads {e} as chief executive?",
        "Who's the boss of {e} these days?",
        "Current CEO of {e}?",
        "Who is {e}'s chief executive officer?",
    ),
    "founded": (
        "When was {e} founded?",
        "What year was {e} established?",
        "In which year did {e} start?",
        "When was {e} created?",
        "When was {e} established?",
        "In what year was {e} founded?",
        "{e} was founded when?",
        "How long ago was {e} founded?",
        "Founding year of {e}?",
        "When did {e} come into existence?",
        "In what year was {e} set up?",
        "When was {e} started?",
        "What's the founding date of {e}?",
    ),
    "founder": (
        "Who started {e}?",
        "Who set up {e}?",
        "Who were the founders of {e}?",
        "Who founded {e}?",
        "{e} was founded by whom?",
        "Who was {e} founded by?",
        "Who is the founder of {e}?",
        "Who created {e}?",
        "Who established {e}?",
        "Founder of {e}?",
        "Who co-founded {e}?",
        "By whom was {e} founded?",
        "Which people founded {e}?",
        "Who was behind the founding of {e}?",
        "{e}: who founded it?",
    ),
    "official_language": (
        "What language do they officially speak in {e}?",
        "Official language of {e}?",
        "Which language is official in {e}?",
        "What's the national language of {e}?",
        "Which languages have official status in {e}?",
        "What language is spoken officially in {e}?",
    ),
    "currency": (
        "What money do they use in {e}?",
        "Which currency is used in {e}?",
        "{e} currency?",
        "What do people pay with in {e}?",
        "What's the local currency in {e}?",
        "Which currency would I need in {e}?",
        "What currency should I bring to {e}?",
        "What's the money called in {e}?",
        "If I travel to {e}, what currency will I need?",
        "What currency is accepted in {e}?",
        "Which currency should I exchange my cash into for {e}?",
    ),
    "area": (
        "How big is {e} in square kilometers?",
        "What's the total area of {e}?",
        "How large is {e}, area-wise?",
        "Surface area of {e}?",
        "How big is {e}?",
        "How many square kilometres does {e} cover?",
        "What's the size of {e} in km²?",
    ),
    "height": (
        "How tall is {e}?",
        "What's the height of {e}?",
        "How high is {e}?",
        "How many meters tall is {e}?",
    ),
}
MAYOR: tuple[str, ...] = (
    "Who is the mayor of {e}?",
    "Who runs the city government of {e}?",
    "{e} mayor?",
    "Who is {e}'s mayor?",
    "Who's the current mayor of {e}?",
    "Who leads the city of {e}?",
    "Who runs {e} city hall?",
    "Who is mayor of {e} now?",
)
PRIME_MINISTER: tuple[str, ...] = (
    "Who is the prime minister of {e}?",
    "Who's the current premier of {e}?",
    "Who is {e}'s prime minister?",
    "Who's the PM of {e}?",
    "Name the prime minister of {e}",
)
PRESIDENT: tuple[str, ...] = (
    "Who is the president of {e}?",
    "Who's {e}'s president?",
    "Who is the current president of {e}?",
)
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
