"""The `/v1/systemone` wire format: every encode/decode pair round-trips, every encoded message is valid against its
JSON Schema, the request schema accepts exactly what the decoder reads, and each decoder names what it refuses."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import replace
from importlib import resources

import pytest
from hypothesis import given
from hypothesis import strategies as st
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from decisionloop.core.answers import Answer, ChoiceAnswer, NoulAnswer, ScoreAnswer
from decisionloop.core.backend import BackendReply, DecisionRequest, Usage
from decisionloop.core.errors import BackendError, WireError
from decisionloop.core.questions import (
    MAX_CHOICE_OPTIONS,
    MAX_SCORE_LEVELS,
    ChoiceQuestion,
    NoulQuestion,
    Option,
    Question,
    ScoreQuestion,
    question_problem,
)
from decisionloop.core.wire import (
    SCHEMA_NAMES,
    Refusal,
    RequestPolicy,
    answer_to_wire,
    batch_reply_from_wire,
    batch_reply_to_wire,
    batch_request_from_wire,
    batch_request_to_wire,
    decode_json,
    encode_json,
    question_from_wire,
    question_to_wire,
    reply_from_wire,
    reply_to_wire,
    request_from_wire,
    request_to_wire,
    schema_text,
    usage_from_wire,
    usage_to_wire,
)

TOOL = ChoiceQuestion(
    instructions="Which tool next?",
    options=(Option(name="read_file", criteria="to read a file"), Option(name="NONE")),
)
NEEDS_AUTH = NoulQuestion(instructions="Does this step need the user's OK?", true="it changes data", false="read only")
BARE_NOUL = NoulQuestion(instructions="Is the goal met?")
RISK = ScoreQuestion(instructions="How risky is this step?", levels=("none", "low", "high"))
_REGISTRY = Registry().with_resources(
    (f"{name}.json", Resource.from_contents(json.loads(schema_text(name)))) for name in SCHEMA_NAMES
)
SCHEMAS = {name: Draft202012Validator(json.loads(schema_text(name)), registry=_REGISTRY) for name in SCHEMA_NAMES}


def _json_trip(wire: object) -> object:
    """The wire value as the other side receives it."""
    return json.loads(json.dumps(wire))


# --- wire shapes ---------------------------------------------------------------------------------------------


def test_choice_criteria_is_an_object_of_option_to_text_or_null_in_offered_order() -> None:
    wire = question_to_wire(TOOL)
    assert wire == {
        "type": "choice",
        "instructions": "Which tool next?",
        "criteria": {"read_file": "to read a file", "NONE": None},
    }
    criteria = wire["criteria"]
    assert isinstance(criteria, dict)
    assert list(criteria) == ["read_file", "NONE"]


def test_noul_criteria_has_true_and_false_when_given() -> None:
    assert question_to_wire(NEEDS_AUTH) == {
        "type": "noul",
        "instructions": "Does this step need the user's OK?",
        "criteria": {"true": "it changes data", "false": "read only"},
    }


def test_noul_without_criteria_sends_no_criteria_key() -> None:
    assert question_to_wire(BARE_NOUL) == {"type": "noul", "instructions": "Is the goal met?"}


def test_noul_with_one_side_sends_both_keys_the_other_empty() -> None:
    wire = question_to_wire(NoulQuestion(instructions="Done?", true="the answer was given"))
    assert wire["criteria"] == {"true": "the answer was given", "false": ""}


def test_score_criteria_is_the_list_of_levels_lowest_first() -> None:
    assert question_to_wire(RISK) == {
        "type": "score",
        "instructions": "How risky is this step?",
        "criteria": ["none", "low", "high"],
    }


# --- round trip ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("question", [TOOL, NEEDS_AUTH, BARE_NOUL, RISK], ids=lambda q: q.type)
def test_to_wire_then_from_wire_gives_the_question_back(question: Question) -> None:
    assert question_from_wire(_json_trip(question_to_wire(question))) == question


_instructions = st.text(min_size=1, max_size=40).filter(lambda s: bool(s.strip()))
_options = st.lists(
    st.builds(Option, name=st.text(max_size=12), criteria=st.none() | st.text(max_size=30)),
    min_size=2,
    max_size=8,
    unique_by=lambda o: o.name,
).map(tuple)
_choices = st.builds(ChoiceQuestion, instructions=_instructions, options=_options)
_nouls = st.builds(NoulQuestion, instructions=_instructions) | st.builds(
    NoulQuestion, instructions=_instructions, true=st.text(max_size=30), false=st.text(max_size=30)
)
_scores = st.builds(
    ScoreQuestion,
    instructions=_instructions,
    levels=st.lists(st.text(max_size=20), min_size=2, max_size=MAX_SCORE_LEVELS).map(tuple),
)
questions: st.SearchStrategy[Question] = st.one_of(_choices, _nouls, _scores)


@given(questions)
def test_generated_questions_survive_the_round_trip(question: Question) -> None:
    assert question_problem(question) is None
    assert question_from_wire(_json_trip(question_to_wire(question))) == question


@given(_instructions, st.text(max_size=30))
def test_one_sided_noul_is_stable_on_the_wire(instructions: str, side: str) -> None:
    # None becomes "" on the way out, so compare wire forms rather than questions.
    for question in (
        NoulQuestion(instructions=instructions, true=side),
        NoulQuestion(instructions=instructions, false=side),
    ):
        wire = question_to_wire(question)
        assert question_to_wire(question_from_wire(_json_trip(wire))) == wire


# --- what from_wire refuses ----------------------------------------------------------------------------------


def _choice_wire(names: list[str]) -> dict[str, object]:
    return {"type": "choice", "instructions": "Pick one.", "criteria": dict.fromkeys(names)}


def _score_wire(count: int) -> dict[str, object]:
    return {"type": "score", "instructions": "Rate it.", "criteria": [f"level {i}" for i in range(count)]}


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        pytest.param(["choice"], r"must be an object, got list", id="not-an-object"),
        pytest.param(
            {"type": "rank", "instructions": "x"},
            r"unknown question type 'rank'; known: choice, noul, score",
            id="unknown-type",
        ),
        pytest.param({"instructions": "x"}, r"unknown question type None", id="missing-type"),
        pytest.param({"type": "noul"}, r"non-empty string 'instructions'", id="missing-instructions"),
        pytest.param(
            {"type": "noul", "instructions": "  "}, r"non-empty string 'instructions'", id="blank-instructions"
        ),
        pytest.param({"type": "noul", "instructions": 3}, r"non-empty string 'instructions'", id="number-instructions"),
        pytest.param({"type": "choice", "instructions": "x"}, r"option -> text or null", id="choice-no-criteria"),
        pytest.param(
            {"type": "choice", "instructions": "x", "criteria": ["a", "b"]}, r"option -> text or null", id="choice-list"
        ),
        pytest.param(
            {"type": "choice", "instructions": "x", "criteria": {"a": 1, "b": None}},
            r"option -> text or null",
            id="choice-number",
        ),
        pytest.param(
            {"type": "noul", "instructions": "x", "criteria": ["yes", "no"]}, r"keys 'true' and 'false'", id="noul-list"
        ),
        pytest.param(
            {"type": "noul", "instructions": "x", "criteria": {"true": "a", "maybe": "b"}},
            r"keys 'true' and 'false'",
            id="noul-extra-key",
        ),
        pytest.param(
            {"type": "noul", "instructions": "x", "criteria": {"true": 1, "false": "b"}},
            r"noul criteria values must be strings",
            id="noul-number",
        ),
        pytest.param(
            {"type": "score", "instructions": "x"}, r"a list of level texts, lowest first", id="score-no-criteria"
        ),
        pytest.param(
            {"type": "score", "instructions": "x", "criteria": {"0": "lo", "1": "hi"}},
            r"a list of level texts",
            id="score-object",
        ),
        pytest.param(
            {"type": "score", "instructions": "x", "criteria": ["lo", 1]}, r"a list of level texts", id="score-number"
        ),
        pytest.param(_choice_wire(["only"]), r"at least 2 options, got 1: \['only'\]", id="1-option"),
        pytest.param(_choice_wire([f"o{i}" for i in range(256)]), r"at most 255 options, got 256", id="256-options"),
        pytest.param(_score_wire(1), r"2 to 10 levels, got 1", id="1-level"),
        pytest.param(_score_wire(11), r"2 to 10 levels, got 11", id="11-levels"),
    ],
)
def test_from_wire_names_the_problem(raw: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        question_from_wire(raw)


def test_the_limits_themselves_are_accepted() -> None:
    choice = question_from_wire(_choice_wire([f"o{i}" for i in range(MAX_CHOICE_OPTIONS)]))
    assert isinstance(choice, ChoiceQuestion)
    assert len(choice.options) == MAX_CHOICE_OPTIONS
    score = question_from_wire(_score_wire(MAX_SCORE_LEVELS))
    assert isinstance(score, ScoreQuestion)
    assert len(score.levels) == MAX_SCORE_LEVELS


class _Pairs(Mapping[str, object]):
    """A mapping that keeps every key/value pair in order, repeats included, as a streaming JSON parser would."""

    def __init__(self, *pairs: tuple[str, object]) -> None:
        self._pairs = pairs

    def __getitem__(self, key: str) -> object:
        return next(v for k, v in reversed(self._pairs) if k == key)

    def __iter__(self) -> Iterator[str]:
        return (k for k, _ in self._pairs)

    def __len__(self) -> int:
        return len(self._pairs)


def test_from_wire_refuses_duplicate_option_names() -> None:
    # A parsed JSON object cannot repeat a key, so the duplicate check is reached through a pair-keeping mapping.
    criteria = _Pairs(("a", None), ("b", None), ("a", None))
    with pytest.raises(ValueError, match=r"option names must be unique; repeated: \['a'\]"):
        question_from_wire({"type": "choice", "instructions": "Pick one.", "criteria": criteria})


_json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=10,
)
_question_like = st.fixed_dictionaries(
    {},
    optional={
        "type": st.sampled_from(["choice", "noul", "score"]) | _json_values,
        "instructions": _instructions | _json_values,
        "criteria": _json_values,
    },
)


@given(_json_values | _question_like)
def test_from_wire_returns_a_sendable_question_or_raises_value_error(raw: object) -> None:
    try:
        question = question_from_wire(raw)
    except ValueError:
        return
    assert question_problem(question) is None


# --- requests ----------------------------------------------------------------------------------------------------

_json_data = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=8,
)
_states = (
    st.dictionaries(st.text(max_size=8), _json_data, max_size=3)
    | st.text(max_size=20)
    | st.lists(st.text(max_size=8), max_size=3)
)
_requests = st.builds(
    DecisionRequest, state=_states, questions=st.dictionaries(st.text(max_size=8), questions, min_size=1, max_size=4)
)
_models = st.none() | st.text(max_size=12)


def _sent(message: Mapping[str, object]) -> object:
    """A message as the other side parses it from the bytes sent."""
    return json.loads(encode_json(message))


@given(_requests, _models)
def test_a_request_survives_the_round_trip_and_matches_its_schema(request: DecisionRequest, model: str | None) -> None:
    body = _sent(request_to_wire(request, model))
    SCHEMAS["request"].validate(body)
    assert request_from_wire(body) == (request, model)


def test_a_request_body_holds_state_questions_and_the_pinned_model_only_when_given() -> None:
    request = DecisionRequest(state=("one", "two"), questions={"done": BARE_NOUL})
    assert request_to_wire(request, None) == {
        "state": ["one", "two"],
        "questions": {"done": question_to_wire(BARE_NOUL)},
    }
    assert request_to_wire(request, "m-1")["model"] == "m-1"


def _decodes(raw: object) -> bool:
    try:
        request_from_wire(raw)
    except WireError:
        return False
    return True


_request_like = st.fixed_dictionaries(
    {},
    optional={
        "model": _models | _json_values,
        "state": _states | _json_values,
        "questions": st.dictionaries(
            st.text(max_size=4), questions.map(question_to_wire) | _question_like | _json_values, max_size=3
        )
        | _json_values,
    },
)


@given(_request_like | _json_values)
def test_the_request_schema_accepts_exactly_what_the_decoder_reads(raw: object) -> None:
    assert SCHEMAS["request"].is_valid(raw) == _decodes(raw)


_POLICY = RequestPolicy(model="tiny-1", max_questions=2, max_options=3)
_NOUL = {"type": "noul", "instructions": "Done?"}
_WIDE = {"type": "choice", "instructions": "Which?", "criteria": dict.fromkeys("abcd")}


@pytest.mark.parametrize(
    ("raw", "code", "message"),
    [
        pytest.param([1], "invalid_request", "the request must be a JSON object, got list", id="not-an-object"),
        pytest.param(
            {"model": "jev", "state": 3},
            "model_not_found",
            "model 'jev' is not served here; this server serves 'tiny-1'",
            id="model-before-state",
        ),
        pytest.param(
            {"model": 7, "state": "s"}, "invalid_request", "'model' must be a string, got 7", id="model-not-a-string"
        ),
        pytest.param(
            {"state": 3, "questions": {}},
            "invalid_request",
            "'state' must be an object, a string or a list of strings; it is a int",
            id="state-before-questions",
        ),
        pytest.param(
            {"state": "s", "questions": dict.fromkeys("abc", 1)},
            "too_many_questions",
            "3 questions in one request; this server takes at most 2: split it",
            id="count-before-questions",
        ),
        pytest.param(
            {"state": "s", "questions": {"wide": {**_WIDE, "instructions": ""}}},
            "too_many_options",
            "question 'wide' has 4 options; this server takes at most 3",
            id="options-before-the-question",
        ),
        pytest.param(
            {"state": "s", "questions": {"done": {"type": "noul"}}},
            "invalid_question",
            "question 'done': a question needs non-empty string 'instructions'",
            id="invalid-question",
        ),
    ],
)
def test_a_request_is_refused_with_a_code_and_a_message_naming_the_value(raw: object, code: str, message: str) -> None:
    with pytest.raises(WireError) as caught:
        request_from_wire(raw, _POLICY)
    assert (caught.value.code, caught.value.message) == (code, message)


def test_a_policy_lets_through_its_model_and_its_limits() -> None:
    raw = {"model": "tiny-1", "state": "s", "questions": {"a": _NOUL, "b": {**_WIDE, "criteria": dict.fromkeys("abc")}}}
    request, model = request_from_wire(raw, _POLICY)
    assert (model, list(request.questions)) == ("tiny-1", ["a", "b"])


def test_unreadable_bytes_are_invalid_json_and_messages_are_compact_utf8() -> None:
    with pytest.raises(WireError, match=r"not UTF-8 JSON") as caught:
        decode_json(b'{"state": ')
    assert caught.value.code == "invalid_json"
    assert encode_json({"state": "café", "n": [1, 2]}) == '{"state":"café","n":[1,2]}'.encode()
    with pytest.raises(ValueError, match="not JSON compliant"):
        encode_json({"p": float("nan")})


@given(st.lists(_requests, min_size=1, max_size=3), _models)
def test_a_batch_request_survives_the_round_trip_and_matches_its_schema(
    requests: list[DecisionRequest], model: str | None
) -> None:
    body = _sent(batch_request_to_wire(requests, model))
    SCHEMAS["batch-request"].validate(body)
    assert [request_from_wire(item) for item in batch_request_from_wire(body)] == [(r, model) for r in requests]


@pytest.mark.parametrize("raw", [{}, {"requests": []}, {"requests": {"a": 1}}, [{"requests": [1]}]])
def test_a_batch_without_requests_is_refused(raw: object) -> None:
    with pytest.raises(WireError, match=r'a batch must be an object \{"requests": \[<request>, …\]\}, not empty'):
        batch_request_from_wire(raw)


# --- replies -----------------------------------------------------------------------------------------------------


def _sixty_fourths(size: int) -> st.SearchStrategy[list[float]]:
    """Probabilities in 64ths: they sum to exactly 1, so validating them (which divides by the sum) changes none."""
    cuts = st.lists(st.integers(0, 64), min_size=size - 1, max_size=size - 1).map(sorted)
    return cuts.map(lambda cs: [(b - a) / 64 for a, b in zip([0, *cs], [*cs, 64], strict=True)])


@st.composite
def _answers(draw: st.DrawFn, question: Question) -> Answer:
    match question:
        case ChoiceQuestion(options=options):
            probabilities = dict(zip(question.names, draw(_sixty_fourths(len(options))), strict=True))
            # An empty choice is never a valid answer; option names are unique, so one at most is empty.
            choice = draw(st.sampled_from([n for n in question.names if n]))
            return ChoiceAnswer(choice=choice, probabilities=probabilities)
        case NoulQuestion():
            return NoulAnswer(noul=draw(st.floats(0.0, 1.0)))
        case ScoreQuestion(levels=levels):
            return ScoreAnswer(probabilities=tuple(draw(_sixty_fourths(len(levels)))), legend=levels)


_counts = st.none() | st.integers(0, 10**9)
_usages = st.none() | st.builds(Usage, input_tokens=_counts, output_tokens=_counts).filter(usage_to_wire)


@st.composite
def _exchanges(draw: st.DrawFn) -> tuple[DecisionRequest, BackendReply]:
    """A request and a reply answering every question in full, as a client reads it back."""
    request = draw(_requests)
    answers = {qid: answer_to_wire(draw(_answers(q))) for qid, q in request.questions.items()}
    reply = BackendReply(
        answers=answers,
        backend="http@127.0.0.1:7789",
        model=draw(st.text(min_size=1, max_size=12)),
        latency_ms=draw(st.floats(0.0, 1e6)),
        usage=draw(_usages),
        degraded=draw(st.booleans()),
        warnings=tuple(draw(st.lists(st.text(max_size=12), max_size=2))),
    )
    return request, reply


def _read(body: object, latency_ms: float) -> BackendReply:
    return reply_from_wire(body, backend="http@127.0.0.1:7789", pinned_model=None, latency_ms=latency_ms)


@given(_exchanges())
def test_a_reply_survives_the_round_trip_and_matches_its_schema(exchange: tuple[DecisionRequest, BackendReply]) -> None:
    request, reply = exchange
    body = _sent(reply_to_wire(reply, request, latency_ms=reply.latency_ms))
    SCHEMAS["reply"].validate(body)
    assert _read(body, reply.latency_ms) == reply


_refusals = st.builds(Refusal, status=st.integers(400, 599), code=st.text(max_size=12), message=st.text(max_size=20))


@given(st.lists(_exchanges() | _refusals, max_size=3))
def test_a_batch_reply_survives_the_round_trip_and_matches_its_schema(
    entries: list[tuple[DecisionRequest, BackendReply] | Refusal],
) -> None:
    bodies = [e if isinstance(e, Refusal) else reply_to_wire(e[1], e[0], latency_ms=1.0) for e in entries]
    body = _sent(batch_reply_to_wire(bodies))
    SCHEMAS["batch-reply"].validate(body)
    read = batch_reply_from_wire(body, backend="http@127.0.0.1:7789", pinned_model=None, latency_ms=1.0)
    # The latency a client records is its own round trip, one for the whole batch.
    assert read == [e if isinstance(e, Refusal) else replace(e[1], latency_ms=1.0) for e in entries]


def test_an_invalid_or_missing_answer_is_dropped_with_a_warning_and_the_reply_degraded() -> None:
    request = DecisionRequest(state="s", questions={"tool": TOOL, "done": BARE_NOUL})
    reply = BackendReply(answers={"tool": {"choice": "rm"}}, backend="b", model="m", latency_ms=1.0)
    body = reply_to_wire(reply, request, latency_ms=1.23456)
    assert body == {
        "model": "m",
        "answers": {},
        "latency_ms": 1.235,
        "degraded": True,
        "warnings": [
            "no answer to 'tool': the backend's answer was invalid "
            "(choice 'rm' was not offered; offered: read_file, NONE)",
            "no answer to 'done': the backend gave none",
        ],
    }
    SCHEMAS["reply"].validate(body)


@pytest.mark.parametrize(
    ("body", "said"),
    [
        pytest.param([], "the response must be a JSON object, got list []", id="not-an-object"),
        pytest.param({"model": "m"}, "'answers' must be an object of question id -> answer, got nothing", id="none"),
    ],
)
def test_a_reply_without_answers_is_malformed(body: object, said: str) -> None:
    with pytest.raises(BackendError) as caught:
        _read(body, 1.0)
    assert (caught.value.code, caught.value.message) == ("malformed", said)


def test_a_batch_reply_without_responses_is_malformed() -> None:
    with pytest.raises(BackendError, match="a batch reply must be an object with 'responses'") as caught:
        batch_reply_from_wire({"answers": {}}, backend="b", pinned_model=None, latency_ms=1.0)
    assert caught.value.code == "malformed"


def test_reading_a_reply_tolerates_what_it_does_not_need() -> None:
    body = {"answers": {}, "usage": {"input_tokens": True, "output_tokens": -1}, "degraded": "yes", "warnings": [3]}
    reply = reply_from_wire(body, backend="b", pinned_model="pinned", latency_ms=2.0)
    assert (reply.model, reply.usage, reply.degraded, reply.warnings) == ("pinned", None, False, ("3",))


@given(_usages)
def test_usage_survives_the_round_trip_and_an_empty_one_is_left_out(usage: Usage | None) -> None:
    assert usage_from_wire(usage_to_wire(usage)) == usage
    assert usage_to_wire(Usage()) is None
    assert usage_to_wire(Usage(output_tokens=3)) == {"output_tokens": 3}


# --- schemas -----------------------------------------------------------------------------------------------------


def _shipped() -> Iterator[str]:
    folder = resources.files("decisionloop.core") / "schemas"
    return (entry.name.removesuffix(".json") for entry in folder.iterdir() if entry.name.endswith(".json"))


def test_every_shipped_schema_is_a_draft_2020_12_schema_with_a_name() -> None:
    assert sorted(_shipped()) == sorted(SCHEMA_NAMES)
    for name in SCHEMA_NAMES:
        schema = json.loads(schema_text(name))
        Draft202012Validator.check_schema(schema)
        assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        assert schema["title"]


def test_an_unknown_schema_name_lists_the_known_ones() -> None:
    with pytest.raises(ValueError, match=r"no schema 'replies'; known: request, reply, batch-request, batch-reply"):
        schema_text("replies")
