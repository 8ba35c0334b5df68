"""HTML built on the server: every text escaped on the way in, one page shell with the nav and the CSRF token."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from html import escape

Nav = tuple[tuple[str, str], ...]
NAV: Nav = (("/", "Agent"), ("/runs", "Sessions"), ("/spec", "Spec"), ("/evaluate", "Evaluate"))
_VOID = frozenset({"input", "meta", "link", "br", "hr", "img"})
DECIDER_NAMES: Mapping[str, str] = {"system1": "System 1", "llm": "LLM", "person": "person", "code": "code"}


def esc(value: object) -> str:
    """``value`` as text safe inside an element or a quoted attribute."""
    return escape(str(value), quote=True)


def attrs(**values: object) -> str:
    """`` name="value"`` pairs (``class_`` for class, ``data_x`` for data-x); None and False are left out."""
    parts = []
    for key, value in values.items():
        if value is None or value is False:
            continue
        name = key.rstrip("_").replace("_", "-")
        parts.append(f" {name}" if value is True else f' {name}="{esc(value)}"')
    return "".join(parts)


def tag(element: str, /, *children: str, **values: object) -> str:
    """``<element …>children</element>``; the children are HTML already (escape text with ``esc``)."""
    if element in _VOID:
        return f"<{element}{attrs(**values)}>"
    return f"<{element}{attrs(**values)}>{''.join(children)}</{element}>"


def rows(cells: Iterable[Iterable[str]], *, header: Iterable[str] = ()) -> str:
    """A table of HTML cells, with an optional header row of texts."""
    head = tag("thead", tag("tr", *(tag("th", esc(h), scope="col") for h in header))) if header else ""
    body = tag("tbody", *(tag("tr", *(tag("td", c) for c in row)) for row in cells))
    return tag("div", tag("table", head, body), class_="table-wrap")


def prob(p: object) -> str:
    """A probability as people read it: 0.961, never rounded to 0 or 1 unless it is exactly that."""
    if not isinstance(p, int | float) or isinstance(p, bool):
        return "—"
    if p in (0, 1):
        return f"{p:.0f}"
    text = f"{p:.3f}"
    if text in ("0.000", "1.000"):
        return f"{p:.2e}" if p < 0.5 else f"1 − {1 - p:.1e}"
    return text


def who(decided_by: object) -> str:
    """A badge saying who decided a step, coloured by the decider."""
    key = str(decided_by)
    return tag("span", esc(DECIDER_NAMES.get(key, key)), class_=f"who who-{esc(key)}")


def page(title: str, body: str, *, csrf: str, active: str, scripts: Iterable[str] = ()) -> str:
    """A whole page: head (the CSRF token in a meta tag), the nav with ``active`` marked, ``body`` in main."""
    nav = "".join(
        tag("a", esc(label), href=href, aria_current="page" if href == active else None) for href, label in NAV
    )
    script_tags = "".join(tag("script", src=f"/static/{s}", defer=True) for s in scripts)
    return "<!doctype html>" + tag(
        "html",
        tag(
            "head",
            '<meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            '<meta name="color-scheme" content="light dark">',
            f'<meta name="csrf-token" content="{esc(csrf)}">',
            tag("title", esc(f"{title} · decisionloop")),
            '<link rel="stylesheet" href="/static/style.css">',
            '<link rel="icon" href="data:,">',
            script_tags,
        ),
        tag(
            "body",
            tag("a", "Skip to content", href="#main", class_="skip"),
            tag("header", tag("a", "decisionloop", href="/", class_="brand"), tag("nav", nav, aria_label="Pages")),
            tag("main", body, id="main", tabindex="-1"),
        ),
        lang="en",
    )
