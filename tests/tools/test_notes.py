"""SqliteNotes (a real SQLite database) and the note_save / note_search / note_delete runners."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from decisionloop.core.tool import NoteStore, Runner, ToolContext
from decisionloop.tools.notes import NOTE_RUNNERS, SqliteNotes, note_delete, note_save, note_search

NOW = datetime(2026, 9, 24, 12, tzinfo=UTC)
SEED_NOTES = (  # the dev suite's seedNotes, oldest first
    "My book club meets on Thursdays at 7pm",
    "Dentist appointment on October 3 at 9am",
    "The cabin wifi password is taped to the fridge",
    "Sam's birthday is June 12",
    "Gym locker code is 4417",
    "Car wash coupon expires at the end of the month",
    "Parking spot at work is B-14",
)


@pytest.fixture
def notes() -> Iterator[SqliteNotes]:
    with SqliteNotes(":memory:") as store:
        store.seed(SEED_NOTES)
        yield store


def _ctx(store: NoteStore | None) -> ToolContext:
    return ToolContext(now=NOW, notes=store)


def test_sqlite_notes_is_a_note_store(notes: SqliteNotes) -> None:
    store: NoteStore = notes
    assert store.search("gym", 3) == ["Gym locker code is 4417"]


# --- the suite's memory steps -----------------------------------------------------------------------------


def test_save_t073(notes: SqliteNotes) -> None:
    result = note_save({"text": "the spare key is under the blue pot"}, _ctx(notes))
    assert result.observation == 'Saved the note: "the spare key is under the blue pot"'
    assert result.answer == 'Saved: "the spare key is under the blue pot"'
    assert notes.all()[-1] == "the spare key is under the blue pot"


@pytest.mark.parametrize(
    ("query", "note"),
    [
        ("dentist appointment", "Dentist appointment on October 3 at 9am"),  # t079
        ("dentist", "Dentist appointment on October 3 at 9am"),
        ("parking spot", "Parking spot at work is B-14"),  # t082
        ("parking spot at work", "Parking spot at work is B-14"),
        ("parking", "Parking spot at work is B-14"),
    ],
)
def test_search_t079_t082(notes: SqliteNotes, query: str, note: str) -> None:
    result = note_search({"query": query}, _ctx(notes))
    assert result.observation == f'Notes about "{query}": "{note}"'
    assert result.answer == f'From your notes: "{note}"'


@pytest.mark.parametrize("query", ["gym", "gym locker code"])
def test_delete_t103(notes: SqliteNotes, query: str) -> None:
    result = note_delete({"query": query}, _ctx(notes))
    assert result.observation == 'Deleted 1 note: "Gym locker code is 4417"'
    assert result.answer == result.observation
    assert "Gym locker code is 4417" not in notes.all()
    assert len(notes.all()) == len(SEED_NOTES) - 1


# --- search and delete ------------------------------------------------------------------------------------


def test_search_ranks_by_share_of_query_words_then_recency() -> None:
    with SqliteNotes(":memory:") as store:
        store.seed(["blue car keys", "red car", "car wash", "blue door", "car park"])
        assert store.search("blue car", 3) == ["blue car keys", "car park", "blue door"]
        assert store.search("blue car", 10) == ["blue car keys", "car park", "blue door", "car wash", "red car"]


def test_search_strips_plurals_possessives_and_stop_words(notes: SqliteNotes) -> None:
    assert notes.search("Sam", 3) == ["Sam's birthday is June 12"]
    assert notes.search("birthdays", 3) == ["Sam's birthday is June 12"]
    assert notes.search("the password", 3) == ["The cabin wifi password is taped to the fridge"]
    assert notes.search("what is the", 3) == []


def test_search_returns_at_most_three(notes: SqliteNotes) -> None:
    notes.seed([f"umbrella number {i}" for i in range(5)])
    result = note_search({"query": "umbrella"}, _ctx(notes))
    assert result.observation == 'Notes about "umbrella": "umbrella number 4"; "umbrella number 3"; "umbrella number 2"'
    assert result.data["notes"] == ["umbrella number 4", "umbrella number 3", "umbrella number 2"]


def test_search_without_a_match_fails(notes: SqliteNotes) -> None:
    result = note_search({"query": "passport"}, _ctx(notes))
    assert (result.ok, result.observation) == (False, 'No saved note matched "passport".')


@pytest.mark.parametrize("query", ["all", "all notes", "All Notes", " all my notes "])
def test_delete_all(notes: SqliteNotes, query: str) -> None:
    result = note_delete({"query": query}, _ctx(notes))
    assert result.observation.startswith(f'Deleted 7 notes: "{SEED_NOTES[0]}"; ')
    assert notes.all() == []


def test_delete_takes_at_most_fifty() -> None:
    with SqliteNotes(":memory:") as store:
        store.seed([f"receipt {i}" for i in range(60)])
        assert len(store.delete("receipts")) == 50
        assert store.all() == [f"receipt {i}" for i in range(10)]


def test_delete_without_a_match_deletes_nothing(notes: SqliteNotes) -> None:
    result = note_delete({"query": "passport"}, _ctx(notes))
    assert (result.ok, result.observation) == (False, 'No saved note matched "passport", nothing deleted.')
    assert notes.all() == list(SEED_NOTES)


def test_delete_of_several_names_them_all(notes: SqliteNotes) -> None:
    notes.save("Gym bag is in the car")
    result = note_delete({"query": "gym"}, _ctx(notes))
    assert result.observation == 'Deleted 2 notes: "Gym bag is in the car"; "Gym locker code is 4417"'


@pytest.mark.parametrize(
    ("runner", "args"),
    [(note_save, {"text": "  "}), (note_search, {"query": ""}), (note_delete, {"query": " "})],
)
def test_empty_arguments_fail(notes: SqliteNotes, runner: Runner, args: dict[str, str]) -> None:
    result = runner(args, _ctx(notes))
    assert not result.ok
    assert notes.all() == list(SEED_NOTES)


@pytest.mark.parametrize("tool_id", sorted(NOTE_RUNNERS))
def test_without_a_store_the_tools_fail(tool_id: str) -> None:
    result = NOTE_RUNNERS[tool_id]({"text": "x", "query": "x"}, _ctx(None))
    assert not result.ok
    assert "SqliteNotes" in result.observation


@given(st.text(max_size=40))
def test_search_never_raises_and_returns_saved_notes(query: str) -> None:
    with SqliteNotes(":memory:") as store:
        store.seed(SEED_NOTES)
        found = store.search(query, 3)
    assert len(found) <= 3
    assert set(found) <= set(SEED_NOTES)


# --- persistence ------------------------------------------------------------------------------------------


def test_a_file_database_persists_across_reopen(tmp_path: Path) -> None:
    path = tmp_path / "deeper" / "notes.db"
    with SqliteNotes(path) as store:
        store.seed(SEED_NOTES)
        store.save("the spare key is under the blue pot")
        store.delete("gym")
    with SqliteNotes(path) as reopened:
        assert reopened.search("spare key", 3) == ["the spare key is under the blue pot"]
        assert len(reopened.all()) == len(SEED_NOTES)
        assert reopened.search("gym", 3) == []


def test_a_file_database_uses_wal(tmp_path: Path) -> None:
    path = tmp_path / "notes.db"
    SqliteNotes(path).close()
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    db.close()
