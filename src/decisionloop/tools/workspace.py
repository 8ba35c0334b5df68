"""Runners for the workspace tools, confined to ``ctx.workdir``: list, read, write, move and delete files.

Every path is checked before it is used: no empty paths, NUL bytes, control or invisible characters, absolute
or home-relative paths, ``..`` parts (also after Unicode NFKC folding), and neither the target nor its parent
may resolve, through symbolic links, to a place outside the working directory. The check only words the
refusal; what confines the call is ``tools.beneath``: every name is opened relative to the folder above it and
no symbolic link is followed, so a link swapped in after the check makes the call fail instead of leaving the
directory. Links are listed, moved and deleted, never read or written through; files with more than one hard
link (the other may be outside) are neither read nor written; writes go to a temporary file renamed into place.
Arguments over ``MAX_INPUT_CHARS`` are refused before anything runs; observations over ``MAX_OUTPUT_CHARS`` are
cut and labelled, and of a large file only its start is read. Every refusal is a ``ToolResult(ok=False)`` that
says why.
"""

from __future__ import annotations

import errno
import io
import os
import re
import stat
import unicodedata
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from decisionloop.core.tool import Effect, Preview, Runner, ToolContext, ToolResult
from decisionloop.tools import beneath

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
# Enough bytes for MAX_OUTPUT_CHARS characters of UTF-8 (at most 4 bytes each) and the bytes that decide the last.
_READ_BYTES = 4 * MAX_OUTPUT_CHARS + 4


@dataclass(frozen=True, slots=True)
class _Clipped:
    """An observation already cut to the ceiling and labelled, shown as it is."""

    text: str


_Operation = Callable[[Path, Mapping[str, str]], "str | _Clipped"]


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
    """``raw`` joined to ``root``, once neither it nor its parent resolves outside ``root`` (for the wording only:
    ``_folder`` is what keeps a call inside)."""
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


def _parts(root: Path, path: Path) -> tuple[str, ...]:
    """The names from ``root`` down to ``path`` (``_inside`` has made sure there is no ``..`` among them)."""
    return path.relative_to(root).parts


def _through_link(root: Path, raw: str, link: str) -> _RefusedError:
    """The refusal of a path with a link on the way, naming where the link leads when that is inside."""
    where = (
        f"{raw!r} is a symbolic link" if link == raw else f"The path {raw!r} goes through the symbolic link {link!r}"
    )
    real = Path(os.path.realpath(root / link))
    hint = (
        f"; {link!r} points to {real.relative_to(root).as_posix()!r}, use that instead"
        if real.is_relative_to(root) and real not in (root, root / link)
        else ""
    )
    return _RefusedError(
        f"{where}; the workspace tools do not follow links, which could lead outside the working directory{hint}."
    )


@contextmanager
def _folder(root: Path, raw: str, parts: Sequence[str], *, missing: str, create: bool = False) -> Iterator[int]:
    """A descriptor of the folder ``root/parts``, reached without following a link; ``missing`` if it is not one."""
    root_fd = os.open(root, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        fd = beneath.open_dir(root_fd, parts, create=create)
    except beneath.BlockedError as why:
        raise (_through_link(root, raw, why.prefix) if why.kind == "link" else _RefusedError(missing)) from None
    finally:
        os.close(root_fd)
    try:
        yield fd
    finally:
        os.close(fd)


def _check_leaf(root: Path, raw: str, info: os.stat_result, verb: str) -> None:
    """Refuse a link, anything but a regular file, and a file with a hard link that may be outside."""
    if stat.S_ISLNK(info.st_mode):
        raise _through_link(root, raw, raw)
    if not stat.S_ISREG(info.st_mode):
        raise _RefusedError(f"{raw!r} is not a regular file, so it cannot be {verb}.")
    if info.st_nlink > 1:
        raise _RefusedError(
            f"{raw!r} has {info.st_nlink} hard links, so the same file may be reachable from outside the working "
            f"directory; it cannot be {verb}."
        )


def _open_leaf(root: Path, folder: int, name: str, flags: int, raw: str) -> int:
    try:
        return beneath.open_file(folder, name, flags)
    except OSError as error:
        if error.errno == errno.ELOOP:  # swapped for a link since it was looked at
            raise _through_link(root, raw, raw) from None
        raise


def _decoded(data: bytes) -> str:
    """``data`` as ``Path.read_text`` decodes a file: UTF-8, bad bytes replaced, newlines made ``\\n``."""
    return io.TextIOWrapper(io.BytesIO(data), encoding="utf-8", errors="replace").read()


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
            where = f" {args['path']!r}" if "path" in args else ""
            return ToolResult(
                ok=False, observation=f"The file system refused{where}: {error.strerror or type(error).__name__}."
            )
        except ValueError as error:
            return ToolResult(ok=False, observation=f"The path could not be used: {error}.")
        shown = text.text if isinstance(text, _Clipped) else _clip(text)
        return ToolResult(observation=shown, answer=shown)

    run.__name__ = run.__qualname__ = operation.__name__.lstrip("_")
    run.__doc__ = operation.__doc__
    return run


def _list_dir(root: Path, args: Mapping[str, str]) -> str:
    """Non-hidden entries of the working directory (or ``args['path']``), sorted, folders ending in ``/``."""
    raw = args.get("path", ".")
    path = _inside(root, raw)
    no_folder = f"{args.get('path')!r} is not a folder in the working directory; {_LIST_HINT}."
    with _folder(root, raw, _parts(root, path), missing=no_folder) as folder, os.scandir(folder) as entries:
        names = [
            e.name + ("/" if e.is_dir(follow_symlinks=False) else "") for e in entries if not e.name.startswith(".")
        ]
    return "\n".join(sorted(names))


def _read_file(root: Path, args: Mapping[str, str]) -> str | _Clipped:
    """The text of ``args['path']``; of a large file only the start is read."""
    raw = _required(args, "path")
    path = _inside(root, raw)
    is_folder = f"{raw!r} is a folder, not a file; use list_dir to see what it holds."
    no_file = f"There is no file {raw!r} in the working directory; {_LIST_HINT}."
    if path == root:
        raise _RefusedError(is_folder)
    *parents, name = _parts(root, path)
    with _folder(root, raw, parents, missing=no_file) as folder:
        info = beneath.lstat(folder, name)
        if info is None:
            raise _RefusedError(no_file)
        if stat.S_ISDIR(info.st_mode):
            raise _RefusedError(is_folder)
        _check_leaf(root, raw, info, "read")
        fd = _open_leaf(root, folder, name, os.O_RDONLY, raw)
    try:
        info = os.fstat(fd)
        _check_leaf(root, raw, info, "read")  # what was opened, in case it was swapped since the look above
        data = beneath.read_head(fd, _READ_BYTES + 1)
    finally:
        os.close(fd)
    if len(data) <= _READ_BYTES:
        return _decoded(data)
    head = _decoded(data[:_READ_BYTES])[:MAX_OUTPUT_CHARS]
    return _Clipped(
        f"{head}\n…[the file is {max(info.st_size, len(data)):,} bytes; only its first {MAX_OUTPUT_CHARS:,} "
        "characters were read, truncated by the tool layer]"
    )


def _write_file(root: Path, args: Mapping[str, str]) -> str:
    """Create or replace ``args['path']`` with ``args['content']``, making missing folders."""
    raw, content = _required(args, "path"), _required(args, "content")
    path = _inside(root, raw)
    is_folder = f"{raw!r} is a folder; give the name of a file to write."
    if path == root:
        raise _RefusedError(is_folder)
    data = content.encode("utf-8")
    *parents, name = _parts(root, path)
    with _folder(
        root, raw, parents, missing=f"The folder of {raw!r} could not be made: a file is in the way.", create=True
    ) as folder:
        info = beneath.lstat(folder, name)
        if info is not None and stat.S_ISDIR(info.st_mode):
            raise _RefusedError(is_folder)
        if info is not None:
            _check_leaf(root, raw, info, "written")
        # A new file renamed over the name: whatever the name has become by then is replaced, never written through.
        beneath.replace(folder, name, data, None if info is None else stat.S_IMODE(info.st_mode))
    return f"Wrote {_shown(root, path)} ({len(content):,} characters)"


def _move_file(root: Path, args: Mapping[str, str]) -> str:
    """Move ``args['path']`` to ``args['to']``, never over an existing file and never into a missing folder."""
    raw_from, raw_to = _required(args, "path"), _required(args, "to")
    source, target = _inside(root, raw_from), _inside(root, raw_to)
    if root in (source, target) or source == target:
        raise _RefusedError(
            f"Cannot move {raw_from!r} to {raw_to!r}; give two different files in the working directory."
        )
    no_source = f"There is no file {raw_from!r} to move; {_LIST_HINT}."
    exists = f"{raw_to!r} already exists and move_file never overwrites; pick a new name or delete it first."
    no_folder = f"The folder of {raw_to!r} does not exist; move_file does not create folders."
    *source_parents, source_name = _parts(root, source)
    *target_parents, target_name = _parts(root, target)
    with _folder(root, raw_from, source_parents, missing=no_source) as source_folder:
        if beneath.lstat(source_folder, source_name) is None:
            raise _RefusedError(no_source)
        with _folder(root, raw_to, target_parents, missing=no_folder) as target_folder:
            if beneath.lstat(target_folder, target_name) is not None:
                raise _RefusedError(exists)
            try:
                beneath.rename_noreplace(source_folder, source_name, target_folder, target_name)
            except FileExistsError:
                raise _RefusedError(exists) from None
    return f"Moved {_shown(root, source)} to {_shown(root, target)}"


def _delete_file(root: Path, args: Mapping[str, str]) -> str:
    """Delete the file, link or empty folder ``args['path']``; never anything recursively."""
    raw = _required(args, "path")
    path = _inside(root, raw)
    if path == root:
        raise _RefusedError("The working directory itself cannot be deleted; give a file inside it.")
    no_file = f"There is no file {raw!r} to delete; {_LIST_HINT}."
    *parents, name = _parts(root, path)
    with _folder(root, raw, parents, missing=no_file) as folder:
        info = beneath.lstat(folder, name)
        if info is None:
            raise _RefusedError(no_file)
        if stat.S_ISDIR(info.st_mode):
            try:
                os.rmdir(name, dir_fd=folder)
            except OSError as error:
                if error.errno not in (errno.ENOTEMPTY, errno.EEXIST):
                    raise
                raise _RefusedError(
                    f"The folder {raw!r} is not empty; delete_file never deletes recursively."
                ) from None
            return f"Deleted the empty folder {_shown(root, path)}/"
        os.unlink(name, dir_fd=folder)  # a link is removed, not what it points to
    return f"Deleted {_shown(root, path)} ({info.st_size:,} bytes)"


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
