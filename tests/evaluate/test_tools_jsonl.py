"""scripts/tools_jsonl.py on tiny inputs: BFCL and Seal-Tools items in the ``bench tools`` format."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import ModuleType

import pytest

from decisionloop.gold.tools_items import ExpectedCall, load_items
from tests.support.scripts import load_script

SUBTRACT = {
    "name": "math.subtract",
    "description": "Subtract b from a.",
    "parameters": {
        "type": "dict",
        "properties": {
            "a": {"type": "float", "description": "First."},
            "b": {"type": "integer"},
            "xs": {"type": "tuple", "items": {"type": "float"}},
            "what": {"type": "any"},
        },
        "required": ["a", "b"],
    },
}


def _script() -> ModuleType:
    return load_script("tools_jsonl")


def _jsonl(path: Path, rows: Sequence[Mapping[str, object]]) -> None:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")


def _roundtrip(tmp_path: Path, rows: list[dict[str, object]]) -> Path:
    path = tmp_path / "items.jsonl"
    _jsonl(path, rows)
    return path


def test_bfcl_items_carry_json_schema_types_and_the_accepted_call(tmp_path: Path) -> None:
    data = tmp_path / "data"
    (data / "possible_answer").mkdir(parents=True)
    turns = [[{"role": "user", "content": "What is 9 minus 4?"}]]
    _jsonl(data / "BFCL_v4_simple_python.json", [{"id": "s0", "question": turns, "function": [SUBTRACT]}])
    answer = {"id": "s0", "ground_truth": [{"math.subtract": {"a": [9.0], "b": [4], "what": ["", None]}}]}
    _jsonl(data / "possible_answer" / "BFCL_v4_simple_python.json", [answer])
    _jsonl(data / "BFCL_v4_irrelevance.json", [{"id": "i0", "question": turns, "function": [SUBTRACT]}])
    [row] = list(_script().bfcl_items("simple_python", data))
    props = row["tools"][0]["parameters"]["properties"]
    assert row["tools"][0]["parameters"]["type"] == "object"
    assert (props["a"]["type"], props["xs"], props["what"]) == (
        "number",
        {"type": "array", "items": {"type": "number"}},
        {},
    )
    assert row["expected"] == {
        "name": "math.subtract",
        "arguments": {"a": 9.0, "b": 4},
        "accepted": {"a": [9.0], "b": [4], "what": ["", None]},
    }
    assert row["source"].startswith("BFCL v4 (")
    assert row["source"].endswith("Apache-2.0")
    [item] = load_items(_roundtrip(tmp_path, [row]))
    assert item.question == "What is 9 minus 4?"
    assert isinstance(item.expected, ExpectedCall)
    assert item.expected.accepted_values()["what"] == ("", None)
    [irrelevant] = list(_script().bfcl_items("irrelevance", data))
    assert irrelevant["expected"] == "none"


APIS = [
    ("getWeather", "Get the weather forecast for a city", {"city": "str", "days": "int"}),
    ("getWeatherAlerts", "Get severe weather alerts for a city", {"city": "str"}),
    ("getClimateData", "Retrieve climate data for a region", {"region": "str"}),
    ("bookFlight", "Book a flight between two airports", {"origin": "str", "destination": "str"}),
    ("cancelFlight", "Cancel a booked flight", {"booking_id": "str"}),
    ("getStockPrice", "Get the stock price of a company", {"symbol": "str", "exact": "bool"}),
    ("convertCurrency", "Convert an amount between currencies", {"amount": "float", "to": "str"}),
    ("translateText", "Translate text into a language", {"text": "str", "language": "str"}),
    ("getNews", "Get the latest news on a topic", {"topic": "str"}),
    ("sendEmail", "Send an email to a person", {"to": "str", "body": "str"}),
    ("getRecipe", "Find a recipe for a dish", {"dish": "str"}),
]


@pytest.fixture
def seal_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "seal"
    folder.mkdir()
    _jsonl(
        folder / "tool.jsonl",
        [
            {
                "api_name": name,
                "api_description": text,
                "parameters": {p: {"type": t, "description": f"The {p}."} for p, t in params.items()},
                "required": list(params)[:1],
            }
            for name, text, params in APIS
        ],
    )
    calls = [{"api": "getWeather", "parameters": {"city": "Oslo"}, "responses": []}]
    rows = [{"id": f"dev-easy-{i}", "query": f"Weather in Oslo, please ({i})", "calling": calls} for i in range(40)]
    alerts = {"api": "getWeatherAlerts", "parameters": {"city": "API_call_0"}, "responses": []}
    rows += [
        {"id": f"dev-hard-{i}", "query": f"Weather and alerts in Oslo ({i})", "calling": [*calls, alerts]}
        for i in range(20)
    ]
    _jsonl(folder / "dev.jsonl", rows)
    _jsonl(folder / "test_in_domain.jsonl", [])
    return folder


def test_seal_items_split_by_a_stable_hash_and_offer_hard_negatives(seal_dir: Path) -> None:
    script = _script()
    splits = {s: list(script.seal_items(s, none=False, folder=seal_dir)) for s in ("train", "validation", "test")}
    ids = [row["id"] for rows in splits.values() for row in rows]
    assert sorted(ids) == sorted(f"dev-easy-{i}" for i in range(40))  # single calls only, each in one split
    assert all(script.split_of(row["id"]) == s for s, rows in splits.items() for row in rows)
    assert 10 < len(splits["train"]) < 35
    row = splits["train"][0]
    names = [t["name"] for t in row["tools"]]
    assert len(names) == 10
    assert "getWeather" in names
    assert "convertCurrency" not in names
    assert row["expected"] == {"name": "getWeather", "arguments": {"city": "Oslo"}}
    assert row["source"] == script.SEAL_SOURCE
    days = row["tools"][names.index("getWeather")]["parameters"]
    assert (days["properties"]["days"]["type"], days["required"]) == ("integer", ["city"])
    again = next(iter(script.seal_items("train", none=False, folder=seal_dir)))
    assert [t["name"] for t in again["tools"]] == names  # deterministic


def test_seal_none_removes_the_gold_tool(seal_dir: Path, tmp_path: Path) -> None:
    script = _script()
    [first, *_] = script.seal_items("test", none=False, folder=seal_dir)
    [row, *_] = script.seal_items("test", none=True, folder=seal_dir)
    assert row["id"] == f"{first['id']}-none"
    assert row["expected"] == "none"
    names = {t["name"] for t in row["tools"]}
    assert names == {t["name"] for t in first["tools"]} - {"getWeather"}
    assert script.Retriever([{"api_name": n, "api_description": d} for n, d, _ in APIS]).nearest("getWeather", 2) == [
        "getWeatherAlerts",
        "getNews",
    ]
    [item] = load_items(_roundtrip(tmp_path, [row]))
    assert item.expected == "none"
    assert len(item.tools) == 9


def test_seal_multi_offers_one_call_of_a_multi_call_query_and_never_its_other_tools(seal_dir: Path) -> None:
    rows = [
        row
        for split in ("train", "validation", "test")
        for row in _script().seal_items(split, none=False, multi=True, folder=seal_dir)
    ]
    assert sorted(row["id"] for row in rows) == sorted(f"dev-hard-{i}" for i in range(20))
    picked = {row["expected"]["name"] for row in rows}
    assert picked == {"getWeather", "getWeatherAlerts"}  # the call is chosen by the id
    for row in rows:
        names = {t["name"] for t in row["tools"]}
        assert len(names) == 10
        assert names & {"getWeather", "getWeatherAlerts"} == {row["expected"]["name"]}
        # a value that is an earlier call's output is not in the query: it is left out
        assert row["expected"]["arguments"] == ({"city": "Oslo"} if row["expected"]["name"] == "getWeather" else {})
    nones = list(_script().seal_items("train", none=True, multi=True, folder=seal_dir))
    assert nones
    assert all(not {t["name"] for t in r["tools"]} & {"getWeather", "getWeatherAlerts"} for r in nones)


def test_a_near_duplicate_of_a_called_tool_is_no_negative() -> None:
    apis = [{"api_name": n, "api_description": d} for n, d, _ in APIS]
    apis += [
        {"api_name": "getCityWeather", "api_description": "Get the weather forecast for a given city"},
        {"api_name": "deleteWeather", "api_description": "Get the weather forecast for a city"},
    ]
    retriever = _script().Retriever(apis)
    assert retriever.duplicates("getWeather", "getCityWeather")
    assert not retriever.duplicates("getWeather", "deleteWeather")  # another verb: another action
    assert not retriever.duplicates("getWeather", "getWeatherAlerts")
    negatives = retriever.negatives("getWeather", {"getWeather"}, 9)
    assert "getCityWeather" in retriever.nearest("getWeather", 3)
    assert "getCityWeather" not in negatives
    assert {"deleteWeather", "getWeatherAlerts"} <= set(negatives)
    assert len(negatives) == 9


def test_a_tool_acting_on_the_same_object_with_a_verb_of_the_same_action_is_a_near_duplicate() -> None:
    apis = [
        {"api_name": "moveRobot", "api_description": "Move a robot forward"},
        {"api_name": "driveRobot", "api_description": "Instruct the robot which way to go"},
        {"api_name": "stopRobot", "api_description": "Halt a robot"},
        {"api_name": "createCampaign", "api_description": "Set up a new campaign"},
        {"api_name": "createMarketingCampaign", "api_description": "Launch promotions for a brand"},
        {"api_name": "deleteCampaigns", "api_description": "Remove campaigns"},
        {"api_name": "getPlayer", "api_description": "A player's profile"},
        {"api_name": "getPlayerInfo", "api_description": "Everything known about a player"},
        {"api_name": "getPlayerStats", "api_description": "Scores of a player"},
        {"api_name": "getRobotBatteryLevel", "api_description": "How long a robot can still run"},
        {"api_name": "getVehicleBatteryLevel", "api_description": "The state of charge of an electric car"},
    ]
    retriever = _script().Retriever(apis)
    assert retriever.duplicates("moveRobot", "driveRobot")  # move and drive: one action
    assert retriever.duplicates("createMarketingCampaign", "createCampaign")  # one within the other
    assert retriever.duplicates("getPlayer", "getPlayerInfo")  # "info" says nothing more
    assert not retriever.duplicates("moveRobot", "stopRobot")  # another action
    assert not retriever.duplicates("createCampaign", "deleteCampaigns")
    assert not retriever.duplicates("getPlayer", "getPlayerStats")  # ends on another noun
    assert not retriever.duplicates("getRobotBatteryLevel", "getVehicleBatteryLevel")  # another object


def test_ask_items_take_the_first_required_value_the_question_writes_once(tmp_path: Path) -> None:
    rows = [
        {
            "id": "s1",
            "messages": [{"role": "user", "content": "Subtract 3 from 10 please"}],
            "tools": [SUBTRACT],
            "expected": {"name": "math.subtract", "arguments": {"a": 10, "b": 3}},
        },
        {  # a is written twice, b not at all: nothing to take out
            "id": "s2",
            "question": "Subtract 10 from 10",
            "tools": [SUBTRACT],
            "expected": {"name": "math.subtract", "arguments": {"a": 10, "b": 7}},
        },
        {"id": "n1", "question": "Hello", "tools": [SUBTRACT], "expected": "none"},
    ]
    lines = [json.dumps(r) for r in rows]
    (asked,) = load_script("ask_items").ask_items(lines)
    assert (asked["id"], asked["question"], asked["expected"]) == ("s1-ask-a", "Subtract 3 please", "ask")
    path = tmp_path / "ask.jsonl"
    _jsonl(path, [asked])
    (item,) = load_items(path)
    assert (item.expected_kind, [t.id for t in item.tools]) == ("ask", ["math.subtract"])
