"""An answer's options as people read them: System 1's reading, every option with its probability, the bars."""

from __future__ import annotations

from collections.abc import Mapping

from decisionloop.web.html import esc, prob, tag
from decisionloop.web.loaded import as_mapping, level_name, number


def option_bars(answer: object) -> str:
    """One answer: each option with its probability, the most likely first, System 1's reading marked."""
    reading, options = readings(answer)
    items = []
    for name, p in options:
        items.append(
            tag(
                "li",
                tag("span", esc(name), class_="opt"),
                tag("meter", min="0", max="1", value=f"{p:.4f}"),
                tag("span", prob(p), class_="p"),
                class_="bar chosen" if name == reading else "bar",
            )
        )
    score = answer.get("score") if isinstance(answer, Mapping) else None
    extra = tag("p", f"expected level {score:.2f}", class_="hint") if isinstance(score, float | int) else ""
    return tag("ul", "".join(items), class_="bars") + extra


def readings(answer: object) -> tuple[str | None, list[tuple[str, float]]]:
    """System 1's reading of an answer (a choice's option, the likelier side of a noul, the likeliest level) and
    every option with its probability, most likely first; a score's levels are named by their legend."""
    if not isinstance(answer, Mapping):
        return None, []
    kind = answer.get("type")
    if kind == "noul":
        yes = number(answer.get("noul"))
        options = sorted([("yes", yes), ("no", 1.0 - yes)], key=lambda kv: -kv[1])
        return options[0][0], options
    legend = as_mapping(answer.get("legend"))
    probabilities = as_mapping(answer.get("probabilities"))
    named = [(level_label(k, legend) if kind == "score" else str(k), number(p)) for k, p in probabilities.items()]
    ranked = sorted(named, key=lambda kv: -kv[1])
    if kind == "score":
        return (ranked[0][0] if ranked else None), ranked
    return str(answer.get("choice")), ranked


def level_label(key: object, legend: Mapping[str, object]) -> str:
    """A score level as the pages name it: its index and its legend's name (``1 reversible write``)."""
    name = level_name(legend.get(str(key), ""))
    return f"{key} {name}".strip()
