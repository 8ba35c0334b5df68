"""The reading budget: how much of a long goal or observation the extractor reads (its start and its end)."""

from __future__ import annotations

# A text of at most HEAD_CHARS + TAIL_CHARS characters is read whole; a longer one as two pieces, its first
# HEAD_CHARS and its last TAIL_CHARS characters, each cut at a word boundary. The start of a tool's output holds
# its title, summary or answer and the end its latest lines (a log's tail, the newest notes), so those are where
# the values the next step needs most often are. 8,000 characters in all is the tool layer's own output cap
# (tools.workspace.MAX_OUTPUT_CHARS), so what a tool returns whole is read whole, and over ten times the longest
# goal or observation of the dev suite and the generator (570 characters), so their candidates are those of the
# whole text; it keeps one text's extraction to some tens of milliseconds however long the text is.
HEAD_CHARS = 6_000
TAIL_CHARS = 2_000
# How far a cut moves to fall between words; a longer run without whitespace is cut where the budget ends.
_WORD_SLACK = 40


def pieces(text: str) -> tuple[str, ...]:
    """``text`` itself when it fits the budget, else its first and last pieces cut at word boundaries."""
    if len(text) <= HEAD_CHARS + TAIL_CHARS:
        return (text,)
    return text[: _head_end(text)], text[_tail_start(text) :]


def _head_end(text: str) -> int:
    """Where the first piece ends: at the last whitespace before HEAD_CHARS when the cut would split a word."""
    end = HEAD_CHARS
    for k in range(end, max(end - _WORD_SLACK, 0), -1):
        if text[k - 1].isspace() or text[k].isspace():
            return k
    return end


def _tail_start(text: str) -> int:
    """Where the last piece starts: at the first whitespace after the cut when the cut would split a word."""
    start = len(text) - TAIL_CHARS
    for k in range(start, min(start + _WORD_SLACK, len(text))):
        if text[k - 1].isspace() or text[k].isspace():
            return k
    return start
