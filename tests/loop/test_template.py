"""The template answer: the last answer that worked; else a no-answer that says what failed last."""

from __future__ import annotations

from decisionloop.loop.template import NO_ANSWER, TemplateStep, is_no_answer, template_answer, template_suffices


def test_the_last_answer_that_worked_is_the_answer() -> None:
    steps = [TemplateStep(tool="weather", ok=True, answer="Sunny"), TemplateStep(tool="FINISH", ok=True, answer="")]
    assert template_answer(steps) == "Sunny"


def test_with_nothing_that_worked_the_no_answer_says_what_failed_last() -> None:
    steps = [
        TemplateStep(tool="weather", ok=False, answer="", observation="Open-Meteo could not be reached: offline"),
        TemplateStep(tool="ask_user", ok=False, answer="", observation="nobody to ask"),
    ]
    text = template_answer(steps)
    assert text == "I could not find an answer: weather failed: Open-Meteo could not be reached: offline"
    assert is_no_answer(text)


def test_a_long_failure_is_cut_and_nothing_at_all_is_the_plain_no_answer() -> None:
    long = template_answer([TemplateStep(tool="calculator", ok=False, answer="", observation="x " * 400)])
    assert long.endswith("…")
    assert len(long) < 400
    assert template_answer([]) == NO_ANSWER
    assert is_no_answer(NO_ANSWER)
    assert not is_no_answer("I could not find the file, so I made one.")


def test_the_template_suffices_when_one_tool_ran_the_users_replies_aside() -> None:
    weather = TemplateStep(tool="weather", ok=True, answer="Sunny")
    failed = TemplateStep(tool="weather", ok=False, answer="", observation="offline")
    asked = TemplateStep(tool="ask_user", ok=True, answer='You said: "Paris"')
    fact = TemplateStep(tool="wikidata_fact", ok=True, answer="Population of Paris: 2,102,650")
    assert template_suffices([weather, TemplateStep(tool="FINISH", ok=True, answer="")])
    assert template_suffices([asked, weather])
    assert template_suffices([failed])  # what failed is all there is to say
    assert not template_suffices([weather, fact])  # two results: the LLM puts them together
    assert not template_suffices([failed, weather])
    assert not template_suffices([])  # no tool ran: with an LLM, it may still answer (a greeting)
    assert not template_suffices([asked])
