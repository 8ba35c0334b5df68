"""Notes kept in SQLite and searched by word overlap, with the note_save / note_search / note_delete runners."""

from __future__ import annotations

import re
import sqlite3
import threading
from collections.abc import Iterable, Mapping
from pathlib import Path
from types import TracebackType
from typing import Literal

from decisionloop.core.errors import ConfigError
from decisionloop.core.tool import NoteStore, Runner, ToolContext, ToolResult

__all__ = ["NOTE_RUNNERS", "SqliteNotes", "note_delete", "note_save", "note_search"]

SEARCH_LIMIT = 3
DELETE_LIMIT = 50
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
        """Delete every note for ``all`` / ``all notes``, else up to 50 that ``search`` would find; return them."""
        everything = query.strip().lower() in _DELETE_ALL
        with self._lock, self._db:
            rows = self._rows() if everything else self._ranked(query)[:DELETE_LIMIT]
            self._db.executemany("DELETE FROM notes WHERE id = ?", [(row_id,) for row_id, _ in rows])
        return [text for _, text in rows]

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


def note_delete(args: Mapping[str, str], ctx: ToolContext) -> ToolResult:
    """Delete the notes matching ``args['query']`` (``all notes`` deletes every one)."""
    query, store = args.get("query", "").strip(), _store(ctx)
    if isinstance(store, ToolResult):
        return store
    if not query:
        return ToolResult(ok=False, observation="Say which notes to delete (a word from them, or 'all notes').")
    deleted = store.delete(query)
    if not deleted:
        return ToolResult(ok=False, observation=f'No saved note matched "{query}", nothing deleted.')
    observation = f"Deleted {len(deleted)} note{'' if len(deleted) == 1 else 's'}: {_quoted(deleted)}"
    return ToolResult(observation=observation, answer=observation, data={"notes": deleted})


NOTE_RUNNERS: Mapping[str, Runner] = {
    "note_save": note_save,
    "note_search": note_search,
    "note_delete": note_delete,
}
