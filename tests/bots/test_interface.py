import pytest

from whistdrive import new_game
from whistdrive.bots import BUDGETS, LEVELS, Player, make_cheater, make_player
from whistdrive.games import GAMES


def test_levels_in_order():
    assert LEVELS == ("random", "beginner", "intermediate", "expert")
    assert "cheater" not in LEVELS


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_answers_with_a_legal_action_text(game, level):
    g = new_game(game, seed=5)
    bot = make_player(level, game, seed=1, budget=0.01)
    assert isinstance(bot, Player) and bot.level == level
    obs = g.observation(g.current_seat)
    action = bot.choose(obs, 0.01)
    assert isinstance(action, str) and action in obs["legal"]


def test_expert_budgets_are_under_a_second():
    for game in GAMES:
        assert 0 < BUDGETS["expert"][game] < 1.0


def test_unknown_level_or_game_is_refused():
    with pytest.raises(ValueError, match="unknown level"):
        make_player("grandmaster", "german")
    with pytest.raises(ValueError, match="unknown game"):
        make_player("expert", "bridge")


@pytest.mark.parametrize("game", GAMES)
def test_cheater_sees_the_live_game_and_plays_legally(game):
    g = new_game(game, seed=9)
    bot = make_cheater(game, lambda: g, seed=1, budget=0.01)
    assert bot.level == "cheater"
    for _ in range(6):
        obs = g.observation(g.current_seat)
        action = bot.choose(obs, 0.01)
        assert action in obs["legal"]
        g.apply(action)


def test_knockout_trump_choice_is_a_suit():
    # play deal 1 quickly with random bots until a trump decision appears
    for seed in range(20):
        g = new_game("knockout", {"players": 3}, seed=seed)
        bots = [make_player("random", "knockout", seed=s) for s in range(3)]
        while not g.is_over and g.decision.value != "trump":
            g.apply(bots[g.current_seat].choose(g.observation(g.current_seat)))
        if g.is_over:
            continue
        obs = g.observation(g.current_seat)
        for level in LEVELS:
            assert make_player(level, "knockout", seed=0).choose(obs, 0.01) in ("S", "H", "D", "C")
        return
    pytest.fail("no trump decision reached")
