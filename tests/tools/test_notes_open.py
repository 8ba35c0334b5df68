"""Opening the notes database: a file that is not one is refused, naming it and the fix."""

from __future__ import annotations

from pathlib import Path

import pytest

from decisionloop.core.errors import ConfigError
from decisionloop.tools.notes import SqliteNotes


def test_a_corrupt_notes_database_is_a_config_error_naming_the_file(tmp_path: Path) -> None:
    path = tmp_path / "notes.sqlite3"
    path.write_bytes(b"garbage, not SQLite " * 300)
    with pytest.raises(ConfigError, match=r"notes database '.*' cannot be used \(file is not a database\)"):
        SqliteNotes(path)


def test_a_fresh_notes_database_still_opens(tmp_path: Path) -> None:
    with SqliteNotes(tmp_path / "new" / "notes.sqlite3") as notes:
        notes.save("Gym locker code is 4417")
        assert notes.all() == ["Gym locker code is 4417"]
