"""A recorded run as JSON and as Turtle: both parse back, and SPARQL finds exactly the held steps."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from rdflib import RDF, XSD, Graph, Literal, URIRef

from decisionloop.journal import DL, HELD_STEPS_QUERY, SqliteJournal, ToolStarted, held_steps, run_json, run_turtle
from tests.support.journal import AT, NOTE, held_run_events, record_all, rows

RUN_BASE = "https://decisionloop.dev/run/"


@pytest.fixture
def journal(tmp_path: Path) -> Iterator[SqliteJournal]:
    with SqliteJournal(tmp_path / "journal.sqlite3") as opened:
        yield opened


@pytest.fixture
def ended(journal: SqliteJournal) -> dict[str, object]:
    return journal.load(record_all(journal, held_run_events()))


@pytest.fixture
def unfinished(journal: SqliteJournal) -> dict[str, object]:
    events = held_run_events()
    return journal.load(record_all(journal, [*events[:5], ToolStarted(step=1, call=NOTE, at=AT)]))


def parsed(data: dict[str, object]) -> Graph:
    return Graph().parse(data=run_turtle(data), format="turtle")


def test_the_json_export_round_trips_and_is_stable(ended: dict[str, object]) -> None:
    text = run_json(ended)
    assert json.loads(text) == ended
    assert run_json(json.loads(text)) == text
    assert text.startswith('{\n  "answer": ')


def test_held_steps_finds_exactly_the_held_step(ended: dict[str, object]) -> None:
    reason = rows(ended, "steps")[0]["holds"][0]["detail"]
    assert held_steps(run_turtle(ended)) == [(0, "tool_unsure", reason)]
    assert "dl:holdReason" in HELD_STEPS_QUERY


def test_a_run_without_holds_has_no_held_steps(ended: dict[str, object]) -> None:
    calm = {**ended, "steps": [s for s in rows(ended, "steps") if not s["held"]]}
    assert held_steps(run_turtle(calm)) == []


def test_the_turtle_describes_the_run_and_its_steps(ended: dict[str, object]) -> None:
    graph = parsed(ended)
    run = URIRef(f"{RUN_BASE}{ended['id']}")
    assert (run, RDF.type, DL.Run) in graph
    assert graph.value(run, DL.stopReason) == Literal("declined")
    steps = [URIRef(f"{run}/step/0"), URIRef(f"{run}/step/1")]
    assert set(graph.objects(run, DL.hasStep)) == set(steps)
    assert graph.value(steps[0], DL.decidedBy) == Literal("person")
    assert graph.value(steps[1], DL.held) == Literal(False)
    arguments = {
        (str(graph.value(a, DL.slot)), str(graph.value(a, DL.value))) for a in graph.objects(steps[0], DL.argument)
    }
    assert arguments == {("place", "Paris")}


def test_the_turtle_keeps_decisions_and_the_denied_approval(ended: dict[str, object]) -> None:
    graph = parsed(ended)
    step = URIRef(f"{RUN_BASE}{ended['id']}/step/1")
    blocks = {str(graph.value(d, DL.block)) for d in graph.objects(step, DL.decision)}
    assert blocks == {"needs_tool", "pick_tool"}
    approval = graph.value(step, DL.approval)
    assert approval is not None
    assert graph.value(approval, DL.allowed) == Literal(False)
    assert graph.value(approval, DL.approvedBy) == Literal("ana")
    assert graph.value(approval, DL.at) == Literal("2025-05-01T09:30:00+00:00", datatype=XSD.dateTime)
    assert graph.value(approval, DL.effect) == Literal('saves the note "Paris: 18 °C, sunny"')
    probabilities = {
        float(str(graph.value(r, DL.probability)))
        for d in graph.objects(URIRef(f"{RUN_BASE}{ended['id']}/step/0"), DL.decision)
        for r in graph.objects(d, DL.response)
    }
    assert probabilities == {0.92, 0.55}


def test_a_call_in_flight_is_flagged_and_hangs_off_the_run(unfinished: dict[str, object]) -> None:
    graph = parsed(unfinished)
    run = URIRef(f"{RUN_BASE}{unfinished['id']}")
    (call,) = graph.objects(run, DL.toolCall)
    assert (call, RDF.type, DL.ToolCall) in graph
    assert graph.value(call, DL.inFlight) == Literal(True)
    assert graph.value(call, DL.tool) == Literal("note_save")
    assert graph.value(run, DL.status) == Literal("unfinished")
