"""The README's @tool examples run as written (their asserts are the README's promises)."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).parents[2] / "README.md"


def _tool_examples() -> list[str]:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), flags=re.DOTALL)
    return [b for b in blocks if "@tool(" in b and "drive(" not in b]  # the drive() example: tests/test_readme.py


def test_the_readme_tool_examples_run_and_their_asserts_hold() -> None:
    examples = _tool_examples()
    assert len(examples) >= 2  # the plain example and the typed one
    for code in examples:
        exec(compile(code, str(README), "exec"), {"__name__": "readme_example"})  # our own README, as a reader runs it


def test_the_typed_example_checks_a_value_that_does_not_read() -> None:
    assert any("needs a number; got 'lots'" in code for code in _tool_examples())
