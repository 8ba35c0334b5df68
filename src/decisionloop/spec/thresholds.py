"""A thresholds file: gate values tuned on the dev split, with a record of where they came from.

``run`` and ``eval`` accept it with ``--thresholds FILE``; a ``--gate`` flag or ``DECISIONLOOP_GATES`` still
wins for the same key (flag > environment > file > DECISION.md).
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from pathlib import Path

from decisionloop.core.errors import ConfigError
from decisionloop.core.files import THRESHOLDS_BYTES, read_text_capped

FORMAT = "decisionloop-thresholds/1"


def write_thresholds(path: Path, gates: Mapping[str, float], source: Mapping[str, object]) -> None:
    """Write ``gates`` and where they came from (suite, split, backend, cap, figures, time)."""
    data = {"format": FORMAT, "gates": dict(gates), "source": dict(source)}
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


def read_thresholds(path: Path) -> dict[str, float]:
    """The gate values of a thresholds file; ConfigError names the file and what is wrong."""
    try:
        data = json.loads(read_text_capped(path, limit=THRESHOLDS_BYTES, what="thresholds file"))
    except OSError as exc:
        raise ConfigError(f"cannot read thresholds file {str(path)!r} ({exc.strerror}); check the path") from exc
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ConfigError(
            f"{path}: not a thresholds file ({exc}); write one with decisionloop eval --tune-cap"
        ) from exc
    if not isinstance(data, Mapping) or data.get("format") != FORMAT:
        raise ConfigError(f'{path}: expected a JSON object with "format": {FORMAT!r}; write one with eval --tune-cap')
    gates = data.get("gates")
    if not isinstance(gates, Mapping) or not gates:
        raise ConfigError(f"{path}: 'gates' must be a non-empty object of gate key → number")
    values: dict[str, float] = {}
    for key, value in gates.items():
        if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
            raise ConfigError(f"{path}: gate {key!r} must be a number, got {value!r}")
        values[str(key)] = float(value)
    return values
