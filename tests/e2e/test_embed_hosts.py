"""Embeds on a teacher's site: frames of Matchbook (127.0.0.1) on a page of another site
(localhost) or a file, with the browser's third-party storage allowed or blocked, five on a
page sharing one engine, sized by their height messages, and a host page that listens to
everything they say (and tries to break them) learning nothing the reader may not see."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LESSONS = ["matatu-cut-7d-7h-8s", "matchmaster-score-3-of-3", "matchmakers-exchange",
           "match-maker-oc-valid"]
ENGINE_INFO_JS = """() => ({kind: matchbookEngine.kind,
  origin: matchbookEngine.timings && matchbookEngine.timings.worker_origin})"""
STORAGE_PROBE_JS = """async () => {
  const result = {};
  try { localStorage.setItem("probe", "1"); result.localStorage = "ok"; }
  catch (error) { result.localStorage = error.name; }
  try { await caches.open("probe"); result.caches = "ok"; }
  catch (error) { result.caches = error.name; }
  return result;
}"""
# The host page keeps every message a frame posts, with the frame's title.
LISTEN_JS = """
window.__heard = [];
window.addEventListener("message", (event) => {
  const frame = [...document.querySelectorAll("iframe")]
    .find((f) => f.contentWindow === event.source);
  window.__heard.push({frame: frame ? frame.title : null, data: event.data});
});
"""


def host_page(tmp_path: Path, serve) -> tuple[str, Path]:
    """examples/embed-host.html served on another site: localhost, another port."""
    folder = tmp_path / "host"
    folder.mkdir()
    shutil.copy(ROOT / "examples" / "embed-host.html", folder / "index.html")
    hosted = serve(folder)
    return hosted.url.replace("127.0.0.1", "localhost"), folder


def embed_frames(page, count: int = 5):
    """The page's embed frames, in page order, once each has loaded (the example page's
    frames load lazily: scrolled into view one by one, as a reader would)."""
    page.wait_for_function(f"() => document.querySelectorAll('iframe').length === {count}")
    for index in range(count):
        page.locator("iframe").nth(index).scroll_into_view_if_needed()
        page.wait_for_function(
            "i => { const f = document.querySelectorAll('iframe')[i];"
            " return f.contentWindow && f.getAttribute('src'); }", arg=index)
    for _ in range(200):
        frames = [frame for frame in page.frames if "embed.html" in frame.url]
        if len(frames) == count:
            break
        page.wait_for_timeout(100)
    order = page.locator("iframe").evaluate_all("fs => fs.map(f => f.src)")
    frames.sort(key=lambda frame: order.index(frame.url))
    assert len(frames) == count
    return frames


def wait_all_ready(frames) -> list[dict]:
    engines = []
    for frame in frames:
        # A frame joins the engine when it is seen: one that loaded after the scroll had
        # passed it (a slow machine) starts when the reader comes back to it, as here.
        frame.frame_element().scroll_into_view_if_needed()
        frame.wait_for_selector("html[data-embed=ready]", state="attached", timeout=90_000)
        engines.append(frame.evaluate(ENGINE_INFO_JS))
    return engines


def no_inner_scrollbar(page) -> None:
    """Every frame is as tall and as wide as its content: nothing scrolls inside it."""
    page.wait_for_timeout(300)  # the last height message
    for frame in page.frames:
        if "embed.html" not in frame.url:
            continue
        sizes = frame.evaluate("""() => ({
            scrollHeight: document.documentElement.scrollHeight,
            innerHeight: innerHeight,
            scrollWidth: document.documentElement.scrollWidth,
            innerWidth: innerWidth})""")
        assert sizes["scrollHeight"] <= sizes["innerHeight"] + 1, (frame.url, sizes)
        assert sizes["scrollWidth"] <= sizes["innerWidth"], (frame.url, sizes)


def play_the_matatu_lesson(page, frame) -> None:
    """The Matatu lesson, to its end, by clicking in its frame: ask why 7♥ cannot cut, then
    cut with 7♦."""
    frame.locator("[data-cmd=lesson-next]").click()
    frame.locator(".refusal").wait_for()
    frame.locator(".hand button[data-card='7D']").click()
    frame.locator(".choices button", has_text="Cut with 7♦").click()
    frame.locator("html[data-lesson=done]").wait_for(state="attached")
    assert "15" in frame.locator(".reveal").inner_text()
    assert frame.locator(".lesson [data-cmd=lesson-restart]").inner_text() == "Again"
    page.wait_for_function(
        "() => (document.querySelector('iframe[data-embed]').dataset.events || '')"
        ".includes('lesson-done')", timeout=30_000)


def play_one_move(frame) -> None:
    """The Matatu deal: one move of the reader's (a legal card, else the first choice)."""
    frame.locator("html[data-turn=human]").wait_for(state="attached", timeout=60_000)
    before = int(frame.evaluate("document.documentElement.dataset.moves"))
    legal = frame.locator(".hand button.legal[data-action]")
    if legal.count():
        legal.first.click()
    else:
        frame.locator(".choices button[data-action]").first.click()
    frame.wait_for_function(f"() => +document.documentElement.dataset.moves > {before}")


@pytest.mark.parametrize("storage", ["allowed", "blocked"])
def test_five_embeds_on_another_site_share_one_engine(storage, tmp_path, site, serve,
                                                      new_persistent_context):
    url, _ = host_page(tmp_path, serve)
    context = new_persistent_context(tmp_path / "profile", third_party_storage=storage,
                                     viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(url + "index.html?site=" + site.url)
    frames = embed_frames(page)  # scrolled through: each joins the engine as it shows
    first = frames[0]
    engines = wait_all_ready(frames)

    probe = first.evaluate(STORAGE_PROBE_JS)
    if storage == "allowed":
        assert probe == {"localStorage": "ok", "caches": "ok"}
        # One shared worker for all five frames.
        assert [engine["kind"] for engine in engines] == ["shared"] * 5
    else:
        # The browser really refuses this frame storage ...
        assert probe == {"localStorage": "SecurityError", "caches": "SecurityError"}
        # ... so no shared worker: the first frame runs the engine, the others join it.
        kinds = sorted(engine["kind"] for engine in engines)
        assert kinds == ["dedicated"] + ["sibling"] * 4, kinds
    assert len({engine["origin"] for engine in engines}) == 1  # one Pyodide, one worker

    play_the_matatu_lesson(page, first)
    play_one_move(frames[4])
    no_inner_scrollbar(page)


def test_embeds_work_in_a_page_opened_from_a_file(tmp_path, site, new_persistent_context):
    page_file = tmp_path / "teaching.html"
    shutil.copy(ROOT / "examples" / "embed-host.html", page_file)
    context = new_persistent_context(tmp_path / "profile",
                                     viewport={"width": 900, "height": 4000})
    page = context.new_page()
    page.goto(page_file.as_uri() + "?site=" + site.url)
    frames = embed_frames(page)
    engines = wait_all_ready(frames)
    assert len({engine["origin"] for engine in engines}) == 1
    play_the_matatu_lesson(page, frames[0])
    play_one_move(frames[4])


def test_a_frame_refused_storage_plays_without_touching_it(tmp_path, site, serve,
                                                          new_persistent_context):
    """The frame's start touches no storage: refused it, the frame plays the same and
    reports no storage error (it saves nothing, so there is nothing to say)."""
    url, folder = host_page(tmp_path, serve)
    (folder / "one.html").write_text(
        f'<!doctype html><html lang="en"><title>One example</title><body><iframe title="x"'
        f' style="width:100%;height:30rem" src="{site.url}embed.html?game=matatu&players=3'
        f'&seed=4&delay=0"></iframe></body></html>')
    context = new_persistent_context(tmp_path / "profile", third_party_storage="blocked")
    errors = []
    context.on("console", lambda message: errors.append(message.text)
               if message.type == "error" else None)
    page = context.new_page()
    page.goto(url + "one.html")
    [frame] = embed_frames(page, 1)
    wait_all_ready([frame])
    assert frame.evaluate(STORAGE_PROBE_JS)["localStorage"] == "SecurityError"
    play_one_move(frame)
    assert not [error for error in errors if "SecurityError" in error or "storage" in error]


@pytest.mark.parametrize("game, players, seed, moves", [
    ("matchmaster", 4, 5, 36),  # the bots' secret bids, then tricks
    ("matchmakers", 4, 2, 24),  # an exchange between the two bot partners
])
def test_a_host_on_another_site_hears_nothing_the_readers_seat_may_not_see(
        game, players, seed, moves, tmp_path, site, serve, context):
    import engine
    from ui.layouts import LAYOUTS

    url, folder = host_page(tmp_path, serve)
    (folder / "listen.html").write_text(
        f'<!doctype html><html lang="en"><title>Listening</title><body><iframe title="game"'
        f' style="width:100%;height:40rem" src="{site.url}embed.html?game={game}'
        f'&players={players}&seed={seed}&delay=0"></iframe></body></html>')
    page = context.new_page()
    page.add_init_script(LISTEN_JS)
    page.goto(url + "listen.html")
    [frame] = embed_frames(page, 1)
    wait_all_ready([frame])
    for _ in range(200):
        frame.wait_for_function(
            "() => ['human', 'over'].includes(document.documentElement.dataset.turn)"
            " && document.documentElement.dataset.busy !== '1'", timeout=60_000)
        made = int(frame.evaluate("document.documentElement.dataset.moves"))
        if made >= moves or frame.evaluate("document.documentElement.dataset.turn") == "over":
            break
        # The reader's first legal move that takes nothing back, pressed in the frame.
        legal = json.loads(frame.evaluate(
            "() => matchbookEngine.call(JSON.stringify({op: 'view', viewer: 0,"
            " bounded: true}))"))["legal"]
        index = next(i for i, action in enumerate(legal)
                     if not action["type"].startswith("undo"))
        button = frame.locator(f"[data-action='{index}']")
        if not button.count():
            frame.locator(f"[data-choose='{legal[index]['card']}']").click()
        frame.locator(f"[data-action='{index}']").click()
        frame.wait_for_function(f"() => +document.documentElement.dataset.moves > {made}")
    page.wait_for_timeout(300)
    heard = [entry["data"] for entry in page.evaluate("() => window.__heard")]
    record = json.loads(json.loads(frame.evaluate(
        "() => matchbookEngine.call(JSON.stringify({op: 'save'}))"))["save"])
    assert len(record["actions"]) >= moves

    documented = {"ready": {"game"}, "move": {"moves", "seat", "action"},
                  "step": {"step", "steps", "kind"}, "lesson-done": {"lesson"},
                  "game-over": {"result"}, "error": {"message"}, "height": {"height"}}
    layout = LAYOUTS[game]
    made = 0
    for data in heard:
        assert data["source"] == "matchbook"
        assert set(data) - {"source", "type"} <= documented[data["type"]], data
        if data["type"] != "move":
            continue
        made = data["moves"]
        own = "action" in data
        assert not own or data["seat"] == 0, data  # only the reader's own move is named
        position = engine.replay(record, upto=made - 1 if own else made)
        cards = set()
        for held in (position.card_locations() or {}).values():
            cards.update(held)
        hidden = cards - set(position.visible_cards(0))
        text = json.dumps(data, ensure_ascii=False)
        leaked = [code for code in hidden
                  if json.dumps(code) in text or layout.card_name(code) in text]
        assert not leaked, (data, leaked)
    bots = [action for action in record["actions"] if action["seat"] in (1, 3)]
    if game == "matchmaster":
        assert any(action["type"] == "bid" for action in bots)
    else:
        assert {action["seat"] for action in bots if action["type"] in ("give", "return")} \
            == {1, 3}


def test_a_hostile_host_page_cannot_break_or_loop_the_frame(tmp_path, site, serve, context):
    url, folder = host_page(tmp_path, serve)
    (folder / "hostile.html").write_text(
        f'<!doctype html><html lang="en"><title>Hostile</title><body><iframe title="lesson"'
        f' style="width:100%;height:40rem" src="{site.url}embed.html?lesson='
        f'matatu-cut-exactly-20"></iframe></body></html>')
    page = context.new_page()
    page.add_init_script(LISTEN_JS)
    page.goto(url + "hostile.html")
    [frame] = embed_frames(page, 1)
    wait_all_ready([frame])
    page.evaluate("""() => {
      const target = document.querySelector("iframe").contentWindow;
      let deep = {game: "matatu"};
      for (let i = 0; i < 3000; i += 1) deep = {position: deep};
      target.postMessage({type: "load-scenario", scenario: deep}, "*");
      let text = "";
      for (let i = 0; i < 3000; i += 1) text = "[" + text + "]";
      target.postMessage({type: "load-scenario", scenario: text}, "*");
      const cyclic = {game: "matatu"}; cyclic.self = cyclic;
      target.postMessage({type: "load-scenario", scenario: cyclic}, "*");
      target.postMessage({type: "load-scenario", scenario: "x".repeat(5000000)}, "*");
      for (const junk of [null, 5, "reset", [1, 2], {type: 5}, {type: "step", do: "eval"},
                          {type: "reset", extra: {a: [1, 2, 3]}}, new Uint8Array(10)]) {
        target.postMessage(junk, "*");
      }
      for (let i = 0; i < 5000; i += 1) target.postMessage({type: "step", do: "watch"}, "*");
    }""")
    page.wait_for_timeout(1500)
    # Still the lesson, still answering: a reset from the host starts it again.
    frame.locator("html[data-busy='0']").wait_for(state="attached", timeout=30_000)
    assert "Exactly 20 may cut" in frame.locator(".lesson").inner_text()
    page.evaluate("() => document.querySelector('iframe').contentWindow.postMessage("
                  "{type: 'reset'}, '*')")
    frame.wait_for_function("() => document.documentElement.dataset.lesson === 'expect'",
                            timeout=30_000)
    frame.locator(".choices button", has_text="Draw a card").click()
    frame.locator(".refusal").wait_for()
    assert "this lesson shows another move" in frame.locator(".refusal").inner_text()
    # The flood of 5,000 "watch" messages did not become 5,000 engine calls.
    steps = [entry for entry in page.evaluate("() => window.__heard")
             if entry["data"].get("type") == "step"]
    assert len(steps) < 50


@pytest.mark.parametrize("query, message", [
    ("game=matatu&seed=" + "1" * 60, "The seed is a whole number from 0 to"),
    ("game=matatu&seed=--5", "is neither"),
    ("game=matatu&options=jokers:--1", "cannot be"),
    ("game=%E0%A4%A", "There is no game called"),
    ("game=matatu&options=jokers:%ZZ", "cannot be"),
])
def test_parameters_that_once_hung_show_a_clear_message(page, query, message):
    page.goto("embed.html?" + query)
    page.wait_for_selector("html[data-embed=error]", timeout=90_000)
    assert message in page.locator(".embed-error").inner_text()


def test_the_snippet_a_teacher_copies_sizes_its_frame_on_another_site(tmp_path, site, serve,
                                                                      page):
    # docs/embeds.md's snippet, as pasted into a page of another site: the frame and, once per
    # page, the site's embed-host.js, which gives the frame its content's height.
    folder = tmp_path / "teacher"
    folder.mkdir()
    (folder / "index.html").write_text(
        '<!doctype html><html lang="en"><title>My lesson</title><h1>Chopper</h1>'
        '<iframe title="Matatu lesson" loading="lazy" style="width:100%;border:0;height:32rem"'
        f' src="{site.url}embed.html?lesson=matatu-cut-7d-7h-8s"></iframe>'
        f'<script src="{site.url}static/js/embed-host.js"></script>', encoding="utf-8")
    hosted = serve(folder)
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(hosted.url.replace("127.0.0.1", "localhost") + "index.html")
    frame = embed_frames(page, 1)[0]
    frame.wait_for_selector("html[data-embed=ready]", state="attached", timeout=90_000)
    content = frame.evaluate("Math.ceil(document.getElementById('app')"
                             ".getBoundingClientRect().bottom)")
    page.wait_for_function(
        "h => Math.abs(document.querySelector('iframe').getBoundingClientRect().height - h)"
        " <= 2", arg=content, timeout=10_000)
    no_inner_scrollbar(page)


def malformed_scenarios() -> dict:
    """Three scenarios a teacher's page might carry by mistake (issue 28), encoded as the
    `scenario=` parameter: a fraction where a whole number belongs, an object where a card
    belongs, and a hand nested 200 levels deep."""
    from engine import lessons, new_game

    base = new_game("matchmakers", players=4, seed=3).to_scenario()
    fraction = json.loads(json.dumps(base))
    fraction["position"]["round"] = 1.5
    card = json.loads(json.dumps(base))
    card["position"]["hands"][0][0] = {"card": "R3"}
    deep = json.loads(json.dumps(base))
    nested: list = []
    for _ in range(200):
        nested = [nested]
    deep["position"]["hands"][0] = nested
    # The deep one cannot be written by encode_scenario (it refuses it too): pack it by hand.
    import base64
    import zlib
    packed = base64.urlsafe_b64encode(zlib.compress(json.dumps(deep).encode(), 9))
    return {"fraction": lessons.encode_scenario(fraction),
            "card": lessons.encode_scenario(card),
            "deep": packed.decode("ascii").rstrip("=")}


def test_a_malformed_scenario_says_why_and_the_page_s_other_embeds_play_on(
        tmp_path, site, serve, context):
    url, folder = host_page(tmp_path, serve)
    bad = malformed_scenarios()
    frames_html = "".join(
        f'<iframe title="{name}" style="width:100%;height:20rem"'
        f' src="{site.url}embed.html?scenario={text}"></iframe>' for name, text in bad.items())
    (folder / "mixed.html").write_text(
        '<!doctype html><html lang="en"><title>Mixed</title><body>' + frames_html
        + f'<iframe title="good" style="width:100%;height:40rem"'
        f' src="{site.url}embed.html?game=matatu&seed=3&delay=20"></iframe></body></html>')
    page = context.new_page()
    page.add_init_script(LISTEN_JS)
    page.goto(url + "mixed.html")
    frames = embed_frames(page, 4)
    expected = {"fraction": "position.round: expected a whole number from 1 to 3, got 1.5",
                "card": "position.hands[0][0]: expected a card of this game, got an object",
                "deep": "more than 32 levels deep"}
    for frame, (name, reason) in zip(frames[:3], expected.items(), strict=True):
        frame.frame_element().scroll_into_view_if_needed()
        frame.wait_for_selector("html[data-embed=error]", state="attached", timeout=90_000)
        box = frame.locator(".embed-error").inner_text()
        assert box.startswith("This example could not be loaded:"), box
        assert reason in box, (name, box)
        assert "Internal error" not in box and "Traceback" not in box
    # Each posted an `error` event to the host page with the reason it shows.
    page.wait_for_function("() => window.__heard.filter(e => e.data && e.data.type === 'error')"
                           ".length >= 3", timeout=30_000)
    heard = page.evaluate("() => window.__heard")
    errors = {entry["frame"]: entry["data"]["message"] for entry in heard
              if entry["data"].get("type") == "error"}
    for name, reason in expected.items():
        assert reason in errors[name], (name, errors)
    # The good embed on the same page plays on.
    good = frames[3]
    wait_all_ready([good])
    play_one_move(good)
    # A host page that sends it a malformed position later hears why, and the table stays.
    page.evaluate("""(text) => document.querySelector('iframe[title=good]').contentWindow
        .postMessage({type: 'load-scenario', scenario: text}, '*')""", bad["fraction"])
    good.wait_for_function("() => document.body.innerText.includes("
                           "'could not be loaded: position.round')", timeout=30_000)
    assert good.locator(".hand button").count() > 0
    page.wait_for_function("() => window.__heard.filter(e => e.frame === 'good' && e.data"
                           " && e.data.type === 'error').length === 1", timeout=30_000)
