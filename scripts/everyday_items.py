"""Write ``bench tools`` items (JSONL on stdout) of everyday requests over the built-in tools: what a new user types.

The requests are in ``src/decisionloop/training/data/everyday_<split>.jsonl``, one ``{"goal", "tool"}`` a line:
the built-in tool a careful person would call first, or ``none`` when no built-in tool fits (small talk, creative
writing, advice, translation, exchange rates, bookings, alarms: the built-in tools cannot do them). They were
written on 2026-12-07 by four helper agents from their own imagination, each told only the tools' ids and
descriptions and a persona mix, never shown code, tests, the generator or another batch: two wrote 900 requests of
the train part, a third the validation part; the fourth wrote 320 more for the train part, asked for requests that
are harder to read as a tool's (arithmetic and sums on clock times in words, conversions of time and data units,
messages to a boss or a lower-case name, the time in "paris france", near-misses that need no tool), the kinds of
goal that a head trained on the first 900 had missed among the tests' goals. Requests that even a careful person
could label two ways were left out by their writers; a request that is also a part's or a test's goal word for
word was taken out of the train part.

A request may also say the arguments of that first call (``"arguments": {slot: value or null}``), labelled on
2026-12-07 by four more helper agents, told only the tools' arguments and rules for writing them: a text slot's
value as the goal writes it (a date counted from now is "today"), a fixed slot's one of its values, null where the
goal does not give it. The calculator's expression was not labelled: it is the extractor's reading of the goal,
not words of it. Each item offers every built-in tool (its id and description, the parameters as they are typed)
and expects the tool with the labelled arguments, an optional slot labelled null as left out (a required one so
labelled is not scored: the goal lacks it), or "none". The train part feeds ``decisionloop train --items``;
measure on the validation part (``decisionloop bench tools``: tool accuracy, relevance, arguments), never train
on it.

Usage: python scripts/everyday_items.py --split train > everyday_train.jsonl
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from decisionloop.core.tool import Tool
from decisionloop.llm.schemas import slot_schema
from decisionloop.tools.builtin import builtin_tools

DATA = Path(__file__).resolve().parents[1] / "src" / "decisionloop" / "training" / "data"
SPLITS = ("train", "validation")
NO_TOOL = "none"
Json = dict[str, Any]


def function_of(tool: Tool) -> Json:
    """The OpenAI-format function of a built-in tool: what ``schema_tool`` reads back as the same choice."""
    properties = {s.name: {**slot_schema(s), "description": s.instruction} for s in tool.slots}
    required = [s.name for s in tool.slots if s.required]
    parameters = {"type": "object", "properties": properties, "required": required}
    return {"name": tool.id, "description": tool.description, "parameters": parameters}


def everyday_items(split: str, folder: Path = DATA) -> Iterator[Json]:
    """The items of one part, in the file's order; ValueError naming the line of a request that is not
    ``{"goal", "tool"}`` with a built-in tool's id or ``none``."""
    tools = builtin_tools()
    functions = [function_of(t) for t in tools]
    by_id = {t.id: t for t in tools}
    ids = set(by_id)
    path = folder / f"everyday_{split}.jsonl"
    for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        row = json.loads(text)
        goal, tool, where = row.get("goal"), row.get("tool"), f"{path}:{number}"
        if not isinstance(goal, str) or not goal.strip() or (tool not in ids and tool != NO_TOOL):
            raise ValueError(f"{where}: want {{'goal': text, 'tool': one of {sorted(ids)} or 'none'}}")
        arguments = _arguments(row.get("arguments", {}), goal, by_id[tool], where) if tool != NO_TOOL else {}
        expected: Json | str = NO_TOOL if tool == NO_TOOL else {"name": tool, "arguments": arguments}
        yield {"id": f"everyday-{split}-{number}", "question": goal, "tools": functions, "expected": expected}


def _arguments(labelled: object, goal: str, tool: Tool, where: str) -> Json:
    """The arguments a request's call is scored and trained on; ValueError naming ``where`` for a slot the tool
    lacks, a value that is no text, a text value the goal does not write (but a date counted from now, "today")
    or a fixed slot's value it does not list."""
    if not isinstance(labelled, dict):
        raise ValueError(f"{where}: 'arguments' must be an object of slot: value or null")
    slots = {s.name: s for s in tool.slots}
    out: Json = {}
    for name, value in labelled.items():
        slot = slots.get(name)
        if slot is None or not (value is None or isinstance(value, str)):
            raise ValueError(f"{where}: {tool.id} has no slot {name!r}, or its value is not a string or null")
        if value is None:
            if not slot.required:
                out[name] = None  # left out of the call
            continue
        written = value.casefold() in goal.casefold() or (tool.id, name, value) == ("date_math", "date", "today")
        if (slot.is_fixed and value not in {o.name for o in slot.fixed}) or (not slot.is_fixed and not written):
            raise ValueError(f"{where}: {name}={value!r} is not written in the goal or listed for the slot")
        out[name] = value
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """Write the items on stdout, one JSON object a line; say on stderr how many of each tool."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--split", required=True, choices=SPLITS)
    args = parser.parse_args(argv)
    counts: Counter[str] = Counter()
    for item in everyday_items(args.split):
        sys.stdout.write(json.dumps(item, ensure_ascii=False) + "\n")
        expected = item["expected"]
        counts[expected if isinstance(expected, str) else expected["name"]] += 1
    print(f"{sum(counts.values())} items: " + ", ".join(f"{k} {v}" for k, v in counts.most_common()), file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
