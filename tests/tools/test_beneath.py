"""Descriptor-relative file access: folders entered without links, reads bounded, renames that never replace."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from decisionloop.tools import beneath


@pytest.fixture(params=["openat2", "walk"])
def root_fd(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[int]:
    """A descriptor of ``tmp_path/root`` (holding ``a/b/``, a file and links), opened by each resolver in turn."""
    if request.param == "walk":
        monkeypatch.setattr(beneath, "_openat2_works", False)
    elif not beneath.has_openat2():
        pytest.skip("this kernel has no openat2")
    root = tmp_path / "root"
    (root / "a" / "b").mkdir(parents=True)
    (root / "a" / "file.txt").write_text("x")
    (root / "a" / "inner_link").symlink_to("b")
    (root / "out_link").symlink_to(tmp_path)
    fd = os.open(root, os.O_RDONLY | os.O_DIRECTORY)
    yield fd
    os.close(fd)


def _names(fd: int) -> list[str]:
    try:
        return sorted(os.listdir(fd))
    finally:
        os.close(fd)


def test_open_dir_enters_real_folders(root_fd: int) -> None:
    assert _names(beneath.open_dir(root_fd, ("a",))) == ["b", "file.txt", "inner_link"]
    assert _names(beneath.open_dir(root_fd, ())) == ["a", "out_link"]


@pytest.mark.parametrize(
    ("parts", "prefix", "kind"),
    [
        (("out_link",), "out_link", "link"),
        (("out_link", "root"), "out_link", "link"),
        (("a", "inner_link"), "a/inner_link", "link"),
        (("a", "missing", "c"), "a/missing", "missing"),
        (("a", "file.txt", "c"), "a/file.txt", "not_dir"),
    ],
)
def test_open_dir_names_the_step_that_blocks(root_fd: int, parts: tuple[str, ...], prefix: str, kind: str) -> None:
    with pytest.raises(beneath.BlockedError) as blocked:
        beneath.open_dir(root_fd, parts)
    assert (blocked.value.prefix, blocked.value.kind) == (prefix, kind)


def test_open_dir_creates_missing_folders_but_not_through_links(root_fd: int) -> None:
    assert _names(beneath.open_dir(root_fd, ("a", "new", "deeper"), create=True)) == []
    assert _names(beneath.open_dir(root_fd, ("a", "new"))) == ["deeper"]
    with pytest.raises(beneath.BlockedError):
        beneath.open_dir(root_fd, ("out_link", "made"), create=True)


def test_open_file_refuses_a_link(root_fd: int) -> None:
    with pytest.raises(OSError, match="symbolic links"):
        beneath.open_file(root_fd, "out_link", os.O_RDONLY)


def test_read_head_stops_at_the_limit(tmp_path: Path) -> None:
    (tmp_path / "f").write_bytes(b"x" * 200_000)
    fd = os.open(tmp_path / "f", os.O_RDONLY)
    try:
        assert len(beneath.read_head(fd, 100_001)) == 100_001
        assert len(beneath.read_head(fd, 1 << 30)) == 99_999  # the rest, and no more
    finally:
        os.close(fd)


def test_replace_swaps_in_a_new_file_and_replaces_a_link_itself(tmp_path: Path) -> None:
    (tmp_path / "target").write_text("kept")
    (tmp_path / "name").symlink_to(tmp_path / "target")
    fd = os.open(tmp_path, os.O_RDONLY | os.O_DIRECTORY)
    try:
        beneath.replace(fd, "name", b"new", 0o600)
    finally:
        os.close(fd)
    assert (tmp_path / "target").read_text() == "kept"
    assert not (tmp_path / "name").is_symlink()
    assert (tmp_path / "name").read_text() == "new"
    assert sorted(os.listdir(tmp_path)) == ["name", "target"]


@pytest.mark.parametrize("atomic", [True, False])
def test_rename_noreplace_never_replaces(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, atomic: bool) -> None:
    if not atomic:
        monkeypatch.setattr(beneath, "_renameat2", lambda *_: False)
    (tmp_path / "src").write_text("src")
    (tmp_path / "dst").write_text("dst")
    fd = os.open(tmp_path, os.O_RDONLY | os.O_DIRECTORY)
    try:
        with pytest.raises(FileExistsError):
            beneath.rename_noreplace(fd, "src", fd, "dst")
        beneath.rename_noreplace(fd, "src", fd, "moved")
    finally:
        os.close(fd)
    assert sorted(os.listdir(tmp_path)) == ["dst", "moved"]
    assert (tmp_path / "dst").read_text() == "dst"
