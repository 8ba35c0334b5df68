"""The pages in Debian's chromium, headless, through Playwright: a preset's trace, a held step answered in its
dialog, the guard refused and allowed, the keyboard alone, the sessions, spec and Evaluate pages, a run's graph and
its inspector (by mouse and by keyboard), a what-if run live and linked to the old run, no request leaving
loopback, and screenshots of every page at desktop and 390 px widths, light and dark (tests/web/screenshots/)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

import pytest

from decisionloop.journal import SqliteJournal
from decisionloop.server.running import serving_in_thread
from decisionloop.web import create_app
from tests.support.evals import noisy_eval_text
from tests.support.journal import held_run_events, record_all
from tests.support.loop import TWO_TOOLS
from tests.support.web import DIVIDE, GYM, SURE_PICK, ScriptedOpener, asking_backend, config

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Locator, Page

sync_api = pytest.importorskip(
    "playwright.sync_api", reason="Playwright for Python is not installed (pip install playwright)"
)
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = [
    pytest.mark.skipif(CHROMIUM is None, reason="no system chromium on PATH (apt-get install chromium)"),
    pytest.mark.timeout(180),
]
SHOTS = Path(__file__).parent / "screenshots"
WIDTHS = {"desktop": (1280, 900), "390px": (390, 844)}


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, headless=True)
        yield launched
        launched.close()


def _serve(tmp_path: Path, opener: ScriptedOpener | None = None) -> Iterator[str]:
    with serving_in_thread(create_app(config(tmp_path, opener))) as url:
        yield url


@pytest.fixture
def site(tmp_path: Path) -> Iterator[str]:
    yield from _serve(tmp_path)


@pytest.fixture
def unsure_site(tmp_path: Path) -> Iterator[str]:
    yield from _serve(tmp_path, ScriptedOpener(tmp_path / "journal.sqlite3", gates={"pick_tool.tool": SURE_PICK}))


@pytest.fixture
def asking_site(tmp_path: Path) -> Iterator[str]:
    yield from _serve(tmp_path, ScriptedOpener(tmp_path / "journal.sqlite3", backend=asking_backend))


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda err: errors.append(str(err)))
    # A refused answer (422) is logged by chromium as a failed load; the page shows it, so it is no error here.
    opened.on(
        "console",
        lambda msg: errors.append(msg.text) if msg.type == "error" and "status of 422" not in msg.text else None,
    )
    yield opened
    context.close()
    assert errors == []


def _shoot(page: Page, name: str, *, full_page: bool = True) -> None:
    """Screenshots of what the page shows now, at each width (a dialog: the screen, as it is seen)."""
    SHOTS.mkdir(exist_ok=True)
    for width, (w, h) in WIDTHS.items():
        page.set_viewport_size({"width": w, "height": h})
        page.screenshot(path=str(SHOTS / f"{name}-{width}.png"), full_page=full_page)
    page.set_viewport_size({"width": 1280, "height": 900})


def _answer_card(page: Page) -> Locator:
    card = page.locator("#answer")
    sync_api.expect(card).to_be_visible(timeout=20_000)
    return card


def test_a_preset_runs_and_its_trace_and_answer_appear(page: Page, site: str) -> None:
    page.goto(site + "/")
    _shoot(page, "agent-idle")
    page.get_by_role("button", name=f"▶ {DIVIDE}").click()
    card = _answer_card(page)
    sync_api.expect(card).to_have_class("answer-card good")
    sync_api.expect(card.locator(".answer-text")).to_contain_text("450")
    steps = page.locator("#trace .step-card")
    sync_api.expect(steps).to_have_count(2)
    sync_api.expect(steps.first).to_have_class("step-card by-system1")
    sync_api.expect(steps.first).to_contain_text("pick_tool → call")
    sync_api.expect(steps.first).to_contain_text("calculator 0.960")
    _shoot(page, "agent-answered")


def test_a_held_step_is_answered_in_its_dialog_with_the_keyboard(page: Page, unsure_site: str) -> None:
    page.goto(unsure_site + "/")
    page.locator("#goal").fill(DIVIDE)
    page.locator("#goal").press("Control+Enter")
    dialog = page.locator("#held-dialog")
    sync_api.expect(dialog).to_be_visible(timeout=20_000)
    sync_api.expect(dialog).to_contain_text("tool choice unsure")
    picked = dialog.locator("input[name=tool]:checked")
    sync_api.expect(picked).to_have_value("calculator")
    sync_api.expect(picked).to_be_focused()
    sync_api.expect(dialog.get_by_label("expression", exact=False)).to_have_value("7,200 divided by 16")
    _shoot(page, "agent-held-dialog", full_page=False)
    value = dialog.get_by_label("expression", exact=False)
    value.fill("")
    dialog.get_by_role("button", name="Run this step").click()
    sync_api.expect(dialog.locator(".error")).to_contain_text("needs a value for 'expression'")
    value.fill("7200 / 16")
    value.press("Enter")
    card = _answer_card(page)
    sync_api.expect(card).to_contain_text("450")
    sync_api.expect(page.locator("#trace .step-card").first).to_have_class("step-card by-person")


def test_escape_closes_a_dialog_and_the_banner_opens_it_again(page: Page, unsure_site: str) -> None:
    page.goto(unsure_site + "/")
    page.locator("#goal").fill(DIVIDE)
    page.locator("#goal").press("Control+Enter")
    dialog = page.locator("#held-dialog")
    sync_api.expect(dialog).to_be_visible(timeout=20_000)
    page.keyboard.press("Escape")
    sync_api.expect(dialog).to_be_hidden()
    banner = page.locator("#waiting")
    sync_api.expect(banner).to_contain_text("Step 1 is held for you.")
    page.get_by_role("button", name="Open the dialog").focus()
    page.keyboard.press("Enter")
    sync_api.expect(dialog).to_be_visible()
    dialog.get_by_role("button", name="Stop the run").click()
    sync_api.expect(_answer_card(page)).to_have_class("answer-card bad")
    sync_api.expect(page.locator("#answer h2")).to_contain_text("Stopped")


def test_the_guard_refused_then_allowed(page: Page, site: str) -> None:
    page.goto(site + "/")
    preset = page.get_by_role("button", name=f"▶ {GYM}")
    preset.click()
    guard = page.locator("#guard-dialog")
    sync_api.expect(guard).to_be_visible(timeout=20_000)
    sync_api.expect(guard.locator(".call")).to_have_text('note_delete(query="gym")')
    sync_api.expect(guard).to_contain_text("Gym locker code is 4417")
    refuse = guard.get_by_role("button", name="Refuse")
    sync_api.expect(refuse).to_be_focused()  # the default answer is no
    _shoot(page, "agent-guard-dialog", full_page=False)
    refuse.click()
    card = _answer_card(page)
    sync_api.expect(card).to_have_class("answer-card bad")
    sync_api.expect(card.locator("h2")).to_have_text("Not done: a change was not approved")
    sync_api.expect(page.locator("#trace")).to_contain_text("refused by you (web)")
    _shoot(page, "agent-declined")

    preset.click()
    sync_api.expect(guard).to_be_visible(timeout=20_000)
    guard.get_by_role("button", name="Allow once").click()
    sync_api.expect(card).to_have_class("answer-card good", timeout=20_000)
    sync_api.expect(page.locator("#trace")).to_contain_text("allowed by you (web)")


def test_the_agents_question_is_answered_in_its_dialog(page: Page, asking_site: str) -> None:
    page.goto(asking_site + "/")
    page.locator("#goal").fill("What's the weather?")
    page.get_by_role("button", name="Run").click()
    dialog = page.locator("#ask-dialog")
    sync_api.expect(dialog).to_be_visible(timeout=20_000)
    sync_api.expect(dialog.locator(".question")).to_contain_text("Which place should the weather forecast be for?")
    sync_api.expect(page.locator("#ask-text")).to_be_focused()
    _shoot(page, "agent-ask-dialog", full_page=False)
    page.keyboard.type("Paris")
    page.keyboard.press("Enter")
    _answer_card(page)
    sync_api.expect(page.locator("#trace")).to_contain_text("Paris")


def test_two_tabs_each_answer_only_their_own_runs_dialog(browser: Browser, site: str) -> None:
    context = browser.new_context()
    first, second = context.new_page(), context.new_page()
    for tab in (first, second):
        tab.goto(site + "/")
        tab.get_by_role("button", name=f"▶ {GYM}").click()
        sync_api.expect(tab.locator("#guard-dialog")).to_be_visible(timeout=20_000)
    second.locator("#guard-dialog").get_by_role("button", name="Refuse").click()
    sync_api.expect(second.locator("#answer")).to_have_class("answer-card bad", timeout=20_000)
    sync_api.expect(first.locator("#guard-dialog")).to_be_visible()  # still waiting for its own answer
    sync_api.expect(first.locator("#answer")).to_be_hidden()
    first.locator("#guard-dialog").get_by_role("button", name="Allow once").click()
    sync_api.expect(first.locator("#answer")).to_have_class("answer-card good", timeout=20_000)
    context.close()


def test_the_sessions_a_run_and_the_spec_pages(page: Page, site: str, tmp_path: Path) -> None:
    with SqliteJournal(tmp_path / "journal.sqlite3") as journal:  # the site's journal: a declined and a killed run
        record_all(journal, held_run_events())
        journal.start("Book a table for two", {})
    page.goto(site + "/")
    page.get_by_role("button", name=f"▶ {DIVIDE}").click()
    _answer_card(page)
    page.get_by_role("link", name="Open this run's record").click()
    sync_api.expect(page.locator("h1")).to_have_text(DIVIDE)
    sync_api.expect(page.locator(".g-step").first).to_contain_text("calculator")
    sync_api.expect(page.locator(".graph .node.by-system1").first).to_be_visible()
    _shoot(page, "run")
    page.get_by_role("link", name="Sessions").click()
    sync_api.expect(page.locator(".run-list li")).to_have_count(3)
    sync_api.expect(page.locator(".run-list li.unfinished")).to_contain_text("Book a table for two")
    page.locator("#search").fill("zebra")
    page.locator("#search").press("Enter")
    sync_api.expect(page.locator("main")).to_contain_text("No runs match.")
    page.goto(site + "/runs")
    _shoot(page, "sessions")
    page.get_by_role("link", name="Spec").click()
    sync_api.expect(page.locator("h1")).to_have_text("Spec")
    _shoot(page, "spec")


def test_every_page_in_dark_mode_at_390_px(browser: Browser, site: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, color_scheme="dark")
    page = context.new_page()
    page.goto(site + "/")
    page.get_by_role("button", name=f"▶ {DIVIDE}").click()
    _answer_card(page)
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background == "rgb(15, 19, 25)"
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # nothing wider than the screen
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "agent-dark-390px.png"), full_page=True)
    for path, name in (("/runs", "sessions"), ("/spec", "spec")):
        page.goto(site + path)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, path
        page.screenshot(path=str(SHOTS / f"{name}-dark-390px.png"), full_page=True)
    page.goto(site + "/runs")
    page.locator(".run-list a").first.click()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(SHOTS / "run-dark-390px.png"), full_page=True)
    context.close()


def test_no_request_leaves_loopback_while_the_pages_load_and_run(page: Page, site: str) -> None:
    here = urlsplit(site).netloc
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    page.goto(site + "/")
    page.get_by_role("button", name=f"▶ {GYM}").click()
    guard = page.locator("#guard-dialog")
    sync_api.expect(guard).to_be_visible(timeout=20_000)
    guard.get_by_role("button", name="Allow once").click()
    _answer_card(page)
    page.get_by_role("link", name="Open this run's record").click()
    page.get_by_role("link", name="Export Turtle").wait_for()
    page.locator("#n-0-d1").click()  # step 1's pick_tool: a what-if that deletes again still asks first
    form = page.locator("#p-0-d1 form.what-if")
    form.locator("select").select_option("note_delete")
    form.get_by_role("button", name="Re-run from step 1").click()
    sync_api.expect(guard).to_be_visible(timeout=20_000)
    guard.get_by_role("button", name="Allow once").click()
    _answer_card(page)
    for path in ("/runs", "/spec"):
        page.goto(site + path)
    outside = [u for u in requested if urlsplit(u).scheme not in ("data",) and urlsplit(u).netloc != here]
    assert requested
    assert outside == []
    assert any("/api/runs/" in u and u.endswith("/events") for u in requested)
    assert any(u.endswith("/api/what-ifs") for u in requested)
    assert any(u.endswith("/static/run.js") for u in requested)


@pytest.fixture
def eval_site(tmp_path: Path) -> Iterator[str]:
    (tmp_path / "evals").mkdir()
    (tmp_path / "evals" / "dev.json").write_text(noisy_eval_text(), encoding="utf-8")
    yield from _serve(tmp_path)


def test_a_slider_moved_with_the_keyboard_re_routes_the_stored_answers(page: Page, eval_site: str) -> None:
    page.goto(eval_site + "/evaluate")
    page.get_by_label("An eval JSON", exact=False).select_option("dev.json")
    page.get_by_role("button", name="Open").click()
    routers = page.locator("#routers")
    sync_api.expect(routers).to_contain_text("System 1 + a person on held steps")
    before = routers.inner_text()
    summary = page.locator("#gate-summary").inner_text()
    _shoot(page, "evaluate", full_page=False)
    slider = page.locator('input[data-key="pick_tool.tool"]')
    slider.focus()
    page.keyboard.press("End")  # τ = 1: every tool choice is held
    sync_api.expect(page.locator('output[for="gate-pick-tool-tool"]')).to_have_text("1")
    sync_api.expect(page.locator("#gate-summary")).not_to_have_text(summary)
    assert routers.inner_text() != before
    sync_api.expect(slider).to_be_focused()
    page.get_by_label("route").select_option("held")
    count = page.locator("#f-count")
    sync_api.expect(count).to_contain_text(" of 80 steps shown")
    assert page.locator(".eval-step:not([hidden])").count() == int(count.inner_text().split()[0])
    _shoot(page, "evaluate-moved", full_page=False)


def test_the_evaluate_page_in_dark_mode_at_390_px(browser: Browser, eval_site: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, color_scheme="dark")
    page = context.new_page()
    page.goto(eval_site + "/evaluate?file=dev.json")
    sync_api.expect(page.locator("#routers")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "evaluate-dark-390px.png"), full_page=False)
    context.close()


def _recorded(tmp_path: Path) -> str:
    """The site's journal with the recorded run (a held step, a refused guard); its id."""
    with SqliteJournal(tmp_path / "journal.sqlite3") as journal:
        return record_all(journal, held_run_events())


def test_the_inspector_opens_on_a_node_with_the_frame_and_every_probability(
    page: Page, site: str, tmp_path: Path
) -> None:
    run_id = _recorded(tmp_path)
    page.goto(f"{site}/runs/{run_id}")
    nodes = page.locator(".graph .node")
    sync_api.expect(nodes.first).to_be_visible()
    sync_api.expect(page.locator("#n-0-d1")).to_contain_text("tool: weather 0.550")
    sync_api.expect(page.locator("#n-0-d1")).to_have_class("node by-person")
    _shoot(page, "run-graph")
    page.locator("#n-0-d1").click()
    panel = page.locator("#p-0-d1")
    sync_api.expect(panel).to_be_visible()
    sync_api.expect(page.locator("#n-0-d1")).to_have_attribute("aria-expanded", "true")
    sync_api.expect(panel.locator("h3")).to_be_focused()
    sync_api.expect(panel).to_contain_text("The frame System 1 read")
    sync_api.expect(panel.locator(".frame")).to_contain_text("What is the weather in Paris? Save it as a note.")
    sync_api.expect(panel.locator(".bars li")).to_have_count(3)
    sync_api.expect(panel.locator(".bars .chosen")).to_contain_text("weather")
    sync_api.expect(panel).to_contain_text("0.450")
    sync_api.expect(panel.locator("table")).to_contain_text("0.550 / 0.65")
    sync_api.expect(panel).to_contain_text("tool choice unsure")
    sync_api.expect(panel).to_contain_text("m-1")
    assert page.evaluate("location.hash") == "#n-0-d1"
    _shoot(page, "run-inspector", full_page=False)
    page.locator("#n-1-g0").click()  # another node: its panel replaces the first
    sync_api.expect(panel).to_be_hidden()
    sync_api.expect(page.locator("#p-1-g0")).to_contain_text("not today")
    page.reload()  # the hash opens the same node again
    sync_api.expect(page.locator("#p-1-g0")).to_be_visible()


def test_the_inspector_opens_and_closes_with_the_keyboard_alone(page: Page, site: str, tmp_path: Path) -> None:
    run_id = _recorded(tmp_path)
    page.goto(f"{site}/runs/{run_id}")
    for _ in range(60):  # Tab through the page to the graph's first node
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('node')"):
            break
    first = page.locator("#n-0-d0")
    sync_api.expect(first).to_be_focused()
    page.keyboard.press("Tab")
    sync_api.expect(page.locator("#n-0-d1")).to_be_focused()
    page.keyboard.press("Enter")
    panel = page.locator("#p-0-d1")
    sync_api.expect(panel).to_be_visible()
    sync_api.expect(panel.locator("h3")).to_be_focused()
    sync_api.expect(panel).to_contain_text("Every option's probability")
    page.keyboard.press("Escape")
    sync_api.expect(panel).to_be_hidden()
    sync_api.expect(page.locator("#n-0-d1")).to_be_focused()
    page.keyboard.press("Space")
    sync_api.expect(panel).to_be_visible()


def test_a_what_if_runs_live_and_the_runs_link_both_ways(page: Page, site: str) -> None:
    page.goto(site + "/")
    page.locator("#goal").fill(TWO_TOOLS)
    page.get_by_role("button", name="Run").click()
    sync_api.expect(_answer_card(page)).to_contain_text("8.047 kilometers")
    page.get_by_role("link", name="Open this run's record").click()
    old = page.url.rsplit("/", 1)[-1]
    page.locator("#n-1-d2").click()  # step 2's is_done: the goal is not done yet; what if it had stopped there?
    form = page.locator("#p-1-d2 form.what-if")
    sync_api.expect(form.locator("select")).to_have_value("yes")  # the runner-up comes selected
    form.get_by_role("button", name="Re-run from step 2").click()
    page.wait_for_url("**/?live=*")
    # the forced stop is judged as any other: the goal's 5 miles, which no call used, hold it for the person
    dialog = page.locator("#held-dialog")
    sync_api.expect(dialog).to_be_visible(timeout=20_000)
    sync_api.expect(dialog).to_contain_text("the goal also gives the number 5")
    dialog.get_by_role("button", name="Finish now").click()
    trace = page.locator("#trace")
    sync_api.expect(trace).to_contain_text(f"What-if of run {old[:8]}")
    sync_api.expect(trace).to_contain_text("step 1 replayed, not run again")
    card = _answer_card(page)
    sync_api.expect(card).to_have_class("answer-card good")
    sync_api.expect(card).to_contain_text("450")
    steps = page.locator("#trace .step-card")
    sync_api.expect(steps).to_have_count(2)
    sync_api.expect(steps.nth(1)).to_have_class("step-card by-person")
    sync_api.expect(steps.nth(1)).to_contain_text("a what-if: you chose is_done's done = 'yes'")
    _shoot(page, "what-if-live")
    page.get_by_role("link", name="Open this run's record").click()
    sync_api.expect(page.locator(".what-if-of")).to_contain_text(f"What-if of run {old[:8]}")
    sync_api.expect(page.locator(".g-step.replayed")).to_contain_text("replayed, not run again")
    forced = page.locator(".node.forced")
    sync_api.expect(forced).to_have_count(1)
    sync_api.expect(forced).to_contain_text("what-if: done = 'yes'")
    _shoot(page, "what-if-run")
    page.emulate_media(color_scheme="dark")
    page.set_viewport_size({"width": 390, "height": 844})
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(SHOTS / "what-if-run-dark-390px.png"), full_page=True)
    page.emulate_media(color_scheme="light")
    page.set_viewport_size({"width": 1280, "height": 900})
    page.locator(".what-if-of a").click()
    sync_api.expect(page.locator(".what-ifs li")).to_have_count(1)
    sync_api.expect(page.locator(".what-ifs")).to_contain_text("step 2: is_done's done = 'yes'")


def test_the_graph_and_the_inspector_in_dark_mode_at_390_px(browser: Browser, site: str, tmp_path: Path) -> None:
    run_id = _recorded(tmp_path)
    context = browser.new_context(viewport={"width": 390, "height": 844}, color_scheme="dark")
    page = context.new_page()
    page.goto(f"{site}/runs/{run_id}")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "run-graph-dark-390px.png"), full_page=True)
    page.locator("#n-0-d1").click()
    inspector = page.locator("#inspector")
    sync_api.expect(inspector).to_be_visible()
    box = inspector.bounding_box()
    assert box is not None
    assert box["width"] <= 390
    page.screenshot(path=str(SHOTS / "run-inspector-dark-390px.png"))
    inspector.get_by_role("button", name="Close").click()
    sync_api.expect(inspector).to_be_hidden()
    context.close()
