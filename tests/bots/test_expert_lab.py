"""The lab's partner-face-up whist expert: its worlds hold the partner's true hand and sample the opponents'."""

import sys
from pathlib import Path

import pytest

from whistdrive import new_game
from whistdrive.bots import whist_expert

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import expert_lab  # noqa: E402


def _sampled(decisions: int, worlds: int) -> int:
    """Worlds sampled by the whist expert over the first ``decisions`` of a deal: each solved world
    is drawn from a pool of ``resample``, but on the first lead (no play yet to weigh)."""
    return (1 + (decisions - 1) * max(1, whist_expert.WhistExpert.resample)) * worlds


def test_partner_face_up_worlds(monkeypatch):
    game = new_game("whist", {"length": "deal"}, seed=3)
    player = expert_lab.PartnerFaceUp("whist", 1, 0.6, true_game=lambda: game, worlds=6)
    worlds = []
    sample = whist_expert.sample_hands

    def spy(view, rng):
        hands, extra = sample(view, rng)
        worlds.append((view.seat, {s: game.play.hands[s] for s in range(4)}, hands))
        return hands, extra

    monkeypatch.setattr(whist_expert, "sample_hands", spy)
    for _ in range(12):  # three tricks: every seat decides with a choice
        values = player.evaluate(game.observation(game.current_seat))
        game.apply(max(values, key=values.get))
    assert len(worlds) == _sampled(12, 6)
    assert all(hands[(seat + 2) % 4] == true[(seat + 2) % 4] for seat, true, hands in worlds)
    opponents_true = sum(hands[(seat + 1) % 4] == true[(seat + 1) % 4] for seat, true, hands in worlds)
    assert opponents_true < len(worlds) // 2  # the opponents' hands are still sampled
    assert player.true_game is not None  # the live game is handed back after each decision


def _decide(player, game, moves, monkeypatch, module, name):
    """Play ``moves`` decisions with ``player`` in every seat, keeping each world dealt through
    ``module.name`` with the seat and the true hands at that moment."""
    worlds = []
    sample = getattr(module, name)

    def spy(view, rng):
        hands, extra = sample(view, rng)
        worlds.append((view.seat, {s: game.play.hands[s] for s in range(4)}, hands))
        return hands, extra

    monkeypatch.setattr(module, name, spy)
    for _ in range(moves):
        values = player.evaluate(game.observation(game.current_seat))
        game.apply(max(values, key=values.get))
    return worlds


def _partner_worlds(monkeypatch, reveal: str, seed: int) -> list:
    """The worlds of 12 decisions of a whist pair told part of the partner's hand (5 worlds each)."""
    game = new_game("whist", {"length": "deal"}, seed=seed)
    monkeypatch.setattr(expert_lab.PartnerFaceUp, "reveal", reveal)
    monkeypatch.setattr(whist_expert, "sample_hands", expert_lab._sample_fitting)
    player = expert_lab.PartnerFaceUp("whist", 1, 0.6, true_game=lambda: game, worlds=5)
    return _decide(player, game, 12, monkeypatch, whist_expert, "sample_hands")


def test_partner_shape_worlds(monkeypatch):
    worlds = _partner_worlds(monkeypatch, "shape", 4)
    assert len(worlds) == _sampled(12, 5)
    for seat, true, hands in worlds:
        partner = (seat + 2) % 4
        assert expert_lab.suit_lengths(hands[partner]) == expert_lab.suit_lengths(true[partner])
        assert sum(bin(h).count("1") for h in hands.values()) == sum(bin(h).count("1") for h in true.values())
    assert sum(hands[(seat + 2) % 4] == true[(seat + 2) % 4] for seat, true, hands in worlds) < len(worlds) // 2
    assert expert_lab._SHAPE == [None]  # the shape is forgotten after each decision


@pytest.mark.slow  # a lab match: ~4 s
def test_partner_honours_worlds(monkeypatch):
    worlds = _partner_worlds(monkeypatch, "honours", 5)
    for seat, true, hands in worlds:
        partner = (seat + 2) % 4
        assert hands[partner] & expert_lab.HONOURS == true[partner] & expert_lab.HONOURS
    assert sum(hands[(seat + 2) % 4] == true[(seat + 2) % 4] for seat, true, hands in worlds) < len(worlds) // 2


def test_honest_exchange():
    """The exchange is chosen from sampled worlds (the unseen widows alike), the play from the true deal."""
    for seed in range(1, 40):
        game = new_game("humbug", {"length": "deal"}, seed=seed)
        obs = game.observation(game.current_seat)
        if {"left", "right"} <= set(obs["legal"]):
            break
    cheater = expert_lab.HumbugExpert("humbug", 1, 0.6, true_game=lambda: game, worlds=30)
    honest = expert_lab.HonestExchange("humbug", 1, 0.6, true_game=lambda: game, worlds=30)
    seen = cheater.evaluate(obs)
    chosen = honest.evaluate(obs)
    assert seen["left"] != seen["right"]  # the cheater knows what each widow holds
    assert chosen["left"] == chosen["right"]  # the honest exchange does not
    assert honest.true_game is not None
    while game.observation(game.current_seat)["decision"] == "exchange":
        game.apply(game.observation(game.current_seat)["legal"][0])
    obs = game.observation(game.current_seat)
    assert honest.evaluate(obs) == cheater.evaluate(obs)  # in the play both see every card


def test_late_sight(monkeypatch):
    """The first K tricks of a deal are played from sampled worlds, the later ones from the true deal."""
    from whistdrive.bots import knockout_expert

    game = new_game("knockout", {"players": 4}, seed=2)
    player = expert_lab.LateSight("knockout", 1, 0.6, true_game=lambda: game, worlds=4)
    monkeypatch.setattr(expert_lab.LateSight, "honest_tricks", 2)
    sampled = []
    sample = knockout_expert.sample_hands

    def spy(view, rng):
        sampled.append(len(view.obs["tricks"]))
        return sample(view, rng)

    monkeypatch.setattr(knockout_expert, "sample_hands", spy)
    monkeypatch.setattr(knockout_expert.KnockoutExpert, "quick_worlds", False)
    for _ in range(4 * 4):  # four tricks of the first deal
        obs = game.observation(game.current_seat)
        if len(obs["legal"]) > 1:
            player.evaluate(obs)
        game.apply(obs["legal"][0])
    assert sampled and max(sampled) < 2  # sampled only in the first two tricks
