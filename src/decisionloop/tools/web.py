"""Runners for the network tools (weather, encyclopedia, Wikidata facts) and the httpx ``Fetch`` they use online."""

from __future__ import annotations

import math
import random
import re
import time
from collections.abc import Callable, Mapping, Sequence
from datetime import date, datetime
from decimal import Decimal, InvalidOperation
from types import TracebackType
from urllib.parse import quote

import httpx

from decisionloop import __version__
from decisionloop.core.errors import ConfigError, RunError
from decisionloop.core.tool import Fetch, Runner, ToolContext, ToolResult
from decisionloop.http_json import RetryPolicy, parse_retry_after, snippet
from decisionloop.tools.catalog import WIKIDATA_PROPERTIES
from decisionloop.values.places import full_city_name, in_region, zone_region

USER_AGENT = f"decisionloop/{__version__} (+offline-first agent harness)"
NEEDS_NETWORK = "this tool needs the network; run online or with --offline replay"
# Public APIs rate-limit with 429: two retries, 1.5 s then 3 s, or what Retry-After says up to 3 s, no jitter.
FETCH_RETRY = RetryPolicy(attempts=3, initial_s=1.5, cap_s=3.0, max_retry_after_s=3.0, jitter=0.0)
_SNIPPET_CHARS = 120

JsonObject = Mapping[str, object]


class ToolFetchError(RunError):
    """A tool's HTTP GET failed: transport trouble, an HTTP error status, or a body that is not JSON."""

    def __init__(self, url: str, message: str, *, status: int | None = None) -> None:
        self.url = url
        self.status = status
        where = httpx.URL(url)
        # host and path only: the query repeats the arguments, and a long one pushed the hint off the line
        super().__init__(f"GET {where.host}{where.path} failed: {message}")


class HttpFetch:
    """A ``Fetch`` over one httpx connection pool: a descriptive User-Agent, 429s retried; close it when done."""

    def __init__(
        self,
        *,
        timeout_s: float = 5.0,
        transport: httpx.BaseTransport | None = None,
        user_agent: str = USER_AGENT,
        retry: RetryPolicy = FETCH_RETRY,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        if not timeout_s > 0:
            raise ConfigError(f"fetch timeout must be > 0 seconds, got {timeout_s!r}; use e.g. 10")
        headers = {"User-Agent": user_agent, "Accept": "application/json"}
        self._client = httpx.Client(headers=headers, transport=transport, timeout=timeout_s, follow_redirects=True)
        self._timeout_s = timeout_s
        self._retry = retry
        self._sleep = sleep
        self._rng = random.Random()

    @property
    def timeout_s(self) -> float:
        """Seconds one request may take (connect, each read)."""
        return self._timeout_s

    def __call__(self, url: str, params: Mapping[str, str]) -> object:
        """GET ``url`` with ``params`` and decode the JSON body; raise ``ToolFetchError`` on any failure."""
        response = self._get(url, params)
        for attempt in range(1, self._retry.attempts):
            if response.status_code != 429:
                break
            advised = parse_retry_after(response.headers.get("Retry-After"))
            self._sleep(self._retry.wait_after(advised, attempt, self._rng))
            response = self._get(url, params)
        _raise_for_status(response, tries=self._retry.attempts)
        try:
            return response.json()
        except ValueError as exc:
            raise ToolFetchError(
                str(response.request.url),
                f"the reply is not JSON ({exc}); it starts {_snippet(response)!r}. The service may have changed",
            ) from exc

    def close(self) -> None:
        """Close the connection pool."""
        self._client.close()

    def __enter__(self) -> HttpFetch:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    def _get(self, url: str, params: Mapping[str, str]) -> httpx.Response:
        try:
            return self._client.get(url, params=dict(params))
        except httpx.TimeoutException as exc:
            where = str(httpx.URL(url, params=dict(params)))
            raise ToolFetchError(where, f"no reply within {self._timeout_s:g} s; check the network") from exc
        except httpx.HTTPError as exc:
            where = str(httpx.URL(url, params=dict(params)))
            raise ToolFetchError(
                where,
                f"{type(exc).__name__}: {exc}; check the network, or run with --offline to replay recordings",
            ) from exc


def _raise_for_status(response: httpx.Response, *, tries: int) -> None:
    status = response.status_code
    if status < 400:
        return
    if status == 429:
        hint = f"still rate limited after {tries} tries; wait a minute and try again"
    elif status == 404:
        hint = "not found; check the name or id in the request"
    elif status >= 500:
        hint = "the service is failing; try again later"
    else:
        hint = "the service refused the request; check its parameters"
    url = str(response.request.url)
    raise ToolFetchError(url, f"HTTP {status} ({_snippet(response)!r}); {hint}", status=status)


def _snippet(response: httpx.Response) -> str:
    return snippet(response.text, _SNIPPET_CHARS)


# --- reading decoded JSON with types ---------------------------------------------------------------------------


class _MalformedReplyError(Exception):
    """A reply whose JSON does not have the shape the tool reads."""


def _obj(value: object, where: str) -> JsonObject:
    if not isinstance(value, Mapping):
        raise _MalformedReplyError(f"expected an object for {where}, got {type(value).__name__}")
    return value


def _list(value: object, where: str) -> Sequence[object]:
    if not isinstance(value, list):
        raise _MalformedReplyError(f"expected a list for {where}, got {type(value).__name__}")
    return value


def _str(value: object, where: str) -> str:
    if not isinstance(value, str):
        raise _MalformedReplyError(f"expected text for {where}, got {type(value).__name__}")
    return value


def _failed(observation: str) -> ToolResult:
    return ToolResult(observation=observation, ok=False)


_Body = Callable[[Mapping[str, str], Fetch, datetime], ToolResult]


def _guarded(service: str, body: _Body, args: Mapping[str, str], ctx: ToolContext) -> ToolResult:
    """Run ``body`` so that every failure becomes an ok=False observation the loop can read."""
    if ctx.fetch is None:
        return _failed(NEEDS_NETWORK)
    try:
        return body(args, ctx.fetch, ctx.now)
    except ToolFetchError as exc:
        return _failed(f"{service} could not be reached: {exc}")
    except _MalformedReplyError as exc:
        return _failed(f"{service} sent a reply this tool cannot read ({exc}); its API may have changed")
    except Exception as exc:  # the contract: a runner never raises, whatever the fetch does
        return _failed(f"{service} lookup failed: {type(exc).__name__}: {exc}")


# --- weather (Open-Meteo) --------------------------------------------------------------------------------------

_GEOCODE_URL = "https://geocoding-api.open-meteo.com/v1/search"
_FORECAST_URL = "https://api.open-meteo.com/v1/forecast"
_OPEN_METEO = "https://open-meteo.com/"
_REGION_KEYS = ("admin1", "admin2", "country", "country_code")
_DAILY = ("weather_code", "temperature_2m_max", "temperature_2m_min", "precipitation_probability_max")
_DAY_NAMES = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
WHEN_LABELS: Mapping[str, str] = {
    "today": "today",
    "tomorrow": "tomorrow",
    "weekend": "this weekend (Saturday and Sunday)",
    "week": "the next few days",
    **{day: f"the coming {day.capitalize()}" for day in _DAY_NAMES},
}
_WEEKDAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
_WMO: Mapping[int, str] = {
    0: "clear sky",
    1: "mainly clear",
    2: "partly cloudy",
    3: "overcast",
    45: "fog",
    48: "freezing fog",
    51: "light drizzle",
    53: "drizzle",
    55: "heavy drizzle",
    56: "light freezing drizzle",
    57: "freezing drizzle",
    61: "light rain",
    63: "rain",
    65: "heavy rain",
    66: "light freezing rain",
    67: "freezing rain",
    71: "light snow",
    73: "snow",
    75: "heavy snow",
    77: "snow grains",
    80: "light rain showers",
    81: "rain showers",
    82: "violent rain showers",
    85: "light snow showers",
    86: "heavy snow showers",
    95: "thunderstorm",
    96: "thunderstorm with hail",
    99: "thunderstorm with heavy hail",
}


def weather(args: Mapping[str, str], ctx: ToolContext) -> ToolResult:
    """The Open-Meteo forecast for ``place`` over ``when`` (today, tomorrow, weekend, week), days counted from now."""
    return _guarded("Open-Meteo", _weather, args, ctx)


def _weather(args: Mapping[str, str], fetch: Fetch, now: datetime) -> ToolResult:
    place, when = args.get("place", "").strip(), args.get("when", "")
    if when not in WHEN_LABELS:
        return _failed(f"unknown forecast range when={when!r}; use one of: {', '.join(WHEN_LABELS)}")
    if not place:
        return _failed("weather needs a place, e.g. place='Lisbon'; got none")
    if zone_region(place) is not None:
        return _failed(f"{place!r} is a time zone's region, too wide to forecast; name a city, e.g. place='Seattle'")
    hit = _geocode(fetch, place)
    if hit is None:
        return _failed(f'No place found for "{place}".')
    params = {"latitude": _coordinate(hit, "latitude"), "longitude": _coordinate(hit, "longitude")}
    params |= {"daily": ",".join(_DAILY), "timezone": "auto", "forecast_days": "7"}
    daily = _obj(_obj(fetch(_FORECAST_URL, params), "the forecast").get("daily"), "daily")
    count = len(_list(daily.get("time"), "daily.time"))
    days = [_day_text(daily, i) for i in forecast_days(when, now) if i < count]
    name = ", ".join(str(hit[k]) for k in ("name", "admin1", "country") if hit.get(k))
    text = f"Forecast for {name} ({WHEN_LABELS[when]}): {'; '.join(days)}"
    return ToolResult(observation=text, answer=text, source=_OPEN_METEO, data={"place": name, "days": days})


def _geocode(fetch: Fetch, place: str) -> JsonObject | None:
    """The first hit for the name; with a qualifier ("Paris, Texas", "santiago chile"), the first whose region or
    country fits, if any."""
    name, _, qualifier = (part.strip() for part in place.partition(","))
    if not qualifier and (located := in_region(name)) is not None:
        name, qualifier = located
    name = full_city_name(name) or name  # "SF", "LA": the geocoder finds another place or none
    params = {"name": name, "count": "20" if qualifier else "1", "language": "en", "format": "json"}
    reply = _obj(fetch(_GEOCODE_URL, params), "the geocoding reply")
    hits = [_obj(h, "a geocoding result") for h in _list(reply.get("results", []), "results")]
    wanted = qualifier.casefold()
    fitting = [h for h in hits if wanted in {str(h.get(k, "")).casefold() for k in _REGION_KEYS}]
    return next(iter(fitting or hits), None)


def _coordinate(hit: JsonObject, key: str) -> str:
    value = hit.get(key)
    if not isinstance(value, int | float) or isinstance(value, bool):
        raise _MalformedReplyError(f"expected a number for the place's {key}, got {value!r}")
    return str(value)


def forecast_days(when: str, now: datetime) -> tuple[int, ...]:
    """Forecast day indices (0 = today); the weekend is the coming Saturday and Sunday, or what is left of it; a
    weekday the coming one (today's is today)."""
    weekday = now.weekday()
    if when == "weekend":
        return (0,) if weekday == 6 else ((5 - weekday) % 7, (5 - weekday) % 7 + 1)
    if when in _DAY_NAMES:
        return ((_DAY_NAMES.index(when) - weekday) % 7,)
    return {"today": (0,), "tomorrow": (1,), "week": (0, 1, 2)}[when]


def _day_text(daily: JsonObject, i: int) -> str:
    day = date.fromisoformat(_str(_list(daily.get("time"), "daily.time")[i], "daily.time"))
    code, high, low, rain = (_list(daily.get(k), f"daily.{k}")[i] for k in _DAILY)
    sky = _WMO.get(code, f"weather code {code}") if isinstance(code, int) else "unknown sky"
    return f"{_WEEKDAYS[day.weekday()]} {day:%m-%d}: {sky}, {_whole(low)}–{_whole(high)}°C, rain chance {_whole(rain)}%"


def _whole(value: object) -> str:
    """Rounded half up, as the recorded observations were (JavaScript ``Math.round``); '?' where data is missing."""
    if not isinstance(value, int | float) or isinstance(value, bool):
        return "?"
    return str(math.floor(value + 0.5))


# --- encyclopedia (Wikipedia) ----------------------------------------------------------------------------------

_SEARCH_URL = "https://en.wikipedia.org/w/rest.php/v1/search/title"
_SUMMARY_URL = "https://en.wikipedia.org/api/rest_v1/page/summary/"
_SENTENCE_END = re.compile(r"[.!?][\"'”’)\]]*\s+(?=[\"'“‘(\[]?\w)")
_ABBREVIATIONS = frozenset({"mr", "mrs", "ms", "dr", "st", "jr", "sr", "prof", "mt", "no", "vs", "ca"})


def wiki_lookup(args: Mapping[str, str], ctx: ToolContext) -> ToolResult:
    """The opening sentences of the Wikipedia article that best matches ``topic``."""
    return _guarded("Wikipedia", _wiki_lookup, args, ctx)


def _wiki_lookup(args: Mapping[str, str], fetch: Fetch, now: datetime) -> ToolResult:
    topic = args.get("topic", "").strip()
    if not topic:
        return _failed("wiki_lookup needs a topic, e.g. topic='Machu Picchu'; got none")
    pages = _list(_obj(fetch(_SEARCH_URL, {"q": topic, "limit": "1"}), "the search reply").get("pages", []), "pages")
    if not pages:
        return _failed(f'No encyclopedia article found for "{topic}".')
    key = _str(_obj(pages[0], "a search page").get("key"), "the page key")
    summary = _obj(fetch(_SUMMARY_URL + quote(key, safe=""), {"redirect": "true"}), "the page summary")
    extract = str(summary.get("extract") or "").strip()
    if not extract:
        return _failed(f'No encyclopedia article found for "{topic}".')
    # Titles never hold underscores; older summaries give the title in its URL form.
    title = str(summary.get("title") or key).replace("_", " ")
    description = str(summary.get("description") or "")
    head = f"{title} ({description})" if description else title
    return ToolResult(
        observation=f"{head}: {_sentences(extract, 3)}",
        answer=f"{title}: {_sentences(extract, 2)}",
        source=_page_url(summary) or f"https://en.wikipedia.org/wiki/{quote(key)}",
        data={"title": title, "description": description},
    )


def _sentences(text: str, count: int) -> str:
    """The first ``count`` sentences; a full stop after an initial, "U.S." or a common abbreviation ends none."""
    ends = [0]
    for match in _SENTENCE_END.finditer(text):
        word = (text[ends[-1] : match.start()].rsplit(maxsplit=1) or [""])[-1].casefold()
        starts_lower = text[match.end() :].lstrip("\"'“‘([")[:1].islower()
        if starts_lower or word in _ABBREVIATIONS or "." in word or (len(word) == 1 and word.isalpha()):
            continue
        ends.append(match.end())
        if len(ends) > count:
            return text[: ends[-1]].strip()
    return text.strip()


def _page_url(summary: JsonObject) -> str | None:
    urls = summary.get("content_urls")
    desktop = urls.get("desktop") if isinstance(urls, Mapping) else None
    page = desktop.get("page") if isinstance(desktop, Mapping) else None
    return page if isinstance(page, str) else None


# --- facts (Wikidata) ------------------------------------------------------------------------------------------

_WIKIDATA_API = "https://www.wikidata.org/w/api.php"
_ITEMS_URL = "https://www.wikidata.org/w/rest.php/wikibase/v1/entities/items/"
_PIDS: Mapping[str, str] = {key: pid for key, pid, _ in WIKIDATA_PROPERTIES}
FACT_NAMES: Mapping[str, str] = {
    "population": "Population",
    "capital": "Capital",
    "country": "Country",
    "head_of_government": "Head of government",
    "ceo": "Chief executive officer",
    "founded": "Founding year",
    "founder": "Founder",
    "official_language": "Official language",
    "currency": "Currency",
    "area": "Area",
    "height": "Height",
}
_UNITS: Mapping[str, str] = {
    "Q712226": "km²",
    "Q25343": "m²",
    "Q35852": "ha",
    "Q232291": "sq mi",
    "Q11573": "m",
    "Q828224": "km",
    "Q174728": "cm",
    "Q3710": "ft",
    "Q11570": "kg",
}
_MAX_VALUES = 3
_ITEM_ID = re.compile(r"Q[1-9][0-9]*")


def wikidata_fact(args: Mapping[str, str], ctx: ToolContext) -> ToolResult:
    """One property (population, capital, CEO, …) of the Wikidata item that best matches ``entity``."""
    return _guarded("Wikidata", _wikidata_fact, args, ctx)


def _wikidata_fact(args: Mapping[str, str], fetch: Fetch, now: datetime) -> ToolResult:
    entity, prop = args.get("entity", "").strip(), args.get("property", "")
    if prop not in _PIDS:
        return _failed(f"unknown Wikidata property {prop!r}; use one of: {', '.join(_PIDS)}")
    if not entity:
        return _failed("wikidata_fact needs an entity, e.g. entity='Kenya'; got none")
    hit = _search_item(fetch, entity)
    if hit is None:
        return _failed(f'No Wikidata item found for "{entity}".')
    qid, label, description = hit
    statements = _current(_statements(fetch, qid, _PIDS[prop]))
    values = [_value_text(fetch, s) for s in statements[:_MAX_VALUES]]
    if not values:
        return _failed(f"Wikidata has no {FACT_NAMES[prop].lower()} for {label} ({qid}).")
    head = f"{label} ({description})" if description else label
    text = f"{FACT_NAMES[prop]} of {head}: {', '.join(values)} (Wikidata)"
    source = f"https://www.wikidata.org/wiki/{qid}"
    return ToolResult(observation=text, answer=text, source=source, data={"item": qid, "values": values})


def _search_item(fetch: Fetch, entity: str) -> tuple[str, str, str] | None:
    params = {"action": "wbsearchentities", "search": entity, "language": "en", "format": "json"}
    reply = _obj(fetch(_WIKIDATA_API, params | {"limit": "1", "origin": "*"}), "the search reply")
    hits = _list(reply.get("search", []), "search")
    if not hits:
        return None
    hit = _obj(hits[0], "a search hit")
    qid = _str(hit.get("id"), "the item id")
    return qid, str(hit.get("label") or qid), str(hit.get("description") or "")


def _statements(fetch: Fetch, qid: str, pid: str) -> list[JsonObject]:
    reply = _obj(fetch(f"{_ITEMS_URL}{qid}/statements", {"property": pid}), "the statements reply")
    return [_obj(s, "a statement") for s in _list(reply.get(pid, []), pid)]


def _current(statements: list[JsonObject]) -> list[JsonObject]:
    """Wikidata's current values: no deprecated or empty ones, preferred first, ended dropped, the latest dated."""
    live = [s for s in statements if s.get("rank") != "deprecated" and _has_value(s)]
    live = [s for s in live if s.get("rank") == "preferred"] or live
    live = [s for s in live if _qualifier(s, "P582") is None] or live
    dated = [s for s in live if _qualifier(s, "P585") is not None]
    return [max(dated, key=lambda s: _time_key(_qualifier(s, "P585")))] if dated else live


def _has_value(statement: JsonObject) -> bool:
    return _obj(statement.get("value"), "value").get("type") == "value"


def _qualifier(statement: JsonObject, pid: str) -> object:
    for q in _list(statement.get("qualifiers", []), "qualifiers"):
        qualifier = _obj(q, "a qualifier")
        if _obj(qualifier.get("property"), "qualifier property").get("id") == pid:
            return _obj(qualifier.get("value"), "qualifier value").get("content")
    return None


def _time_key(content: object) -> tuple[int, str]:
    stamp = _str(_obj(content, "a time value").get("time"), "time")
    match = re.fullmatch(r"([+-]\d+)(-.*)", stamp)
    if match is None:
        raise _MalformedReplyError(f"unreadable Wikidata time {stamp!r}")
    return int(match[1]), match[2]


def _value_text(fetch: Fetch, statement: JsonObject) -> str:
    content = _obj(statement.get("value"), "value").get("content")
    if isinstance(content, str) and _ITEM_ID.fullmatch(content):
        return _item_label(fetch, content)
    if isinstance(content, Mapping) and "amount" in content:
        return _quantity(_str(content["amount"], "amount"), str(content.get("unit", "1")))
    if isinstance(content, Mapping) and "time" in content:
        year = _time_key(content)[0]
        return f"{-year} BC" if year < 0 else str(year)
    if isinstance(content, Mapping) and "text" in content:
        return str(content["text"])
    return str(content)


def _item_label(fetch: Fetch, qid: str) -> str:
    try:
        label = fetch(f"{_ITEMS_URL}{qid}/labels/en", {})
    except ToolFetchError:  # no English label: the id still identifies the value
        return qid
    return label if isinstance(label, str) else qid


def _quantity(amount: str, unit: str) -> str:
    """An en-US number (thousands commas, at most 3 decimals) and the unit's symbol where it is known."""
    try:
        number = Decimal(amount)
    except InvalidOperation as exc:
        raise _MalformedReplyError(f"unreadable Wikidata amount {amount!r}") from exc
    number = round(number, 3)
    text = f"{int(number):,}" if number == number.to_integral_value() else f"{number.normalize():,}"
    symbol = _UNITS.get(unit.rsplit("/", 1)[-1], "")
    return f"{text} {symbol}" if symbol else text


WEB_RUNNERS: Mapping[str, Runner] = {"weather": weather, "wiki_lookup": wiki_lookup, "wikidata_fact": wikidata_fact}

__all__ = [
    "FACT_NAMES",
    "NEEDS_NETWORK",
    "USER_AGENT",
    "WEB_RUNNERS",
    "WHEN_LABELS",
    "HttpFetch",
    "ToolFetchError",
    "forecast_days",
    "weather",
    "wiki_lookup",
    "wikidata_fact",
]
