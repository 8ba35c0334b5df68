"""Write ``bench tools`` items (JSONL on stdout) from BFCL v4 or Seal-Tools.

``bfcl --category NAME [--split train|validation|test]``: the items of one category of the installed
``bfcl-eval`` package (or one part of it, split like Seal-Tools), with its accepted call (BFCL's alternatives
kept as ``expected.accepted``) or "none" on irrelevance; BFCL's type names are written as JSON Schema's. The
``live_*`` categories are held out: produce them whole, for reporting only, never tune on them.

``seal --split train|validation|test [--none]``: the single-call queries of Seal-Tools (dev and in-domain test
files), split by a stable hash of the id into train 60 / validation 20 / test 20. Each item offers the gold
tool and its 9 nearest other tools by TF-IDF similarity of name and description (hard negatives), in an order
fixed by the id. A near-duplicate of a called tool is no negative and is never offered (Seal-Tools has many:
getGenderSupport beside getGenderAndSexualitySupport, moveRobot beside driveRobot): one whose name's verb names
the same action (get, retrieve and find; move, drive and control; …) and either acts on the same object (the
words after the verb, one set within the other and ending on the same noun, "info" and "data" aside:
createCampaign and createMarketingCampaign, getPlayer and getPlayerInfo) or has a description whose TF-IDF
cosine with the called tool's is at least 0.7. With ``--none`` the gold tool is removed
and the item expects "none". With ``--multi``, one call (chosen by the id) of each multi-call query instead, none
of the query's other tools offered, and arguments that refer to an earlier call's output left out: training
data only, the figures are measured on single calls.
Every line carries its source: Seal-Tools (https://github.com/fairyshine/Seal-Tools, commit ce753ec), Apache-2.0.

Usage: python scripts/tools_jsonl.py bfcl --category simple_python > bfcl_simple.jsonl
       python scripts/tools_jsonl.py seal --split test [--none] > seal_test.jsonl
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import re
import sys
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from decisionloop.evaluate.bfcl_data import HELD_OUT, BfclItem, data_source, load_bfcl
from decisionloop.model.actions import object_words, same_action

SEAL_DIR = Path("/work/shared/datasets/seal-tools")
SEAL_FILES = ("dev.jsonl", "test_in_domain.jsonl")
SEAL_SOURCE = "Seal-Tools (https://github.com/fairyshine/Seal-Tools, commit ce753ec), Apache-2.0"
SPLITS = {"train": (0, 60), "validation": (60, 80), "test": (80, 100)}
NEGATIVES = 9
DUPLICATE = 0.7
_BFCL_TYPES = {"dict": "object", "float": "number", "tuple": "array", "int": "integer", "bool": "boolean"}
_SEAL_TYPES = {"str": "string", "int": "integer", "float": "number", "bool": "boolean", "list": "array"}
_WORD = re.compile(r"[a-z0-9]+")
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
Json = dict[str, Any]


# --- BFCL -----------------------------------------------------------------------------------------------------


def bfcl_items(category: str, data_dir: Path | None = None) -> Iterator[Json]:
    """One ``bench tools`` item per BFCL item of ``category``; an item whose accepted call names a parameter its
    function does not have (a few ``live_multiple`` items) is left out, with a note on stderr."""
    source = f"BFCL v4 ({data_source(data_dir)}), Apache-2.0"
    for item in load_bfcl(category, data_dir):
        if (unknown := _unknown_args(item)) is not None:
            print(f"left out {item.id}: {unknown}", file=sys.stderr)
            continue
        yield {
            "id": item.id,
            "messages": [{"role": "user", "content": item.question}],
            "tools": [json_schema(dict(f.schema)) for f in item.functions],
            "expected": _bfcl_expected(item),
            "source": source,
        }


def json_schema(node: Json) -> Json:
    """A BFCL schema with JSON Schema's type names (``dict`` → object, ``float`` → number…; ``any``: no type)."""
    out: Json = {}
    for key, value in node.items():
        if key == "type" and isinstance(value, str):
            if value != "any":
                out[key] = _BFCL_TYPES.get(value, value)
        elif key == "properties" and isinstance(value, dict):
            out[key] = {k: json_schema(v) if isinstance(v, dict) else v for k, v in value.items()}
        elif isinstance(value, dict):
            out[key] = json_schema(value)
        else:
            out[key] = value
    return out


def _unknown_args(item: BfclItem) -> str | None:
    if item.gold is None:
        return None
    function = next((f for f in item.functions if f.name == item.gold.function), None)
    if function is None:
        return f"the accepted function {item.gold.function!r} is not offered"
    names = {p.name for p in function.params}
    unknown = [a.name for a in item.gold.args if a.name not in names]
    return f"{function.name!r} has no parameter {', '.join(map(repr, unknown))}" if unknown else None


def _bfcl_expected(item: BfclItem) -> Json | str:
    if item.gold is None:
        return "none"
    arguments = {}
    for arg in item.gold.args:
        given = [v for v in arg.accepted if v is not None and v != ""]
        if given:
            arguments[arg.name] = given[0]
    accepted = {a.name: list(a.accepted) for a in item.gold.args}
    return {"name": item.gold.function, "arguments": arguments, "accepted": accepted}


# --- Seal-Tools -----------------------------------------------------------------------------------------------


def split_of(item_id: str) -> str:
    """train, validation or test, by a stable hash of the id (60 / 20 / 20)."""
    bucket = int(hashlib.sha256(item_id.encode("utf-8")).hexdigest()[:8], 16) % 100
    return next(name for name, (low, high) in SPLITS.items() if low <= bucket < high)


def seal_function(api: Mapping[str, Any]) -> Json:
    """A Seal-Tools API as an OpenAI-format function (its Python type names written as JSON Schema's)."""
    props = {
        name: {"type": _SEAL_TYPES.get(str(p.get("type")), "string"), "description": str(p.get("description", ""))}
        for name, p in api["parameters"].items()
    }
    required = [r for r in api.get("required", []) if r in props]
    return {
        "name": api["api_name"],
        "description": api["api_description"],
        "parameters": {"type": "object", "properties": props, "required": required},
    }


class Retriever:
    """TF-IDF cosine over the tools' names (camelCase split) and descriptions; ties go to the name first."""

    def __init__(self, apis: Sequence[Mapping[str, Any]]) -> None:
        self.names = [str(a["api_name"]) for a in apis]
        docs = [_words(f"{_CAMEL.sub(' ', str(a['api_name']))} {a['api_description']}") for a in apis]
        df = Counter(w for d in docs for w in set(d))
        idf = {w: math.log(len(docs) / n) + 1.0 for w, n in df.items()}
        self.vectors = [_unit({w: c * idf[w] for w, c in Counter(d).items()}) for d in docs]
        self.described = [_unit({w: idf.get(w, 1.0) for w in _words(str(a["api_description"]))}) for a in apis]
        self.index = {n: i for i, n in enumerate(self.names)}

    def nearest(self, name: str, k: int) -> list[str]:
        """The ``k`` tools most like ``name``, itself left out."""
        query = self.vectors[self.index[name]]
        scored = [
            (-sum(query.get(w, 0.0) * x for w, x in v.items()), other)
            for other, v in zip(self.names, self.vectors, strict=True)
            if other != name
        ]
        return [other for _, other in sorted(scored)[:k]]

    def duplicates(self, one: str, other: str) -> bool:
        """Whether two tools do the same thing: names whose verbs name one action, and either the same object
        (the words after the verb, one set within the other, ending on the same noun: createCampaign and
        createMarketingCampaign, moveRobot and driveRobot) or descriptions whose TF-IDF cosine is at least
        ``DUPLICATE``."""
        (verb, *what), (other_verb, *other_what) = _name_words(one), _name_words(other)
        if not same_action(verb, other_verb):
            return False
        a, b = object_words(what), object_words(other_what)
        if a and b and a[-1] == b[-1] and (set(a) <= set(b) or set(b) <= set(a)):
            return True
        x, y = self.described[self.index[one]], self.described[self.index[other]]
        return sum(v * y.get(w, 0.0) for w, v in x.items()) >= DUPLICATE

    def negatives(self, name: str, called: set[str], k: int) -> list[str]:
        """The ``k`` tools most like ``name`` that are neither called nor a near-duplicate of a called tool."""
        kept = (n for n in self.nearest(name, 4 * k + len(called)) if n not in called)
        return [n for n in kept if not any(self.duplicates(n, c) for c in called)][:k]


def seal_items(split: str, *, none: bool, multi: bool = False, folder: Path = SEAL_DIR) -> Iterator[Json]:
    """The single-call queries of ``split`` (or, with ``multi``, one call of each multi-call query), each with
    its offered tools and what it expects."""
    apis = [json.loads(line) for line in (folder / "tool.jsonl").read_text(encoding="utf-8").splitlines() if line]
    by_name = {a["api_name"]: a for a in apis}
    retriever = Retriever(apis)
    for row in _seal_rows(folder):
        item_id = str(row["id"])
        if split_of(item_id) != split or (len(row["calling"]) > 1) != multi:
            continue
        calls = row["calling"]
        call = calls[int(hashlib.sha256(item_id.encode()).hexdigest()[:8], 16) % len(calls)]
        called = {c["api"] for c in calls}
        negatives = retriever.negatives(call["api"], called, NEGATIVES)
        names = [*([] if none else [call["api"]]), *negatives]
        names.sort(key=lambda n: hashlib.sha256(f"{item_id}/{n}".encode()).hexdigest())
        arguments = {k: v for k, v in call["parameters"].items() if "API_call" not in json.dumps(v)}
        expected: Json | str = "none" if none else {"name": call["api"], "arguments": arguments}
        yield {
            "id": f"{item_id}{'-none' if none else ''}",
            "question": row["query"],
            "tools": [seal_function(by_name[n]) for n in names],
            "expected": expected,
            "source": SEAL_SOURCE,
        }


def _seal_rows(folder: Path) -> Iterator[Json]:
    for name in SEAL_FILES:
        for line in (folder / name).read_text(encoding="utf-8").splitlines():
            if line.strip():
                yield json.loads(line)


def _name_words(name: str) -> list[str]:
    """A camelCase name's words, lower case."""
    return [w.lower() for w in _CAMEL.split(name) if w]


def _words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


def _unit(vector: dict[str, float]) -> dict[str, float]:
    norm = math.sqrt(sum(x * x for x in vector.values())) or 1.0
    return {w: x / norm for w, x in vector.items()}


# --- command line ---------------------------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    """Write the items on stdout, one JSON object a line; say on stderr how many and from where."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="source", required=True)
    bfcl = sub.add_parser("bfcl", help="BFCL v4 from the installed bfcl-eval package")
    bfcl.add_argument("--category", required=True)
    bfcl.add_argument("--data-dir", type=Path)
    bfcl.add_argument("--split", choices=list(SPLITS), help="only this part (by a stable hash of the id); default all")
    seal = sub.add_parser("seal", help="Seal-Tools single-call queries")
    seal.add_argument("--split", required=True, choices=list(SPLITS))
    seal.add_argument("--none", action="store_true", help="remove the gold tool: every item expects none")
    seal.add_argument(
        "--multi",
        action="store_true",
        help="one call of each multi-call query instead (the query's other tools never offered)",
    )
    seal.add_argument("--folder", type=Path, default=SEAL_DIR)
    args = parser.parse_args(argv)
    if args.source == "bfcl":
        if args.category in HELD_OUT:
            if args.split is not None:
                parser.error(f"{args.category} is held out: it has no train or validation part, report it whole")
            print(f"held out: {args.category} — report these figures, never tune on them", file=sys.stderr)
        rows = [r for r in bfcl_items(args.category, args.data_dir) if args.split in (None, split_of(str(r["id"])))]
    else:
        rows = list(seal_items(args.split, none=args.none, multi=args.multi, folder=args.folder))
    for row in rows:
        sys.stdout.write(json.dumps(row, ensure_ascii=False) + "\n")
    print(f"{len(rows)} items", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
