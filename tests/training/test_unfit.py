"""The "no tool fits" examples: an episode's first step asked again without the tools that could serve it."""

from __future__ import annotations

from decisionloop.core.tool import NONE
from decisionloop.core.vocab import ASK_USER, FINISH
from decisionloop.spec.load import load_spec
from decisionloop.training.generator import Episode
from decisionloop.training.unfit import unfit_examples


def test_the_tools_that_fit_are_taken_away_and_none_is_the_answer(episodes: list[Episode]) -> None:
    spec = load_spec()
    made = 0
    for e in episodes[:400]:
        examples = unfit_examples(e, spec)
        first = e.task.steps[0].action
        if first in (ASK_USER, FINISH):
            assert examples == [], e.task.goal
            continue
        assert first in e.fits  # the gold tool is always among those that fit
        for example in examples:
            names = example.framed.names
            assert (example.question, names[example.label], names[-1]) == ("tool", NONE, NONE)
            assert not set(names) & e.fits, (e.task.goal, names)
            made += 1
    assert made > 100


def test_a_fact_and_the_article_stand_in_for_each_other(episodes: list[Episode]) -> None:
    both = [
        e
        for e in episodes
        if e.intent == "multihop.calc" and {"wiki_lookup", "wikidata_fact"} <= {t.id for t in e.tools}
    ]
    assert both
    for e in both:
        assert {"wiki_lookup", "wikidata_fact"} <= e.fits, e.task.goal
