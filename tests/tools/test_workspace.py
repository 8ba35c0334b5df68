"""The workspace tools on a real directory: what they do inside it, and that nothing gets out of it."""

from __future__ import annotations

import os
import stat
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import pytest

from decisionloop.core.tool import Effect, Runner, ToolContext, ToolResult
from decisionloop.tools import beneath
from decisionloop.tools.catalog import spec
from decisionloop.tools.workspace import (
    MAX_INPUT_CHARS,
    MAX_OUTPUT_CHARS,
    WORKSPACE_PREVIEWS,
    WORKSPACE_RUNNERS,
    as_previewed,
    delete_file,
    list_dir,
    move_file,
    preview_delete_file,
    preview_move_file,
    preview_write_file,
    read_file,
    write_file,
)

NOW = datetime(2026, 9, 24, 12, tzinfo=UTC)
SECRET = "TOP SECRET, outside the workdir"
PROBE = "decisionloop-escape-probe"  # a name that exists nowhere, so a broken sandbox cannot destroy anything
LINKS = ("etc_link", "up", "out_dir_link", "secret_link", "dangling", "rel_up")


@pytest.fixture
def work(tmp_path: Path) -> Path:
    """``tmp_path/work`` with a file, a folder and links that lead out; ``tmp_path/outside`` holds a secret."""
    outside, work = tmp_path / "outside", tmp_path / "work"
    outside.mkdir()
    (outside / "secret.txt").write_text(SECRET)
    (work / "sub").mkdir(parents=True)
    (work / "inside.txt").write_text("inside")
    (work / "sub" / "nested.txt").write_text("nested")
    links = {
        "etc_link": Path("/etc"),
        "up": tmp_path,
        "out_dir_link": outside,
        "secret_link": outside / "secret.txt",
        "dangling": outside / "new.txt",
        "rel_up": Path(".."),
    }
    assert sorted(links) == sorted(LINKS)
    for name, target in links.items():
        (work / name).symlink_to(target)
    return work


def _ctx(work: Path | None, approved: Effect | None = None) -> ToolContext:
    return ToolContext(now=NOW, workdir=work, approved=approved)


def _snapshot(root: Path) -> dict[str, tuple[int, int, bytes | str]]:
    """Every entry under ``root`` (links not followed): mode, mtime and content or link target."""
    seen: dict[str, tuple[int, int, bytes | str]] = {}
    for folder, dirs, files in os.walk(root):
        for name in dirs + files:
            path = Path(folder) / name
            info = path.lstat()
            body: bytes | str = os.readlink(path) if path.is_symlink() else b"" if path.is_dir() else path.read_bytes()
            seen[str(path)] = (info.st_mode, info.st_mtime_ns, body)
    return seen


# --- the sandbox ------------------------------------------------------------------------------------------

ESCAPES: list[str] = [
    # parent references
    "..",
    "../",
    "../x",
    "../outside/secret.txt",
    "a/../../x",
    "sub/../../outside/secret.txt",
    "sub/..",
    "sub/../..",
    "./..",
    "./../outside",
    "..\\outside\\secret.txt",
    "../" * 40 + f"etc/{PROBE}",
    # absolute and home paths
    "/",
    f"/etc/{PROBE}",
    f"//etc/{PROBE}",
    "OUTSIDE_ABSOLUTE",  # replaced by the absolute path of outside/secret.txt
    f"\\etc\\{PROBE}",
    "C:\\Windows\\win.ini",
    "C:/x",
    "~",
    "~/x",
    "~root/.bashrc",
    # NUL bytes, empty paths, control and invisible characters
    "\x00",
    "inside.txt\x00",
    "a\x00/../../x",
    "",
    "   ",
    "inside.txt\n",
    "in\u200bside.txt",
    "\u202e..txt",
    # links that lead out: to /etc, to a parent dir, a linked parent dir, a file, a dangling target
    "etc_link",
    f"etc_link/{PROBE}",
    "up",
    "up/outside/secret.txt",
    "up/new.txt",
    "out_dir_link",
    "out_dir_link/secret.txt",
    "out_dir_link/new.txt",
    "secret_link",
    "dangling",
    "rel_up/outside/secret.txt",
    "sub/../up/outside/secret.txt",
    # unicode that folds into '..' or '/'
    "．．/outside/secret.txt",
    "\u2024\u2024/outside/secret.txt",
    "..\uff0foutside\uff0fsecret.txt",
    f"\uff0fetc\uff0f{PROBE}",
    # very long paths
    "a/" * 2_000 + "x",
    "x" * 5_000,
]


def _calls(attempt: str) -> list[tuple[str, Runner, dict[str, str]]]:
    return [
        ("list_dir", list_dir, {"path": attempt}),
        ("read_file", read_file, {"path": attempt}),
        ("write_file", write_file, {"path": attempt, "content": "pwned"}),
        ("move_file from", move_file, {"path": attempt, "to": "moved.txt"}),
        ("move_file to", move_file, {"path": "inside.txt", "to": attempt}),
        ("delete_file", delete_file, {"path": attempt}),
    ]


def test_the_escape_corpus_is_large() -> None:
    assert len(ESCAPES) >= 30


def test_every_escape_is_refused_by_every_tool_and_nothing_is_touched(work: Path) -> None:
    root = work.parent
    before = _snapshot(root)
    accepted = []
    for raw in ESCAPES:
        attempt = str(root / "outside" / "secret.txt") if raw == "OUTSIDE_ABSOLUTE" else raw
        for name, runner, args in _calls(attempt):
            result = runner(args, _ctx(work))
            if result.ok or SECRET in result.observation:
                accepted.append((name, attempt[:60], result.observation[:80]))
    assert accepted == []
    assert _snapshot(root) == before
    assert not Path("/etc", PROBE).exists()
    assert not (Path.home() / "x").exists()


def test_reading_through_links_to_etc_is_refused(work: Path) -> None:
    for path in ("etc_link/passwd", "/etc/passwd", "../" * 30 + "etc/passwd"):
        result = read_file({"path": path}, _ctx(work))
        assert not result.ok
        assert "root:" not in result.observation
        assert "working directory" in result.observation


def test_links_that_stay_inside_are_not_followed_but_say_where_they_lead(work: Path) -> None:
    (work / "alias.txt").symlink_to(work / "inside.txt")
    (work / "sub_alias").symlink_to("sub")
    leaf = read_file({"path": "alias.txt"}, _ctx(work))
    assert (leaf.ok, leaf.observation) == (
        False,
        "'alias.txt' is a symbolic link; the workspace tools do not follow links, which could lead outside the "
        "working directory; 'alias.txt' points to 'inside.txt', use that instead.",
    )
    folder = read_file({"path": "sub_alias/nested.txt"}, _ctx(work))
    assert not folder.ok
    assert "goes through the symbolic link 'sub_alias'" in folder.observation
    assert "'sub_alias' points to 'sub', use that instead" in folder.observation
    assert not write_file({"path": "alias.txt", "content": "x"}, _ctx(work)).ok
    assert (work / "inside.txt").read_text() == "inside"
    listed = list_dir({}, _ctx(work)).observation.splitlines()
    assert ("sub_alias" in listed, "sub_alias/" in listed) == (True, False)  # a link, not a folder


def test_harmless_dots_are_allowed(work: Path) -> None:
    assert write_file({"path": "./a/./b...txt", "content": "ok"}, _ctx(work)).ok
    assert (work / "a" / "b...txt").read_text() == "ok"


# --- ceilings ---------------------------------------------------------------------------------------------


def test_input_over_the_ceiling_is_not_executed(work: Path) -> None:
    result = write_file({"path": "big.txt", "content": "x" * MAX_INPUT_CHARS}, _ctx(work))
    assert not result.ok
    assert "NOT executed" in result.observation
    assert not (work / "big.txt").exists()


def test_input_at_the_ceiling_runs(work: Path) -> None:
    content = "x" * (MAX_INPUT_CHARS - len("big.txt"))
    assert write_file({"path": "big.txt", "content": content}, _ctx(work)).ok


def test_output_over_the_ceiling_is_truncated_with_a_label(work: Path) -> None:
    (work / "long.txt").write_text("y" * (MAX_OUTPUT_CHARS + 1234))
    result = read_file({"path": "long.txt"}, _ctx(work))
    assert result.observation == "y" * MAX_OUTPUT_CHARS + "\n…[+1234 chars truncated by the tool layer]"
    assert result.answer == result.observation


# --- what the tools do ------------------------------------------------------------------------------------


def test_list_dir_sorts_hides_dotfiles_and_marks_folders(tmp_path: Path) -> None:
    for name in ("b.txt", "a.md", ".hidden"):
        (tmp_path / name).write_text("")
    (tmp_path / "c").mkdir()
    assert list_dir({}, _ctx(tmp_path)).observation == "a.md\nb.txt\nc/"
    assert list_dir({"path": "c"}, _ctx(tmp_path)) == ToolResult(observation="", answer="")
    assert not list_dir({"path": "a.md"}, _ctx(tmp_path)).ok


def test_read_file(work: Path) -> None:
    assert read_file({"path": "sub/nested.txt"}, _ctx(work)).observation == "nested"
    folder = read_file({"path": "sub"}, _ctx(work))
    assert (folder.ok, folder.observation) == (
        False,
        "'sub' is a folder, not a file; use list_dir to see what it holds.",
    )
    missing = read_file({"path": "nope.txt"}, _ctx(work))
    assert not missing.ok
    assert "list_dir" in missing.observation


def test_read_file_refuses_a_fifo(work: Path) -> None:
    os.mkfifo(work / "pipe")
    result = read_file({"path": "pipe"}, _ctx(work))
    assert (result.ok, result.observation) == (False, "'pipe' is not a regular file, so it cannot be read.")


def test_write_file_creates_folders_and_replaces(work: Path) -> None:
    result = write_file({"path": "new/deep/out.md", "content": "héllo"}, _ctx(work))
    assert result.observation == "Wrote new/deep/out.md (5 characters)"
    assert write_file({"path": "new/deep/out.md", "content": "bye"}, _ctx(work)).ok
    assert (work / "new" / "deep" / "out.md").read_text(encoding="utf-8") == "bye"


@pytest.mark.parametrize("args", [{"path": "sub", "content": "x"}, {"path": "."}, {"content": "x"}])
def test_write_file_refusals(work: Path, args: dict[str, str]) -> None:
    assert not write_file(args, _ctx(work)).ok
    assert (work / "sub").is_dir()


def test_move_file(work: Path) -> None:
    result = move_file({"path": "inside.txt", "to": "sub/renamed.txt"}, _ctx(work))
    assert result.observation == "Moved inside.txt to sub/renamed.txt"
    assert (work / "sub" / "renamed.txt").read_text() == "inside"
    assert not (work / "inside.txt").exists()


@pytest.mark.parametrize(
    ("source", "target", "why"),
    [
        ("inside.txt", "sub/nested.txt", "never overwrites"),
        ("nope.txt", "other.txt", "no file 'nope.txt'"),
        ("inside.txt", "missing/x.txt", "does not create folders"),
        ("inside.txt", "inside.txt", "two different files"),
        ("inside.txt", ".", "two different files"),
    ],
)
def test_move_file_refusals(work: Path, source: str, target: str, why: str) -> None:
    before = _snapshot(work)
    result = move_file({"path": source, "to": target}, _ctx(work))
    assert not result.ok
    assert why in result.observation
    assert _snapshot(work) == before


def test_delete_file(work: Path) -> None:
    assert delete_file({"path": "inside.txt"}, _ctx(work)).observation == "Deleted inside.txt (6 bytes)"
    (work / "empty").mkdir()
    assert delete_file({"path": "empty"}, _ctx(work)).observation == "Deleted the empty folder empty/"
    assert not (work / "inside.txt").exists()
    assert not (work / "empty").exists()


def test_delete_file_removes_an_inside_link_not_its_target(work: Path) -> None:
    (work / "alias.txt").symlink_to(work / "sub" / "nested.txt")
    assert delete_file({"path": "alias.txt"}, _ctx(work)).ok
    assert (work / "sub" / "nested.txt").read_text() == "nested"


@pytest.mark.parametrize(
    ("path", "why"),
    [("sub", "not empty"), (".", "working directory itself"), ("nope.txt", "no file 'nope.txt'")],
)
def test_delete_file_refusals(work: Path, path: str, why: str) -> None:
    before = _snapshot(work)
    result = delete_file({"path": path}, _ctx(work))
    assert not result.ok
    assert why in result.observation
    assert _snapshot(work) == before


@pytest.mark.parametrize("tool_id", sorted(WORKSPACE_RUNNERS))
def test_without_a_workdir_the_tools_fail(tool_id: str) -> None:
    result = WORKSPACE_RUNNERS[tool_id]({"path": "a.txt", "to": "b.txt", "content": ""}, _ctx(None))
    assert not result.ok
    assert "workdir" in result.observation


def test_a_missing_workdir_fails_cleanly(tmp_path: Path) -> None:
    result = list_dir({}, _ctx(tmp_path / "gone"))
    assert not result.ok


def test_runners_bind_to_the_catalog_specs() -> None:
    for tool_id, runner in WORKSPACE_RUNNERS.items():
        assert spec(tool_id).bind(runner).run is runner
        assert runner.__name__ == tool_id


# --- races, hard links and large files: what another process can do between the check and the use ----------


@pytest.fixture(params=["openat2", "walk"])
def resolver(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Each test below runs with folders opened by ``openat2`` and by walking one name at a time."""
    if request.param == "walk":
        monkeypatch.setattr(beneath, "_openat2_works", False)
    elif not beneath.has_openat2():
        pytest.skip("this kernel has no openat2")
    return str(request.param)


@pytest.fixture
def stale_check(monkeypatch: pytest.MonkeyPatch) -> None:
    """The path check sees every path as it was before a link was swapped in: ``realpath`` resolves nothing."""
    monkeypatch.setattr(os.path, "realpath", lambda path, *_, **__: os.fspath(path))


def _swap_after_the_look(monkeypatch: pytest.MonkeyPatch, swap: Callable[[], None]) -> None:
    """Run ``swap`` right after the tool has looked at its leaf and before it opens or replaces it."""
    look = beneath.lstat

    def then_swap(dir_fd: int, name: str) -> os.stat_result | None:
        info = look(dir_fd, name)
        swap()
        monkeypatch.setattr(beneath, "lstat", look)
        return info

    monkeypatch.setattr(beneath, "lstat", then_swap)


def _relink(path: Path, target: Path) -> None:
    path.unlink()
    path.symlink_to(target)


RACED_CALLS: list[tuple[str, Runner, dict[str, str]]] = [
    ("list_dir", list_dir, {"path": "swapped"}),
    ("read_file", read_file, {"path": "swapped/secret.txt"}),
    ("read_file leaf", read_file, {"path": "victim.txt"}),
    ("write_file", write_file, {"path": "swapped/secret.txt", "content": "pwned"}),
    ("write_file new", write_file, {"path": "swapped/new.txt", "content": "pwned"}),
    ("write_file deeper", write_file, {"path": "swapped/deeper/new.txt", "content": "pwned"}),
    ("write_file leaf", write_file, {"path": "victim.txt", "content": "pwned"}),
    ("move_file from", move_file, {"path": "swapped/secret.txt", "to": "got.txt"}),
    ("move_file to", move_file, {"path": "inside.txt", "to": "swapped/dropped.txt"}),
    ("delete_file", delete_file, {"path": "swapped/secret.txt"}),
]


@pytest.mark.parametrize(("name", "runner", "args"), RACED_CALLS, ids=[call[0] for call in RACED_CALLS])
@pytest.mark.usefixtures("resolver", "stale_check")
def test_a_link_the_check_did_not_see_is_not_followed(
    work: Path, name: str, runner: Runner, args: dict[str, str]
) -> None:
    (work / "swapped").symlink_to(work.parent / "outside")
    (work / "victim.txt").symlink_to(work.parent / "outside" / "secret.txt")
    before = _snapshot(work.parent / "outside")
    result = runner(args, _ctx(work))
    assert (name, result.ok) == (name, False)
    assert SECRET not in result.observation
    assert "symbolic link" in result.observation
    assert _snapshot(work.parent / "outside") == before


@pytest.mark.usefixtures("resolver")
def test_a_leaf_swapped_for_a_link_after_the_look_is_not_read(work: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _swap_after_the_look(monkeypatch, lambda: _relink(work / "inside.txt", work.parent / "outside" / "secret.txt"))
    result = read_file({"path": "inside.txt"}, _ctx(work))
    assert (result.ok, SECRET in result.observation) == (False, False)
    assert "'inside.txt' is a symbolic link" in result.observation


@pytest.mark.usefixtures("resolver")
def test_a_leaf_swapped_for_a_link_after_the_look_is_replaced_not_written_through(
    work: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _swap_after_the_look(monkeypatch, lambda: _relink(work / "inside.txt", work.parent / "outside" / "secret.txt"))
    assert write_file({"path": "inside.txt", "content": "new"}, _ctx(work)).ok
    assert (work.parent / "outside" / "secret.txt").read_text() == SECRET
    assert not (work / "inside.txt").is_symlink()
    assert (work / "inside.txt").read_text() == "new"


@pytest.mark.usefixtures("resolver")
def test_a_leaf_swapped_for_a_hard_link_after_the_look_is_not_read(work: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def hard_link() -> None:
        (work / "inside.txt").unlink()
        os.link(work.parent / "outside" / "secret.txt", work / "inside.txt")

    _swap_after_the_look(monkeypatch, hard_link)
    result = read_file({"path": "inside.txt"}, _ctx(work))
    assert (result.ok, SECRET in result.observation) == (False, False)
    assert "2 hard links" in result.observation


def test_a_leaf_swapped_for_a_folder_fails_cleanly_and_leaves_no_temporary_file(
    work: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def folder() -> None:
        (work / "inside.txt").unlink()
        (work / "inside.txt").mkdir()
        (work / "inside.txt" / "kept").write_text("kept")

    _swap_after_the_look(monkeypatch, folder)
    result = write_file({"path": "inside.txt", "content": "new"}, _ctx(work))
    assert (result.ok, result.observation) == (False, "The file system refused 'inside.txt': Is a directory.")
    assert sorted(os.listdir(work)) == sorted(["inside.txt", "sub", *LINKS])


@pytest.mark.parametrize("tool", ["read_file", "write_file"])
def test_a_hard_link_to_an_outside_file_is_neither_read_nor_written(work: Path, tool: str) -> None:
    secret = work.parent / "outside" / "secret.txt"
    os.link(secret, work / "hard.txt")
    result = WORKSPACE_RUNNERS[tool]({"path": "hard.txt", "content": "pwned"}, _ctx(work))
    assert (result.ok, SECRET in result.observation) == (False, False)
    verb = "read" if tool == "read_file" else "written"
    assert result.observation == (
        "'hard.txt' has 2 hard links, so the same file may be reachable from outside the working directory; "
        f"it cannot be {verb}."
    )
    assert secret.read_text() == SECRET


def test_a_hard_linked_file_can_still_be_deleted_without_touching_the_other_name(work: Path) -> None:
    os.link(work.parent / "outside" / "secret.txt", work / "hard.txt")
    assert delete_file({"path": "hard.txt"}, _ctx(work)).ok
    assert (work.parent / "outside" / "secret.txt").read_text() == SECRET


def test_a_huge_file_is_read_only_as_far_as_the_ceiling(work: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    size = 1 << 30
    with (work / "huge.bin").open("wb") as huge:
        huge.truncate(size)  # sparse: a gigabyte of zeros that takes no disk
    read_bytes = []
    os_read = os.read

    def counted(fd: int, n: int) -> bytes:
        chunk = os_read(fd, n)
        read_bytes.append(len(chunk))
        return chunk

    monkeypatch.setattr(os, "read", counted)
    result = read_file({"path": "huge.bin"}, _ctx(work))
    assert 0 < sum(read_bytes) <= 5 * MAX_OUTPUT_CHARS
    assert result.observation == "\0" * MAX_OUTPUT_CHARS + (
        f"\n…[the file is 1,073,741,824 bytes; only its first {MAX_OUTPUT_CHARS:,} characters were read, "
        "truncated by the tool layer]"
    )


def test_a_long_file_of_wide_characters_is_cut_on_a_character(work: Path) -> None:
    (work / "wide.txt").write_text("é" * 20_000 + "€" * 10, encoding="utf-8")
    observation = read_file({"path": "wide.txt"}, _ctx(work)).observation
    assert observation.startswith("é" * MAX_OUTPUT_CHARS + "\n…[the file is 40,030 bytes;")


def test_newlines_are_read_as_before(work: Path) -> None:
    (work / "crlf.txt").write_bytes(b"a\r\nb\rc\n\xff")
    assert read_file({"path": "crlf.txt"}, _ctx(work)).observation == "a\nb\nc\n\ufffd"


def test_write_file_keeps_the_permissions_of_the_file_it_replaces(work: Path) -> None:
    (work / "inside.txt").chmod(0o640)
    assert write_file({"path": "inside.txt", "content": "new"}, _ctx(work)).ok
    assert stat.S_IMODE((work / "inside.txt").stat().st_mode) == 0o640
    assert [name for name in os.listdir(work) if name.startswith(".")] == []


def test_write_file_refuses_a_fifo(work: Path) -> None:
    os.mkfifo(work / "pipe")
    result = write_file({"path": "pipe", "content": "x"}, _ctx(work))
    assert (result.ok, result.observation) == (False, "'pipe' is not a regular file, so it cannot be written.")
    assert stat.S_ISFIFO((work / "pipe").lstat().st_mode)


# --- previews: the exact effect of a guarded call, worked out without touching anything -------------------


def test_the_write_preview_gives_the_target_and_size_of_a_new_file(work: Path) -> None:
    effect = preview_write_file({"path": "new/out.md", "content": "héllo"}, _ctx(work))
    assert effect.text == "writes new/out.md: 5 characters (6 bytes), a new file, making the folder new/"
    assert effect.plan == {"path": "new/out.md", "bytes": 6, "replaces": None}
    assert not (work / "new").exists()


def test_the_write_preview_says_it_replaces_an_existing_file(work: Path) -> None:
    effect = preview_write_file({"path": "inside.txt", "content": "bye"}, _ctx(work))
    assert effect.text == "writes inside.txt: 3 characters (3 bytes), REPLACING the existing file (6 bytes)"
    assert (work / "inside.txt").read_text() == "inside"


def test_the_move_and_delete_previews_name_the_files(work: Path) -> None:
    moved = preview_move_file({"path": "inside.txt", "to": "sub/renamed.txt"}, _ctx(work))
    assert moved.text == "moves inside.txt → sub/renamed.txt (6 bytes)"
    assert (
        preview_delete_file({"path": "sub/nested.txt"}, _ctx(work)).text == "deletes the file sub/nested.txt (6 bytes)"
    )
    (work / "empty").mkdir()
    assert preview_delete_file({"path": "empty"}, _ctx(work)).text == "deletes the empty folder empty/"
    assert (work / "inside.txt").exists()
    assert (work / "sub" / "nested.txt").exists()


@pytest.mark.parametrize(
    ("tool_id", "args", "why"),
    [
        ("write_file", {"path": "sub", "content": "x"}, "'sub' is a folder"),
        ("move_file", {"path": "inside.txt", "to": "sub/nested.txt"}, "already exists"),
        ("delete_file", {"path": "sub"}, "not empty"),
        ("delete_file", {"path": "nope.txt"}, "no file 'nope.txt'"),
        ("delete_file", {"path": "x" * (MAX_INPUT_CHARS + 1)}, "over the limit"),
    ],
)
def test_a_preview_of_a_refused_call_says_nothing_will_change(
    work: Path, tool_id: str, args: dict[str, str], why: str
) -> None:
    effect = WORKSPACE_PREVIEWS[tool_id](args, _ctx(work))
    assert effect.text.startswith("nothing will change: the call will be refused (")
    assert why in effect.text


def test_every_escape_is_refused_by_every_preview_and_nothing_is_touched(work: Path) -> None:
    root = work.parent
    before = _snapshot(root)
    for raw in ESCAPES:
        attempt = str(root / "outside" / "secret.txt") if raw == "OUTSIDE_ABSOLUTE" else raw
        for name, _, args in _calls(attempt):
            preview = WORKSPACE_PREVIEWS.get(name.split()[0])
            if preview is not None:
                assert "refused" in preview(args, _ctx(work)).plan, (name, attempt[:60])
    assert _snapshot(root) == before


def test_a_file_changed_after_the_approval_is_left_alone(work: Path) -> None:
    write = as_previewed(write_file, preview_write_file)
    args = {"path": "report.md", "content": "new text"}
    approved = preview_write_file(args, _ctx(work))
    (work / "report.md").write_text("someone else's report")  # created after the person approved a new file
    result = write(args, _ctx(work, approved))
    assert not result.ok
    assert result.observation.startswith("The workspace changed after the call was approved (approved: writes")
    assert (work / "report.md").read_text() == "someone else's report"
    assert write(args, _ctx(work, preview_write_file(args, _ctx(work)))).ok


def test_a_file_deleted_as_approved_runs_when_nothing_changed(work: Path) -> None:
    delete = as_previewed(delete_file, preview_delete_file)
    approved = preview_delete_file({"path": "inside.txt"}, _ctx(work))
    (work / "inside.txt").write_text("inside, and more written since")
    assert not delete({"path": "inside.txt"}, _ctx(work, approved)).ok
    assert (work / "inside.txt").exists()
    approved = preview_delete_file({"path": "inside.txt"}, _ctx(work))
    assert delete({"path": "inside.txt"}, _ctx(work, approved)).ok
    assert not (work / "inside.txt").exists()
