"""SqliteNotes (a real SQLite database) and the note_save / note_search / note_delete runners."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from decisionloop.core.tool import Effect, NoteStore, Runner, SavedNote, ToolContext
from decisionloop.tools.notes import (
    NOTE_RUNNERS,
    SHOWN_NOTES,
    SqliteNotes,
    note_delete,
    note_save,
    note_search,
    preview_note_delete,
    preview_note_save,
)

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


def _ctx(store: NoteStore | None, approved: Effect | None = None) -> ToolContext:
    return ToolContext(now=NOW, notes=store, approved=approved)


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


# --- delete matches every content word, previews list what goes, and the run deletes exactly that ---------

UNRELATED = (  # each shares one word with the red-bag query, none is about it (issue 14: 4 of these 5 went)
    "Dentist appointment on Friday at 3pm",
    "The car needs an oil change",
    "Buy a red scarf for Mum",
    "Gym bag is in the hall cupboard",
    "Wifi password is lantern42",
)
RED_BAG = "the red bag in my car on Friday"


def test_the_red_bag_deletes_nothing_unrelated() -> None:
    with SqliteNotes(":memory:") as store:
        store.seed(UNRELATED)
        result = note_delete({"query": RED_BAG}, _ctx(store))
        assert (result.ok, result.observation) == (False, f'No saved note matched "{RED_BAG}", nothing deleted.')
        assert store.all() == list(UNRELATED)


def test_the_red_bag_deletes_only_the_note_holding_every_word() -> None:
    with SqliteNotes(":memory:") as store:
        store.seed([*UNRELATED, "Left the red bag in my car on Friday night"])
        result = note_delete({"query": RED_BAG}, _ctx(store))
        assert result.observation == 'Deleted 1 note: "Left the red bag in my car on Friday night"'
        assert store.all() == list(UNRELATED)


def test_a_query_of_stop_words_deletes_nothing(notes: SqliteNotes) -> None:
    assert notes.doomed("the one in my") == []
    assert notes.delete("what is the") == []
    assert notes.all() == list(SEED_NOTES)


def test_the_preview_lists_the_notes_that_will_go_and_changes_nothing(notes: SqliteNotes) -> None:
    notes.save("Gym bag is in the car")
    effect = preview_note_delete({"query": "gym"}, _ctx(notes))
    assert effect.text.splitlines() == [
        'deletes 2 notes, each holding every word of "gym":',
        '  - "Gym bag is in the car"',
        '  - "Gym locker code is 4417"',
    ]
    assert effect.plan == {"notes": [{"id": 8, "text": "Gym bag is in the car"}, {"id": 5, "text": SEED_NOTES[4]}]}
    assert len(notes.all()) == len(SEED_NOTES) + 1


def test_the_preview_of_all_notes_says_how_many_and_lists_them(notes: SqliteNotes) -> None:
    notes.seed([f"receipt {i}" for i in range(20)])
    effect = preview_note_delete({"query": "all notes"}, _ctx(notes))
    lines = effect.text.splitlines()
    assert lines[0] == "deletes all 27 notes:"
    assert lines[1:3] == [f'  - "{SEED_NOTES[0]}"', f'  - "{SEED_NOTES[1]}"']
    assert len(lines) == 1 + SHOWN_NOTES + 1
    assert lines[-1] == "  … and 7 more"
    assert isinstance(effect.plan["notes"], list)
    assert len(effect.plan["notes"]) == 27
    assert len(notes.all()) == 27


def test_the_preview_of_no_match_says_nothing_will_be_deleted(notes: SqliteNotes) -> None:
    effect = preview_note_delete({"query": RED_BAG}, _ctx(notes))
    assert effect == Effect(
        text=f'no saved note holds every word of "{RED_BAG}", so nothing will be deleted', plan={"notes": []}
    )


def test_the_approved_run_deletes_the_listed_ids_not_a_note_added_since(notes: SqliteNotes) -> None:
    approved = preview_note_delete({"query": "gym"}, _ctx(notes))
    notes.save("Gym shoes are in the boot")  # matches "gym" too, but nobody approved it
    result = note_delete({"query": "gym"}, _ctx(notes, approved))
    assert result.observation == 'Deleted 1 note: "Gym locker code is 4417"'
    assert "Gym shoes are in the boot" in notes.all()


def test_an_approved_note_gone_by_the_run_is_reported_and_nothing_else_is_deleted(notes: SqliteNotes) -> None:
    notes.save("Gym bag is in the car")
    approved = preview_note_delete({"query": "gym"}, _ctx(notes))
    notes.delete_ids([5])
    notes.save("Gym shoes are in the boot")
    result = note_delete({"query": "gym"}, _ctx(notes, approved))
    assert result.ok
    assert result.observation == (
        'Deleted 1 note: "Gym bag is in the car"; 1 note you approved had already gone, nothing else was deleted: '
        '"Gym locker code is 4417"'
    )
    assert notes.search("gym", 5) == ["Gym shoes are in the boot"]
    gone = note_delete({"query": "gym"}, _ctx(notes, approved))
    assert not gone.ok
    assert gone.observation.startswith("Deleted no note; 2 notes you approved had already gone")


def test_an_approved_effect_without_a_note_list_deletes_nothing(notes: SqliteNotes) -> None:
    result = note_delete({"query": "gym"}, _ctx(notes, Effect(text="deletes something", plan={"notes": "5"})))
    assert (result.ok, result.observation) == (False, "The approved effect lists no notes, so nothing was deleted.")
    assert notes.all() == list(SEED_NOTES)


def test_delete_ids_deletes_exactly_those_that_are_there(notes: SqliteNotes) -> None:
    assert notes.delete_ids([5, 99, 5, 1]) == [SavedNote(id=5, text=SEED_NOTES[4]), SavedNote(id=1, text=SEED_NOTES[0])]
    assert notes.all() == [n for i, n in enumerate(SEED_NOTES, 1) if i not in (1, 5)]


def test_the_save_preview_shows_the_text() -> None:
    assert preview_note_save({"text": " the key is under the pot "}, _ctx(None)).text == (
        'saves the note "the key is under the pot"'
    )


@given(st.text(max_size=40))
def test_the_preview_lists_exactly_what_a_delete_then_deletes(query: str) -> None:
    with SqliteNotes(":memory:") as store:
        store.seed([*SEED_NOTES, *UNRELATED])
        effect = preview_note_delete({"query": query}, _ctx(store))
        unchanged = store.all()
        deleted = store.delete(query.strip())
        left = store.all()
    assert unchanged == [*SEED_NOTES, *UNRELATED]
    listed = effect.plan["notes"]
    assert isinstance(listed, list)
    assert [item["text"] for item in listed] == (deleted if query.strip() else [])
    assert sorted([*left, *deleted]) == sorted(unchanged)


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
