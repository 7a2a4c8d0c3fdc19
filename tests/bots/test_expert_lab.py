"""The lab's partner-face-up whist expert: its worlds hold the partner's true hand and sample the opponents'."""

import sys
from pathlib import Path

from whistdrive import new_game
from whistdrive.bots import whist_expert

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import expert_lab  # noqa: E402


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
    assert len(worlds) == 12 * 6
    assert all(hands[(seat + 2) % 4] == true[(seat + 2) % 4] for seat, true, hands in worlds)
    opponents_true = sum(hands[(seat + 1) % 4] == true[(seat + 1) % 4] for seat, true, hands in worlds)
    assert opponents_true < len(worlds) // 2  # the opponents' hands are still sampled
    assert player.true_game is not None  # the live game is handed back after each decision
