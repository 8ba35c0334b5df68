"""Files beneath a directory descriptor, reached one name at a time without following a symbolic link.

The workspace tools check a path and then use it; a process that swaps a file or folder for a symbolic link in
between would redirect the call outside the working directory. Everything here works on descriptors instead:
folders are opened relative to the descriptor of the folder above (Linux ``openat2`` with ``RESOLVE_BENEATH``
and ``RESOLVE_NO_SYMLINKS`` where the kernel has it, else one ``O_NOFOLLOW | O_DIRECTORY`` open per name), leaves
are opened with ``O_NOFOLLOW``, written through a temporary file in the same folder and renamed into place, and
renamed or removed with the ``dir_fd`` forms, so a link swapped in at any moment makes the call fail instead.
"""

from __future__ import annotations

import ctypes
import errno
import os
import secrets
import stat
import sys
from collections.abc import Callable, Sequence
from contextlib import suppress
from typing import Literal

__all__ = [
    "BlockedError",
    "has_openat2",
    "lstat",
    "open_dir",
    "open_file",
    "read_head",
    "rename_noreplace",
    "replace",
]

_DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
# Never block on a FIFO and never take a terminal, whatever the leaf turns out to be by the time it is opened.
_LEAF_FLAGS = os.O_NOFOLLOW | os.O_CLOEXEC | os.O_NONBLOCK | os.O_NOCTTY
_RESOLVE_NO_MAGICLINKS, _RESOLVE_NO_SYMLINKS, _RESOLVE_BENEATH = 0x02, 0x04, 0x08
_RENAME_NOREPLACE = 1
_SYS_OPENAT2 = 437  # the same number on every Linux architecture (syscalls added since 5.1 share one table)
_CHUNK = 1 << 16


class BlockedError(Exception):
    """A folder on the way could not be entered: ``prefix`` is the path up to it, ``kind`` says why."""

    def __init__(self, prefix: str, kind: Literal["link", "missing", "not_dir"]) -> None:
        super().__init__(f"{prefix!r}: {kind}")
        self.prefix, self.kind = prefix, kind


class _OpenHow(ctypes.Structure):
    _fields_ = (("flags", ctypes.c_uint64), ("mode", ctypes.c_uint64), ("resolve", ctypes.c_uint64))


def _libc() -> ctypes.CDLL | None:
    if sys.platform != "linux":
        return None
    try:
        return ctypes.CDLL(None, use_errno=True)
    except OSError:
        return None


_LIBC = _libc()
_openat2_works = _LIBC is not None


def has_openat2() -> bool:
    """Whether folders are opened with ``openat2`` (else by walking one name at a time)."""
    return _openat2_works


def _openat2(dir_fd: int, path: str) -> int:
    """``openat2(dir_fd, path)`` for a folder beneath ``dir_fd`` with no link anywhere on the way; -1 if unusable."""
    global _openat2_works
    assert _LIBC is not None
    how = _OpenHow(_DIR_FLAGS, 0, _RESOLVE_BENEATH | _RESOLVE_NO_SYMLINKS | _RESOLVE_NO_MAGICLINKS)
    fd = int(_LIBC.syscall(_SYS_OPENAT2, dir_fd, os.fsencode(path), ctypes.byref(how), ctypes.sizeof(how)))
    if fd >= 0:
        return fd
    code = ctypes.get_errno()
    if code in (errno.ENOSYS, errno.EPERM, errno.E2BIG, errno.EINVAL):  # an old kernel or a seccomp filter
        _openat2_works = False
        return -1
    if code in (errno.ELOOP, errno.ENOENT, errno.ENOTDIR, errno.EXDEV, errno.EAGAIN):
        return -1  # the walk says which name is at fault
    raise OSError(code, os.strerror(code), path)


def lstat(dir_fd: int, name: str) -> os.stat_result | None:
    """What ``name`` in ``dir_fd`` is, the link itself if it is one; None when there is nothing by that name."""
    try:
        return os.stat(name, dir_fd=dir_fd, follow_symlinks=False)
    except FileNotFoundError:
        return None


def _enter(dir_fd: int, name: str, prefix: str, *, create: bool) -> int:
    try:
        return os.open(name, _DIR_FLAGS, dir_fd=dir_fd)
    except FileNotFoundError:
        if not create:
            raise BlockedError(prefix, "missing") from None
    except OSError as error:
        if error.errno not in (errno.ELOOP, errno.ENOTDIR):
            raise
        info = lstat(dir_fd, name)
        kind: Literal["link", "missing", "not_dir"] = (
            "missing" if info is None else "link" if stat.S_ISLNK(info.st_mode) else "not_dir"
        )
        raise BlockedError(prefix, kind) from None
    with suppress(FileExistsError):  # made by someone else meanwhile; the open below checks what it is
        os.mkdir(name, 0o777, dir_fd=dir_fd)
    return _enter(dir_fd, name, prefix, create=False)


def open_dir(root_fd: int, parts: Sequence[str], *, create: bool = False) -> int:
    """A new descriptor of the folder ``parts`` beneath ``root_fd``; ``create`` makes missing folders.

    Raises ``BlockedError`` when a name on the way is a link, missing or not a folder.
    """
    if not parts:
        return os.dup(root_fd)
    if _openat2_works and not create:
        fd = _openat2(root_fd, "/".join(parts))
        if fd >= 0:
            return fd
    fd = os.dup(root_fd)
    try:
        for depth, name in enumerate(parts, 1):
            inner = _enter(fd, name, "/".join(parts[:depth]), create=create)
            os.close(fd)
            fd = inner
    except BaseException:
        os.close(fd)
        raise
    return fd


def open_file(dir_fd: int, name: str, flags: int) -> int:
    """``name`` in ``dir_fd`` opened with ``flags``; ``OSError(ELOOP)`` if it is a link by then."""
    return os.open(name, flags | _LEAF_FLAGS, dir_fd=dir_fd)


def read_head(fd: int, limit: int) -> bytes:
    """At most ``limit`` bytes from the start of ``fd``, however large the file is."""
    chunks: list[bytes] = []
    left = limit
    while left > 0:
        chunk = os.read(fd, min(left, _CHUNK))
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def replace(dir_fd: int, name: str, data: bytes, mode: int | None) -> None:
    """Make ``name`` in ``dir_fd`` a new file holding ``data`` (permissions ``mode`` if given), in one rename.

    The rename replaces whatever entry ``name`` is by then, a link included, and never writes through it.
    """
    temp = f".decisionloop-{secrets.token_hex(8)}.tmp"
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _LEAF_FLAGS, 0o666, dir_fd=dir_fd)
    try:
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
            if mode is not None:
                os.fchmod(fd, mode)
        finally:
            os.close(fd)
        os.rename(temp, name, src_dir_fd=dir_fd, dst_dir_fd=dir_fd)
    except BaseException:
        with suppress(OSError):  # already renamed or gone; the error that matters is the one being raised
            os.unlink(temp, dir_fd=dir_fd)
        raise


def _renameat2(src_fd: int, src: str, dst_fd: int, dst: str) -> bool:
    """Rename with ``RENAME_NOREPLACE``; False when this system or file system cannot."""
    function: Callable[..., int] | None = getattr(_LIBC, "renameat2", None)
    if function is None:
        return False
    if function(src_fd, os.fsencode(src), dst_fd, os.fsencode(dst), _RENAME_NOREPLACE) == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.ENOSYS, errno.EINVAL):
        return False
    raise OSError(code, os.strerror(code), dst)


def rename_noreplace(src_fd: int, src: str, dst_fd: int, dst: str) -> None:
    """Rename ``src`` in ``src_fd`` to ``dst`` in ``dst_fd``; ``FileExistsError`` if ``dst`` exists."""
    if _renameat2(src_fd, src, dst_fd, dst):
        return
    if lstat(dst_fd, dst) is not None:  # no atomic no-replace here: the best check there is
        raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), dst)
    os.rename(src, dst, src_dir_fd=src_fd, dst_dir_fd=dst_fd)
