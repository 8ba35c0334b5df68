"""Slot options: fixed lists, ranking and dedup of spans, the 20-option cap with NONE last, and dev-suite recall."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

from decisionloop.core.questions import ChoiceQuestion, Option, question_problem
from decisionloop.core.tool import NONE, Slot, SpanKind
from decisionloop.extract import Candidate, extract, slot_options
from decisionloop.gold.suite import demo_suite_path
from decisionloop.tools.catalog import spec

ROOT = Path(__file__).resolve().parents[2]
SUITE = demo_suite_path()
# Every slot whose gold value appears in the goal or an earlier observation is recalled (43 of 43).
DEV_RECALL_FLOOR = 1.0
NAMED = Slot(name="entity", instruction="Which thing?", kinds=("proper", "place", "person"), none="None fits")
DATE = spec("date_math").slots[0]


def cand(span: str, kind: SpanKind, source: str = "goal") -> Candidate:
    """A candidate built by hand."""
    return Candidate(span=span, kind=kind, source=source)


def names(options: tuple[Option, ...]) -> list[str]:
    """The option names in order."""
    return [o.name for o in options]


def test_a_fixed_slot_offers_its_fixed_options() -> None:
    when = spec("weather").slots[1]
    assert slot_options(when, [cand("tomorrow", "date")]) == when.fixed


def test_span_options_are_the_span_text_and_none_comes_last_with_the_slots_criterion() -> None:
    options = slot_options(NAMED, [cand("Oslo", "place")])
    assert options == (Option(name="Oslo"), Option(name=NONE, criteria="None fits"))


def test_goal_first_then_kind_rank_then_order() -> None:
    candidates = [
        cand("Bergen", "place", "obs:0"),
        cand("Harald", "person"),
        cand("Oslo", "place"),
        cand("Norway", "proper", "obs:0"),
        cand("Trondheim", "proper"),
        cand("Tromsø", "place"),
    ]
    assert names(slot_options(NAMED, candidates))[:-1] == ["Trondheim", "Oslo", "Tromsø", "Harald", "Norway", "Bergen"]


def test_kinds_the_slot_does_not_accept_are_left_out() -> None:
    candidates = [cand("3 days", "duration"), cand("Oslo", "place"), cand("the key is here", "clause")]
    assert names(slot_options(NAMED, candidates)) == ["Oslo", NONE]


def test_spans_are_deduplicated_case_insensitively_across_kinds_keeping_the_best_ranked() -> None:
    candidates = [cand("oslo", "place"), cand("Oslo", "proper"), cand("OSLO", "person", "obs:0")]
    assert names(slot_options(NAMED, candidates)) == ["Oslo", NONE]


def test_an_extra_literal_is_offered_once_after_the_spans() -> None:
    candidates = [cand("Today", "date"), cand("March 3", "date")]
    assert names(slot_options(DATE, candidates)) == ["March 3", "today", NONE]


def test_no_candidates_leaves_the_extras_and_none() -> None:
    assert names(slot_options(DATE, [])) == ["today", NONE]
    assert names(slot_options(NAMED, [])) == [NONE]


def test_at_most_20_options_with_extras_and_none_last() -> None:
    candidates = [cand(f"March {d}", "date", "obs:0") for d in range(1, 31)]
    options = slot_options(DATE, candidates)
    assert len(options) == 20
    assert names(options)[-3:] == ["March 18", "today", NONE]
    assert options[-1].criteria == DATE.none
    assert question_problem(ChoiceQuestion(instructions=DATE.instruction, options=options)) is None


def test_a_span_named_none_cannot_shadow_the_none_option() -> None:
    assert names(slot_options(NAMED, [cand("None", "proper"), cand("Oslo", "place")])) == ["Oslo", NONE]


def test_options_from_a_real_extraction_form_a_valid_question() -> None:
    goal = "Send Ingrid a message saying the ferry leaves at noon"
    candidates = extract(goal, [])
    for slot in spec("send_message").slots:
        options = slot_options(slot, candidates)
        assert question_problem(ChoiceQuestion(instructions=slot.instruction, options=options)) is None
    assert names(slot_options(spec("send_message").slots[0], candidates))[0] == "Ingrid"
    assert names(slot_options(spec("send_message").slots[1], candidates))[0] == "the ferry leaves at noon"


def _recall_script() -> ModuleType:
    path = ROOT / "scripts" / "extractor_recall.py"
    loaded = importlib.util.spec_from_file_location("extractor_recall", path)
    assert loaded is not None
    assert loaded.loader is not None
    module = importlib.util.module_from_spec(loaded)
    sys.modules["extractor_recall"] = module
    loaded.loader.exec_module(module)
    return module


def test_dev_suite_recall_on_extractable_slots() -> None:
    script = _recall_script()
    found = list(script.cases(json.loads(SUITE.read_text(encoding="utf-8"))))
    recall: float = script.recall(found)
    misses = [(c.task, c.slot, c.gold) for c in found if c.extractable and not c.recalled]
    assert recall >= DEV_RECALL_FLOOR, misses
