"""Runners for the workspace tools, confined to ``ctx.workdir``: list, read, write, move and delete files.

Every path is checked before it is used: no empty paths, NUL bytes, control or invisible characters, absolute
or home-relative paths, ``..`` parts (also after Unicode NFKC folding), and neither the target nor its parent
may resolve, through symbolic links, to a place outside the working directory. Arguments over
``MAX_INPUT_CHARS`` are refused before anything runs; observations over ``MAX_OUTPUT_CHARS`` are cut and labelled.
Every refusal is a ``ToolResult(ok=False)`` that says why.
"""

from __future__ import annotations

import os
import re
import stat
import unicodedata
from collections.abc import Callable, Mapping
from pathlib import Path

from decisionloop.core.tool import Effect, Preview, Runner, ToolContext, ToolResult

__all__ = [
    "MAX_INPUT_CHARS",
    "MAX_OUTPUT_CHARS",
    "WORKSPACE_PREVIEWS",
    "WORKSPACE_RUNNERS",
    "as_previewed",
    "delete_file",
    "list_dir",
    "move_file",
    "preview_delete_file",
    "preview_move_file",
    "preview_write_file",
    "read_file",
    "write_file",
]

MAX_INPUT_CHARS = 64_000
MAX_OUTPUT_CHARS = 8_000
MAX_PATH_CHARS = 1_024
_HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})
_LIST_HINT = "list_dir shows what is there"

_Operation = Callable[[Path, Mapping[str, str]], str]


class _RefusedError(Exception):
    """Why a call was refused; becomes the observation of a failed ToolResult."""


def _check_text(raw: str) -> None:
    if not raw.strip():
        raise _RefusedError("The path is empty; give a path relative to the working directory, e.g. 'notes.md'.")
    if len(raw) > MAX_PATH_CHARS:
        raise _RefusedError(
            f"The path is {len(raw):,} characters long, over the limit of {MAX_PATH_CHARS:,}; use a shorter one."
        )
    hidden = [c for c in raw if unicodedata.category(c) in _HIDDEN_CATEGORIES]
    if hidden:
        raise _RefusedError(f"The path {raw!r} contains the invisible or control character {hidden[0]!r}; remove it.")
    for form in (raw, unicodedata.normalize("NFKC", raw)):
        if re.match(r"[/\\~]|[A-Za-z]:", form) or ".." in re.split(r"[/\\]", form):
            raise _RefusedError(
                f"The path {raw!r} leaves the working directory; give a path inside it, without '..', "
                "'~' or a leading '/'."
            )


def _inside(root: Path, raw: str) -> Path:
    """``raw`` joined to ``root``, once it is sure neither it nor its parent resolves outside ``root``."""
    _check_text(raw)
    path = root / raw
    for checked in (path,) if path == root else (path.parent, path):
        if not Path(os.path.realpath(checked)).is_relative_to(root):
            raise _RefusedError(
                f"The path {raw!r} leads outside the working directory through a symbolic link; "
                "only paths that stay inside it can be used."
            )
    return path


def _shown(root: Path, path: Path) -> str:
    return path.relative_to(root).as_posix()


def _required(args: Mapping[str, str], name: str) -> str:
    if name not in args:
        raise _RefusedError(f"The argument {name!r} is missing; the call needs {name!r}.")
    return args[name]


def _clip(text: str) -> str:
    if len(text) <= MAX_OUTPUT_CHARS:
        return text
    return f"{text[:MAX_OUTPUT_CHARS]}\n…[+{len(text) - MAX_OUTPUT_CHARS} chars truncated by the tool layer]"


def _confined(operation: _Operation) -> Runner:
    """The runner: input ceiling, a working directory, refusals and OS errors as failed results, output ceiling."""

    def run(args: Mapping[str, str], ctx: ToolContext) -> ToolResult:
        size = sum(len(value) for value in args.values())
        if size > MAX_INPUT_CHARS:
            return ToolResult(
                ok=False,
                observation=f"The arguments are {size:,} characters, over the limit of "
                f"{MAX_INPUT_CHARS:,}; the call was NOT executed. Send less.",
            )
        if ctx.workdir is None:
            return ToolResult(ok=False, observation="No working directory is set; pass ToolContext(workdir=...).")
        try:
            text = operation(ctx.workdir.resolve(strict=True), args)
        except _RefusedError as why:
            return ToolResult(ok=False, observation=str(why))
        except OSError as error:
            return ToolResult(
                ok=False, observation=f"The file system refused: {error.strerror or type(error).__name__}."
            )
        except ValueError as error:
            return ToolResult(ok=False, observation=f"The path could not be used: {error}.")
        return ToolResult(observation=_clip(text), answer=_clip(text))

    run.__name__ = run.__qualname__ = operation.__name__.lstrip("_")
    run.__doc__ = operation.__doc__
    return run


def _list_dir(root: Path, args: Mapping[str, str]) -> str:
    """Non-hidden entries of the working directory (or ``args['path']``), sorted, folders ending in ``/``."""
    path = _inside(root, args.get("path", "."))
    if not path.is_dir():
        raise _RefusedError(f"{args.get('path')!r} is not a folder in the working directory; {_LIST_HINT}.")
    with os.scandir(path) as entries:
        names = [e.name + ("/" if e.is_dir() else "") for e in entries if not e.name.startswith(".")]
    return "\n".join(sorted(names))


def _read_file(root: Path, args: Mapping[str, str]) -> str:
    """The text of ``args['path']``."""
    raw = _required(args, "path")
    path = _inside(root, raw)
    if path.is_dir():
        raise _RefusedError(f"{raw!r} is a folder, not a file; use list_dir to see what it holds.")
    if not path.exists():
        raise _RefusedError(f"There is no file {raw!r} in the working directory; {_LIST_HINT}.")
    if not stat.S_ISREG(path.stat().st_mode):
        raise _RefusedError(f"{raw!r} is not a regular file, so it cannot be read.")
    return path.read_text(encoding="utf-8", errors="replace")


def _write_file(root: Path, args: Mapping[str, str]) -> str:
    """Create or replace ``args['path']`` with ``args['content']``, making missing folders."""
    raw, content = _required(args, "path"), _required(args, "content")
    path = _inside(root, raw)
    if path == root or path.is_dir():
        raise _RefusedError(f"{raw!r} is a folder; give the name of a file to write.")
    if path.exists() and not stat.S_ISREG(path.stat().st_mode):
        raise _RefusedError(f"{raw!r} is not a regular file, so it cannot be written.")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(content, encoding="utf-8")
    return f"Wrote {_shown(root, path)} ({len(content):,} characters)"


def _move_file(root: Path, args: Mapping[str, str]) -> str:
    """Move ``args['path']`` to ``args['to']``, never over an existing file and never into a missing folder."""
    raw_from, raw_to = _required(args, "path"), _required(args, "to")
    source, target = _inside(root, raw_from), _inside(root, raw_to)
    if root in (source, target) or source == target:
        raise _RefusedError(
            f"Cannot move {raw_from!r} to {raw_to!r}; give two different files in the working directory."
        )
    if not source.exists() and not source.is_symlink():
        raise _RefusedError(f"There is no file {raw_from!r} to move; {_LIST_HINT}.")
    if target.exists() or target.is_symlink():
        raise _RefusedError(
            f"{raw_to!r} already exists and move_file never overwrites; pick a new name or delete it first."
        )
    if not target.parent.is_dir():
        raise _RefusedError(f"The folder of {raw_to!r} does not exist; move_file does not create folders.")
    source.rename(target)
    return f"Moved {_shown(root, source)} to {_shown(root, target)}"


def _delete_file(root: Path, args: Mapping[str, str]) -> str:
    """Delete the file, link or empty folder ``args['path']``; never anything recursively."""
    raw = _required(args, "path")
    path = _inside(root, raw)
    if path == root:
        raise _RefusedError("The working directory itself cannot be deleted; give a file inside it.")
    if path.is_dir() and not path.is_symlink():
        if any(path.iterdir()):
            raise _RefusedError(f"The folder {raw!r} is not empty; delete_file never deletes recursively.")
        path.rmdir()
        return f"Deleted the empty folder {_shown(root, path)}/"
    if not path.exists() and not path.is_symlink():
        raise _RefusedError(f"There is no file {raw!r} to delete; {_LIST_HINT}.")
    size = path.lstat().st_size
    path.unlink()
    return f"Deleted {_shown(root, path)} ({size:,} bytes)"


list_dir = _confined(_list_dir)
read_file = _confined(_read_file)
write_file = _confined(_write_file)
move_file = _confined(_move_file)
delete_file = _confined(_delete_file)

WORKSPACE_RUNNERS: Mapping[str, Runner] = {
    "list_dir": list_dir,
    "read_file": read_file,
    "write_file": write_file,
    "move_file": move_file,
    "delete_file": delete_file,
}


# --- previews: what write_file, move_file and delete_file would do, worked out without touching anything ------

_Look = Callable[[Path, Mapping[str, str]], tuple[str, dict[str, object]]]


def _stamp(path: Path) -> dict[str, object]:
    """Size and modification time, so a file changed after the approval is noticed."""
    status = path.lstat()
    return {"bytes": status.st_size, "mtime_ns": status.st_mtime_ns}


def _previewed(look: _Look) -> Preview:
    """The preview: the effect text and plan ``look`` gives, or the refusal the runner would give."""

    def preview(args: Mapping[str, str], ctx: ToolContext) -> Effect:
        size = sum(len(value) for value in args.values())
        try:
            if size > MAX_INPUT_CHARS:
                raise _RefusedError(f"the arguments are {size:,} characters, over the limit of {MAX_INPUT_CHARS:,}")
            if ctx.workdir is None:
                raise _RefusedError("no working directory is set")
            text, plan = look(ctx.workdir.resolve(strict=True), args)
        except (_RefusedError, OSError, ValueError) as why:
            refusal = str(why.strerror or why) if isinstance(why, OSError) else str(why)
            return Effect(text=f"nothing will change: the call will be refused ({refusal})", plan={"refused": refusal})
        return Effect(text=text, plan=plan)

    preview.__name__ = preview.__qualname__ = f"preview{look.__name__}"
    preview.__doc__ = look.__doc__
    return preview


def _look_write(root: Path, args: Mapping[str, str]) -> tuple[str, dict[str, object]]:
    """The file ``write_file`` would write, its size, and whether it replaces one (and how big that is)."""
    raw, content = _required(args, "path"), _required(args, "content")
    path = _inside(root, raw)
    if path == root or path.is_dir():
        raise _RefusedError(f"{raw!r} is a folder")
    size = len(content.encode("utf-8"))
    what = f"writes {_shown(root, path)}: {len(content):,} characters ({size:,} bytes)"
    if not path.exists():
        folder = "" if path.parent.is_dir() else f", making the folder {_shown(root, path.parent)}/"
        return f"{what}, a new file{folder}", {"path": _shown(root, path), "bytes": size, "replaces": None}
    if not stat.S_ISREG(path.stat().st_mode):
        raise _RefusedError(f"{raw!r} is not a regular file")
    old = _stamp(path)
    text = f"{what}, REPLACING the existing file ({old['bytes']:,} bytes)"
    return text, {"path": _shown(root, path), "bytes": size, "replaces": old}


def _look_move(root: Path, args: Mapping[str, str]) -> tuple[str, dict[str, object]]:
    """The file ``move_file`` would move, from → to."""
    raw_from, raw_to = _required(args, "path"), _required(args, "to")
    source, target = _inside(root, raw_from), _inside(root, raw_to)
    if root in (source, target) or source == target:
        raise _RefusedError("it needs two different files in the working directory")
    if not source.exists() and not source.is_symlink():
        raise _RefusedError(f"there is no file {raw_from!r}")
    if target.exists() or target.is_symlink() or not target.parent.is_dir():
        raise _RefusedError(f"{raw_to!r} already exists or its folder does not")
    shown_from, shown_to = _shown(root, source), _shown(root, target)
    stamp = _stamp(source)
    return f"moves {shown_from} → {shown_to} ({stamp['bytes']:,} bytes)", {"from": shown_from, "to": shown_to, **stamp}


def _look_delete(root: Path, args: Mapping[str, str]) -> tuple[str, dict[str, object]]:
    """The file, link or empty folder ``delete_file`` would delete."""
    raw = _required(args, "path")
    path = _inside(root, raw)
    if path == root:
        raise _RefusedError("the working directory itself cannot be deleted")
    shown = _shown(root, path)
    if path.is_dir() and not path.is_symlink():
        if any(path.iterdir()):
            raise _RefusedError(f"the folder {raw!r} is not empty")
        return f"deletes the empty folder {shown}/", {"path": shown, "kind": "folder"}
    if not path.exists() and not path.is_symlink():
        raise _RefusedError(f"there is no file {raw!r}")
    kind = "link" if path.is_symlink() else "file"
    stamp = _stamp(path)
    return f"deletes the {kind} {shown} ({stamp['bytes']:,} bytes)", {"path": shown, "kind": kind, **stamp}


preview_write_file = _previewed(_look_write)
preview_move_file = _previewed(_look_move)
preview_delete_file = _previewed(_look_delete)

WORKSPACE_PREVIEWS: Mapping[str, Preview] = {
    "write_file": preview_write_file,
    "move_file": preview_move_file,
    "delete_file": preview_delete_file,
}


def as_previewed(run: Runner, preview: Preview) -> Runner:
    """``run``, but only while ``preview`` still gives the approved plan: a workspace that changed after the
    approval (the file now exists, or is another size) is reported and left alone."""

    def checked(args: Mapping[str, str], ctx: ToolContext) -> ToolResult:
        approved = ctx.approved
        if approved is not None:
            now = preview(args, ctx)
            if now.plan != approved.plan:
                return ToolResult(
                    ok=False,
                    observation=f"The workspace changed after the call was approved (approved: {approved.text}; "
                    f"now: {now.text}); nothing was done.",
                )
        return run(args, ctx)

    checked.__name__ = checked.__qualname__ = getattr(run, "__name__", "checked")
    checked.__doc__ = run.__doc__
    return checked
