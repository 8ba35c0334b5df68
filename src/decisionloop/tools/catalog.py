"""The built-in tools as the decision model sees them: ids, option texts, slots and side effects.

Ids and slots follow the layaAgent tool set, so its task suite runs unchanged; the specs are data
(``data/catalog.json``), the runners live elsewhere and are bound to these specs in ``builtin.py``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from decisionloop.core.tables import Tables
from decisionloop.core.tool import Preview, Risk, Runner, Slot, Tool


@dataclass(frozen=True, slots=True, kw_only=True)
class ToolSpec:
    """A tool without its runner."""

    id: str
    description: str
    slots: tuple[Slot, ...] = ()
    side_effect: str | None = None
    risk: Risk = 0
    timeout_s: float | None = None
    not_for: tuple[str, ...] = ()

    def slot(self, name: str) -> Slot:
        """The slot called ``name``; KeyError lists the tool's slots."""
        for s in self.slots:
            if s.name == name:
                return s
        raise KeyError(f"{self.id} has no slot {name!r}; its slots: {', '.join(s.name for s in self.slots) or 'none'}")

    def bind(self, run: Runner, preview: Preview | None = None) -> Tool:
        """The runnable tool (with ``preview``, one whose approvals show the effect of each call)."""
        return Tool(
            id=self.id,
            description=self.description,
            slots=self.slots,
            run=run,
            side_effect=self.side_effect,
            risk=self.risk,
            timeout_s=self.timeout_s,
            preview=preview,
            not_for=self.not_for,
        )


_DATA = Tables("decisionloop.tools")
SPECS: tuple[ToolSpec, ...] = _DATA.load("catalog", "tools", tuple[ToolSpec, ...])
WORKSPACE_SPECS: tuple[ToolSpec, ...] = _DATA.load("catalog", "workspace_tools", tuple[ToolSpec, ...])
_PIDS: Mapping[str, str] = _DATA.load("catalog", "wikidata_pids", dict[str, str])
_UNITS: Mapping[str, str] = _DATA.load("catalog", "units", dict[str, str])


SIDE_EFFECTS: frozenset[str] = frozenset(s.id for s in SPECS + WORKSPACE_SPECS if s.side_effect)


def spec(tool_id: str) -> ToolSpec:
    """The spec of a built-in tool; KeyError lists them."""
    for s in (*SPECS, *WORKSPACE_SPECS):
        if s.id == tool_id:
            return s
    raise KeyError(f"no built-in tool {tool_id!r}; tools: {', '.join(s.id for s in (*SPECS, *WORKSPACE_SPECS))}")


def _fixed_pairs(tool_id: str, slot: str) -> tuple[tuple[str, str], ...]:
    return tuple((o.name, o.criteria or o.name) for o in spec(tool_id).slot(slot).fixed)


# The fixed options as (key, label) pairs, for the runners that read them; the key of each fact, its Wikidata id.
# UNITS are the units unit_convert names by a short key ("km", "C"), with the label its answers show; its target
# is any unit, these are the ones the generator and the dev split write by key.
UNITS: tuple[tuple[str, str], ...] = tuple(_UNITS.items())
WHEN: tuple[tuple[str, str], ...] = _fixed_pairs("weather", "when")
WIKIDATA_PROPERTIES: tuple[tuple[str, str, str], ...] = tuple(
    (key, _PIDS[key], label) for key, label in _fixed_pairs("wikidata_fact", "property")
)
