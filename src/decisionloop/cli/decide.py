"""``decisionloop decide``: ask one decision about a state given on the command line, and show it."""

from __future__ import annotations

import json
from collections.abc import Sequence

import click

from decisionloop.cli.common import decision_backend, fail, gate_overrides, utf8_text
from decisionloop.cli.options import decisions_options, gate_option, setting_option
from decisionloop.cli.views.decision import decision_lines
from decisionloop.core.decision import decision_json
from decisionloop.core.errors import ConfigError
from decisionloop.core.questions import Option
from decisionloop.decide import Ask
from decisionloop.decide import decide as decide_one
from decisionloop.spec import load_spec
from decisionloop.spec.model import Block


@click.command()
@click.argument("block_id", metavar="BLOCK")
@click.option(
    "--state",
    "state_text",
    required=True,
    help='The frame to decide on: a JSON object, or plain text (sent as {"goal": TEXT}).',
)
@click.option(
    "--option",
    "options",
    multiple=True,
    metavar="NAME[=CRITERIA]",
    help="An option built in code for a dynamic question (repeatable), e.g. --option weather='Get the forecast'.",
)
@decisions_options()
@setting_option("decisions_timeout", "--timeout")
@gate_option()
@click.option("--json", "as_json", is_flag=True, help="Print the decision as JSON.")
def decide(
    block_id: str,
    state_text: str,
    options: tuple[str, ...],
    decisions_url: str | None,
    decisions_model: str | None,
    decisions_timeout: str | None,
    gates: tuple[str, ...],
    as_json: bool,
) -> None:
    """Ask one decision of the shipped DECISION.md about a state, and show the answers, action and reasons.

    Without --decisions (or its environment variable) the bundled decision model answers. --decisions rules
    picks the rule judge, whose answers are degraded: its action is always 'escalate', the policy's verdict
    'proposed'.
    """
    try:
        spec = load_spec(gates=gate_overrides(gates))
        block = spec.block(block_id) if block_id in {b.id for b in spec.blocks} else None
        if block is None:
            raise ConfigError(f"unknown decision {block_id!r}; decisions: {', '.join(b.id for b in spec.blocks)}")
        ask = build_ask(block, parse_state(utf8_text(state_text, "--state")), options)
        backend = decision_backend(decisions_url, decisions_model, decisions_timeout)
        decision = decide_one(backend, ask)
    except (ConfigError, ValueError) as err:
        fail(str(err))
    if as_json:
        click.echo(json.dumps(decision_json(decision), indent=2, ensure_ascii=False))
    else:
        for line in decision_lines(decision):
            click.echo(line)


def parse_state(text: str) -> dict[str, object]:
    """A JSON object as given, or plain text as ``{"goal": text}``."""
    stripped = text.strip()
    if stripped.startswith("{"):
        try:
            value = json.loads(stripped)
        except json.JSONDecodeError as err:
            raise ConfigError(f"--state looks like JSON but does not parse: {err.msg} at column {err.colno}") from err
        if not isinstance(value, dict):
            raise ConfigError("--state must be a JSON object or plain text")
        return {str(k): v for k, v in value.items()}
    if not stripped:
        raise ConfigError("--state is empty; give the goal as text or a JSON object of frame fields")
    return {"goal": stripped}


def parse_options(items: Sequence[str]) -> tuple[Option, ...]:
    """``NAME`` or ``NAME=CRITERIA`` texts as options."""
    options = []
    for item in items:
        name, _, criteria = item.partition("=")
        if not name.strip():
            raise ConfigError(f"option {item!r} has no name; write NAME or NAME=CRITERIA")
        options.append(Option(name=name.strip(), criteria=criteria.strip() or None))
    return tuple(options)


def build_ask(block: Block, state: dict[str, object], option_items: Sequence[str]) -> Ask:
    """The block's questions with the given options added to its dynamic question."""
    extra = parse_options(option_items)
    if extra and block.dynamic is None:
        raise ConfigError(f"{block.id!r} has no options built in code; --option applies to: pick_tool, pick_args")
    questions = {q.id: q.build(extra if q.type == "choice" else ()) for q in block.questions}
    return Ask(block=block, state=state, questions=questions)
