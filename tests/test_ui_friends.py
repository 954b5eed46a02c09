"""The friends' table's markup and the invite link's reading (CPython; the browser tests are
tests/e2e/test_friends.py)."""

from ui.render_friends import (
    fingerprint,
    host_room,
    join_form,
    seat_rows,
    start_reason,
    table_panel,
)
from ui.routes import read_invite


def room(**changes):
    value = {"game": "matatu", "players": 3, "seats": ["human", "friend", "bot"],
             "names": ["Host", "Ann", "Seat 3 (bot)"], "connected": [True, False, False],
             "taken": [True, False, False], "started": False, "commitment": None,
             "hints": True}
    value.update(changes)
    return value


def test_an_invite_link_names_a_room_and_its_secret():
    assert read_invite("#abcdefgh23.k2m3n4p5q6r7s8t9u2v3") == ("abcdefgh23", "k2m3n4p5q6r7s8t9u2v3")
    for bad in ("", "#", "#abc", "#abcdefgh23", "#abcdefgh23.", "#abcdefgh23.short",
                "#abcdefgh23.k2m3n4p5<script>", "#" + "a" * 65 + "." + "b" * 20,
                "#abcdefgh23.k2m3n4p5q6r7s8t9u2v3.extra"):
        assert read_invite(bad) is None, bad


def test_start_waits_for_every_friend_and_says_why():
    assert start_reason(room()) == ("Waiting for 1 friend to sit down (or put a bot in"
                                    " their seat).")
    assert start_reason(room(connected=[True, True, False], taken=[True, True, False])) == ""
    html = host_room(room(), "Matatu", "http://x/join.html#a.b", "", "Open")
    assert 'aria-disabled="true"' in html and 'data-invite="http://x/join.html#a.b"' in html
    assert "Waiting for 1 friend" in html


def test_seats_say_who_is_connected_in_words():
    html = seat_rows(room(connected=[True, False, False], taken=[True, True, False]), 1)
    assert "Ann (you)" in html and "not connected" in html and "a bot plays" in html
    assert 'data-state="away"' in html


def test_names_typed_by_friends_are_escaped():
    html = seat_rows(room(names=["Host", "<img src=x onerror=alert(1)>", "Bot"]))
    assert "<img" not in html and "&lt;img" in html
    assert "<b>" not in join_form("T", "<b>", "", False)


def test_the_fingerprint_is_shown_in_groups_and_fairness_is_explained():
    commitment = "0123456789abcdef" * 4
    assert fingerprint(commitment) == "0123 4567 89ab cdef"
    html = table_panel(room(commitment=commitment, started=True, reactions=["👍", "🙏"]), 1,
                       "Ann: 👍")
    assert "Fingerprint of the deal: 0123 4567 89ab cdef" in html
    assert "cannot stop the host from looking at hands" in html
    assert "Send 👍" in html


def test_a_slow_join_says_what_it_waits_for():
    assert "Connecting to the table" in join_form("T", "Ann", "", True)
    slow = join_form("T", "Ann", "", True, slow=True)
    assert "Still connecting" in slow and "page must be open" in slow
    assert "Still connecting" not in join_form("T", "Ann", "", False, slow=True)


def test_before_the_deal_a_free_seat_offers_the_other_two_kinds_of_player():
    html = seat_rows(room(seats=["human", "friend", "human"], names=["Host", "Seat 2", "Seat 3"]),
                     host_controls=True)
    assert 'data-state="here"' in html and "the host&#39;s device (hot seat)" in html
    assert html.count('data-kind="bot"') == 2  # seat 2 (a friend's) and seat 3 (here)
    assert html.count('data-kind="human"') == 1 and html.count('data-kind="friend"') == 1
    assert "data-kind" not in html.split("</li>")[0]  # the host's own seat stays the host's
    started = seat_rows(room(started=True), host_controls=True)
    assert "data-kind" not in started
