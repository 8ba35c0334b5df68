"""The tests' own layout: no test module imports another test module or a conftest (shared pieces live in
tests/support, shared fixtures in conftest.py)."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).parent


def _imported(path: Path) -> list[str]:
    names: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            names.append("." * node.level + (node.module or ""))
        elif isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
    return names


def _is_test_module(name: str) -> bool:
    last = name.rsplit(".", 1)[-1]
    return last.startswith("test_") or last == "conftest" or name.startswith(".")


def test_no_test_module_imports_another_test_module() -> None:
    offenders = {
        str(path.relative_to(TESTS)): [n for n in _imported(path) if _is_test_module(n)] for path in TESTS.rglob("*.py")
    }
    assert {path: names for path, names in offenders.items() if names} == {}
