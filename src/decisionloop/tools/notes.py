"""Notes kept in SQLite and searched by word overlap, with the note_save / note_search / note_delete runners.

Deleting is stricter than searching: a note goes only when it holds every content word of the query (``all
notes`` means every note). ``preview_note_delete`` lists those notes, changing nothing; once a person approves
that list, ``note_delete`` deletes exactly those note ids and says which of them were already gone.
"""

from __future__ import annotations

import re
import sqlite3
import threading
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from types import TracebackType
from typing import Literal

from decisionloop.core.errors import ConfigError
from decisionloop.core.tool import Effect, NoteStore, Preview, Runner, SavedNote, ToolContext, ToolResult

__all__ = [
    "NOTE_PREVIEWS",
    "NOTE_RUNNERS",
    "SqliteNotes",
    "note_delete",
    "note_save",
    "note_search",
    "preview_note_delete",
    "preview_note_save",
]

SEARCH_LIMIT = 3
DELETE_LIMIT = 50
SHOWN_NOTES = 20  # an approval prompt lists this many notes, then says how many more go
_DELETE_ALL = frozenset({"all", "all notes", "all my notes", "every note", "everything"})
_STOP_TEXT = (
    "a an the and or but of to in on at for from by with about into is are was were be been am it its this that "
    "these those there here what when where which who whom how why do does did have has had i me my mine we our "
    "you your he she they them his her their all any some please note notes remember saved"
)
_STOP_WORDS = frozenset(_STOP_TEXT.split())


def _singular(word: str) -> str:
    """Crude plural strip: ``keys`` → ``key``, but not ``glass`` or ``bus``."""
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


def _words(text: str) -> frozenset[str]:
    """Content words of ``text``: lower case, possessives and stop words dropped, plurals stripped."""
    text = re.sub(r"['’]s\b", "", text.lower())
    words = (_singular(w) for w in re.findall(r"[^\W_]+", text) if w not in _STOP_WORDS)
    return frozenset(w for w in words if w not in _STOP_WORDS)


class SqliteNotes:
    """A ``NoteStore`` in SQLite, in a file (WAL journal) or in memory; safe to share between threads."""

    def __init__(self, path: Path | Literal[":memory:"]) -> None:
        """Open (or create) the store; ConfigError names a file that is not a notes database, or is locked."""
        if isinstance(path, Path):
            path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(str(path), check_same_thread=False)
        try:
            if isinstance(path, Path):
                self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute(
                "CREATE TABLE IF NOT EXISTS notes (id INTEGER PRIMARY KEY AUTOINCREMENT, text TEXT NOT NULL)"
            )
        except sqlite3.DatabaseError as err:
            self._db.close()
            fix = "try again when it is done" if "locked" in str(err) else "move it away and a new, empty one is made"
            raise ConfigError(f"the notes database {str(path)!r} cannot be used ({err}); {fix}") from err

    def __enter__(self) -> SqliteNotes:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None) -> None:
        self.close()

    def close(self) -> None:
        """Close the database; the store cannot be used afterwards."""
        self._db.close()

    def save(self, text: str) -> None:
        """Store one note (the newest)."""
        with self._lock, self._db:
            self._db.execute("INSERT INTO notes (text) VALUES (?)", (text,))

    def seed(self, notes: Iterable[str]) -> None:
        """Store ``notes`` in order, so the last one is the most recent."""
        with self._lock, self._db:
            self._db.executemany("INSERT INTO notes (text) VALUES (?)", ((text,) for text in notes))

    def all(self) -> list[str]:
        """Every note, oldest first."""
        with self._lock:
            return [text for _, text in self._rows()]

    def search(self, query: str, limit: int = SEARCH_LIMIT) -> list[str]:
        """Up to ``limit`` notes sharing words with ``query``, by share of query words matched, then newest."""
        with self._lock:
            return [text for _, text in self._ranked(query)[:limit]]

    def delete(self, query: str) -> list[str]:
        """Delete the notes ``doomed`` lists for ``query``; return their texts."""
        return [note.text for note in self.delete_ids([note.id for note in self.doomed(query)])]

    def doomed(self, query: str) -> list[SavedNote]:
        """Every note (oldest first) for ``all`` / ``all notes``; else up to 50 holding every content word of
        ``query``, newest first. Changes nothing."""
        with self._lock:
            rows = self._rows()
        if query.strip().lower() in _DELETE_ALL:
            return [SavedNote(id=row_id, text=text) for row_id, text in rows]
        wanted = _words(query)
        if not wanted:  # a query of stop words only names no note, rather than every note
            return []
        found = [SavedNote(id=row_id, text=text) for row_id, text in reversed(rows) if wanted <= _words(text)]
        return found[:DELETE_LIMIT]

    def delete_ids(self, ids: Sequence[int]) -> list[SavedNote]:
        """Delete exactly the notes with these ids, in this order; return those that were still there."""
        deleted: list[SavedNote] = []
        with self._lock, self._db:
            for note_id in dict.fromkeys(ids):
                row = self._db.execute("SELECT text FROM notes WHERE id = ?", (note_id,)).fetchone()
                if row is not None:
                    self._db.execute("DELETE FROM notes WHERE id = ?", (note_id,))
                    deleted.append(SavedNote(id=note_id, text=row[0]))
        return deleted

    def _rows(self) -> list[tuple[int, str]]:
        return self._db.execute("SELECT id, text FROM notes ORDER BY id").fetchall()

    def _ranked(self, query: str) -> list[tuple[int, str]]:
        wanted = _words(query)
        if not wanted:
            return []
        scored = [(len(wanted & _words(text)) / len(wanted), row_id, text) for row_id, text in self._rows()]
        return [(row_id, text) for score, row_id, text in sorted(scored, reverse=True) if score > 0]


def _quoted(notes: list[str]) -> str:
    return "; ".join(f'"{note}"' for note in notes)


def _store(ctx: ToolContext) -> NoteStore | ToolResult:
    if ctx.notes is None:
        return ToolResult(ok=False, observation="No note store is set up; pass ToolContext(notes=SqliteNotes(...)).")
    return ctx.notes


def note_save(args: Mapping[str, str], ctx: ToolContext) -> ToolResult:
    """Save ``args['text']`` as a note."""
    text, store = args.get("text", "").strip(), _store(ctx)
    if isinstance(store, ToolResult):
        return store
    if not text:
        return ToolResult(ok=False, observation="There is nothing to save; give the text of the note.")
    store.save(text)
    return ToolResult(observation=f'Saved the note: "{text}"', answer=f'Saved: "{text}"', data={"text": text})


def note_search(args: Mapping[str, str], ctx: ToolContext) -> ToolResult:
    """The best three notes about ``args['query']``; finding none is a failed step."""
    query, store = args.get("query", "").strip(), _store(ctx)
    if isinstance(store, ToolResult):
        return store
    found = store.search(query, SEARCH_LIMIT)
    if not found:
        return ToolResult(ok=False, observation=f'No saved note matched "{query}".')
    return ToolResult(
        observation=f'Notes about "{query}": {_quoted(found)}',
        answer=f"From your notes: {_quoted(found)}",
        data={"notes": found},
    )


def _notes(count: int) -> str:
    return f"{count} note{'' if count == 1 else 's'}"


def _planned(effect: Effect) -> list[SavedNote] | None:
    """The notes an approved note_delete effect lists, or None when its plan is not a list of notes."""
    listed = effect.plan.get("notes")
    if not isinstance(listed, list | tuple):
        return None
    notes = [
        SavedNote(id=item["id"], text=str(item.get("text", "")))
        for item in listed
        if isinstance(item, Mapping) and isinstance(item.get("id"), int)
    ]
    return notes if len(notes) == len(listed) else None


def note_delete(args: Mapping[str, str], ctx: ToolContext) -> ToolResult:
    """Delete the approved notes (``ctx.approved``), else those holding every word of ``args['query']``."""
    query, store = args.get("query", "").strip(), _store(ctx)
    if isinstance(store, ToolResult):
        return store
    if not query:
        return ToolResult(ok=False, observation="Say which notes to delete (a word from them, or 'all notes').")
    doomed = store.doomed(query) if ctx.approved is None else _planned(ctx.approved)
    if doomed is None:
        return ToolResult(ok=False, observation="The approved effect lists no notes, so nothing was deleted.")
    deleted = store.delete_ids([note.id for note in doomed])
    if not deleted and not doomed:
        return ToolResult(ok=False, observation=f'No saved note matched "{query}", nothing deleted.')
    kept = {note.id for note in deleted}
    gone = [note.text for note in doomed if note.id not in kept]
    texts = [note.text for note in deleted]
    observation = f"Deleted {_notes(len(texts))}: {_quoted(texts)}" if texts else "Deleted no note"
    if gone:
        observation += f"; {_notes(len(gone))} you approved had already gone, nothing else was deleted: {_quoted(gone)}"
    return ToolResult(ok=bool(texts), observation=observation, answer=observation, data={"notes": texts})


def preview_note_delete(args: Mapping[str, str], ctx: ToolContext) -> Effect:
    """The notes ``note_delete`` would delete, listed (and their ids as the plan); deletes nothing."""
    query, store = args.get("query", "").strip(), _store(ctx)
    if isinstance(store, ToolResult):
        return Effect(text=store.observation, plan={"notes": []})
    doomed = store.doomed(query) if query else []
    plan: dict[str, object] = {"notes": [{"id": note.id, "text": note.text} for note in doomed]}
    if not doomed:
        return Effect(text=f'no saved note holds every word of "{query}", so nothing will be deleted', plan=plan)
    if query.lower() in _DELETE_ALL:
        head = f"deletes all {_notes(len(doomed))}:"
    else:
        head = f'deletes {_notes(len(doomed))}, each holding every word of "{query}":'
    lines = [head, *(f'  - "{note.text}"' for note in doomed[:SHOWN_NOTES])]
    if len(doomed) > SHOWN_NOTES:
        lines.append(f"  … and {len(doomed) - SHOWN_NOTES} more")
    return Effect(text="\n".join(lines), plan=plan)


def preview_note_save(args: Mapping[str, str], ctx: ToolContext) -> Effect:
    """The note ``note_save`` would save."""
    text = args.get("text", "").strip()
    if not text:
        return Effect(text="there is no text, so nothing will be saved", plan={"text": ""})
    return Effect(text=f'saves the note "{text}"', plan={"text": text})


NOTE_RUNNERS: Mapping[str, Runner] = {
    "note_save": note_save,
    "note_search": note_search,
    "note_delete": note_delete,
}
NOTE_PREVIEWS: Mapping[str, Preview] = {"note_save": preview_note_save, "note_delete": preview_note_delete}
