"""The network tools against transport-level fakes of Open-Meteo, Wikipedia and Wikidata, and the recorded suite."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime

import httpx
import pytest

from decisionloop.core.errors import ConfigError
from decisionloop.core.tool import ToolContext, ToolResult
from decisionloop.gold.suite import demo_suite_path
from decisionloop.tools.catalog import WHEN, WIKIDATA_PROPERTIES
from decisionloop.tools.web import (
    FACT_NAMES,
    NEEDS_NETWORK,
    USER_AGENT,
    WEB_RUNNERS,
    WHEN_LABELS,
    HttpFetch,
    ToolFetchError,
    weather,
    wiki_lookup,
    wikidata_fact,
)

SUITE = demo_suite_path()
RECORDED_AT = datetime(2026, 9, 24, 12, tzinfo=UTC)  # a Thursday, the suite's recordedAt
GEOCODE = "geocoding-api.open-meteo.com/v1/search"
FORECAST = "api.open-meteo.com/v1/forecast"
WIKI_SEARCH = "en.wikipedia.org/w/rest.php/v1/search/title"
WIKI_SUMMARY = "en.wikipedia.org/api/rest_v1/page/summary/"
WD_API = "www.wikidata.org/w/api.php"
WD_ITEMS = "www.wikidata.org/w/rest.php/wikibase/v1/entities/items/"

Route = Callable[[httpx.Request], httpx.Response]


class FakeWeb:
    """Answers each request from the route whose host+path it hits; records every request."""

    def __init__(self, routes: Mapping[str, Route]) -> None:
        self.routes = dict(routes)
        self.requests: list[httpx.Request] = []

    def handle(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        route = self.routes.get(_route_key(request))
        missing = {"code": "resource-not-found", "message": "The requested resource does not exist"}
        return route(request) if route else httpx.Response(404, json=missing)

    def params(self, path: str) -> dict[str, str]:
        [request] = [r for r in self.requests if _route_key(r) == path]
        return dict(request.url.params)


def _route_key(request: httpx.Request) -> str:
    return request.url.host + request.url.raw_path.decode("ascii").partition("?")[0]


def reply(body: object, status: int = 200, headers: Mapping[str, str] | None = None) -> Route:
    return lambda request: httpx.Response(status, json=body, headers=headers)


def in_turn(*routes: Route) -> Route:
    pending = list(routes)
    return lambda request: pending.pop(0)(request)


@pytest.fixture
def sleeps() -> list[float]:
    return []


def run(
    runner: Callable[[Mapping[str, str], ToolContext], ToolResult],
    routes: Mapping[str, Route],
    sleeps: list[float] | None = None,
    **args: str,
) -> tuple[ToolResult, FakeWeb]:
    web = FakeWeb(routes)
    waits = [] if sleeps is None else sleeps
    with HttpFetch(transport=httpx.MockTransport(web.handle), sleep=waits.append) as fetch:
        return runner(args, ToolContext(now=RECORDED_AT, fetch=fetch)), web


def recorded(task_id: str, index: int) -> Mapping[str, object]:
    suite = json.loads(SUITE.read_text(encoding="utf-8"))
    [task] = [t for t in suite["tasks"] if t["id"] == task_id]
    step: Mapping[str, object] = task["steps"][index]
    return step


def assert_matches_recording(result: ToolResult, task_id: str, index: int) -> None:
    step = recorded(task_id, index)
    assert result.ok
    assert (result.observation, result.answer, result.source) == (step["observation"], step["answer"], step["source"])


# --- HttpFetch -------------------------------------------------------------------------------------------------


def test_fetch_sends_params_and_user_agent_and_decodes_json() -> None:
    web = FakeWeb({"example.org/api": reply({"ok": [1, 2]})})
    with HttpFetch(transport=httpx.MockTransport(web.handle)) as fetch:
        assert fetch("https://example.org/api", {"q": "Kraków", "limit": "1"}) == {"ok": [1, 2]}
    [request] = web.requests
    assert request.headers["user-agent"] == USER_AGENT
    assert USER_AGENT.startswith("decisionloop/")
    assert USER_AGENT.endswith(" (+offline-first agent harness)")
    assert dict(request.url.params) == {"q": "Kraków", "limit": "1"}


@pytest.mark.parametrize(("status", "hint"), [(500, "try again later"), (404, "not found"), (400, "refused")])
def test_fetch_raises_on_http_errors_naming_url_status_and_fix(status: int, hint: str) -> None:
    web = FakeWeb({"example.org/api": reply({"error": "boom"}, status=status)})
    with HttpFetch(transport=httpx.MockTransport(web.handle)) as fetch, pytest.raises(ToolFetchError) as caught:
        fetch("https://example.org/api", {"q": "x"})
    assert caught.value.status == status
    assert f"HTTP {status}" in str(caught.value)
    assert hint in str(caught.value)
    assert caught.value.url == "https://example.org/api?q=x"
    assert "GET example.org/api failed" in str(caught.value)  # not the query, which pushed the hint off the line


@pytest.mark.parametrize(
    ("headers", "waits"), [({"Retry-After": "2"}, [2.0]), ({"Retry-After": "30"}, [3.0]), ({}, [1.5])]
)
def test_fetch_retries_429_honouring_retry_after_up_to_3_s(headers: dict[str, str], waits: list[float]) -> None:
    web = FakeWeb({"example.org/api": in_turn(reply({}, 429, headers), reply({"n": 1}))})
    sleeps: list[float] = []
    with HttpFetch(transport=httpx.MockTransport(web.handle), sleep=sleeps.append) as fetch:
        assert fetch("https://example.org/api", {}) == {"n": 1}
    assert sleeps == waits
    assert len(web.requests) == 2


def test_fetch_gives_up_after_two_retries() -> None:
    web = FakeWeb({"example.org/api": reply({"error": "slow down"}, 429)})
    sleeps: list[float] = []
    fetch = HttpFetch(transport=httpx.MockTransport(web.handle), sleep=sleeps.append)
    with fetch, pytest.raises(ToolFetchError, match="rate limited after 3 tries") as caught:
        fetch("https://example.org/api", {})
    assert (caught.value.status, sleeps, len(web.requests)) == (429, [1.5, 3.0], 3)


def test_fetch_rejects_a_body_that_is_not_json() -> None:
    web = FakeWeb({"example.org/api": lambda r: httpx.Response(200, text="<html>maintenance</html>")})
    fetch = HttpFetch(transport=httpx.MockTransport(web.handle))
    with fetch, pytest.raises(ToolFetchError, match=r"not JSON .*'<html>maintenance</html>'"):
        fetch("https://example.org/api", {})


@pytest.mark.parametrize(
    ("error", "words"), [(httpx.ConnectError, "ConnectError"), (httpx.ReadTimeout, "no reply within 4 s")]
)
def test_fetch_turns_transport_errors_into_tool_fetch_errors(error: type[httpx.TransportError], words: str) -> None:
    def handle(request: httpx.Request) -> httpx.Response:
        raise error("down", request=request)

    fetch = HttpFetch(transport=httpx.MockTransport(handle), timeout_s=4)
    with fetch, pytest.raises(ToolFetchError, match=words) as caught:
        fetch("https://example.org/api", {"q": "x"})
    assert caught.value.status is None
    assert caught.value.url == "https://example.org/api?q=x"


def test_fetch_refuses_a_useless_timeout() -> None:
    with pytest.raises(ConfigError, match="timeout must be > 0 seconds, got 0"):
        HttpFetch(timeout_s=0)


# --- weather ---------------------------------------------------------------------------------------------------


def place(name: str, admin1: str, country: str, code: str, lat: float = 38.71667, lon: float = -9.13333) -> object:
    return {
        "id": 2267057,
        "name": name,
        "latitude": lat,
        "longitude": lon,
        "elevation": 45.0,
        "feature_code": "PPLC",
        "country_code": code,
        "admin1_id": 2267056,
        "timezone": "Europe/Lisbon",
        "population": 517802,
        "country_id": 2264397,
        "country": country,
        "admin1": admin1,
    }


def geocoding(*hits: object) -> object:
    return {"results": list(hits), "generationtime_ms": 0.62} if hits else {"generationtime_ms": 0.41}


def forecast(days: Sequence[tuple[int, float, float, int]], start: int = 24) -> object:
    """Seven days from 2026-09-``start``; ``days`` are (WMO code, max °C, min °C, rain %) and the rest filler."""
    rows = list(days) + [(0, 20.0, 10.0, 0)] * (7 - len(days))
    return {
        "latitude": 38.72,
        "longitude": -9.14,
        "generationtime_ms": 0.09,
        "utc_offset_seconds": 3600,
        "timezone": "Europe/Lisbon",
        "timezone_abbreviation": "GMT+1",
        "elevation": 45.0,
        "daily_units": {
            "time": "iso8601",
            "weather_code": "wmo code",
            "temperature_2m_max": "°C",
            "temperature_2m_min": "°C",
            "precipitation_probability_max": "%",
        },
        "daily": {
            "time": [f"2026-09-{start + i:02d}" for i in range(7)],
            "weather_code": [r[0] for r in rows],
            "temperature_2m_max": [r[1] for r in rows],
            "temperature_2m_min": [r[2] for r in rows],
            "precipitation_probability_max": [r[3] for r in rows],
        },
    }


FILL = (0, 20.0, 10.0, 0)
WEATHER_RECORDINGS = [
    ("t001", "Lisbon", "tomorrow", place("Lisbon", "Lisbon District", "Portugal", "PT"), [FILL, (3, 28.7, 18.2, 0)]),
    ("t004", "Nairobi", "tomorrow", place("Nairobi", "Nairobi County", "Kenya", "KE"), [FILL, (3, 27.5, 12.9, 12)]),
    (
        "t007",
        "Kraków",
        "weekend",
        place("Krakow", "Lesser Poland", "Poland", "PL"),
        [FILL, FILL, (3, 19.3, 10.2, 0), (3, 18.9, 7.6, 0)],
    ),
    (
        "t010",
        "Cape Town",
        "week",
        place("Cape Town", "Western Cape", "South Africa", "ZA"),
        [(3, 21.2, 15.4, 4), (51, 19.6, 14.1, 45), (55, 18.8, 14.6, 41)],
    ),
    (
        "t088",
        "Paris",
        "weekend",
        place("Paris", "Île-de-France Region", "France", "FR"),
        [FILL, FILL, (3, 23.6, 16.4, 0), (3, 26.5, 13.5, 0)],
    ),
]


@pytest.mark.parametrize(("task", "name", "when", "hit", "days"), WEATHER_RECORDINGS)
def test_weather_reproduces_the_recorded_observation(
    task: str, name: str, when: str, hit: object, days: list[tuple[int, float, float, int]]
) -> None:
    result, web = run(weather, {GEOCODE: reply(geocoding(hit)), FORECAST: reply(forecast(days))}, place=name, when=when)
    assert_matches_recording(result, task, 0)
    assert web.params(GEOCODE) == {"name": name, "count": "1", "language": "en", "format": "json"}
    assert web.params(FORECAST) == {
        "latitude": "38.71667",
        "longitude": "-9.13333",
        "daily": "weather_code,temperature_2m_max,temperature_2m_min,precipitation_probability_max",
        "timezone": "auto",
        "forecast_days": "7",
    }


def test_weather_qualifier_picks_the_hit_in_that_region() -> None:
    hits = (place("Paris", "Île-de-France", "France", "FR"), place("Paris", "Texas", "United States", "US"))
    routes = {GEOCODE: reply(geocoding(*hits)), FORECAST: reply(forecast([(61, 30.4, 21.5, 70)]))}
    result, web = run(weather, routes, place="Paris, Texas", when="today")
    assert web.params(GEOCODE)["count"] == "20"
    assert web.params(GEOCODE)["name"] == "Paris"
    assert (
        result.observation
        == "Forecast for Paris, Texas, United States (today): Thu 09-24: light rain, 22–30°C, rain chance 70%"
    )


def test_weather_reads_a_region_written_after_the_place_without_a_comma() -> None:
    hits = (place("Santiago", "Santiago Metropolitan", "Chile", "CL"), place("Santiago", "Galicia", "Spain", "ES"))
    routes = {GEOCODE: reply(geocoding(*reversed(hits))), FORECAST: reply(forecast([(61, 30.4, 21.5, 70)]))}
    result, web = run(weather, routes, place="santiago chile", when="today")
    assert web.params(GEOCODE)["name"] == "santiago"  # "santiago chile" finds no place of that name
    assert result.observation.startswith("Forecast for Santiago, Santiago Metropolitan, Chile (today)")


def test_weather_asks_the_geocoder_for_a_citys_short_form_by_its_name() -> None:
    hit = place("San Francisco", "California", "United States", "US")
    routes = {GEOCODE: reply(geocoding(hit)), FORECAST: reply(forecast([(61, 30.4, 21.5, 70)]))}
    result, web = run(weather, routes, place="SF", when="today")
    assert web.params(GEOCODE)["name"] == "San Francisco"  # "SF" alone finds another place, or none
    assert result.ok


@pytest.mark.parametrize(
    ("now", "days"),
    [
        (
            datetime(2026, 9, 26, 9, tzinfo=UTC),
            "Sat 09-26: clear sky, 10–20°C, rain chance 0%; Sun 09-27: clear sky, 10–20°C, rain chance 0%",
        ),
        (datetime(2026, 9, 27, 9, tzinfo=UTC), "Sun 09-27: clear sky, 10–20°C, rain chance 0%"),
    ],
)
def test_weather_weekend_on_a_weekend_is_what_is_left_of_it(now: datetime, days: str) -> None:
    hit = place("Lisbon", "Lisbon", "Portugal", "PT")
    web = FakeWeb({GEOCODE: reply(geocoding(hit)), FORECAST: reply(forecast([], start=now.day))})
    with HttpFetch(transport=httpx.MockTransport(web.handle)) as fetch:
        result = weather({"place": "Lisbon", "when": "weekend"}, ToolContext(now=now, fetch=fetch))
    assert result.observation == f"Forecast for Lisbon, Lisbon, Portugal (this weekend (Saturday and Sunday)): {days}"


@pytest.mark.parametrize(
    ("when", "days"),
    [
        ("wednesday", "Wed 09-30: clear sky, 10–20°C, rain chance 0%"),  # the coming one
        ("saturday", "Sat 09-26: clear sky, 10–20°C, rain chance 0%"),  # today's is today
        ("sunday", "Sun 09-27: clear sky, 10–20°C, rain chance 0%"),
    ],
)
def test_weather_for_a_weekday_is_the_coming_one(when: str, days: str) -> None:
    now = datetime(2026, 9, 26, 9, tzinfo=UTC)  # a Saturday
    hit = place("Lisbon", "Lisbon", "Portugal", "PT")
    web = FakeWeb({GEOCODE: reply(geocoding(hit)), FORECAST: reply(forecast([], start=now.day))})
    with HttpFetch(transport=httpx.MockTransport(web.handle)) as fetch:
        result = weather({"place": "Lisbon", "when": when}, ToolContext(now=now, fetch=fetch))
    label = f"the coming {when.capitalize()}"
    assert result.observation == f"Forecast for Lisbon, Lisbon, Portugal ({label}): {days}"


def test_weather_without_a_geocoding_hit_says_so() -> None:
    result, _ = run(weather, {GEOCODE: reply(geocoding())}, place="Atlantis", when="today")
    assert (result.ok, result.observation) == (False, 'No place found for "Atlantis".')


def test_weather_refuses_a_time_zones_region_without_asking_the_geocoder() -> None:
    result, web = run(weather, {}, place="the West Coast", when="today")
    assert not result.ok
    assert not web.requests
    assert "too wide to forecast" in result.observation


def test_weather_rejects_an_unknown_range_listing_the_valid_ones() -> None:
    result, web = run(weather, {}, place="Lisbon", when="fortnight")
    assert not result.ok
    assert not web.requests
    assert result.observation == (
        "unknown forecast range when='fortnight'; use one of: today, tomorrow, weekend, week, monday, tuesday,"
        " wednesday, thursday, friday, saturday, sunday"
    )
    assert set(WHEN_LABELS) == {key for key, _ in WHEN}


def test_weather_forecast_server_error_becomes_an_observation() -> None:
    hit = place("Lisbon", "Lisbon District", "Portugal", "PT")
    routes = {GEOCODE: reply(geocoding(hit)), FORECAST: reply({"error": True, "reason": "overloaded"}, 500)}
    result, _ = run(weather, routes, place="Lisbon", when="today")
    assert not result.ok
    assert result.observation.startswith("Open-Meteo could not be reached: GET api.open-meteo.com/v1/forecast failed")
    assert "HTTP 500" in result.observation
    assert "try again later" in result.observation


def test_weather_reply_of_the_wrong_shape_becomes_an_observation() -> None:
    hit = place("Lisbon", "Lisbon District", "Portugal", "PT")
    routes = {GEOCODE: reply(geocoding(hit)), FORECAST: reply({"daily": ["not", "an", "object"]})}
    result, _ = run(weather, routes, place="Lisbon", when="today")
    assert not result.ok
    assert result.observation.startswith("Open-Meteo sent a reply this tool cannot read (expected an object for daily")


# --- wiki_lookup -----------------------------------------------------------------------------------------------

WIKI_RECORDINGS = [("t013", 0), ("t016", 0), ("t019", 0), ("t055", 0), ("t061", 0), ("t064", 0), ("t091", 0)]


def search_title(key: str, title: str, description: str) -> object:
    page = {"id": 62207, "key": key, "title": title, "excerpt": title, "matched_title": None, "anchor": None}
    thumbnail = {"mimetype": "image/jpeg", "width": 60, "height": 40, "duration": None, "url": "//upload.x/t.jpg"}
    return {"pages": [page | {"description": description, "thumbnail": thumbnail}]}


def summary(key: str, title: str, description: str, extract: str) -> object:
    url = f"https://en.wikipedia.org/wiki/{key}"
    return {
        "type": "standard",
        "title": title,
        "displaytitle": f'<span class="mw-page-title-main">{title}</span>',
        "namespace": {"id": 0, "text": ""},
        "wikibase_item": "Q7343",
        "titles": {"canonical": key, "normalized": title, "display": title},
        "pageid": 62207,
        "lang": "en",
        "dir": "ltr",
        "revision": "1247112345",
        "timestamp": "2026-09-20T08:14:03Z",
        "description": description,
        "description_source": "local",
        "content_urls": {"desktop": {"page": url, "edit": f"{url}?action=edit"}, "mobile": {"page": url}},
        "extract": extract,
        "extract_html": f"<p>{extract}</p>",
    }


def wiki_routes(step: Mapping[str, object], extra: str) -> tuple[dict[str, Route], str]:
    """Fixtures rebuilt from a recording: title, description and extract (plus ``extra`` when it showed three)."""
    observation, answer = str(step["observation"]), str(step["answer"])
    title, two = answer.split(": ", 1)
    start = observation.index(two)
    description, three = observation[len(title) + 2 : start - 3], observation[start:]
    key = title.replace(" ", "_")
    routes = {
        WIKI_SEARCH: reply(search_title(key, title, description)),
        WIKI_SUMMARY + key: reply(summary(key, title, description, three if three == two else f"{three} {extra}")),
    }
    return routes, key


@pytest.mark.parametrize(("task", "index"), WIKI_RECORDINGS)
def test_wiki_lookup_reproduces_the_recorded_observation(task: str, index: int) -> None:
    step = recorded(task, index)
    routes, key = wiki_routes(step, "A fourth sentence follows. And a fifth.")
    topic = str(step["args"]["topic"])  # type: ignore[index]
    result, web = run(wiki_lookup, routes, topic=topic)
    assert_matches_recording(result, task, index)
    assert web.params(WIKI_SEARCH) == {"q": topic, "limit": "1"}
    assert web.params(WIKI_SUMMARY + key) == {"redirect": "true"}


def test_wiki_lookup_does_not_end_sentences_at_initials_or_abbreviations() -> None:
    extract = "John F. Kennedy was born in Brookline. He served in the U.S. Navy. He was elected in 1960. He died."
    routes = {
        WIKI_SEARCH: reply(search_title("John_F._Kennedy", "John F. Kennedy", "")),
        WIKI_SUMMARY + "John_F._Kennedy": reply(summary("John_F._Kennedy", "John F. Kennedy", "", extract)),
    }
    result, _ = run(wiki_lookup, routes, topic="JFK")
    assert result.answer == "John F. Kennedy: John F. Kennedy was born in Brookline. He served in the U.S. Navy."
    assert result.observation == f"John F. Kennedy: {extract.removesuffix(' He died.')}"


def test_wiki_lookup_quotes_slashes_in_the_key() -> None:
    routes = {
        WIKI_SEARCH: reply(search_title("AC/DC", "AC/DC", "Australian rock band")),
        WIKI_SUMMARY + "AC%2FDC": reply(summary("AC/DC", "AC/DC", "Australian rock band", "AC/DC are a band.")),
    }
    result, web = run(wiki_lookup, routes, topic="acdc")
    assert result.observation == "AC/DC (Australian rock band): AC/DC are a band."
    assert web.requests[1].url.raw_path == b"/api/rest_v1/page/summary/AC%2FDC?redirect=true"


def test_wiki_lookup_miss_is_the_recorded_wording() -> None:
    result, web = run(wiki_lookup, {WIKI_SEARCH: reply({"pages": []})}, topic="Qwxzv")
    assert (result.ok, result.observation) == (False, 'No encyclopedia article found for "Qwxzv".')
    assert len(web.requests) == 1


def test_wiki_lookup_summary_404_becomes_an_observation() -> None:
    routes = {WIKI_SEARCH: reply(search_title("Gone", "Gone", ""))}
    result, _ = run(wiki_lookup, routes, topic="Gone")
    assert not result.ok
    assert "Wikipedia could not be reached" in result.observation
    assert "HTTP 404" in result.observation


def test_wiki_lookup_malformed_json_becomes_an_observation() -> None:
    routes = {WIKI_SEARCH: lambda r: httpx.Response(200, text='{"pages": [', headers={"content-type": "text/html"})}
    result, _ = run(wiki_lookup, routes, topic="Kyoto")
    assert not result.ok
    assert "the reply is not JSON" in result.observation


# --- wikidata_fact ---------------------------------------------------------------------------------------------


def search_hit(qid: str, label: str, description: str) -> object:
    hit = {
        "id": qid,
        "title": qid,
        "pageid": 4567,
        "concepturi": f"http://www.wikidata.org/entity/{qid}",
        "repository": "wikidata",
        "url": f"//www.wikidata.org/wiki/{qid}",
        "display": {
            "label": {"value": label, "language": "en"},
            "description": {"value": description, "language": "en"},
        },
        "label": label,
        "description": description,
        "match": {"type": "label", "language": "en", "text": label},
    }
    return {"searchinfo": {"search": label}, "search": [hit], "success": 1}


def when(stamp: str) -> object:
    return {"time": stamp, "precision": 11, "calendarmodel": "http://www.wikidata.org/entity/Q1985727"}


def qualifier(pid: str, content: object) -> object:
    return {"property": {"id": pid, "data_type": "time"}, "value": {"type": "value", "content": content}}


def statement(pid: str, content: object, *, rank: str = "normal", qualifiers: Sequence[object] = ()) -> object:
    kind = "wikibase-item" if isinstance(content, str) else "quantity" if "amount" in str(content) else "time"
    return {
        "id": f"Q1$5E1D0C6B-{pid}",
        "rank": rank,
        "qualifiers": list(qualifiers),
        "references": [],
        "property": {"id": pid, "data_type": kind},
        "value": {"type": "value", "content": content} if content is not None else {"type": "somevalue"},
    }


def amount(value: str, unit: str = "1") -> object:
    return {"amount": value, "unit": unit if unit == "1" else f"http://www.wikidata.org/entity/{unit}"}


def wikidata_routes(qid: str, label: str, description: str, pid: str, *statements: object) -> dict[str, Route]:
    return {WD_API: reply(search_hit(qid, label, description)), f"{WD_ITEMS}{qid}/statements": reply({pid: statements})}


def labels(**names: str) -> dict[str, Route]:
    return {f"{WD_ITEMS}{qid}/labels/en": reply(name) for qid, name in names.items()}


ENDED = [qualifier("P580", when("+2000-01-13T00:00:00Z")), qualifier("P582", when("+2014-02-04T00:00:00Z"))]
WIKIDATA_RECORDINGS: list[tuple[str, int, dict[str, Route]]] = [
    (
        "t022",
        0,
        wikidata_routes(
            "Q2283",
            "Microsoft",
            "American multinational technology corporation",
            "P169",
            statement("P169", "Q5284", qualifiers=[qualifier("P582", when("+2000-01-13T00:00:00Z"))]),
            statement("P169", "Q484605", qualifiers=ENDED),
            statement("P169", "Q7426870", qualifiers=[qualifier("P580", when("+2014-02-04T00:00:00Z"))]),
        )
        | labels(Q7426870="Satya Nadella"),
    ),
    (
        "t025",
        0,
        wikidata_routes("Q39", "Switzerland", "country in Central Europe", "P38", statement("P38", "Q25344"))
        | labels(Q25344="Swiss franc"),
    ),
    (
        "t031",
        0,
        wikidata_routes(
            "Q101625",
            "Marrakech",
            "city in Marrakesh-Safi, Morocco",
            "P17",
            statement("P17", "Q1028", rank="preferred"),
        )
        | labels(Q1028="Morocco"),
    ),
    (
        "t055",
        1,
        wikidata_routes(
            "Q17",
            "Japan",
            "island country in East Asia",
            "P1082",
            statement("P1082", amount("+127094745"), qualifiers=[qualifier("P585", when("+2015-10-01T00:00:00Z"))]),
            statement("P1082", amount("+123802000"), qualifiers=[qualifier("P585", when("+2025-03-01T00:00:00Z"))]),
            statement("P1082", amount("+126146099"), qualifiers=[qualifier("P585", when("+2020-10-01T00:00:00Z"))]),
            statement("P1082", amount("+999"), rank="deprecated"),
        ),
    ),
    (
        "t064",
        1,
        wikidata_routes(
            "Q114", "Kenya", "country in Eastern Africa", "P2046", statement("P2046", amount("+581309", "Q712226"))
        ),
    ),
    (
        "t067",
        0,
        wikidata_routes(
            "Q243",
            "Eiffel Tower",
            "tower located on the Champ de Mars in Paris, France",
            "P2048",
            statement("P2048", amount("+324", "Q11573")),
            statement("P2048", amount("+330", "Q11573"), rank="preferred"),
        ),
    ),
]


@pytest.mark.parametrize(("task", "index", "routes"), WIKIDATA_RECORDINGS)
def test_wikidata_fact_reproduces_the_recorded_observation(task: str, index: int, routes: dict[str, Route]) -> None:
    args = {k: str(v) for k, v in recorded(task, index)["args"].items()}  # type: ignore[attr-defined]
    result, web = run(wikidata_fact, routes, entity=args["entity"], property=args["property"])
    assert_matches_recording(result, task, index)
    search = {"action": "wbsearchentities", "search": args["entity"], "language": "en", "format": "json"}
    assert web.params(WD_API) == search | {"limit": "1", "origin": "*"}
    pid = dict((key, p) for key, p, _ in WIKIDATA_PROPERTIES)[args["property"]]
    assert web.requests[1].url.params["property"] == pid


def test_wikidata_fact_shows_at_most_three_values_in_order() -> None:
    languages = {"Q188": "German", "Q150": "French", "Q652": "Italian", "Q13199": "Romansh"}
    stated = [statement("P37", qid) for qid in languages]
    routes = wikidata_routes("Q39", "Switzerland", "country in Central Europe", "P37", *stated) | labels(**languages)
    result, _ = run(wikidata_fact, routes, entity="Switzerland", property="official_language")
    assert result.observation == (
        "Official language of Switzerland (country in Central Europe): German, French, Italian (Wikidata)"
    )


def test_wikidata_fact_dates_become_years() -> None:
    founded = statement("P571", when("+1889-09-23T00:00:00Z"))
    routes = wikidata_routes("Q8093", "Nintendo", "Japanese video game company", "P571", founded)
    result, _ = run(wikidata_fact, routes, entity="Nintendo", property="founded")
    assert result.observation == "Founding year of Nintendo (Japanese video game company): 1889 (Wikidata)"
    assert set(FACT_NAMES) == {key for key, _, _ in WIKIDATA_PROPERTIES}


def test_wikidata_fact_without_the_property_says_so() -> None:
    routes = {WD_API: reply(search_hit("Q39", "Switzerland", "country")), f"{WD_ITEMS}Q39/statements": reply({})}
    result, _ = run(wikidata_fact, routes, entity="Switzerland", property="ceo")
    assert (result.ok, result.observation) == (False, "Wikidata has no chief executive officer for Switzerland (Q39).")


def test_wikidata_fact_only_unknown_or_deprecated_values_count_as_none() -> None:
    stated = [statement("P112", None), statement("P112", "Q1", rank="deprecated")]
    result, _ = run(
        wikidata_fact, wikidata_routes("Q8093", "Nintendo", "", "P112", *stated), entity="x", property="founder"
    )
    assert (result.ok, result.observation) == (False, "Wikidata has no founder for Nintendo (Q8093).")


def test_wikidata_fact_without_a_search_hit_says_so() -> None:
    routes = {WD_API: reply({"searchinfo": {"search": "Zyxw"}, "search": [], "success": 1})}
    result, _ = run(wikidata_fact, routes, entity="Zyxw", property="population")
    assert (result.ok, result.observation) == (False, 'No Wikidata item found for "Zyxw".')


def test_wikidata_fact_falls_back_to_the_id_when_a_label_is_missing() -> None:
    routes = wikidata_routes("Q8093", "Nintendo", "company", "P112", statement("P112", "Q1195232"))
    result, web = run(wikidata_fact, routes, entity="Nintendo", property="founder")
    assert result.observation == "Founder of Nintendo (company): Q1195232 (Wikidata)"
    assert web.requests[-1].url.path.endswith("/items/Q1195232/labels/en")


def test_wikidata_fact_rides_out_a_429(sleeps: list[float]) -> None:
    description = "Japanese multinational video game and consumer electronics company"
    routes = wikidata_routes("Q8093", "Nintendo", description, "P112", statement("P112", "Q1195232"))
    statements = routes[f"{WD_ITEMS}Q8093/statements"]
    routes[f"{WD_ITEMS}Q8093/statements"] = in_turn(
        reply({"code": "rate-limited"}, 429, {"Retry-After": "1"}), statements
    )
    result, _ = run(
        wikidata_fact, routes | labels(Q1195232="Fusajirō Yamauchi"), sleeps, entity="Nintendo", property="founder"
    )
    assert_matches_recording(result, "t028", 0)
    assert sleeps == [1.0]


def test_wikidata_fact_rejects_an_unknown_property_listing_the_valid_ones() -> None:
    result, web = run(wikidata_fact, {}, entity="Kenya", property="gdp")
    assert not result.ok
    assert not web.requests
    assert result.observation.startswith("unknown Wikidata property 'gdp'; use one of: population, capital, country,")


# --- every runner ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("tool_id", sorted(WEB_RUNNERS))
def test_runners_without_fetch_ask_for_the_network_or_replay(tool_id: str) -> None:
    result = WEB_RUNNERS[tool_id]({"place": "x", "when": "today"}, ToolContext(now=RECORDED_AT))
    assert (result.ok, result.observation) == (False, NEEDS_NETWORK)


def _broken(url: str, params: Mapping[str, str]) -> object:
    raise RuntimeError("socket went away")


CALLS = [
    ("weather", {"place": "Lisbon", "when": "today"}),
    ("wiki_lookup", {"topic": "Kyoto"}),
    ("wikidata_fact", {"entity": "Kenya", "property": "area"}),
]


@pytest.mark.parametrize(("tool_id", "args"), CALLS)
def test_runners_never_raise_whatever_the_fetch_does(tool_id: str, args: dict[str, str]) -> None:
    result = WEB_RUNNERS[tool_id](args, ToolContext(now=RECORDED_AT, fetch=_broken))
    assert not result.ok
    assert result.observation.endswith("lookup failed: RuntimeError: socket went away")


@pytest.mark.parametrize(("tool_id", "args"), CALLS)
def test_runners_ask_for_a_missing_span_without_calling_out(tool_id: str, args: dict[str, str]) -> None:
    blank = {name: ("  " if name in ("place", "topic", "entity") else value) for name, value in args.items()}
    web = FakeWeb({})
    with HttpFetch(transport=httpx.MockTransport(web.handle)) as fetch:
        result = WEB_RUNNERS[tool_id](blank, ToolContext(now=RECORDED_AT, fetch=fetch))
    assert not result.ok
    assert not web.requests
    assert result.observation.startswith(f"{tool_id} needs a")
    assert result.observation.endswith("; got none")
