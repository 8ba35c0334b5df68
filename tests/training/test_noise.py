"""Goal noise: casing, typos, greetings and sign-offs, never touching slot values in a safe rendering."""

from __future__ import annotations

import random

from decisionloop.training.generator.noise import fill, render, typo

TEMPLATE = "Is it going to rain in {place} {when}?"
VALUES = {"place": "Bergen", "when": "tomorrow"}


def test_without_noise_a_template_is_just_filled() -> None:
    assert render(random.Random(1), TEMPLATE, VALUES, noisy=False).text == fill(TEMPLATE, VALUES)
    assert fill(TEMPLATE, VALUES) == "Is it going to rain in Bergen tomorrow?"


def test_safe_renderings_keep_every_value_verbatim() -> None:
    rng = random.Random(2)
    rendered = [render(rng, TEMPLATE, VALUES) for _ in range(2000)]
    safe = [r for r in rendered if r.safe]
    assert 0.6 < len(safe) / len(rendered) < 0.95
    assert all("Bergen" in r.text and "tomorrow" in r.text for r in safe)


def test_noise_varies_casing_typos_and_wrapping() -> None:
    rng = random.Random(3)
    texts = {render(rng, TEMPLATE, VALUES).text for _ in range(2000)}
    assert any(t.islower() for t in texts)
    assert any(t.isupper() for t in texts)
    assert any(t.startswith(("Hey, ", "Hi! ", "Quick question: ")) for t in texts)
    assert any("rian" in t or "goign" in t or "goin " in t or "gooing" in t for t in texts)
    assert any(not t.endswith("?") for t in texts)


def test_without_a_tail_nothing_follows_the_last_value() -> None:
    rng = random.Random(4)
    for _ in range(500):
        text = render(rng, "Remember that {c}", {"c": "the key is under the mat"}, tail=False).text
        assert text.casefold().endswith("the key is under the mat")


def test_a_lead_goes_before_the_goal_which_then_starts_lower_case() -> None:
    text = render(
        random.Random(5), "Tell me about {x}", {"x": "Bauhaus"}, noisy=False, lead="Don't save anything - "
    ).text
    assert text == "Don't save anything - tell me about Bauhaus"
    rng = random.Random(6)
    texts = [render(rng, "Tell me about {x}", {"x": "Bauhaus"}, lead="No changes: ") for _ in range(200)]
    assert all("Bauhaus" in r.text for r in texts if r.safe)


def test_a_typo_always_changes_a_word_of_four_letters_or_more_unless_it_swaps_equal_letters() -> None:
    rng = random.Random(7)
    for _ in range(300):
        word = rng.choice(("remember", "weather", "forecast", "convert"))
        assert typo(word, rng) != word or word == "remember"
