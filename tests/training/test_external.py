"""Training examples from `bench tools` items: the tool choice among the item's tools, and one example per
argument labelled with the option its accepted value matches (NONE when none does or it may be left out)."""

from __future__ import annotations

import json
from pathlib import Path

from decisionloop.gold.tools_items import load_items
from decisionloop.spec.load import load_spec
from decisionloop.training.external import item_examples

TRIANGLE = {
    "name": "triangle_area",
    "description": "Area of a triangle",
    "parameters": {
        "type": "object",
        "properties": {
            "base": {"type": "integer", "description": "The base of the triangle."},
            "height": {"type": "integer", "description": "The height of the triangle."},
            "unit": {"type": "string", "description": "The unit of measure."},
        },
        "required": ["base", "height"],
    },
}
CIRCLE = {
    "name": "circle_area",
    "description": "Area of a circle",
    "parameters": {"type": "object", "properties": {"radius": {"type": "number"}}, "required": ["radius"]},
}


def _items(tmp_path: Path, *rows: dict[str, object]) -> Path:
    path = tmp_path / "items.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def test_a_call_item_gives_a_tool_example_and_an_example_per_argument(tmp_path: Path) -> None:
    path = _items(
        tmp_path,
        {
            "id": "t1",
            "question": "What is the area of a triangle with a base of 10 and a height of 5?",
            "tools": [TRIANGLE, CIRCLE],
            "expected": {
                "name": "triangle_area",
                "arguments": {"base": 10, "height": 5},
                "accepted": {"unit": ["", "units"]},
            },
        },
        {"id": "n1", "question": "Tell me a joke", "tools": [CIRCLE], "expected": "none"},
    )
    examples = item_examples(load_items(path), load_spec())
    picked = {e.framed.question: e.framed.names[e.label] for e in examples}
    tools = [e for e in examples if e.question == "tool"]
    assert [(e.framed.names, e.framed.names[e.label]) for e in tools] == [
        (("triangle_area", "circle_area", "NONE"), "triangle_area"),
        (("circle_area", "NONE"), "NONE"),  # the "none" item: no offered tool fits a joke
    ]
    assert picked["The base of the triangle."] == "10"
    assert picked["The height of the triangle."] == "5"
    assert picked["The unit of measure."] == "NONE"  # the question names no unit, and it may be left out
    assert len(examples) == 5


def test_a_value_that_is_not_offered_is_labelled_none(tmp_path: Path) -> None:
    path = _items(
        tmp_path,
        {
            "id": "c1",
            "question": "Area of a circle of radius ten point five",
            "tools": [CIRCLE],
            "expected": {"name": "circle_area", "arguments": {"radius": 10.5}},
        },
    )
    examples = item_examples(load_items(path), load_spec())
    # one tool is still a choice (it or NONE); its radius is not offered in words, so NONE is that value's label
    assert [(e.question, e.framed.names[e.label]) for e in examples] == [("tool", "circle_area"), ("arg", "NONE")]


def test_a_value_written_in_the_goal_that_no_option_matches_teaches_nothing(tmp_path: Path) -> None:
    sushi = {
        "name": "find_restaurant",
        "description": "Find a restaurant.",
        "parameters": {
            "type": "object",
            "properties": {"location": {"type": "string"}, "condition": {"type": "string"}},
            "required": ["location", "condition"],
        },
    }
    goal = "Get the highest rated sushi restaurant in Boston, that opens on Sundays."
    path = _items(
        tmp_path,
        {
            "id": "s1",
            "question": goal,
            "tools": [sushi],
            "expected": {
                "name": "find_restaurant",
                "arguments": {"location": "Boston", "condition": "opens on Sundays"},
            },
        },
    )
    labels = [(e.framed.question, e.framed.names[e.label]) for e in item_examples(load_items(path), load_spec())]
    # "opens on Sundays" is written in the goal but no option is it: NONE would teach "none of these" beside the
    # value itself, so the question is left out; the location is labelled as ever
    assert [name for _, name in labels] == ["find_restaurant", "Boston"]
