"""Write ``ask`` items (JSONL on stdout) from a ``bench tools`` file's calls: the question without one required value.

For each item that expects a call, the first required argument (in the tool's parameter order) whose value the
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

from decisionloop.gold.tools_items import ExpectedCall, parse_item
from decisionloop.gold.unsaid import unsaid


def ask_items(lines: Iterable[str]) -> Iterator[dict[str, Any]]:
    """The ask item of every call item (one JSON object a line) that has a required value to take out."""
    for text in lines:
        if text.strip() and (asked := ask_item(json.loads(text))) is not None:
            yield asked


def ask_item(row: Mapping[str, Any]) -> dict[str, Any] | None:
    """``row`` without the first required value its question writes once, expecting "ask"; None for an item that
    expects no call or has no such value. The row is read as ``bench tools`` reads it (``parse_item``)."""
    item = parse_item(json.dumps(row), f"item {row.get('id')!r}")
    expected = item.expected
    if not isinstance(expected, ExpectedCall):
        return None
    tool = next(t for t in item.tools if t.id == expected.name)
    accepted = expected.accepted_values()
    for slot in tool.slots:
        if not slot.required or slot.name not in accepted:
            continue
        shorter = next((q for q in (unsaid(item.question, v) for v in accepted[slot.name]) if q is not None), None)
        if shorter is not None:
            return _asking(row, slot.name, shorter)
    return None


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
