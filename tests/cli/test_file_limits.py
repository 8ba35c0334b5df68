"""Every file the CLI reads has a ceiling: at most the limit + 1 byte is read, and a larger file (or a device
or pipe that never ends) is refused naming the file, its size and the limit."""

from __future__ import annotations

import os
import threading
import tracemalloc
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from decisionloop.cli import main
from decisionloop.core.files import SPEC_BYTES, SUITE_BYTES, THRESHOLDS_BYTES

CHUNK = 64 * 1024


def _invoke_measured(*args: str) -> tuple[Result, int]:
    """The command's result and the most memory Python held while it ran."""
    tracemalloc.start()
    try:
        result = CliRunner().invoke(main, list(args))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    return result, peak


def _refused(result: Result, *needles: str) -> None:
    assert result.exit_code == 1, result.output
    assert isinstance(result.exception, SystemExit)
    last = result.stderr.splitlines()[-1]
    assert last.startswith("error: ")
    for needle in needles:
        assert needle in last


def _sparse(path: Path, size: int) -> Path:
    with path.open("wb") as f:
        f.truncate(size)
    return path


def test_spec_on_dev_zero_reads_no_more_than_the_limit() -> None:
    result, peak = _invoke_measured("spec", "/dev/zero")
    _refused(result, "decision file '/dev/zero' is more than 1,048,576 bytes", "limit of 1,048,576 bytes")
    assert peak < 3 * SPEC_BYTES


def test_spec_from_an_endless_pipe_stops_reading_at_the_limit(tmp_path: Path) -> None:
    fifo = tmp_path / "spec.fifo"
    os.mkfifo(fifo)
    written = [0]

    def feed() -> None:  # up to 8 times the limit, or until the reader closes its end
        with fifo.open("wb", buffering=0) as out:
            try:
                while written[0] < 8 * SPEC_BYTES:
                    written[0] += out.write(bytes(CHUNK))
            except BrokenPipeError:
                pass

    writer = threading.Thread(target=feed, daemon=True)
    writer.start()
    result = CliRunner().invoke(main, ["spec", str(fifo)])
    writer.join(timeout=30)
    _refused(result, f"{str(fifo)!r} is more than 1,048,576 bytes")
    assert written[0] <= SPEC_BYTES + 1 + 16 * CHUNK  # what the reader took, plus what the pipe buffered


def test_an_oversized_spec_file_is_refused_with_its_size(tmp_path: Path) -> None:
    big = _sparse(tmp_path / "DECISION.md", SPEC_BYTES + 10)
    result, peak = _invoke_measured("spec", str(big))
    _refused(result, f"decision file {str(big)!r} is 1,048,586 bytes, over the limit of 1,048,576 bytes")
    assert peak < 3 * SPEC_BYTES


@pytest.mark.parametrize("command", ["eval", "run"])
def test_an_oversized_suite_file_is_refused_with_its_size(tmp_path: Path, command: str) -> None:
    big = _sparse(tmp_path / "tasks.json", SUITE_BYTES + 1)
    args = ["eval", "--suite", str(big)] if command == "eval" else ["run", "hi", "--suite", str(big)]
    result, peak = _invoke_measured(*args, "--decisions", "rules")
    _refused(result, f"suite file {str(big)!r} is {SUITE_BYTES + 1:,} bytes, over the limit of {SUITE_BYTES:,} bytes")
    assert peak < 2 * SUITE_BYTES


@pytest.mark.parametrize("command", ["eval", "run"])
def test_a_thresholds_file_that_never_ends_is_refused(command: str) -> None:
    args = ["eval", "--thresholds", "/dev/zero"] if command == "eval" else ["run", "hi", "--thresholds", "/dev/zero"]
    result, peak = _invoke_measured(*args)
    _refused(result, f"thresholds file '/dev/zero' is more than {THRESHOLDS_BYTES:,} bytes")
    assert peak < 3 * THRESHOLDS_BYTES
