"""The training path cannot rot: a tiny model trains for a few steps on generated data, exports, and loads
through the runtime (onnxruntime, tokenizers, numpy) to answer a real request."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from decisionloop.core.backend import DecisionRequest
from decisionloop.core.questions import ChoiceQuestion, NoulQuestion, Option, ScoreQuestion
from decisionloop.decide import decide_batch
from decisionloop.loop.asks import step_asks
from decisionloop.loop.frames import RunView
from decisionloop.model.backend import MANIFEST, ModelBackend, ModelFiles
from decisionloop.spec.load import load_spec
from decisionloop.tools.builtin import builtin_tools
from decisionloop.training.fit import FitConfig
from decisionloop.training.pipeline import TrainConfig, train_model
from tests.support.scripts import load_script


@pytest.fixture(scope="module")
def trained(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("model")
    config = TrainConfig(episodes=40, seed=3, fit=FitConfig(epochs=1, log_every=200))
    report = train_model(config, out, say=lambda _: None)
    assert report["train_questions"] > 200  # type: ignore[operator]
    return out


def test_a_tiny_model_exports_its_files_and_manifest(trained: Path) -> None:
    manifest = json.loads((trained / MANIFEST).read_text(encoding="utf-8"))
    assert set(manifest["files"]) == {"encoder.int8.onnx", "tokenizer.json", "head.npz", "config.json"}
    assert all(len(f["sha256"]) == 64 for f in manifest["files"].values())
    assert manifest["training"]["episodes"] == 40
    assert (trained / "learning_curve.json").is_file()
    config = json.loads((trained / "config.json").read_text(encoding="utf-8"))
    assert config["temperatures"]


def test_the_runtime_answers_every_question_type_with_probabilities(trained: Path) -> None:
    backend = ModelBackend(ModelFiles.read(trained))
    request = DecisionRequest(
        state={"goal": "What is the weather in Oslo tomorrow?"},
        questions={
            "pick": ChoiceQuestion(
                instructions="Which tool?",
                options=(Option(name="weather", criteria="Get the forecast"), Option(name="calculator")),
            ),
            "yes": NoulQuestion(instructions="Is a tool needed?", true="yes", false="no"),
            "level": ScoreQuestion(instructions="How risky?", levels=("none", "some", "a lot")),
        },
    )
    reply = backend.decide(request)
    assert reply.model.startswith("decisionloop-")
    assert reply.answers["pick"]["choice"] in ("weather", "calculator")  # type: ignore[index]
    assert sum(reply.answers["pick"]["probabilities"].values()) == pytest.approx(1.0, abs=1e-5)  # type: ignore[index]
    assert 0.0 <= reply.answers["yes"]["noul"] <= 1.0  # type: ignore[index]
    assert len(reply.answers["level"]["probabilities"]) == 3  # type: ignore[index]


def test_the_loop_s_own_asks_are_decided_without_degradation(trained: Path) -> None:
    spec = load_spec()
    framed = step_asks(spec, RunView(goal="Convert 5 miles to km"), builtin_tools(), 0)
    decisions = decide_batch(ModelBackend(ModelFiles.read(trained)), [f.ask for f in framed])
    assert [d.block for d in decisions] == ["needs_tool", "pick_tool"]
    assert not any(d.degraded for d in decisions)


def test_several_requests_in_one_call_get_the_answers_they_get_alone(trained: Path) -> None:
    backend = ModelBackend(ModelFiles.read(trained))
    question = NoulQuestion(instructions="Is a tool needed?", true="yes", false="no")
    requests = [DecisionRequest(state={"goal": g}, questions={"q": question}) for g in ("Hi there", "Weather in Rome")]
    together = backend.decide_many(requests)
    alone = [backend.decide(r) for r in requests]
    for a, b in zip(together, alone, strict=True):
        assert a.answers["q"]["noul"] == pytest.approx(b.answers["q"]["noul"], abs=1e-5)  # type: ignore[index]


def test_a_model_trained_on_other_features_is_refused_with_the_fix(trained: Path, tmp_path: Path) -> None:
    import shutil

    from decisionloop.core.errors import ConfigError

    old = tmp_path / "old"
    shutil.copytree(trained, old, ignore=shutil.ignore_patterns("checkpoints"))
    config = json.loads((old / "config.json").read_text(encoding="utf-8"))
    (old / "config.json").write_text(json.dumps({**config, "feature_version": 1}), encoding="utf-8")
    with pytest.raises(ConfigError, match=r"feature version 1.*retrain it"):
        ModelFiles.read(old)


def _opposite(trained: Path, other: Path) -> Path:
    """A copy of ``trained`` whose head scores every option the opposite way: another head, plainly."""
    import shutil

    import numpy as np

    shutil.copytree(trained, other, ignore=shutil.ignore_patterns("checkpoints"))
    with np.load(other / "head.npz") as data:
        weights = {k: np.asarray(data[k]) for k in data.files}
    weights["w3"] = -weights["w3"]
    np.savez_compressed(other / "head.npz", **weights)  # type: ignore[arg-type]
    return other


def test_a_combined_model_answers_its_named_questions_with_the_other_head(trained: Path, tmp_path: Path) -> None:
    other = _opposite(trained, tmp_path / "other")
    combined = tmp_path / "combined"
    load_script("combine_heads").combine(trained, [("pick", other)], combined)
    files = ModelFiles.read(combined)
    assert [sorted(e.questions) for e in files.heads] == [["pick"], []]
    manifest = json.loads((combined / MANIFEST).read_text(encoding="utf-8"))
    assert set(manifest["files"]) >= {"head.npz", "head_pick.npz", "config.json"}
    question = ChoiceQuestion(instructions="Which tool?", options=(Option(name="weather"), Option(name="calculator")))
    request = DecisionRequest(state={"goal": "Weather in Oslo"}, questions={"pick": question, "same": question})
    base, other_reply = ModelBackend(ModelFiles.read(trained)), ModelBackend(ModelFiles.read(other))
    reply = ModelBackend(files).decide(request).answers
    picked, alone, same = reply["pick"], other_reply.decide(request).answers["pick"], base.decide(request).answers
    assert picked["probabilities"] == pytest.approx(alone["probabilities"])  # type: ignore[index]
    assert reply["same"]["probabilities"] == pytest.approx(same["same"]["probabilities"])  # type: ignore[index]
    assert picked["probabilities"] != pytest.approx(reply["same"]["probabilities"])  # type: ignore[index]


def test_a_combined_model_missing_its_other_head_is_refused(trained: Path, tmp_path: Path) -> None:
    from decisionloop.core.errors import ConfigError

    combined = tmp_path / "combined"
    load_script("combine_heads").combine(trained, [("pick", _opposite(trained, tmp_path / "other"))], combined)
    (combined / "head_pick.npz").unlink()
    with pytest.raises(ConfigError, match=r"lacks the head 'head_pick\.npz'"):
        ModelFiles.read(combined)
    config = json.loads((combined / "config.json").read_text(encoding="utf-8"))
    (combined / "config.json").write_text(json.dumps({**config, "heads": [{"file": "x.npz"}]}), encoding="utf-8")
    with pytest.raises(ConfigError, match="names its 'file' and its 'questions'"):
        ModelFiles.read(combined)


def test_heads_that_name_one_question_answer_it_together(trained: Path, tmp_path: Path) -> None:
    other = _opposite(trained, tmp_path / "other")
    combined = tmp_path / "combined"
    load_script("combine_heads").combine(trained, [("pick", other), ("pick", trained / "head.npz")], combined)
    assert [(e.file, sorted(e.questions)) for e in ModelFiles.read(combined).heads] == [
        ("head_pick.npz", ["pick"]),
        ("head.npz", ["pick"]),  # the base's own head is named, not copied again
        ("head.npz", []),
    ]
    assert not (combined / "head_pick_2.npz").exists()
    question = ChoiceQuestion(instructions="Which tool?", options=(Option(name="weather"), Option(name="calculator")))
    request = DecisionRequest(state={"goal": "Weather in Oslo"}, questions={"pick": question})

    def probabilities(directory: Path) -> dict[str, float]:
        answer = ModelBackend(ModelFiles.read(directory)).decide(request).answers["pick"]
        return dict(answer["probabilities"])  # type: ignore[index]

    together, first, second = probabilities(combined), probabilities(trained), probabilities(other)
    for name in ("weather", "calculator"):
        assert together[name] == pytest.approx((first[name] + second[name]) / 2, abs=1e-5)


def test_a_head_may_name_every_question_an_id_starts() -> None:
    from decisionloop.model.backend import HeadEntry

    entry = HeadEntry(file="h.npz", questions=frozenset({"arg:*", "tool"}), feature_version=8, temperatures={})
    assert entry.answers("arg:city")
    assert entry.answers("tool")
    assert not entry.answers("needs_tool")
    assert not entry.answers("argue")
    assert HeadEntry(file="h.npz", questions=frozenset(), feature_version=8, temperatures={}).answers("anything")


def test_an_int8_combined_model_is_smaller_and_answers_as_the_float16_one(trained: Path, tmp_path: Path) -> None:
    other = _opposite(trained, tmp_path / "other")
    half, small = tmp_path / "half", tmp_path / "small"
    load_script("combine_heads").combine(trained, [("pick", other)], half)
    load_script("combine_heads").combine(trained, [("pick", other)], small, int8=True)
    for name in ("head.npz", "head_pick.npz"):
        assert (small / name).stat().st_size < (half / name).stat().st_size
    question = ChoiceQuestion(instructions="Which tool?", options=(Option(name="weather"), Option(name="calculator")))
    request = DecisionRequest(state={"goal": "Weather in Oslo"}, questions={"pick": question, "same": question})
    one, two = (ModelBackend(ModelFiles.read(d)).decide(request).answers for d in (half, small))
    for qid in ("pick", "same"):
        assert two[qid]["choice"] == one[qid]["choice"]  # type: ignore[index]
        assert two[qid]["probabilities"] == pytest.approx(one[qid]["probabilities"], abs=0.02)  # type: ignore[index]


def test_a_head_for_the_built_in_tools_answers_a_choice_among_them_only(trained: Path, tmp_path: Path) -> None:
    other = _opposite(trained, tmp_path / "other")
    combined = tmp_path / "combined"
    script = load_script("combine_heads")
    script.combine(trained, [("pick", trained / "head.npz")], combined, builtin=[("pick", other)])
    entries = ModelFiles.read(combined).heads
    assert [(e.file, e.catalogue is not None) for e in entries] == [
        ("head.npz", False),
        ("head_pick.npz", True),
        ("head.npz", False),
    ]
    tools = {t.id: t for t in builtin_tools()}
    built_in = tuple(Option(name=t, criteria=tools[t].description) for t in ("weather", "calculator"))
    mine = (built_in[0], Option(name="book_table", criteria="Book a table at a restaurant."))
    none = Option(name="NONE", criteria="none of these tools fits")

    def probabilities(directory: Path, options: tuple[Option, ...]) -> dict[str, float]:
        question = ChoiceQuestion(instructions="Which tool?", options=options)
        request = DecisionRequest(state={"goal": "Weather in Oslo"}, questions={"pick": question})
        return dict(ModelBackend(ModelFiles.read(directory)).decide(request).answers["pick"]["probabilities"])  # type: ignore[index]

    # among built-in tools alone (NONE aside) the built-in head answers, and the other head of the question stands aside
    assert probabilities(combined, (*built_in, none)) == pytest.approx(probabilities(other, (*built_in, none)))
    # a catalogue with a tool of the user's is answered by the other heads, as before
    assert probabilities(combined, mine) == pytest.approx(probabilities(trained, mine))
    renamed = (Option(name="weather", criteria="Another weather service."), built_in[1])
    assert probabilities(combined, renamed) == pytest.approx(probabilities(trained, renamed))


def test_a_head_for_the_built_in_tools_answers_their_arguments_only(trained: Path, tmp_path: Path) -> None:
    other = _opposite(trained, tmp_path / "other")
    combined = tmp_path / "combined"
    load_script("combine_heads").combine(
        trained, [("arg:*", trained / "head.npz")], combined, builtin=[("arg:*", other)]
    )
    weather = next(t for t in builtin_tools() if t.id == "weather")
    places = (Option(name="Oslo"), Option(name="Bergen"), Option(name="NONE", criteria="none of these"))

    def probabilities(directory: Path, tool: str, described: str) -> dict[str, float]:
        question = ChoiceQuestion(instructions="Which place?", options=places)
        state = {"goal": "Weather in Oslo, not Bergen", "tool": tool, "tool_description": described}
        request = DecisionRequest(state=state, questions={"arg:place": question})
        return dict(ModelBackend(ModelFiles.read(directory)).decide(request).answers["arg:place"]["probabilities"])  # type: ignore[index]

    built_in = (weather.id, weather.description)
    assert probabilities(combined, *built_in) == pytest.approx(probabilities(other, *built_in))
    mine = ("forecast", "A forecast from my own weather station.")
    assert probabilities(combined, *mine) == pytest.approx(probabilities(trained, *mine))


def test_the_shipped_built_in_head_knows_the_built_in_tools_as_they_are_described_now() -> None:
    """A tool's description changed since the head was combined would turn its catalogue off without a word."""
    catalogues = {e.catalogue for e in ModelFiles.read().heads if e.catalogue is not None}
    if not catalogues:
        pytest.skip("the shipped model has no head for the built-in tools")
    assert catalogues == {frozenset(load_script("combine_heads").builtin_catalogue())}


def test_a_catalogue_that_is_no_list_of_texts_is_refused(trained: Path, tmp_path: Path) -> None:
    from decisionloop.core.errors import ConfigError

    combined = tmp_path / "combined"
    load_script("combine_heads").combine(trained, [("pick", trained / "head.npz")], combined)
    config = json.loads((combined / "config.json").read_text(encoding="utf-8"))
    config["heads"][0]["catalogue"] = "calculator"
    (combined / "config.json").write_text(json.dumps(config), encoding="utf-8")
    with pytest.raises(ConfigError, match="'catalogue' lists the option texts"):
        _ = ModelFiles.read(combined).heads
