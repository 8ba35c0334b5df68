"""A recorded run (as ``SqliteJournal.load`` returns it) written as JSON or Turtle, and its held steps by SPARQL.

The Turtle uses a small vocabulary, ``dl: <https://decisionloop.dev/ns/journal#>``. A run is
``<https://decisionloop.dev/run/ID>``; its parts live under that IRI (``…/step/0``, ``…/decision/3``,
``…/approval/0``, ``…/call/1``). Times are xsd:dateTime, flags xsd:boolean, counts xsd:integer, figures
xsd:decimal, everything else a plain string. Empty texts and missing values are left out.

- ``dl:Run``: ``dl:goal``, ``dl:status`` (ended | unfinished), ``dl:stopReason``, ``dl:detail``, ``dl:answer``,
  ``dl:delivery``, ``dl:startedAt``, ``dl:endedAt``, ``dl:hasStep`` → ``dl:Step``, and ``dl:decision`` /
  ``dl:approval`` / ``dl:toolCall`` for parts that belong to no recorded step (answer checks, a step cut short).
- ``dl:Step``: ``dl:index``, ``dl:tool``, ``dl:argument`` (a blank node with ``dl:slot`` and ``dl:value``),
  ``dl:decidedBy``, ``dl:held``, ``dl:hold`` → ``dl:Hold`` (``dl:holdKind``, ``dl:holdReason``), ``dl:note``,
  ``dl:observation``, ``dl:ok``, and its ``dl:decision``, ``dl:approval`` and ``dl:toolCall``.
- ``dl:Decision``: ``dl:index`` (its step), ``dl:block``, ``dl:action``, ``dl:proposed``, ``dl:degraded``,
  ``dl:reason`` (one per reason), ``dl:backend``, ``dl:model``, ``dl:latencyMs``, and one ``dl:response`` per
  answer: a blank node with ``dl:question``, ``dl:choice`` (choice answers), ``dl:probability`` (of the chosen
  option, or of yes) or ``dl:score`` (score answers).
- ``dl:Approval``: ``dl:index``, ``dl:tool``, ``dl:argument``, ``dl:sideEffect``, ``dl:effect`` (what the person
  was shown the call would do), ``dl:allowed``, ``dl:approvedBy``, ``dl:at``, ``dl:note``.
- ``dl:ToolCall``: ``dl:index``, ``dl:tool``, ``dl:argument``, ``dl:startedAt``, ``dl:finishedAt``, ``dl:ok``,
  ``dl:observation``, ``dl:answer``, ``dl:source``, ``dl:ms``, ``dl:inFlight``, ``dl:note``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Set
from decimal import Decimal

from rdflib import RDF, XSD, BNode, Graph, Literal, Namespace, URIRef
from rdflib.query import ResultRow
from rdflib.term import Node

DL = Namespace("https://decisionloop.dev/ns/journal#")
RUN_BASE = "https://decisionloop.dev/run/"
HELD_STEPS_QUERY = """PREFIX dl: <https://decisionloop.dev/ns/journal#>
SELECT ?index ?kind ?reason WHERE {
    ?run a dl:Run ; dl:hasStep ?step .
    ?step dl:index ?index ; dl:held true ; dl:hold ?hold .
    ?hold dl:holdKind ?kind ; dl:holdReason ?reason .
}
ORDER BY ?index ?kind ?reason"""

Data = Mapping[str, object]
_INDEX = DL["index"]  # DL.index would be str.index: Namespace is a str
_TIMES = frozenset({"started_at", "ended_at", "finished_at", "at"})
_RUN_FIELDS: dict[str, URIRef] = {
    "goal": DL.goal,
    "status": DL.status,
    "stop": DL.stopReason,
    "detail": DL.detail,
    "answer": DL.answer,
    "delivery": DL.delivery,
    "started_at": DL.startedAt,
    "ended_at": DL.endedAt,
}
_STEP_FIELDS: dict[str, URIRef] = {
    "index": _INDEX,
    "tool": DL.tool,
    "decided_by": DL.decidedBy,
    "held": DL.held,
    "note": DL.note,
    "observation": DL.observation,
    "ok": DL.ok,
}
_DECISION_FIELDS: dict[str, URIRef] = {
    "block": DL.block,
    "action": DL.action,
    "proposed": DL.proposed,
    "degraded": DL.degraded,
    "backend": DL.backend,
    "model": DL.model,
    "latency_ms": DL.latencyMs,
}
_APPROVAL_FIELDS: dict[str, URIRef] = {
    "step": _INDEX,
    "tool": DL.tool,
    "side_effect": DL.sideEffect,
    "effect": DL.effect,
    "allowed": DL.allowed,
    "by": DL.approvedBy,
    "at": DL.at,
    "note": DL.note,
}
_CALL_FIELDS: dict[str, URIRef] = {
    "step": _INDEX,
    "tool": DL.tool,
    "started_at": DL.startedAt,
    "finished_at": DL.finishedAt,
    "ok": DL.ok,
    "observation": DL.observation,
    "answer": DL.answer,
    "source": DL.source,
    "ms": DL.ms,
    "in_flight": DL.inFlight,
    "note": DL.note,
}
# (key in the run data, IRI path, class, fields, link from the step or run)
_PARTS = (
    ("approvals", "approval", DL.Approval, _APPROVAL_FIELDS, DL.approval),
    ("tool_calls", "call", DL.ToolCall, _CALL_FIELDS, DL.toolCall),
)


def run_json(data: Data) -> str:
    """The run as indented JSON with sorted keys, so two exports of one run are byte-identical."""
    return json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def run_turtle(data: Data) -> str:
    """The run as Turtle in the ``dl:`` vocabulary (see the module docstring)."""
    graph = Graph()
    graph.bind("dl", DL)
    run = URIRef(f"{RUN_BASE}{data['id']}")
    _node(graph, run, DL.Run, data, _RUN_FIELDS)
    steps = {_step(graph, run, step) for step in _items(data, "steps")}
    for n, (index, decision) in enumerate(_decisions(data)):
        node = _node(graph, URIRef(f"{run}/decision/{n}"), DL.Decision, decision, _DECISION_FIELDS)
        graph.add((_owner(run, steps, index), DL.decision, node))
        _decision_details(graph, node, index, decision)
    for key, path, kind, fields, link in _PARTS:
        for n, item in enumerate(_items(data, key)):
            node = _node(graph, URIRef(f"{run}/{path}/{n}"), kind, item, fields)
            graph.add((_owner(run, steps, item.get("step")), link, node))
            _arguments(graph, node, item.get("args"))
    return graph.serialize(format="turtle")


def held_steps(turtle_text: str) -> list[tuple[int, str, str]]:
    """``(step index, hold kind, reason)`` for every hold of every held step, read from Turtle by SPARQL."""
    graph = Graph().parse(data=turtle_text, format="turtle")
    held: list[tuple[int, str, str]] = []
    for row in graph.query(HELD_STEPS_QUERY):
        if isinstance(row, ResultRow):
            index, kind, reason = (_python(node) for node in row)
            held.append((int(str(index)), str(kind), str(reason)))
    return held


def _step(graph: Graph, run: URIRef, step: Data) -> URIRef:
    node = _node(graph, URIRef(f"{run}/step/{step.get('index')}"), DL.Step, step, _STEP_FIELDS)
    graph.add((run, DL.hasStep, node))
    _arguments(graph, node, step.get("args"))
    for hold in _items(step, "holds"):
        blank = BNode()
        graph.add((node, DL.hold, blank))
        graph.add((blank, RDF.type, DL.Hold))
        _add(graph, blank, DL.holdKind, hold.get("kind"))
        _add(graph, blank, DL.holdReason, hold.get("detail"))
    return node


def _decisions(data: Data) -> list[tuple[object, Data]]:
    pairs: list[tuple[object, Data]] = []
    for group in _items(data, "decisions"):
        for row in _items(group, "decisions"):
            decision = row.get("decision")
            if isinstance(decision, Mapping):
                pairs.append((group.get("step"), decision))
    return pairs


def _decision_details(graph: Graph, node: URIRef, index: object, decision: Data) -> None:
    _add(graph, node, _INDEX, index)
    for reason in _list(decision.get("reasons")):
        _add(graph, node, DL.reason, reason)
    answers = decision.get("answers")
    for qid, answer in answers.items() if isinstance(answers, Mapping) else ():
        if isinstance(answer, Mapping):
            blank = BNode()
            graph.add((node, DL.response, blank))
            _add(graph, blank, DL.question, qid)
            _add(graph, blank, DL.choice, answer.get("choice"))
            _add(graph, blank, DL.probability, answer.get("confidence", answer.get("noul")))
            _add(graph, blank, DL.score, answer.get("score"))


def _node(graph: Graph, node: URIRef, kind: URIRef, data: Data, fields: Mapping[str, URIRef]) -> URIRef:
    graph.add((node, RDF.type, kind))
    for key, prop in fields.items():
        value = data.get(key)
        _add(graph, node, prop, value, XSD.dateTime if key in _TIMES else None)
    return node


def _arguments(graph: Graph, node: URIRef, args: object) -> None:
    for slot, value in args.items() if isinstance(args, Mapping) else ():
        blank = BNode()
        graph.add((node, DL.argument, blank))
        _add(graph, blank, DL.slot, slot)
        _add(graph, blank, DL.value, value)


def _add(graph: Graph, node: Node, prop: URIRef, value: object, datatype: URIRef | None = None) -> None:
    if value is None or value == "":
        return
    if datatype is not None:
        value = Literal(str(value), datatype=datatype)
    elif isinstance(value, float):
        value = Decimal(repr(value))  # Turtle writes 0.55, not xsd:double's 5.5e-01
    graph.add((node, prop, value if isinstance(value, Literal) else Literal(value)))


def _owner(run: URIRef, steps: Set[URIRef], index: object) -> URIRef:
    step = URIRef(f"{run}/step/{index}")
    return step if step in steps else run


def _items(data: Data, key: str) -> list[Data]:
    return [item for item in _list(data.get(key)) if isinstance(item, Mapping)]


def _list(value: object) -> list[object]:
    return list(value) if isinstance(value, list | tuple) else []


def _python(node: object) -> object:
    return node.toPython() if isinstance(node, Literal) else node
