"""The one exception hierarchy of decisionloop.

::

    DecisionLoopError
    ├── SpecError            a DECISION.md mistake or code/file mismatch, raised at load (file and line)
    ├── ConfigError          a bad setting or CLI value (names the value and the fix)
    │   ├── GateError        gate overrides that cannot apply (lists the valid keys; none applied)
    │   └── JournalError     a run id that names no run, or a journal file that cannot be used
    ├── WireError            a `/v1/systemone` message that breaks the format or the reader's limits (code says which)
    └── RunError             something failed while running
        └── ServiceError     a service gave no usable reply (code says why; some are retryable)
            ├── BackendError     a decision backend
            └── GeneratorError   the generator (an LLM)

Signals the loop records on a step (a held step, a degraded answer) are data, not exceptions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

BackendErrorCode = Literal["transport", "timeout", "rate_limited", "server", "client", "malformed"]
GeneratorErrorCode = BackendErrorCode
WireErrorCode = Literal[
    "invalid_json", "invalid_request", "invalid_question", "model_not_found", "too_many_questions", "too_many_options"
]
RETRYABLE_CODES: frozenset[BackendErrorCode] = frozenset({"transport", "timeout", "rate_limited", "server"})


class DecisionLoopError(Exception):
    """Base class of every error decisionloop raises on purpose."""


@dataclass(frozen=True, slots=True)
class Problem:
    """One mistake in a DECISION.md, at a 1-based line number."""

    line: int
    message: str

    def render(self, path: str) -> str:
        """Format as ``FILE:LINE: message``, the form editors jump to."""
        return f"{path}:{self.line}: {self.message}"


class SpecError(DecisionLoopError):
    """A DECISION.md that does not compile, or a code/file mismatch found at load."""

    def __init__(self, path: str, problems: Sequence[Problem]) -> None:
        self.path = path
        self.problems = tuple(problems)
        lines = "\n".join(p.render(path) for p in self.problems)
        super().__init__(f"{path} has {len(self.problems)} problem(s):\n{lines}")


class ConfigError(DecisionLoopError):
    """A setting or option value that cannot be used."""


class GateError(ConfigError):
    """Gate overrides that cannot apply; none of them took effect."""

    def __init__(self, messages: Sequence[str]) -> None:
        self.messages = tuple(messages)
        super().__init__("gate overrides refused, none applied:\n" + "\n".join(f"  {m}" for m in self.messages))


class JournalError(ConfigError):
    """A run id that names no recorded run (or several), or a journal file this version cannot use."""


class WireError(DecisionLoopError, ValueError):
    """A `/v1/systemone` message that cannot be read, or that a reader's limits refuse; ``code`` says which."""

    def __init__(self, code: WireErrorCode, message: str) -> None:
        self.code: WireErrorCode = code
        self.message = message
        super().__init__(message)


class RunError(DecisionLoopError):
    """A failure while running: a backend down, a budget exceeded."""


class ServiceError(RunError):
    """A service (a decision backend, an LLM) gave no usable reply; ``code`` classifies why (branch on it)."""

    def __init__(
        self, source: str, code: BackendErrorCode, message: str, *, retry_after_s: float | None = None
    ) -> None:
        self.source = source
        self.code: BackendErrorCode = code
        self.retry_after_s = retry_after_s
        self.message = message
        super().__init__(f"{source}: {code}: {message}")

    @property
    def retryable(self) -> bool:
        """Whether trying again could help (transport trouble, timeouts, 429 and 5xx)."""
        return self.code in RETRYABLE_CODES


class BackendError(ServiceError):
    """A decision backend gave no usable reply."""

    @property
    def backend(self) -> str:
        """The backend's name."""
        return self.source


class GeneratorError(ServiceError):
    """The generator (an LLM) gave no usable reply, classified with the decision backend's codes."""

    @property
    def generator(self) -> str:
        """The generator's name."""
        return self.source
