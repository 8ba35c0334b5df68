"""Invented tools: roles no built-in tool plays, each with several ids, descriptions and slot names to draw from,
so that a model has to read what an option says rather than remember its id."""

from __future__ import annotations

from decisionloop.core.tool import SpanKind
from decisionloop.training.generator.kit import SlotPlan, ToolPlan

LANGUAGES: tuple[tuple[str, str], ...] = (
    ("es", "Spanish"),
    ("fr", "French"),
    ("de", "German"),
    ("it", "Italian"),
    ("pt", "Portuguese"),
    ("nl", "Dutch"),
)
CURRENCIES: tuple[tuple[str, str], ...] = (
    ("EUR", "euro"),
    ("USD", "US dollar"),
    ("GBP", "British pound"),
    ("JPY", "Japanese yen"),
    ("CHF", "Swiss franc"),
    ("SEK", "Swedish krona"),
    ("BRL", "Brazilian real"),
    ("CAD", "Canadian dollar"),
)


def _slot(key: str, names: tuple[str, ...], instruction: str, *kinds: SpanKind, none: str = "") -> SlotPlan:
    return SlotPlan(
        key=key,
        names=names,
        instruction=instruction,
        kinds=kinds,
        none=none or f"None of these is the {key.replace('_', ' ')}",
    )


INVENTED: tuple[ToolPlan, ...] = (
    ToolPlan(
        role="flight_status",
        ids=("flight_status", "track_flight", "flight_info", "airline_status"),
        descriptions=(
            "Check whether a flight is on time, delayed or cancelled",
            "Live departure and arrival status of a flight, by flight number",
        ),
        slots=(_slot("flight", ("flight", "flight_number", "code"), "Which flight is it?", "proper", "org"),),
    ),
    ToolPlan(
        role="stock_quote",
        ids=("stock_quote", "share_price", "ticker_lookup", "market_price"),
        descriptions=(
            "Get the latest share price of a company listed on a stock exchange",
            "Current stock market quote for a ticker symbol",
        ),
        slots=(_slot("ticker", ("ticker", "symbol", "stock"), "Which stock should be quoted?", "org", "proper"),),
    ),
    ToolPlan(
        role="translate",
        ids=("translate", "translator", "translate_text"),
        descriptions=(
            "Translate a short text into another language",
            "Render a phrase in a different language",
        ),
        slots=(
            _slot("text", ("text", "phrase", "sentence"), "Which text should be translated?", "clause"),
            SlotPlan(
                key="language",
                names=("language", "target_language", "into"),
                instruction="Which language should it be translated into?",
                fixed=LANGUAGES,
            ),
        ),
    ),
    ToolPlan(
        role="book_table",
        ids=("book_table", "reserve_restaurant", "table_booking"),
        descriptions=(
            "Reserve a table at a restaurant for a given day",
            "Make a restaurant booking on the user's behalf",
        ),
        slots=(
            _slot("restaurant", ("restaurant", "venue"), "Which restaurant should be booked?", "proper", "org"),
            _slot("day", ("day", "date", "when"), "For which day?", "date"),
        ),
        side_effect="books a table at a restaurant in the user's name",
        risk=1,
    ),
    ToolPlan(
        role="showtimes",
        ids=("showtimes", "cinema_listings", "movie_times"),
        descriptions=(
            "Find when and where a film is playing in cinemas near a city",
            "Cinema listings: screening times of a movie in a town",
        ),
        slots=(
            _slot("film", ("film", "movie", "title"), "Which film is it?", "proper", "topic"),
            _slot("city", ("city", "town", "near"), "In which city?", "place", "proper"),
        ),
    ),
    ToolPlan(
        role="news",
        ids=("news_search", "headlines", "latest_news"),
        descriptions=("Find recent news headlines about a subject", "Search today's news stories on a topic"),
        slots=(_slot("topic", ("topic", "subject", "query"), "What should the news be about?", "topic", "noun"),),
    ),
    ToolPlan(
        role="recipes",
        ids=("recipe_search", "find_recipe", "cookbook"),
        descriptions=("Find cooking recipes for a dish", "Look up how to cook a dish, with ingredients and steps"),
        slots=(_slot("dish", ("dish", "recipe", "meal"), "Which dish is it?", "noun", "topic"),),
    ),
    ToolPlan(
        role="cancel_subscription",
        ids=("cancel_subscription", "end_membership", "unsubscribe_service"),
        descriptions=(
            "Cancel one of the user's paid subscriptions",
            "End the user's membership of a paid service",
        ),
        slots=(
            _slot(
                "service",
                ("service", "subscription", "provider"),
                "Which service should be cancelled?",
                "proper",
                "org",
            ),
        ),
        side_effect="cancels a paid subscription; it cannot be undone",
        risk=3,
    ),
    ToolPlan(
        role="book_ride",
        ids=("book_ride", "order_taxi", "call_cab"),
        descriptions=("Order a taxi to take the user somewhere", "Book a car ride to a destination, paid by the user"),
        slots=(
            _slot(
                "destination", ("destination", "dropoff", "to"), "Where should the ride go?", "place", "proper", "noun"
            ),
        ),
        side_effect="orders a taxi that the user will be charged for",
        risk=2,
    ),
    ToolPlan(
        role="thermostat",
        ids=("set_thermostat", "heating_control", "climate_set"),
        descriptions=(
            "Set the home heating or cooling to a temperature",
            "Change the target temperature of the smart thermostat",
        ),
        slots=(
            _slot(
                "temperature",
                ("temperature", "target", "setpoint"),
                "Which temperature should it be set to?",
                "quantity",
            ),
        ),
        side_effect="changes the home thermostat setting",
        risk=1,
    ),
    ToolPlan(
        role="define",
        ids=("define_word", "dictionary", "word_meaning"),
        descriptions=("Give the dictionary definition of a word", "Explain what a word means, as a dictionary would"),
        slots=(_slot("word", ("word", "term", "entry"), "Which word should be defined?", "topic", "noun"),),
    ),
    ToolPlan(
        role="exchange_rate",
        ids=("exchange_rate", "fx_rate", "currency_rate"),
        descriptions=(
            "Get today's exchange rate between two currencies",
            "How much one unit of a currency is worth in another currency",
        ),
        slots=(
            SlotPlan(
                key="base",
                names=("base", "from_currency", "source"),
                instruction="Which currency is converted from?",
                fixed=CURRENCIES,
            ),
            SlotPlan(
                key="target",
                names=("target", "to_currency", "quote"),
                instruction="Which currency is converted to?",
                fixed=CURRENCIES,
            ),
        ),
    ),
    ToolPlan(
        role="local_time",
        ids=("local_time", "world_clock", "time_in"),
        descriptions=("Tell the current local time in a city", "World clock: the time of day somewhere right now"),
        slots=(_slot("place", ("place", "city", "location"), "Where should the time be for?", "place", "proper"),),
    ),
    ToolPlan(
        role="post_status",
        ids=("post_status", "publish_post", "share_update"),
        descriptions=(
            "Publish a post on the user's social media account",
            "Share a public status update for the user",
        ),
        slots=(_slot("text", ("text", "post", "status"), "What should the post say?", "clause"),),
        side_effect="publishes a public post on the user's account",
        risk=2,
    ),
    ToolPlan(
        role="shopping_list",
        ids=("add_to_list", "shopping_list", "groceries_add"),
        descriptions=("Add an item to the user's shopping list", "Put something on the shared grocery list"),
        slots=(_slot("item", ("item", "product", "thing"), "Which item should be added?", "noun"),),
        side_effect="adds an item to the shared shopping list",
        risk=1,
    ),
)
