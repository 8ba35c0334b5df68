"""Write ``ask`` items (JSONL on stdout) from a ``bench tools`` file's calls: the question without one required value.

For each item that expects a call, the first required argument (in the tool's schema order) whose value the
question writes once is taken out with what leads to it (``gold.unsaid``: "What's the area of a circle with a
radius of 10?" → "What's the area of a circle with a radius?"); the item expects "ask" (the tool is clear, a
required value is missing) and its id is ``ID-ask-ARGUMENT``. Items with no such argument are left out.

Usage: python scripts/ask_items.py ITEMS.jsonl > ITEMS_ask.jsonl
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from decisionloop.gold.unsaid import unsaid


def ask_items(lines: Iterable[str]) -> Iterator[dict[str, Any]]:
    """The ask item of every call item (one JSON object a line) that has a required value to take out."""
    for text in lines:
        if text.strip() and (asked := ask_item(json.loads(text))) is not None:
            yield asked


def ask_item(item: Mapping[str, Any]) -> dict[str, Any] | None:
    """``item`` without the first required value its question writes once, expecting "ask"; None for an item
    that expects no call or has no such value."""
    expected = item.get("expected")
    if not isinstance(expected, Mapping):
        return None
    question = _question(item)
    tool = next(t for t in item["tools"] if _name(t) == expected["name"])
    for name in _parameters(tool).get("required", []):
        accepted = expected.get("accepted", {}).get(name, [expected.get("arguments", {}).get(name)])
        shorter = next((q for q in (unsaid(question, v) for v in accepted) if q is not None), None)
        if shorter is not None:
            return _asking(item, name, shorter)
    return None


def _name(tool: Mapping[str, Any]) -> object:
    return tool.get("function", tool).get("name")


def _parameters(tool: Mapping[str, Any]) -> Mapping[str, Any]:
    parameters = tool.get("function", tool).get("parameters", {})
    return parameters if isinstance(parameters, Mapping) else {}


def _question(item: Mapping[str, Any]) -> str:
    if "question" in item:
        return str(item["question"])
    return str(next(m["content"] for m in reversed(item["messages"]) if m.get("role") == "user"))


def _asking(item: Mapping[str, Any], name: str, question: str) -> dict[str, Any]:
    asked = {k: v for k, v in item.items() if k not in ("messages", "question", "expected", "id")}
    return {"id": f"{item['id']}-ask-{name}", "question": question, **asked, "expected": "ask"}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("items", type=Path, help="a bench tools JSONL file")
    args = parser.parse_args(argv)
    written = 0
    for asked in ask_items(args.items.read_text(encoding="utf-8").splitlines()):
        print(json.dumps(asked, ensure_ascii=False))
        written += 1
    print(f"{written} ask items from {args.items}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
