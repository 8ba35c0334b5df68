"""DECISION.md: parse, compile, check against the code, override gates, evaluate policies."""

from decisionloop.spec.compiler import compile_spec
from decisionloop.spec.contract import DEFAULT_CONTRACT, BlockContract, Provider, contract_problems
from decisionloop.spec.gates import apply_gates, effective_thresholds, gate_keys, parse_assignments, split_env
from decisionloop.spec.load import check_spec, default_text, load_spec, read_spec
from decisionloop.spec.model import Block, Dynamic, Rule, Spec, SpecQuestion

__all__ = [
    "DEFAULT_CONTRACT",
    "Block",
    "BlockContract",
    "Dynamic",
    "Provider",
    "Rule",
    "Spec",
    "SpecQuestion",
    "apply_gates",
    "check_spec",
    "compile_spec",
    "contract_problems",
    "default_text",
    "effective_thresholds",
    "gate_keys",
    "load_spec",
    "parse_assignments",
    "read_spec",
    "split_env",
]
