"""System 2 for a held step: a done check, then an LLM planner that picks the next call as one JSON object.

Both ask for JSON of a schema (``llm.schemas``), which a server that supports structured output enforces. A
planner reply that cannot be used (no JSON, an unknown action, a missing argument, or cut at ``max_tokens``) gets
one retry that quotes what was wrong; a second unusable reply, or a call that fails, is the ``Plan``'s error, and
the step is decided as without the LLM. The ``Plan`` keeps a record of each call (``LlmCall``).
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from decisionloop.core.backend import Usage
from decisionloop.core.errors import GeneratorError
from decisionloop.core.questions import Option
from decisionloop.core.records import Call
from decisionloop.core.tool import NONE, Slot, Tool
from decisionloop.core.vocab import ASK_USER, FINISH, LlmPurpose
from decisionloop.llm.chat import Chat, ChatMessage, ChatReply, JsonSchema
from decisionloop.llm.schemas import STOP_FIELD, plan_schema, stop_schema
from decisionloop.llm.trust import value_probability
from decisionloop.loop.conversation import earlier
from decisionloop.loop.frames import BUDGETS, StepView, clip, neutralise, step_line, untrusted
from decisionloop.loop.requests import LlmCall, LlmUse

STOP_REASON = "the last result answers the goal"
PLANNER_SYSTEM = (
    "You are the planner of a tool-using assistant. You choose the next tool call. Answer with one JSON object only."
)
SPANS_PER_SLOT = 8
PLAN_MAX_TOKENS = 120
STOP_MAX_TOKENS = 12  # room for {"answered": "yes"}; a plain "yes" stops well before
_PLAN_FORM = '{"action": "<tool id>", "args": {...}, "reason": "<a few words>"}'
_YES = re.compile(r"^\W*yes", re.IGNORECASE)


@dataclass(frozen=True, slots=True, kw_only=True)
class PlannerInput:
    """What the planner sees of a held step: the run so far, the tools, and what System 1 said and doubted."""

    goal: str
    steps: Sequence[StepView] = ()
    tools: Sequence[Tool] = ()
    suggestions: Sequence[tuple[str, float]] = ()
    unsure: Sequence[str] = ()
    spans: Mapping[str, Sequence[str]] = field(default_factory=dict)
    conversation: str = ""  # earlier turns of a chat


@dataclass(frozen=True, slots=True, kw_only=True)
class Plan:
    """The planner's choice: a call, or finish; or, when its reply was unusable or a call failed, an ``error``
    saying why (``failed``: a call failed); ``p``: the probability the LLM's tokens gave the action (from the
    server's log-probabilities; None without them), ``scored``: the reply came with log-probabilities; ``use``:
    every call made, none marked used yet."""

    call: Call | None
    finish: bool
    reason: str
    error: str | None
    raw: str
    p: float | None = None  # the LLM's own probability of its action (or of the stop check's yes), where known
    scored: bool = False
    failed: bool = False
    use: LlmUse = field(default_factory=LlmUse)

    @property
    def calls(self) -> int:
        """The LLM calls made."""
        return self.use.calls

    @property
    def usage(self) -> Usage:
        """Their tokens, added up (None where no reply said)."""
        return Usage(input_tokens=self.use.input_tokens, output_tokens=self.use.output_tokens)


def stop_check(chat: Chat, goal: str, last_observation: str) -> bool:
    """Ask whether ``last_observation`` already answers ``goal``; True iff the reply says yes (as JSON or text)."""
    return _is_yes(_ask_stop(chat, goal, last_observation, []))


def planner_messages(inp: PlannerInput) -> list[ChatMessage]:
    """The system prompt (the role, the tools and the rules: the same for every step of a tool set, so a server
    that caches prompt prefixes reads it once) and the plain-text user prompt (the goal and this step); tool output
    only inside the markers."""
    rules = [PLANNER_SYSTEM, "Tools:", *_tool_lines(inp.tools)]
    rules.append(
        "Copy argument values from the goal or the last result when they are there; write a new value only when "
        "they are not (for example the real name behind a nickname)."
    )
    rules += _advice_lines({t.id for t in inp.tools})
    lines = [*earlier(inp.conversation), f"Goal: {neutralise(inp.goal)}", *_steps_lines(inp.steps)]
    lines += _suggestion_lines(inp.suggestions, inp.unsure) + _span_lines(inp.spans)
    lines.append(
        "The goal is not answered yet, so do not repeat a call that was already done."
        if inp.steps
        else "Nothing has been looked up yet."
    )
    lines.append(f"Reply with JSON: {_PLAN_FORM}")
    return [
        ChatMessage(role="system", content="\n".join(rules)),
        ChatMessage(role="user", content="\n".join(lines)),
    ]


def parse_plan(text: str, tools: Sequence[Tool]) -> Plan:
    """Read the first JSON object of ``text`` as a call to one of ``tools`` (or FINISH); never raises."""
    obj = _first_object(text)
    if isinstance(obj, str):
        return _failed(text, obj)
    reason = obj.get("reason")
    reason = reason if isinstance(reason, str) else ""
    action = obj.get("action")
    ids = [*(t.id for t in tools if t.id != FINISH), FINISH]
    tool_id = _resolve(action, ids)
    if tool_id is None:
        return _failed(text, f"unknown action {action!r}; known: {', '.join(ids)}", reason)
    if tool_id == FINISH:
        return Plan(call=None, finish=True, reason=reason, error=None, raw=text)
    args = obj.get("args", {})
    if not isinstance(args, dict):
        return _failed(text, f"args of {tool_id!r} must be a JSON object, got {args!r}", reason)
    tool = next(t for t in tools if t.id == tool_id)
    values = _arguments(tool, args)
    if isinstance(values, str):
        return _failed(text, values, reason)
    return Plan(call=Call(tool=tool_id, args=values), finish=False, reason=reason, error=None, raw=text)


def plan(chat: Chat, inp: PlannerInput, *, check_stop: bool) -> Plan:
    """Decide a held step: the done check first (when asked and a step ran), else the planner, retried once when
    its reply is unusable; a call that fails ends it with the Plan's ``error`` (``failed``), never an exception."""
    made: list[LlmCall] = []
    try:
        return replace(_planned(chat, inp, check_stop, made), use=LlmUse(made=tuple(made)))
    except GeneratorError as err:
        failed = _failed("", f"the LLM failed ({err})")
        return replace(failed, failed=True, use=LlmUse(made=tuple(made)))


def _planned(chat: Chat, inp: PlannerInput, check_stop: bool, made: list[LlmCall]) -> Plan:
    if check_stop and inp.steps:
        said = _ask_stop(chat, inp.goal, inp.steps[-1].observation, made)
        if _is_yes(said):
            done = Plan(call=None, finish=True, reason=STOP_REASON, error=None, raw=said.text)
            return replace(done, p=value_probability(said, STOP_FIELD), scored=bool(said.logprobs))
    messages, schema = planner_messages(inp), plan_schema(inp.tools)
    reply = _asked(chat, "plan", made, messages, max_tokens=PLAN_MAX_TOKENS, schema=schema)
    first = read_plan(reply, inp.tools, max_tokens=PLAN_MAX_TOKENS)
    if first.error is None:
        return first
    again = _retry(chat, messages, schema, first, cut=reply.cut, made=made)
    second = read_plan(again, inp.tools, max_tokens=2 * PLAN_MAX_TOKENS)
    if second.error is not None:
        second = replace(second, error=f"{first.error}; asked again: {second.error}")
    return second


def _asked(
    chat: Chat,
    purpose: LlmPurpose,
    made: list[LlmCall],
    messages: Sequence[ChatMessage],
    *,
    max_tokens: int,
    schema: JsonSchema,
) -> ChatReply:
    """One call, with log-probabilities asked for, recorded in ``made`` whether it answers or fails."""
    started = time.perf_counter()
    try:
        reply = chat.complete(messages, max_tokens=max_tokens, temperature=0.0, schema=schema, logprobs=True)
    except GeneratorError as err:
        made.append(failed_call(purpose, chat.name, err, (time.perf_counter() - started) * 1000.0))
        raise
    made.append(call_record(purpose, reply, (time.perf_counter() - started) * 1000.0))
    return reply


def call_record(purpose: LlmPurpose, reply: ChatReply, ms: float) -> LlmCall:
    """The record of a call that answered, in ``ms`` (not yet used)."""
    return LlmCall(
        purpose=purpose, model=reply.model, ms=ms, input_tokens=reply.input_tokens, output_tokens=reply.output_tokens
    )


def failed_call(purpose: LlmPurpose, who: str, err: GeneratorError, ms: float) -> LlmCall:
    """The record of a call that failed after ``ms``."""
    return LlmCall(purpose=purpose, model=who, ms=ms, error=str(err))


def read_plan(reply: ChatReply, tools: Sequence[Tool], *, max_tokens: int) -> Plan:
    """``parse_plan`` of the reply, unless it was cut at ``max_tokens``: a cut reply is not read at all (its first
    complete object is an inner one, e.g. the arguments)."""
    if reply.cut:
        said = f"the reply was cut at max_tokens ({max_tokens}) before it ended: {clip(reply.text, 80)!r}"
        return _failed(reply.text, said)
    return replace(parse_plan(reply.text, tools), p=value_probability(reply, "action"), scored=bool(reply.logprobs))


def _retry(
    chat: Chat, messages: Sequence[ChatMessage], schema: JsonSchema, failed: Plan, *, cut: bool, made: list[LlmCall]
) -> ChatReply:
    """Ask once more, quoting why the reply could not be used; a cut reply gets twice the room and a plea to be
    short."""
    shorter = " Keep it short: the reason in a few words." if cut else ""
    again = [
        *messages,
        ChatMessage(role="assistant", content=clip(neutralise(failed.raw), BUDGETS["last_observation"])),
        ChatMessage(
            role="user",
            content=f"That reply could not be used: {neutralise(failed.error or '')}. Reply with one JSON object "
            f"only: {_PLAN_FORM}.{shorter}",
        ),
    ]
    limit = 2 * PLAN_MAX_TOKENS if cut else PLAN_MAX_TOKENS
    return _asked(chat, "plan_retry", made, again, max_tokens=limit, schema=schema)


def _ask_stop(chat: Chat, goal: str, last_observation: str, made: list[LlmCall]) -> ChatReply:
    found = untrusted(clip(last_observation, BUDGETS["last_observation"])) or "nothing"
    prompt = (
        f"Question: {neutralise(goal)}\nFound:\n{found}\n\n"
        "Is the answer to the question contained in what was found? Reply with only yes or no, as JSON: "
        f'{{"{STOP_FIELD}": "yes"}} or {{"{STOP_FIELD}": "no"}}.'
    )
    messages = [ChatMessage(role="user", content=prompt)]
    return _asked(chat, "stop_check", made, messages, max_tokens=STOP_MAX_TOKENS, schema=stop_schema())


def _is_yes(reply: ChatReply) -> bool:
    """A ``{"answered": "yes"}`` object, or a plain text starting with yes; a cut reply or anything else is a no."""
    found = _first_object(reply.text)
    if isinstance(found, dict) and isinstance(said := found.get(STOP_FIELD), str):
        return _YES.match(said) is not None
    return _YES.match(reply.text) is not None


def _steps_lines(steps: Sequence[StepView]) -> list[str]:
    if not steps:
        return ["Steps done: none yet"]
    done = "\n".join(f"- {step_line(s)}" for s in steps)
    last = clip(steps[-1].observation, BUDGETS["last_observation"])
    return ["Steps done:", untrusted(done), f"Result of the last step:\n{untrusted(last) or 'nothing'}"]


def _tool_lines(tools: Sequence[Tool]) -> list[str]:
    lines = [f"- {t.id}: {t.description.rstrip('.')}{_args_text(t)}" for t in tools if t.id != FINISH]
    return [*lines, f"- {FINISH}: stop and answer with what was found"]


def _args_text(tool: Tool) -> str:
    if tool.id == ASK_USER:
        return ". Args: question"
    if not tool.slots:
        return ""
    return ". Args: " + " | ".join(_slot_text(s) for s in tool.slots)


def _slot_text(slot: Slot) -> str:
    return f"{slot.name} (one of: {', '.join(o.name for o in slot.fixed)})" if slot.is_fixed else slot.name


def _suggestion_lines(suggestions: Sequence[tuple[str, float]], unsure: Sequence[str]) -> list[str]:
    if not suggestions and not unsure:
        return []
    offerable = [(tool, p) for tool, p in suggestions if tool != NONE]  # "no tool fits" is no action to take
    said = " ".join(f"{i}. {tool} ({p:.0%})" for i, (tool, p) in enumerate(offerable, start=1))
    offered = f"A smaller model ranked these choices (its probability): {said}; or choose another tool of the list."
    parts = [offered if said else "A smaller model made no suggestion."]
    if unsure:
        parts.append(f"It was unsure ({neutralise('; '.join(unsure))}).")
    return [" ".join(parts)]


def _span_lines(spans: Mapping[str, Sequence[str]]) -> list[str]:
    shown = [f"{slot}: {' | '.join(found[:SPANS_PER_SLOT])}" for slot, found in spans.items() if found]
    return ["Spans found in the goal and the tool output:", untrusted("; ".join(shown))] if shown else []


def _advice_lines(tool_ids: set[str]) -> list[str]:
    said = []
    if ASK_USER in tool_ids:
        said.append("Use ask_user only when the goal does not say what or where.")
    if "calculator" in tool_ids:
        said.append("Use calculator for any arithmetic.")
    return [" ".join(said)] if said else []


def _failed(text: str, error: str, reason: str = "") -> Plan:
    return Plan(call=None, finish=False, reason=reason, error=error, raw=text)


def _first_object(text: str) -> dict[str, object] | str:
    """The first balanced ``{…}`` that parses as a JSON object, or an error saying what was found instead."""
    failed: tuple[str, Exception] | None = None
    skip_to = 0
    for start, end in _brace_pairs(text):
        if start < skip_to:
            continue  # inside an object that did not parse: its inner braces are not the reply
        try:
            # balanced braces: an object or nothing; a raw newline or tab inside a string (which a server's JSON
            # grammar may let through) is read as written, not refused
            obj: dict[str, object] = json.loads(text[start:end], strict=False)
            return obj
        except (ValueError, RecursionError) as exc:
            failed = failed or (text[start:end], exc)
            skip_to = end
    if failed is not None:
        return f"the JSON object {clip(failed[0], 80)!r} does not parse ({failed[1]}); reply with one JSON object"
    return f'no JSON object in the reply {clip(text, 80)!r}; expected {{"action": …, "args": {{…}}}}'


def _brace_pairs(text: str) -> list[tuple[int, int]]:
    """Spans of matching ``{`` ``}`` in order of the opening brace, in one pass; quotes count only inside braces."""
    pairs: list[tuple[int, int]] = []
    opened: list[int] = []
    in_string = escaped = False
    for i, c in enumerate(text):
        if in_string:
            in_string = escaped or c != '"'
            escaped = not escaped and c == "\\"
        elif c == '"' and opened:
            in_string = True
        elif c == "{":
            opened.append(i)
        elif c == "}" and opened:
            pairs.append((opened.pop(), i + 1))
    return sorted(pairs)


def _resolve(action: object, ids: Sequence[str]) -> str | None:
    if not isinstance(action, str):
        return None
    wanted = action.strip().casefold()
    return next((i for i in ids if i.casefold() == wanted), None)


def _arguments(tool: Tool, args: Mapping[str, object]) -> dict[str, str] | str:
    """The tool's slot values from ``args`` (invented names dropped, fixed labels mapped to keys), or an error."""
    values: dict[str, str] = {}
    for name, fixed, required, listed in _wanted(tool):
        value = _text(args.get(name), listed=listed)
        if (value is None or value.upper() == NONE) and not required:
            continue  # a slot that may be left out is dropped from the call, as System 1 does
        if value is None or value.upper() == NONE:
            return f"no value for {name!r} of {tool.id!r} (got {args.get(name)!r}); the call needs one"
        key = _fixed_key(value, fixed) if fixed else value
        if key is None:
            options = ", ".join(o.name for o in fixed)
            return f"{value!r} is not an option of {tool.id}.{name}; options: {options}"
        values[name] = key
    return values


def _wanted(tool: Tool) -> list[tuple[str, tuple[Option, ...], bool, bool]]:
    """Name, options, required and list-typed, per argument the call takes."""
    if tool.id == ASK_USER and not tool.slots:
        return [("question", (), True, False)]
    return [(s.name, s.fixed, s.required, s.type == "list") for s in tool.slots]


def _text(value: object, *, listed: bool = False) -> str | None:
    """A JSON value as the text a call carries: numbers as written, booleans as JSON, a list (for a list slot
    only) as its JSON."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return str(value)
    if listed and isinstance(value, list) and value and all(isinstance(v, str | int | float) for v in value):
        return json.dumps(value, ensure_ascii=False)
    return (value.strip() or None) if isinstance(value, str) else None


def _fixed_key(value: str, options: Sequence[Option]) -> str | None:
    wanted = value.casefold()
    for option in options:
        if wanted in (option.name.casefold(), (option.criteria or "").casefold()):
            return option.name
    return None
