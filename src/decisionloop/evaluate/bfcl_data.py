"""BFCL v4 items read from the installed ``bfcl-eval`` package: the question, the functions, the accepted answer.

The data is not vendored: it is found inside the installed package (``bfcl_eval/data/``), or in a directory of
the same layout. Every error names the file and the line (from 1) of the item that cannot be read.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, get_args

from decisionloop.core.errors import ConfigError
from decisionloop.tools.schema import SchemaError, schema_tool

BfclCategory = Literal["simple_python", "multiple", "irrelevance", "live_simple", "live_multiple", "live_irrelevance"]
CATEGORIES: tuple[BfclCategory, ...] = get_args(BfclCategory)
DEV: tuple[BfclCategory, ...] = ("simple_python", "multiple", "irrelevance")
HELD_OUT: tuple[BfclCategory, ...] = ("live_simple", "live_multiple", "live_irrelevance")
NO_CALL: frozenset[BfclCategory] = frozenset({"irrelevance", "live_irrelevance"})
INSTALL = "pip install --no-deps bfcl-eval"
ANSWERS_DIR = "possible_answer"


class BfclDataError(ConfigError):
    """BFCL data that cannot be found or read; the message names the file and the line."""


@dataclass(frozen=True, slots=True, kw_only=True)
class BfclParam:
    """One parameter of a BFCL function: its JSON-schema type, description and enum values (as text)."""

    name: str
    type: str
    description: str
    enum: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class BfclFunction:
    """One function offered with a BFCL question; ``schema`` is it as read (an OpenAI-format function)."""

    name: str
    description: str
    params: tuple[BfclParam, ...]
    required: tuple[str, ...]
    schema: Mapping[str, object]


@dataclass(frozen=True, slots=True, kw_only=True)
class BfclArg:
    """One argument of the accepted call and BFCL's list of accepted values for it ("" or null: may be left out)."""

    name: str
    accepted: tuple[object, ...]

    @property
    def optional(self) -> bool:
        """Whether leaving the argument out is accepted."""
        return any(v is None or v == "" for v in self.accepted)


@dataclass(frozen=True, slots=True, kw_only=True)
class BfclCall:
    """The accepted call of an item: the function and its arguments."""

    function: str
    args: tuple[BfclArg, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class BfclItem:
    """One BFCL question with its functions; ``gold`` is None on irrelevance items (no call is right)."""

    id: str
    category: BfclCategory
    question: str
    functions: tuple[BfclFunction, ...]
    gold: BfclCall | None


def bfcl_data_dir() -> Path:
    """The ``data`` directory of the installed ``bfcl-eval`` package (found without importing it)."""
    spec = importlib.util.find_spec("bfcl_eval")
    if spec is None or not spec.submodule_search_locations:
        raise BfclDataError(
            "the BFCL data comes from the PyPI package 'bfcl-eval', which is not installed; "
            f"install it with `{INSTALL}` (it is not a dependency of decisionloop)"
        )
    return Path(next(iter(spec.submodule_search_locations))) / "data"


def data_source(data_dir: Path | None = None) -> str:
    """Where the items come from, for reports: the package and its version, or the directory given."""
    if data_dir is not None:
        return str(data_dir)
    try:
        return f"bfcl-eval {importlib.metadata.version('bfcl-eval')}"
    except importlib.metadata.PackageNotFoundError:
        return "bfcl-eval"


def parse_category(name: str) -> BfclCategory:
    """``name`` as a known category; BfclDataError lists the known ones."""
    for known in CATEGORIES:
        if name == known:
            return known
    raise BfclDataError(f"unknown BFCL category {name!r}; known: {', '.join(CATEGORIES)}")


def load_bfcl(category: str, data_dir: Path | None = None) -> list[BfclItem]:
    """Every item of one category, with its accepted call joined from ``possible_answer/`` (none on irrelevance)."""
    known = parse_category(category)
    base = data_dir or bfcl_data_dir()
    answers = {} if known in NO_CALL else _answers(base / ANSWERS_DIR / _file_name(known))
    items: list[BfclItem] = []
    for where, row in _rows(base / _file_name(known)):
        item_id = _text(row, "id", where)
        gold = None if known in NO_CALL else _gold(answers, item_id, where, base / ANSWERS_DIR)
        question = _question(row.get("question"), where)
        functions = tuple(_function(f, f"{where} function {i}") for i, f in enumerate(_list(row, "function", where)))
        items.append(BfclItem(id=item_id, category=known, question=question, functions=functions, gold=gold))
    return items


def _file_name(known: BfclCategory) -> str:
    return f"BFCL_v4_{known}.json"


def _rows(path: Path) -> Iterator[tuple[str, Mapping[str, object]]]:
    """Each JSON line of ``path`` with its ``file:line`` (blank lines skipped)."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as err:
        raise BfclDataError(
            f"cannot read BFCL file {str(path)!r}: {err.strerror or err}; "
            f"reinstall the data with `{INSTALL}` or point --data-dir at a directory holding it"
        ) from err
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        where = f"{path}:{number}"
        try:
            row = json.loads(line)
        except json.JSONDecodeError as err:
            raise BfclDataError(f"{where}: not a JSON line ({err.msg} at column {err.colno})") from err
        if not isinstance(row, dict):
            raise BfclDataError(f"{where}: each line must be a JSON object, got {type(row).__name__}")
        yield where, row


def _answers(path: Path) -> dict[str, tuple[str, BfclCall]]:
    """Accepted calls by item id, each with where it was read."""
    return {_text(row, "id", where): (where, _call(row, where)) for where, row in _rows(path)}


def _gold(answers: Mapping[str, tuple[str, BfclCall]], item_id: str, where: str, folder: Path) -> BfclCall:
    found = answers.get(item_id)
    if found is None:
        raise BfclDataError(f"{where}: item {item_id!r} has no possible answer in {str(folder)!r}")
    return found[1]


def _call(row: Mapping[str, object], where: str) -> BfclCall:
    calls = _list(row, "ground_truth", where)
    if len(calls) != 1 or not isinstance(calls[0], dict) or len(calls[0]) != 1:
        raise BfclDataError(f"{where}: 'ground_truth' must hold exactly one call {{function: {{arg: [values]}}}}")
    [(function, args)] = calls[0].items()
    if not isinstance(args, dict) or not all(isinstance(v, list) for v in args.values()):
        raise BfclDataError(f"{where}: the arguments of {function!r} must map each name to a list of values")
    return BfclCall(function=function, args=tuple(BfclArg(name=k, accepted=tuple(v)) for k, v in args.items()))


def _question(raw: object, where: str) -> str:
    """The user's words: the content of every user message of every turn, one per line."""
    if not isinstance(raw, list) or not all(isinstance(turn, list) for turn in raw):
        raise BfclDataError(f"{where}: 'question' must be a list of turns, each a list of messages")
    said = [m.get("content") for turn in raw for m in turn if isinstance(m, dict) and m.get("role") == "user"]
    texts = [s.strip() for s in said if isinstance(s, str) and s.strip()]
    if not texts:
        raise BfclDataError(f"{where}: 'question' has no user message with text content")
    return "\n".join(texts)


def _function(raw: object, where: str) -> BfclFunction:
    if not isinstance(raw, dict):
        raise BfclDataError(f"{where}: a function must be an object, got {type(raw).__name__}")
    parameters = raw.get("parameters", {})
    if not isinstance(parameters, dict):
        raise BfclDataError(f"{where}: 'parameters' must be an object")
    props = parameters.get("properties", {})
    if not isinstance(props, dict):
        raise BfclDataError(f"{where}: 'parameters.properties' must be an object")
    params = tuple(_param(name, spec, f"{where} parameter {name!r}") for name, spec in props.items())
    required = parameters.get("required", [])
    try:
        schema_tool(raw)
    except SchemaError as err:
        raise BfclDataError(f"{where}: {err}") from err
    return BfclFunction(
        name=_text(raw, "name", where),
        description=str(raw.get("description") or ""),
        params=params,
        required=tuple(str(r) for r in required) if isinstance(required, list) else (),
        schema=raw,
    )


def _param(name: str, raw: object, where: str) -> BfclParam:
    if not isinstance(raw, dict):
        raise BfclDataError(f"{where}: a parameter must be an object, got {type(raw).__name__}")
    enum = raw.get("enum", [])
    if not isinstance(enum, list):
        raise BfclDataError(f"{where}: 'enum' must be a list, got {enum!r:.80}")
    values = (v if isinstance(v, str) else json.dumps(v) for v in enum)
    return BfclParam(
        name=name,
        type=str(raw.get("type") or "any"),
        description=str(raw.get("description") or ""),
        enum=tuple(dict.fromkeys(v for v in values if v.strip())),
    )


def _text(row: Mapping[str, object], key: str, where: str) -> str:
    value = row.get(key)
    if not isinstance(value, str) or not value:
        raise BfclDataError(f"{where}: {key!r} must be a non-empty text, got {value!r:.80}")
    return value


def _list(row: Mapping[str, object], key: str, where: str) -> list[object]:
    value = row.get(key)
    if not isinstance(value, list):
        raise BfclDataError(f"{where}: {key!r} must be a list, got {value!r:.80}")
    return value
