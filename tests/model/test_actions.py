"""The action facts of a tool: does its name do what the goal asks (the verb's action), to what the goal names
(the object's words), and how well the best tool fits (what the NONE row reads)."""

from __future__ import annotations

import numpy as np

from decisionloop.core.questions import ChoiceQuestion, Option
from decisionloop.model.actions import N_ACTION_FACTS, action_facts, name_words, object_words, same_action
from decisionloop.model.encoder import DIM
from decisionloop.model.features import N_LEXICAL, facts, frame

SHARE, AGREES, CLASHES, FIT, BEST, BELOW = range(N_ACTION_FACTS)


def _rows(names: list[str], goal: str) -> dict[str, list[float]]:
    return dict(zip(names, action_facts(names, goal).tolist(), strict=True))


def test_a_tool_that_does_another_action_to_the_named_object_clashes_and_does_not_fit() -> None:
    rows = _rows(["createSubnet", "deleteInstance", "NONE"], "Delete the subnet called lab-2 from our network.")
    assert rows["createSubnet"][SHARE] == 1, "the subnet is named"
    assert (rows["createSubnet"][CLASHES], rows["createSubnet"][FIT]) == (1, 0), "but the goal deletes"
    assert (rows["deleteInstance"][AGREES], rows["deleteInstance"][SHARE]) == (1, 0)
    assert rows["NONE"] == [0, 0, 0, 0, 0, 0], "no tool fits: the best fit NONE reads is 0"


def test_the_tool_that_does_the_asked_action_to_the_named_object_fits_best() -> None:
    goal = "Tell me the information of the player named Cristiano Ronaldo."
    rows = _rows(["getPlayerInfo", "getPlayerRanking", "NONE"], goal)
    assert rows["getPlayerInfo"][:4] == [1, 1, 0, 1], "'tell me' asks to read; info meets information"
    assert (rows["getPlayerRanking"][FIT], rows["getPlayerRanking"][BELOW]) == (0.5, 0.5)
    assert rows["NONE"][BEST] == 1


def test_inflected_verbs_and_words_a_name_runs_together_are_met() -> None:
    rows = _rows(["createChildrenswearDesign", "deleteChildrenswearDesign"], "I am creating children's wear designs.")
    assert rows["createChildrenswearDesign"][:4] == [1, 1, 0, 1], "children begins childrenswear; designs → design"
    assert rows["deleteChildrenswearDesign"][CLASHES] == 1
    snake = _rows(["calculate_water_needs"], "Compute the water needs of a plant.")
    assert snake["calculate_water_needs"][:4] == [1, 1, 0, 1], "compute and calculate are one action"


def test_a_goal_that_names_no_action_and_a_verb_of_no_group_clash_with_nothing() -> None:
    rows = _rows(["translateText", "getWeather"], "bonjour le monde, en anglais")
    assert (rows["translateText"][CLASHES], rows["getWeather"][CLASHES]) == (0, 0)
    assert _rows(["translateText"], "What does bonjour mean?")["translateText"][CLASHES] == 0, "no group of its own"


def test_short_words_are_not_met_by_the_longer_words_they_begin() -> None:
    assert _rows(["getArtInfo"], "Find the article about whales.")["getArtInfo"][SHARE] == 0


def test_name_words_and_object_words_read_every_naming_style() -> None:
    assert name_words("sendSatelliteMessage") == ["send", "satellite", "message"]
    assert name_words("grocery_shop.find_specific_product") == ["grocery", "shop", "find", "specific", "product"]
    assert (object_words(["player", "info"]), object_words(["data"])) == (["player"], ["data"])
    assert [same_action(*pair) for pair in (("move", "drive"), ("create", "delete"), ("zip", "zip"))] == [1, 0, 1]


def test_only_a_choice_has_action_facts_in_its_rows() -> None:
    question = ChoiceQuestion(instructions="Tool", options=(Option(name="deleteNote"), Option(name="NONE")))
    framed = frame({"goal": "delete my shopping note"}, question)
    goal = np.ones(DIM, dtype=np.float32) / np.sqrt(DIM)
    rows = facts(framed, goal, np.stack([goal, -goal]))
    assert rows.shape == (2, N_LEXICAL)
    assert rows[0, -N_ACTION_FACTS:].tolist() == [1, 1, 0, 1, 1, 0]
