"""Every rule id cited anywhere exists in that game's rules data, so every "Read rule X" link
on a refusal, every option's ruling and every lesson's rule lands on a real sentence."""

import pytest
from rule_citations import known_ids, unknown_citations

import engine


@pytest.mark.parametrize("game_id", sorted(engine.GAMES))
def test_every_cited_rule_id_exists_in_the_rules_data(game_id):
    assert unknown_citations(game_id) == []


@pytest.mark.parametrize("game_id", sorted(engine.GAMES))
def test_options_cite_rulings_that_exist(game_id):
    known = known_ids(game_id)
    for spec in engine.GAMES[game_id].OPTIONS:
        assert spec.get("ruling") is None or spec["ruling"] in known, spec["id"]
