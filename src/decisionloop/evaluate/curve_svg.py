"""The coverage curve as inline SVG drawn by hand: axes fitted to the data, ticks, titles, labels kept apart."""

from __future__ import annotations

import html
import math
from collections.abc import Sequence
from dataclasses import dataclass

from decisionloop.evaluate.metrics import CurvePoint

__all__ = ["CHAR_WIDTH", "HEIGHT", "LABEL_HEIGHT", "WIDTH", "curve_svg"]

WIDTH, HEIGHT = 760, 460
_LEFT, _RIGHT, _TOP, _BOTTOM = 78, 24, 40, 62
CHAR_WIDTH = 7.0  # a generous width of one 12px character, so the estimated label boxes hold the drawn text
LABEL_HEIGHT = 14.0
_POINT_R = 4.0
_TICKS = 6
_MIN_X_SPAN, _MIN_Y_SPAN = 0.1, 0.01  # a range this wide at least, so a flat curve is not blown up into noise
_RADII = (9.0, 20.0, 34.0, 50.0, 70.0, 95.0)
_ANGLES = (-45, -135, 45, 135, -90, 90, 0, 180, -20, -160, 20, 160, -70, -110, 70, 110)
_BLUE, _RED, _GRID, _INK = "#2060a0", "#c02020", "#e4e4e4", "#333"


@dataclass(frozen=True, slots=True, kw_only=True)
class _Axis:
    """One axis: the data range shown and its ticks."""

    lo: float
    hi: float
    step: float

    def ticks(self) -> list[float]:
        count = round((self.hi - self.lo) / self.step)
        return [self.lo + i * self.step for i in range(count + 1)]

    def fraction(self, value: float) -> float:
        return (value - self.lo) / (self.hi - self.lo)

    def label(self, value: float) -> str:
        decimals = max(0, -math.floor(math.log10(self.step * 100) + 1e-9))
        return f"{value * 100:.{decimals}f}%"


@dataclass(frozen=True, slots=True, kw_only=True)
class _Box:
    x: float
    y: float
    w: float
    h: float

    def overlaps(self, other: _Box) -> bool:
        return (
            self.x < other.x + other.w
            and other.x < self.x + self.w
            and self.y < other.y + other.h
            and (other.y < self.y + self.h)
        )


def curve_svg(points: Sequence[CurvePoint], tuned: CurvePoint | None) -> str:
    """Automatic share (x) against the error of the automatic steps (y), one point per threshold τ of the sweep."""
    shown = [p for p in sorted(points, key=lambda p: p.tau) if p.auto_accuracy is not None]
    places = _same_place(shown)
    x_axis = _axis([x for x, _ in places], _MIN_X_SPAN)
    y_axis = _axis([y for _, y in places], _MIN_Y_SPAN)

    def at(x: float, y: float) -> tuple[float, float]:
        return _LEFT + x_axis.fraction(x) * _plot_w(), _TOP + (1 - y_axis.fraction(y)) * _plot_h()

    parts = [_grid(x_axis, y_axis), _polyline([at(p.auto_share, _error(p)) for p in shown])]
    centres = {place: at(*place) for place in places}
    parts += [_circle(cx, cy) for cx, cy in centres.values()]
    if tuned is not None and tuned.auto_accuracy is not None:
        parts.append(_diamond(*at(tuned.auto_share, _error(tuned))))
    parts += _labels(places, centres)
    parts.append(_legend(tuned))
    body = "".join(parts)
    return (
        f'<svg class="curve" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'font-family="system-ui,sans-serif" font-size="12"><title>automatic share and error by τ</title>{body}</svg>'
    )


def _error(point: CurvePoint) -> float:
    return 1.0 - (point.auto_accuracy or 0.0)


def _plot_w() -> float:
    return WIDTH - _LEFT - _RIGHT


def _plot_h() -> float:
    return HEIGHT - _TOP - _BOTTOM


def _same_place(points: Sequence[CurvePoint]) -> dict[tuple[float, float], list[float]]:
    """The τ values of each distinct point of the curve, so overlapping points get one label."""
    places: dict[tuple[float, float], list[float]] = {}
    for p in points:
        places.setdefault((p.auto_share, _error(p)), []).append(p.tau)
    return places


def _axis(values: Sequence[float], min_span: float) -> _Axis:
    """A range around ``values`` in round steps, at least ``min_span`` wide, kept within 0–100%."""
    lo, hi = min(values), max(values)
    if hi - lo < min_span:
        middle = (lo + hi) / 2
        lo, hi = middle - min_span / 2, middle + min_span / 2
    step = _round_step((hi - lo) / (_TICKS - 1))
    lo = max(0.0, math.floor(lo / step - 0.25) * step)
    hi = min(1.0, math.ceil(hi / step + 0.25) * step)
    if hi - lo < step:
        lo, hi = max(0.0, hi - step), min(1.0, lo + step)
    return _Axis(lo=round(lo, 10), hi=round(hi, 10), step=step)


def _round_step(raw: float) -> float:
    """1, 2 or 5 times a power of ten, at least ``raw``."""
    power = 10.0 ** math.floor(math.log10(raw))
    return next(m * power for m in (1, 2, 5, 10) if m * power >= raw - 1e-12)


def _grid(x_axis: _Axis, y_axis: _Axis) -> str:
    right, bottom = _LEFT + _plot_w(), _TOP + _plot_h()
    parts = [f'<rect x="{_LEFT}" y="{_TOP}" width="{_plot_w()}" height="{_plot_h()}" fill="none" stroke="#999"/>']
    for tick in x_axis.ticks():
        x = _LEFT + x_axis.fraction(tick) * _plot_w()
        parts.append(f'<line x1="{x:.1f}" y1="{_TOP}" x2="{x:.1f}" y2="{bottom}" stroke="{_GRID}"/>')
        parts.append(f'<line x1="{x:.1f}" y1="{bottom}" x2="{x:.1f}" y2="{bottom + 5}" stroke="#999"/>')
        parts.append(_text(x, bottom + 19, x_axis.label(tick), anchor="middle", css="tick"))
    for tick in y_axis.ticks():
        y = _TOP + (1 - y_axis.fraction(tick)) * _plot_h()
        parts.append(f'<line x1="{_LEFT}" y1="{y:.1f}" x2="{right}" y2="{y:.1f}" stroke="{_GRID}"/>')
        parts.append(f'<line x1="{_LEFT - 5}" y1="{y:.1f}" x2="{_LEFT}" y2="{y:.1f}" stroke="#999"/>')
        parts.append(_text(_LEFT - 8, y + 4, y_axis.label(tick), anchor="end", css="tick"))
    x_title = "automatic share of steps (run without asking anyone)"
    parts.append(_text(_LEFT + _plot_w() / 2, HEIGHT - 14, x_title, anchor="middle", css="axis-title", size=13))
    middle = _TOP + _plot_h() / 2
    parts.append(
        f'<text class="axis-title" x="18" y="{middle:.1f}" text-anchor="middle" font-size="13" fill="{_INK}" '
        f'transform="rotate(-90 18 {middle:.1f})">error of the automatic steps</text>'
    )
    return "".join(parts)


def _polyline(xy: Sequence[tuple[float, float]]) -> str:
    coords = " ".join(f"{x:.1f},{y:.1f}" for x, y in xy)
    return f'<polyline points="{coords}" fill="none" stroke="{_BLUE}" stroke-width="1.5"/>'


def _circle(cx: float, cy: float, css: str = "point") -> str:
    return f'<circle class="{css}" cx="{cx:.1f}" cy="{cy:.1f}" r="{_POINT_R:g}" fill="{_BLUE}"/>'


def _diamond(cx: float, cy: float, size: float = 9.0) -> str:
    corners = f"{cx:.1f},{cy - size:.1f} {cx + size:.1f},{cy:.1f} {cx:.1f},{cy + size:.1f} {cx - size:.1f},{cy:.1f}"
    return f'<polygon class="tuned" points="{corners}" fill="none" stroke="{_RED}" stroke-width="2.5"/>'


def _labels(
    places: dict[tuple[float, float], list[float]], centres: dict[tuple[float, float], tuple[float, float]]
) -> list[str]:
    """Each place's τ label at the nearest free spot around it (a leader line when it had to move away)."""
    taken = [
        _Box(x=cx - _POINT_R - 1, y=cy - _POINT_R - 1, w=2 * _POINT_R + 2, h=2 * _POINT_R + 2)
        for cx, cy in centres.values()
    ]
    parts = []
    for place, (cx, cy) in sorted(centres.items(), key=lambda kv: (kv[1][0], kv[1][1])):
        taus = places[place]
        text = f"τ={taus[0]:g}" if len(taus) == 1 else f"τ={taus[0]:g}–{taus[-1]:g}"
        box, radius = _free_spot(cx, cy, len(text) * CHAR_WIDTH, taken)
        taken.append(box)
        if radius > _RADII[0]:
            ex, ey = _nearest_edge(box, cx, cy)
            parts.append(f'<line x1="{cx:.1f}" y1="{cy:.1f}" x2="{ex:.1f}" y2="{ey:.1f}" stroke="#888"/>')
        parts.append(_text(box.x, box.y + LABEL_HEIGHT - 3, text, css="label"))
    return parts


def _free_spot(cx: float, cy: float, w: float, taken: Sequence[_Box]) -> tuple[_Box, float]:
    """The first box of width ``w`` around (cx, cy), nearest first, inside the plot and clear of ``taken``."""
    fallback: tuple[_Box, float] | None = None
    for radius in _RADII:
        for angle in _ANGLES:
            ax, ay = cx + radius * math.cos(math.radians(angle)), cy + radius * math.sin(math.radians(angle))
            box = _Box(
                x=ax - w * (1 - math.cos(math.radians(angle))) / 2,
                y=ay - LABEL_HEIGHT * (1 - math.sin(math.radians(angle))) / 2,
                w=w,
                h=LABEL_HEIGHT,
            )
            if not _inside(box):
                continue
            if fallback is None:
                fallback = (box, radius)
            if not any(box.overlaps(other) for other in taken):
                return box, radius
    return fallback or (_Box(x=cx + _RADII[0], y=cy - LABEL_HEIGHT, w=w, h=LABEL_HEIGHT), _RADII[0])


def _inside(box: _Box) -> bool:
    return (
        box.x >= _LEFT + 2
        and box.x + box.w <= _LEFT + _plot_w() - 2
        and box.y >= _TOP + 2
        and (box.y + box.h <= _TOP + _plot_h() - 2)
    )


def _nearest_edge(box: _Box, x: float, y: float) -> tuple[float, float]:
    return min(max(x, box.x), box.x + box.w), min(max(y, box.y), box.y + box.h)


def _legend(tuned: CurvePoint | None) -> str:
    y = _TOP - 16
    parts = [
        _circle(_LEFT + 6, y - 4, "legend"),
        _text(_LEFT + 16, y, "one threshold τ of the sweep (τ applies to tool and argument picks)"),
    ]
    if tuned is not None and tuned.auto_accuracy is not None:
        x = _LEFT + 470
        parts += [_diamond(x, y - 4, 6.0), _text(x + 12, y, f"tuned τ = {tuned.tau:g}")]
    return "".join(parts)


def _text(x: float, y: float, text: str, *, anchor: str = "start", css: str = "", size: int = 12) -> str:
    css_attr = f' class="{css}"' if css else ""
    return (
        f'<text{css_attr} x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}" font-size="{size}" fill="{_INK}">'
        f"{html.escape(text)}</text>"
    )
