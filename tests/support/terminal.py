"""The CLI in a real pseudo-terminal, for tests of what a person at a terminal sees and types."""

from __future__ import annotations

import os
import pty
import select
import signal
import sys
import time


class Terminal:
    """The CLI in a child process whose stdin, stdout and stderr are one pseudo-terminal (its controlling tty)."""

    def __init__(self, *args: str) -> None:
        env = {**os.environ, "COLUMNS": "200", "TERM": "dumb", "NO_COLOR": "1"}
        argv = [sys.executable, "-c", "from decisionloop.cli.main import run; run()", *args]
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child; a shell may have started the tests with SIGINT ignored, which exec keeps
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            os.execve(argv[0], argv, env)
        self.seen = b""
        self.matched = 0  # where the text last expected ended

    def expect(self, text: str, timeout: float = 60.0) -> None:
        """Read until ``text`` has been shown since the last text expected."""
        deadline = time.monotonic() + timeout
        while (at := self.seen.find(text.encode(), self.matched)) < 0:
            if not self._read(deadline - time.monotonic()):
                raise AssertionError(f"{text!r} never shown; the terminal shows:\n{self.text}")
        self.matched = at + len(text)

    def send(self, data: bytes) -> None:
        os.write(self.fd, data)

    def wait(self, timeout: float = 60.0) -> int:
        """Read to the end; the exit status (128 + n for a signal n)."""
        deadline = time.monotonic() + timeout
        while self._read(deadline - time.monotonic()):
            pass
        _, status = os.waitpid(self.pid, 0)
        os.close(self.fd)
        return os.waitstatus_to_exitcode(status) if os.WIFEXITED(status) else 128 + os.WTERMSIG(status)

    @property
    def text(self) -> str:
        return self.seen.decode("utf-8", "replace").replace("\r\n", "\n")

    def _read(self, timeout: float) -> bool:
        if timeout <= 0:
            os.kill(self.pid, signal.SIGKILL)
            raise AssertionError(f"the CLI did not finish; the terminal shows:\n{self.text}")
        ready, _, _ = select.select([self.fd], [], [], timeout)
        try:
            chunk = os.read(self.fd, 4096) if ready else b""
        except OSError:  # EIO: the child closed the terminal
            return False
        self.seen += chunk
        return bool(chunk) or not ready
