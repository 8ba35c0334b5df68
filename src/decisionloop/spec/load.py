"""Load a DECISION.md: compile it, check it against the code, apply gate overrides; fail loudly on any problem."""

from __future__ import annotations

from collections.abc import Mapping
from importlib import resources
from pathlib import Path

from decisionloop.core.errors import ConfigError, SpecError
from decisionloop.core.files import SPEC_BYTES, read_text_capped
from decisionloop.spec.compiler import compile_spec
from decisionloop.spec.contract import DEFAULT_CONTRACT, BlockContract, contract_problems
from decisionloop.spec.gates import apply_gates
from decisionloop.spec.model import Spec

DEFAULT_NAME = "DECISION.md"


def default_text() -> str:
    """The DECISION.md shipped inside the package."""
    return resources.files("decisionloop").joinpath(DEFAULT_NAME).read_text(encoding="utf-8")


def read_spec(path: Path | None = None) -> tuple[str, str]:
    """The text and display path of ``path`` (at most ``SPEC_BYTES``), or of the shipped file when None."""
    if path is None:
        return default_text(), DEFAULT_NAME
    try:
        return read_text_capped(path, limit=SPEC_BYTES, what="decision file"), str(path)
    except OSError as err:
        raise ConfigError(
            f"cannot read decision file {str(path)!r}: {err.strerror or err}; "
            "pass an existing DECISION.md or omit the path to use the shipped one"
        ) from err
    except UnicodeDecodeError as err:
        raise ConfigError(f"decision file {str(path)!r} is not UTF-8 text ({err.reason})") from err


def check_spec(text: str, path: str, contract: Mapping[str, BlockContract] = DEFAULT_CONTRACT) -> Spec:
    """Compile and add the code/file mismatches to the problems; never raises on bad text."""
    spec = compile_spec(text, path)
    if spec.problems:
        return spec
    mismatches = contract_problems(spec, contract)
    if not mismatches:
        return spec
    return Spec(
        path=spec.path, title=spec.title, blocks=spec.blocks, generator=spec.generator, problems=tuple(mismatches)
    )


def load_spec(
    path: Path | None = None,
    gates: Mapping[str, float] | None = None,
    contract: Mapping[str, BlockContract] = DEFAULT_CONTRACT,
) -> Spec:
    """The usable spec; SpecError lists every problem with its line, GateError every refused override."""
    text, shown = read_spec(path)
    spec = check_spec(text, shown, contract)
    if spec.problems:
        raise SpecError(shown, spec.problems)
    return apply_gates(spec, gates or {})
