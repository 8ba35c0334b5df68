"""``model info`` for people: the model, its files, how it was trained, its gate thresholds and their origin."""

from __future__ import annotations

from collections.abc import Mapping

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

__all__ = ["model_info_view"]

_TRAINING: tuple[tuple[str, str], ...] = (("episodes", "episodes"), ("train_questions", "training questions"))
_TRAINING += (("held_questions", "held out"), ("seed", "seed"), ("base", "fine-tuned from"))
_TRAINING += (("train_seconds", "training time"),)
_SHA_SHOWN = 16
_SOURCE = ("suite", "split", "protocol", "backend", "cap", "auto_share", "auto_error", "at", "model_id")


def model_info_view(info: Mapping[str, object]) -> RenderableType:
    """The tables of one model's ``info`` (the data ``model info --json`` prints)."""
    parts: list[RenderableType | None] = [Text(f"model {info['model_id']}", style="bold")]
    parts += [Text(f"in {info['directory']}")]
    parts += [_files(_mapping(info, "files")), _training(_mapping(info, "training"))]
    parts += [_accuracy(_mapping(_mapping(info, "training"), "held_accuracy"))]
    heads = _mapping(info, "heads")
    parts += [_pairs("answer", "head", heads) if len(heads) > 1 else None]
    parts += [_pairs("calibration temperature", "group", _mapping(info, "temperatures"))]
    parts += [_thresholds(_mapping(info, "thresholds"))]
    return Group(*[p for p in parts if p is not None])


def _mapping(data: Mapping[str, object], key: str) -> Mapping[str, object]:
    value = data.get(key)
    return value if isinstance(value, Mapping) else {}


def _table(*head: str, numbers: bool = True) -> Table:
    """A borderless table; with ``numbers`` the columns after the first are right-aligned."""
    table = Table(box=None, pad_edge=False, show_edge=False, header_style="bold dim")
    for i, name in enumerate(head):
        table.add_column(name, justify="right" if i and numbers else "left", no_wrap=True)
    return table


def _section(title: str, *body: RenderableType) -> Group:
    """A blank line, a bold title, then the body."""
    return Group(Text(""), Text(title, style="bold"), *body)


def _files(files: Mapping[str, object]) -> Group | None:
    if not files:
        return None
    table = _table("file", "size", "sha256 (start; --json has it whole)")
    table.columns[2].justify = "left"
    for name, entry in files.items():
        facts = entry if isinstance(entry, Mapping) else {}
        size = facts.get("bytes")
        shown = _size(size) if isinstance(size, int) else "—"
        table.add_row(Text(name), shown, str(facts.get("sha256", "—"))[:_SHA_SHOWN])
    return _section("files", table)


def _training(training: Mapping[str, object]) -> Group | None:
    if not training:
        return None
    table = _table("figure", "value")
    for key, label in _TRAINING:
        if key in training:
            value = training[key]
            shown = f"{value:.0f} s" if key == "train_seconds" and isinstance(value, float | int) else _plain(value)
            table.add_row(label, Text(shown))
    return _section("training", table)


def _accuracy(accuracy: Mapping[str, object]) -> Group | None:
    if not accuracy:
        return None
    table = _table("question family", "accuracy")
    for family, value in sorted(accuracy.items(), key=lambda kv: (kv[0] == "all", kv[0])):
        table.add_row(Text(family), f"{value:.2%}" if isinstance(value, float | int) else _plain(value))
    return _section("held-out accuracy", table)


def _pairs(title: str, head: str, values: Mapping[str, object]) -> Group | None:
    if not values:
        return None
    table = _table(head, title.split()[-1])
    for key, value in sorted(values.items()):
        table.add_row(Text(key), _plain(value))
    return _section(f"{title}s", table)


def _thresholds(thresholds: Mapping[str, object]) -> RenderableType:
    gates = _mapping(thresholds, "gates")
    if not gates:
        return _section("gate thresholds", Text("none tuned beside the model: the spec's gate values apply"))
    table = _table("gate", "τ")
    for key, value in gates.items():
        table.add_row(Text(key), _plain(value))
    heading = ("gate thresholds", Text(f"from {thresholds.get('file', '—')}"), table)
    source = _mapping(thresholds, "source")
    if not source:
        return _section(*heading)
    where = _table("fact", "value", numbers=False)
    for key in _SOURCE:
        if key in source:
            value = source[key]
            shown = f"{value:.1%}" if key in {"cap", "auto_share", "auto_error"} and isinstance(value, float) else value
            where.add_row(key.replace("_", " "), Text(_plain(shown)))
    return Group(_section(*heading), _section("where they came from (eval --tune-cap)", where))


def _size(size: int) -> str:
    if size >= 1_000_000:
        return f"{size / 1e6:.2f} MB"
    return f"{size / 1e3:.1f} kB" if size >= 1_000 else f"{size} B"


def _plain(value: object) -> str:
    return "—" if value is None else str(value)
