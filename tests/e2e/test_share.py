"""Share links: a fresh deal or a finished game opens the same in another browser."""

from __future__ import annotations

from matchbook import fast_bots, open_app, play_to_end, start_matatu, wait_idle


def new_browser_page(new_context):
    """Another browser profile: nothing in its storage, as on a friend's machine (watched
    for page errors as every context is: tests/e2e/conftest.py)."""
    context = new_context()
    fast_bots(context)
    return context, context.new_page()


def test_a_shared_deal_opens_the_same_cards_elsewhere(context, page, new_context):
    fast_bots(context)
    open_app(page)
    start_matatu(page, players=3, seed="31337")
    hand = page.locator(".hand").inner_text()
    page.click("[data-cmd=share-deal]")
    link = page.locator("#share-link").input_value()
    assert "#/deal/" in link

    other_context, other = new_browser_page(new_context)
    try:
        other.goto(link)
        other.wait_for_selector(".hand", timeout=90_000)
        wait_idle(other)
        assert other.locator(".hand").inner_text() == hand
    finally:
        other_context.close()


def test_a_shared_finished_game_replays_elsewhere(context, page, new_context):
    fast_bots(context)
    open_app(page)
    start_matatu(page, players=3, seed="4242")
    play_to_end(page)
    hands = page.locator(".reveal-table .reveal-cards").all_inner_texts()
    points = page.locator(".reveal-table .points").all_inner_texts()
    page.click("nav.top a[data-nav=history]")
    page.locator(".history-table [data-cmd=share-game]").first.click()
    link = page.locator("#share-link").input_value()
    assert "#/shared/" in link

    other_context, other = new_browser_page(new_context)
    try:
        other.goto(link)
        other.wait_for_selector(".replay-controls", timeout=90_000)
        # The same round, card for card (names differ: a link does not say who was a bot).
        assert other.locator(".reveal-table .reveal-cards").all_inner_texts() == hands
        assert other.locator(".reveal-table .points").all_inner_texts() == points
        total = int(other.evaluate("document.documentElement.dataset.replayStep"))
        other.click("[aria-label='Previous turn']")
        other.wait_for_function(
            f"() => +document.documentElement.dataset.replayStep < {total}")
        other.get_by_role("button", name="Start", exact=True).click()
        other.wait_for_function("() => document.documentElement.dataset.replayStep === '0'")
        other.click("[aria-label='Next turn']")
        other.wait_for_function("() => +document.documentElement.dataset.replayStep > 0")
    finally:
        other_context.close()


# A deal of rules version "matatu-v9", as a newer site would write it (engine.share.pack).
NEWER_DEAL = ("eNqrVkpPzE1VslLKTSxJLClV0lEqyEmsTC0qVrIy1lEqTk1NUbIy1FEqKs1JLYar0i2zBCrMLyjJzM8Dil"
              "bX1gIAOlgXaQ")


def test_links_from_a_newer_version_say_so(context, page):
    fast_bots(context)
    open_app(page)
    page.goto("index.html#/deal/" + NEWER_DEAL)
    notice = page.locator(".notice", has_text="cannot be opened")
    notice.wait_for(timeout=30_000)
    assert "matatu-v9" in notice.inner_text() and "newer version" in notice.inner_text()
    page.goto("index.html#/shared/not-a-game!")
    page.locator(".notice", has_text="damaged").wait_for(timeout=30_000)
