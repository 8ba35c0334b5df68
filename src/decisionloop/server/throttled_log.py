"""A log that counts repeated events and writes one line per interval: a flood of failures is not a flood of lines."""

from __future__ import annotations

import logging
import time
from collections import Counter
from collections.abc import Callable


class ThrottledLog:
    """Counts events by kind; the first event after a quiet interval is written at once (with its traceback, when
    given), the rest of the interval's are written as one line of counts by the next event after it, or ``flush``.

    One instance per event loop: it is not locked.
    """

    def __init__(
        self, logger: logging.Logger, what: str, *, every_s: float = 10.0, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self._logger = logger
        self._what = what
        self._every_s = every_s
        self._clock = clock
        self._counts: Counter[str] = Counter()
        self._since: float | None = None

    @property
    def pending(self) -> int:
        """Events counted but not yet written."""
        return sum(self._counts.values())

    def event(self, kind: str, *, exc_info: BaseException | None = None) -> None:
        """One event of ``kind`` (a phrase, e.g. 'no request head within 10 s (408)')."""
        now = self._clock()
        if self._since is None or now - self._since >= self._every_s:
            self.flush()
            self._since = now
            self._logger.warning("%s: %s", self._what, kind, exc_info=exc_info)
            return
        self._counts[kind] += 1

    def flush(self) -> None:
        """Write the counts not yet written, as one line."""
        if not self._counts:
            return
        since = self._clock() - (self._since or 0.0)
        said = "; ".join(f"{n:,} {kind}" for kind, n in self._counts.most_common())
        self._logger.warning("%s, %d more in the last %.0f s: %s", self._what, self.pending, since, said)
        self._counts.clear()
