"""Reading a file someone names on the command line: never more than a ceiling, whatever the file is.

A size check alone is not enough: ``/dev/zero``, a FIFO or a file still growing report a size that is not what a
read returns. So every read asks for at most ``limit + 1`` bytes, and one byte over the limit is a refusal.
"""

from __future__ import annotations

import os
from pathlib import Path

from decisionloop.core.errors import ConfigError

MiB = 1024 * 1024
SPEC_BYTES = 1 * MiB
"""A DECISION.md: the shipped one is about 5 KB."""
THRESHOLDS_BYTES = 1 * MiB
"""A thresholds file from ``eval --tune-cap``: well under 1 KB."""
SUITE_BYTES = 64 * MiB
"""A task suite with its recorded observations: the packaged dev split is about 34 KB."""


def read_capped(path: Path, *, limit: int, what: str, error: type[ConfigError] = ConfigError) -> bytes:
    """At most ``limit`` bytes of ``path``; ``error`` names the file, its size and the limit when it is larger.

    OSError (a missing or unreadable file) is left to the caller, who knows how to word it.
    """
    with path.open("rb") as f:
        data = f.read(limit + 1)
        size = _size(f.fileno())
    if len(data) > limit:
        found = f"{size:,} bytes" if size > limit else f"more than {limit:,} bytes"
        raise error(
            f"{what} {str(path)!r} is {found}, over the limit of {limit:,} bytes; "
            f"is it the file you meant? pass a {what} under the limit"
        )
    return data


def read_text_capped(path: Path, *, limit: int, what: str, error: type[ConfigError] = ConfigError) -> str:
    """``read_capped`` decoded as UTF-8 with newlines made ``\\n``, as ``Path.read_text`` gives them.

    UnicodeDecodeError is left to the caller, like OSError.
    """
    text = read_capped(path, limit=limit, what=what, error=error).decode("utf-8")
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _size(fd: int) -> int:
    """The size a regular file reports; 0 for devices and pipes, whose size means nothing."""
    try:
        return os.fstat(fd).st_size
    except OSError:
        return 0
