"""Compare vs ReAct: the ReAct loop on scripted generators, the summary on hand-made records, the CLI on loopback."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path

import pytest
from click.testing import CliRunner

from decisionloop.cli.bench import bench
from decisionloop.core.errors import GeneratorError
from decisionloop.core.records import Approval
from decisionloop.core.vocab import FINISH
from decisionloop.evaluate.compare import ArmRecord, compare, median, ratios, report_lines, summarize
from decisionloop.evaluate.free import FreeSetup
from decisionloop.evaluate.react import BenchmarkApprover, first_json_object, react_system, run_react
from decisionloop.evaluate.react_context import context_error
from decisionloop.gold.oracle import OracleBackend
from decisionloop.gold.suite import Task, demo_suite_path, load_suite
from decisionloop.llm.chat import ChatMessage, HttpChat, ScriptedChat
from decisionloop.loop.frames import UNTRUSTED_CLOSE, UNTRUSTED_OPEN
from decisionloop.loop.requests import NeedApproval
from decisionloop.model.backend import model_thresholds
from decisionloop.spec.load import load_spec
from decisionloop.spec.thresholds import write_thresholds
from decisionloop.tools.builtin import builtin_tools
from decisionloop.tools.catalog import SIDE_EFFECTS
from decisionloop.tools.replay import ReplayBook
from tests.support.loopback import Canned, Received, StartLoopback
from tests.support.openai import completion, context_exceeded, messages_of

SUITE = load_suite(demo_suite_path())
TASKS = {t.id: t for t in SUITE.tasks}
REACT_START = "You are an assistant that reaches the user's goal"


@pytest.fixture(scope="module")
def setup() -> FreeSetup:
    return FreeSetup(suite=SUITE, spec=load_spec(), book=ReplayBook.from_suite(demo_suite_path()))


def _task_of(messages: Sequence[ChatMessage]) -> Task:
    goal = next(m.content for m in messages if m.role == "user").removeprefix("Goal: ")
    return next(t for t in SUITE.tasks if t.goal == goal)


def gold_move(messages: Sequence[ChatMessage]) -> str:
    """A ReAct reply from the task's gold trace: the next gold call (in prose and a fence), then the answer."""
    task = _task_of(messages)
    done = sum(m.role == "user" and m.content.startswith("Observation:") for m in messages)
    done -= sum(m.role == "user" and m.content.startswith("Observation: error:") for m in messages)
    step = task.steps[min(done, len(task.steps) - 1)]
    if step.action == FINISH:
        return json.dumps({"action": "answer", "input": task.answer or "Done."})
    args = {slot: values[0] for slot, values in step.call.args.items()}
    if step.action == "ask_user":
        args = {"question": "Which one do you mean?"}
    return f"Thought: next is {step.action}.\n```json\n{json.dumps({'action': step.action, 'args': args})}\n```"


def gold_chat(messages: Sequence[ChatMessage]) -> str:
    """ReAct prompts get the gold move; anything else (System 2, the answer writer) gets a plain yes."""
    return gold_move(messages) if messages[0].content.startswith(REACT_START) else "yes"


def scripted(calls: int = 40) -> ScriptedChat:
    return ScriptedChat([gold_chat] * calls)


# --- ReAct ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("task_id", ["t001", "t022", "t067", "t070", "t094", "t100"])
def test_react_following_the_gold_trace_is_accepted(setup: FreeSetup, task_id: str) -> None:
    task = TASKS[task_id]
    outcome = run_react(task, setup, scripted(), approver=BenchmarkApprover())
    assert outcome.accepted, (outcome.result.stop, outcome.result.detail)
    assert outcome.result.stop == "answered"
    assert outcome.llm_calls == outcome.decisions == len(task.steps)
    assert outcome.unparsable == 0
    assert all(r.decided_by == "llm" for r in outcome.result.steps)
    assert all(r.result is None or r.result.ok for r in outcome.result.steps)


def test_an_approved_side_effect_is_recorded_as_the_benchmark(setup: FreeSetup) -> None:
    outcome = run_react(TASKS["t100"], setup, scripted(), approver=BenchmarkApprover())
    [sent] = [r for r in outcome.result.steps if r.call is not None]
    assert sent.approval is not None
    assert (sent.approval.allowed, sent.approval.by, sent.approval.call) == (True, "benchmark", sent.call)


def test_the_tool_list_names_fixed_keys_and_leaves_out_finish() -> None:
    prompt = react_system(builtin_tools())
    weather = "- weather: Get the weather forecast for a place and time. Args: place; when"
    assert f"{weather} (one of: today, tomorrow, weekend (the coming weekend)," in prompt
    units = "- unit_convert: Convert a quantity from one unit of measurement to another. Args: quantity; to_unit\n"
    assert units in prompt  # its target is any unit, no fixed list
    assert "- ask_user: Ask the user to clarify when the goal leaves out who, what or where. Args: question" in prompt
    assert "FINISH" not in prompt
    assert '{"action": "answer", "input": "<the answer>"}' in prompt


def test_junk_is_fed_back_once_then_the_run_stops(setup: FreeSetup) -> None:
    chat = ScriptedChat(["I would look up the weather.", "Sure! The weather is nice."])
    outcome = run_react(TASKS["t001"], setup, chat)
    assert not outcome.accepted
    assert (outcome.result.stop, outcome.llm_calls, outcome.unparsable, outcome.decisions) == ("stopped", 2, 2, 0)
    fed_back = chat.requests[1].messages[-1]
    assert fed_back.role == "user"
    assert fed_back.content.startswith(
        "Observation: error: no JSON object in your reply 'I would look up the weather.'"
    )
    assert outcome.result.steps == ()


def test_an_unknown_action_is_an_error_observation_and_the_run_goes_on(setup: FreeSetup) -> None:
    chat = ScriptedChat(['{"action": "teleport", "args": {}}', gold_chat, gold_chat])
    outcome = run_react(TASKS["t001"], setup, chat)
    assert outcome.accepted
    assert (outcome.llm_calls, outcome.decisions, outcome.unparsable) == (3, 3, 0)
    error = chat.requests[1].messages[-1].content
    assert error.startswith("Observation: error: unknown action 'teleport'; known: wiki_lookup, wikidata_fact")


def test_unusable_arguments_come_back_as_an_error(setup: FreeSetup) -> None:
    bad = json.dumps({"action": "weather", "args": {"place": "Lisbon", "when": "next year"}})
    chat = ScriptedChat([bad, gold_chat, gold_chat])
    outcome = run_react(TASKS["t001"], setup, chat)
    assert outcome.accepted
    assert "'next year' is not an option of weather.when" in chat.requests[1].messages[-1].content


@pytest.mark.parametrize("approver", [None, "no", "other call"])
def test_a_side_effect_never_runs_without_an_approval_of_exactly_that_call(
    setup: FreeSetup, approver: str | None
) -> None:
    class Refusing:
        def approve(self, request: NeedApproval) -> Approval:
            call = request.call if approver == "no" else type(request.call)(tool="send_message", args={})
            return Approval(allowed=approver != "no", by="test", at=datetime.now(UTC), call=call)

    outcome = run_react(TASKS["t100"], setup, scripted(), approver=None if approver is None else Refusing())
    assert (outcome.result.stop, outcome.accepted, outcome.llm_calls) == ("declined", False, 1)
    [step] = outcome.result.steps
    assert step.result is not None
    assert step.result.observation == "The user declined send_message."


def test_the_step_limit_is_the_loops(setup: FreeSetup) -> None:
    again = json.dumps({"action": "weather", "args": {"place": "Lisbon", "when": "tomorrow"}})
    outcome = run_react(TASKS["t001"], setup, ScriptedChat([again] * 20))
    assert (outcome.result.stop, outcome.llm_calls, len(outcome.result.steps)) == ("step_budget", 8, 8)
    assert not outcome.accepted


def test_a_failed_llm_call_stops_the_run_and_counts(setup: FreeSetup) -> None:
    chat = ScriptedChat([GeneratorError("scripted", "server", "HTTP 503")])
    outcome = run_react(TASKS["t001"], setup, chat)
    assert (outcome.result.stop, outcome.llm_calls, outcome.accepted) == ("stopped", 1, False)
    assert "the LLM failed" in outcome.result.detail


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ('{"action": "answer", "input": "2"}', {"action": "answer", "input": "2"}),
        (
            'Thought: x\n```json\n{"action": "calculator", "args": {"expression": "1+1"}}\n```',
            {"action": "calculator", "args": {"expression": "1+1"}},
        ),
        ('{not json} then {"action": "answer", "input": "{x}"}', {"action": "answer", "input": "{x}"}),
        ('[1, 2] {"a": {"b": 1}} {"c": 2}', {"a": {"b": 1}}),
        ("no object at all", None),
        ("{", None),
    ],
)
def test_the_first_json_object_is_read_leniently(text: str, found: dict[str, object] | None) -> None:
    assert first_json_object(text) == found


# --- both arms ---------------------------------------------------------------------------------------------


def test_both_arms_on_the_same_tasks(setup: FreeSetup) -> None:
    tasks = [TASKS["t001"], TASKS["t055"]]
    seen: list[ArmRecord] = []
    backend = OracleBackend(TASKS["t001"], side_effects=SIDE_EFFECTS)
    records = compare(tasks[:1], setup, backend, scripted(), on_record=seen.append)
    backend = OracleBackend(TASKS["t055"], side_effects=SIDE_EFFECTS)
    records += compare(tasks[1:], setup, backend, scripted(), on_record=seen.append)
    assert records == seen
    assert [(r.task_id, r.arm) for r in records] == [
        ("t001", "decisionloop"), ("t001", "react"), ("t055", "decisionloop"), ("t055", "react"),
    ]  # fmt: skip
    assert all(r.accepted for r in records)
    loop = [r for r in records if r.arm == "decisionloop"]
    # System 1 decided every step; the LLM wrote only t055's answer, from two results (t001's is the weather's own)
    assert [r.llm_calls for r in loop] == [0, 1]
    assert all(r.decisions > r.llm_calls for r in loop)
    assert [r.llm_calls for r in records if r.arm == "react"] == [2, 3]
    summary = summarize(records)
    assert (summary["decisionloop"].acceptance, summary["react"].acceptance) == (1.0, 1.0)
    assert ratios(summary)["llm_calls"] == 5.0


def _record(arm: str, task_id: str, *, decisions: int, calls: int, out: int, ms: float, ok: bool) -> ArmRecord:
    return ArmRecord(
        arm="react" if arm == "react" else "decisionloop",
        task_id=task_id,
        category="c",
        decisions=decisions,
        llm_calls=calls,
        input_tokens=10 * out,
        output_tokens=out,
        wall_ms=ms,
        accepted=ok,
        stop="answered" if ok else "held",
    )


RECORDS = [
    _record("decisionloop", "a", decisions=9, calls=1, out=20, ms=100.0, ok=True),
    _record("react", "a", decisions=2, calls=2, out=60, ms=300.0, ok=True),
    _record("decisionloop", "b", decisions=12, calls=0, out=0, ms=50.0, ok=False),
    _record("react", "b", decisions=3, calls=4, out=90, ms=700.0, ok=False),
    _record("decisionloop", "c", decisions=10, calls=3, out=40, ms=250.0, ok=True),
    _record("react", "c", decisions=3, calls=3, out=80, ms=500.0, ok=True),
]


def test_the_summary_has_medians_totals_and_acceptance_per_arm() -> None:
    loop, react = summarize(RECORDS).values()
    assert (loop.arm, loop.tasks, loop.accepted, loop.acceptance) == ("decisionloop", 3, 2, 2 / 3)
    assert (loop.median_decisions, loop.median_llm_calls, loop.median_output_tokens, loop.median_wall_ms) == (
        10, 1, 20, 100.0,
    )  # fmt: skip
    assert (loop.total_decisions, loop.total_llm_calls, loop.total_input_tokens, loop.total_output_tokens) == (
        31, 4, 600, 60,
    )  # fmt: skip
    assert loop.total_wall_ms == 400.0
    assert (react.median_llm_calls, react.total_llm_calls, react.total_output_tokens) == (3, 9, 230)
    assert ratios(summarize(RECORDS)) == {
        "llm_calls": 9 / 4,
        "input_tokens": 2300 / 600,
        "output_tokens": 230 / 60,
        "median_wall_ms": 5.0,
    }


def test_the_summary_handles_missing_arms_and_zero_totals() -> None:
    assert summarize([]) == {}
    only_react = summarize(RECORDS[1:2])
    assert list(only_react) == ["react"]
    assert ratios(only_react) == dict.fromkeys(("llm_calls", "input_tokens", "output_tokens", "median_wall_ms"))
    no_calls = summarize(RECORDS[1:3])
    assert ratios(no_calls)["llm_calls"] is None
    assert median([]) is None
    assert median([1, 2, 3, 10]) == 2.5


def test_the_report_prints_every_record_the_medians_and_the_ratios() -> None:
    lines = report_lines(RECORDS)
    assert lines[0].split() == [
        "task", "category", "arm", "decisions", "llm_calls", "in_tok", "out_tok", "wall_ms", "accepted", "stop",
    ]  # fmt: skip
    assert lines[1].split() == ["a", "c", "decisionloop", "9", "1", "200", "20", "100", "yes", "answered"]
    summary = next(line for line in lines if line.startswith("react "))
    assert summary.split() == ["react", "3", "67%", "3", "3", "80", "500", "9", "2300", "230", "1.5"]
    # Regression: the ratio line left out input tokens, the larger cost.
    said = "react / decisionloop: llm_calls 2.25×, input_tokens 3.83×, output_tokens 3.83×, median_wall_ms 5.00×"
    assert said in lines
    assert report_lines(RECORDS[1:2])[-2] == (
        "react / decisionloop: llm_calls —, input_tokens —, output_tokens —, median_wall_ms —"
    )


# --- the CLI ----------------------------------------------------------------------------------------------


def _completions(request: Received) -> Canned:
    """An OpenAI-compatible ``/v1/chat/completions`` answering from the gold traces, with usage."""
    if request.path != "/v1/chat/completions":
        return Canned(status=404)
    assert isinstance(request.body, dict)
    messages = [ChatMessage(role=m["role"], content=m["content"]) for m in request.body["messages"]]
    return Canned(
        body={
            "model": request.body["model"],
            "choices": [{"index": 0, "message": {"role": "assistant", "content": gold_chat(messages)}}],
            "usage": {"prompt_tokens": 100, "completion_tokens": 7},
        }
    )


@pytest.fixture
def llm_url(loopback: StartLoopback) -> str:
    server = loopback()
    server.respond_with(_completions)
    return f"{server.url}/v1"


def test_bench_compare_prints_the_table_and_writes_json(llm_url: str, tmp_path: Path) -> None:
    out = tmp_path / "compare.json"
    result = CliRunner().invoke(
        bench, ["compare", "--llm", llm_url, "--llm-model", "m", "--limit", "2", "--json", str(out)]
    )
    assert result.exit_code == 0, result.output
    rows = [line.split() for line in result.stdout.splitlines()]
    assert [row[:3] for row in rows[2:6]] == [
        ["t001", "weather", "decisionloop"], ["t001", "weather", "react"],
        ["t004", "weather", "decisionloop"], ["t004", "weather", "react"],
    ]  # fmt: skip
    assert any(line.startswith("react / decisionloop: llm_calls ") for line in result.stdout.splitlines())
    data = json.loads(out.read_text(encoding="utf-8"))
    assert set(data) >= {"suite", "split", "backend", "llm", "model", "summary", "ratios", "records", "react_system"}
    assert set(data["summary"]) == {"decisionloop", "react"}
    assert data["summary"]["react"]["acceptance"] == 1.0
    react = [r for r in data["records"] if r["arm"] == "react"]
    assert [(r["llm_calls"], r["output_tokens"], r["input_tokens"]) for r in react] == [(2, 14, 200), (2, 14, 200)]
    assert data["react_system"].startswith(REACT_START)


def test_bench_compare_without_an_llm_names_the_flags() -> None:
    result = CliRunner().invoke(bench, ["compare", "--limit", "1"])
    assert result.exit_code == 1
    assert "give --llm URL --llm-model NAME" in result.stderr


def test_react_shows_each_tool_result_inside_the_untrusted_markers(setup: FreeSetup) -> None:
    chat = scripted()
    run_react(TASKS["t001"], setup, chat, approver=BenchmarkApprover())
    said = [m.content for m in chat.requests[-1].messages if m.role == "user" and m.content.startswith("Observation:")]
    assert said
    assert all(s.startswith(f"Observation:\n{UNTRUSTED_OPEN}\n") and s.endswith(UNTRUSTED_CLOSE) for s in said)
    assert "between two markers" in chat.requests[0].messages[0].content


def _compare_json(llm_url: str, tmp_path: Path, *flags: str) -> tuple[str, dict[str, object]]:
    out = tmp_path / "compare.json"
    args = ["compare", "--llm", llm_url, "--llm-model", "m", "--limit", "1", "--json", str(out), *flags]
    result = CliRunner().invoke(bench, args)
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return result.stdout.splitlines()[0], data


def test_bench_compare_runs_the_loop_with_the_gate_run_uses(llm_url: str, tmp_path: Path) -> None:
    # Regression: the loop ran with DECISION.md's 0.65 gates, not the bundled model's tuned thresholds.
    title, data = _compare_json(llm_url, tmp_path)
    assert data["gates"] == model_thresholds()
    assert "(the model's tuned thresholds)" in title


def test_bench_compare_takes_a_thresholds_file_and_gate_flags(llm_url: str, tmp_path: Path) -> None:
    tuned = tmp_path / "thresholds.json"
    write_thresholds(tuned, {"pick_tool.tool": 0.7, "pick_args.arg": 0.75}, {"by": "a test"})
    title, data = _compare_json(llm_url, tmp_path, "--thresholds", str(tuned), "--gate", "pick_tool.tool=0.9")
    assert data["gates"] == {"pick_args.arg": 0.75, "pick_tool.tool": 0.9}
    assert "from thresholds.json" in title
    assert "moved: pick_tool.tool 0.9" in title


_TOKENS = re.compile(r"\w+|[^\w\s]")
N_CTX = 1060  # the system prompt, the goal and the reply fit; the third turn of t067 does not


def _small_context(task: Task, n_ctx: int) -> Callable[[Received], Canned]:
    """A server whose context holds ``n_ctx`` tokens (words and marks), refusing longer prompts as llama.cpp's
    server does; else the task's next gold move (it remembers how far the run got, as the turns left out of a
    prompt are not there to count), with usage."""
    answered = 0

    def respond(request: Received) -> Canned:
        nonlocal answered
        assert isinstance(request.body, dict)
        asked = sum(len(_TOKENS.findall(m["content"])) for m in messages_of(request)) + int(request.body["max_tokens"])
        if asked > n_ctx:
            return context_exceeded(n_ctx, asked)
        done = [ChatMessage(role="user", content="Observation:")] * answered
        answered += 1
        move = gold_move([ChatMessage(role="system", content=""), ChatMessage(role="user", content=task.goal), *done])
        return completion(move, prompt_tokens=asked - int(request.body["max_tokens"]))

    return respond


def test_react_cuts_its_conversation_to_fit_the_servers_context(loopback: StartLoopback, setup: FreeSetup) -> None:
    # Regression: the ReAct baseline never trimmed and ended on the server's context-length error.
    server = loopback()
    server.respond_with(_small_context(TASKS["t067"], n_ctx=N_CTX))
    with HttpChat(base_url=f"{server.url}/v1", model="m") as chat:
        outcome = run_react(TASKS["t067"], setup, chat, approver=BenchmarkApprover())
    assert outcome.result.stop == "answered", outcome.result.detail
    assert outcome.accepted
    assert outcome.left_out >= 1
    assert outcome.context_tokens == N_CTX
    last = messages_of(server.received[-1])
    assert last[0]["content"].startswith(REACT_START)
    assert last[1]["content"].startswith(f"Goal: {TASKS['t067'].goal}\n(")
    assert "earlier turn(s) were left out to fit the LLM's context" in last[1]["content"]
    assert last[-1]["content"].startswith("Observation:")  # the latest turn is kept


def test_react_still_ends_on_a_context_error_when_nothing_more_can_go(
    loopback: StartLoopback, setup: FreeSetup
) -> None:
    server = loopback()
    server.respond_with(_small_context(TASKS["t067"], n_ctx=50))
    with HttpChat(base_url=f"{server.url}/v1", model="m") as chat:
        outcome = run_react(TASKS["t067"], setup, chat, approver=BenchmarkApprover())
    assert outcome.result.stop == "stopped"
    assert "context size" in outcome.result.detail


@pytest.mark.parametrize(
    ("message", "stated"),
    [
        (
            "HTTP 400 from 'x': 'the request exceeds the available context size (2400 tokens > 2048), try it'",
            2048,
        ),
        (
            "HTTP 400 from 'x': \"This model's maximum context length is 4096 tokens. However, you requested 4500\"",
            4096,
        ),
        ("HTTP 400 from 'x': 'the request exceeds the available context size, try increasing it'", None),
    ],
)
def test_context_errors_are_recognised_with_the_size_they_state(message: str, stated: int | None) -> None:
    assert context_error(GeneratorError("http@x", "client", message)) == (True, stated)
    assert context_error(GeneratorError("http@x", "server", message)) == (False, None)
    assert context_error(GeneratorError("http@x", "client", "HTTP 400 from 'x': 'bad temperature'")) == (False, None)
