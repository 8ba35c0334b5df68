"""Race the workspace tools against a process that swaps files and folders for links to outside ones.

A second process flips, as fast as it can, ``work/victim.txt`` between a regular file and a symbolic link to
``outside/secret.txt``, and ``work/folder`` between a real folder and a link to ``outside/``. Meanwhile this one
makes read_file and write_file calls on both; each call that shows the outside secret, or changes it, counts.
Before the race it reads a sparse file of a gigabyte and prints the memory that took. Prints figures; asserts
nothing.

    python scripts/workspace_race.py [--calls 20000] [--size-mib 1024]
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import resource
import tempfile
from datetime import UTC, datetime
from multiprocessing.synchronize import Event
from pathlib import Path

from decisionloop.core.tool import ToolContext
from decisionloop.tools.workspace import read_file, write_file

SECRET = "outside secret, must never be shown or changed"
INSIDE = "inside content"


def _rss_mib() -> tuple[float, float]:
    """The resident memory now and at its peak, in MiB."""
    status = Path("/proc/self/status").read_text()
    now = next(int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS:"))
    return now / 1024, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _attack(work: Path, outside: Path, stop: Event) -> None:
    """Swap the victim file and folder for links to outside, and back, until told to stop."""
    victim, folder, parked = work / "victim.txt", work / "folder", work / ".parked"
    spare_file, spare_link, folder_link = work / ".spare-file", work / ".spare-link", work / ".folder-link"
    while not stop.is_set():
        spare_link.unlink(missing_ok=True)
        spare_link.symlink_to(outside / "secret.txt")
        os.replace(spare_link, victim)  # atomic: victim.txt is always there, a file or a link
        spare_file.write_text(INSIDE)
        os.replace(spare_file, victim)
        try:
            folder.rename(parked)
            folder_link.unlink(missing_ok=True)
            folder_link.symlink_to(outside)
            folder_link.rename(folder)
            folder.unlink()
            parked.rename(folder)
        except OSError:
            continue  # a write_file call made 'folder' meanwhile; the next round sorts it out
    if parked.exists() and not folder.is_dir():
        folder.unlink(missing_ok=True)
        parked.rename(folder)


def _sparse_read(work: Path, size: int, ctx: ToolContext) -> None:
    with (work / "huge.bin").open("wb") as huge:
        huge.truncate(size)
    before, _ = _rss_mib()
    result = read_file({"path": "huge.bin"}, ctx)
    after, peak = _rss_mib()
    (work / "huge.bin").unlink()
    print(f"sparse file of {size:,} bytes read: observation {len(result.observation):,} characters")
    print(f"  RSS before {before:.1f} MiB, after {after:.1f} MiB, peak {peak:.1f} MiB")


def _race(work: Path, outside: Path, calls: int, ctx: ToolContext) -> None:
    secret = outside / "secret.txt"
    (work / "victim.txt").write_text(INSIDE)
    (work / "folder").mkdir()
    (work / "folder" / "secret.txt").write_text(INSIDE)
    stop = multiprocessing.get_context("fork").Event()
    attacker = multiprocessing.get_context("fork").Process(target=_attack, args=(work, outside, stop))
    attacker.start()
    paths = ("victim.txt", "folder/secret.txt")
    reads = {"ok": 0, "outside": 0}
    writes = {"ok": 0, "outside": 0}
    try:
        for i in range(calls):
            result = read_file({"path": paths[i % 2]}, ctx)
            reads["ok"] += result.ok
            reads["outside"] += SECRET in result.observation
        for i in range(calls):
            result = write_file({"path": paths[i % 2], "content": f"written by call {i}"}, ctx)
            writes["ok"] += result.ok
            if secret.read_text() != SECRET:
                writes["outside"] += 1
                secret.write_text(SECRET)
    finally:
        stop.set()
        attacker.join()
    print(f"read_file:  {calls:,} calls, {reads['ok']:,} succeeded inside, {reads['outside']:,} outside reads")
    print(f"write_file: {calls:,} calls, {writes['ok']:,} succeeded inside, {writes['outside']:,} outside writes")


def main() -> None:
    """Make the figures in a fresh temporary directory."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=20_000, help="read_file and write_file calls, each")
    parser.add_argument("--size-mib", type=int, default=1024, help="size of the sparse file to read")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        work, outside = Path(scratch, "work"), Path(scratch, "outside")
        work.mkdir()
        outside.mkdir()
        (outside / "secret.txt").write_text(SECRET)
        ctx = ToolContext(now=datetime.now(UTC), workdir=work)
        _sparse_read(work, options.size_mib << 20, ctx)
        _race(work, outside, options.calls, ctx)


if __name__ == "__main__":
    main()
