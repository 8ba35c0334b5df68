"""Whether the extractor offers the right value of each argument of a `bench tools` file, with no model: for each
item that expects a call, every argument whose value is in the question (as `bench tools` counts them), offered
among the expected tool's slot options or not, each option read as the value a call choosing it would carry
("five" for an integer slot is 5). Prints the share per file, then each miss (slot, accepted values, slot type,
question).

Usage: python scripts/values_offered.py FILE.jsonl [FILE.jsonl ...] [--quiet]
"""

from __future__ import annotations

import argparse
from datetime import date
from pathlib import Path

from decisionloop.evaluate.bfcl_score import extractable
from decisionloop.evaluate.tools_bench import offered_as_called
from decisionloop.extract import extract
from decisionloop.gold.tools_items import ExpectedCall, load_items


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--quiet", action="store_true", help="the shares only, not the misses")
    args = parser.parse_args()
    today = date.today()
    for path in args.files:
        scored = hit = 0
        misses: list[str] = []
        for item in load_items(path):
            if not isinstance(item.expected, ExpectedCall):
                continue
            gold = next(t for t in item.tools if t.id == item.expected.name)
            slots = {s.name: s for s in gold.slots}
            candidates = extract(item.question, [])
            for name, accepted in item.expected.accepted_values().items():
                if not extractable(accepted, slots.get(name), item.question):
                    continue
                scored += 1
                if name in slots and offered_as_called(accepted, slots[name], candidates, today):
                    hit += 1
                else:
                    kind = slots[name].type if name in slots else "no such slot"
                    misses.append(f"  {item.id} {name} ({kind}) {list(accepted)!r}: {item.question[:120]}")
        share = f"{hit / scored:.3f}" if scored else "-"
        print(f"{path.name}: offered {hit}/{scored} = {share}")
        if not args.quiet:
            print("\n".join(misses))


if __name__ == "__main__":
    main()
