"""The expert's stage-2 play is exact: it always keeps the solver's best value."""

from whistdrive import new_game, solver
from whistdrive.bots import make_player
from whistdrive.cards import to_mask


def test_expert_stage2_loses_no_trick_against_the_solver():
    expert = make_player("expert", "german", seed=0)
    inter = [make_player("intermediate", "german", seed=s) for s in range(2)]
    positions = 0
    for seed in range(6):
        g = new_game("german", seed=seed)
        while not g.is_over:
            seat = g.current_seat
            obs = g.observation(seat)
            if obs["stage"] == 2 and len(obs["legal"]) > 1:
                p = g.play
                trick = [(s, c) for s, c in p.trick]
                values = solver.values_two_hand(p.hands[0], p.hands[1], p.trump, p.leader, trick)
                choice = expert.choose(obs)
                from whistdrive.cards import Card

                assert values[Card.parse(choice).index] == max(values.values())
                positions += 1
                g.apply(choice)
            else:
                g.apply(inter[seat].choose(obs))
    assert positions > 20
    assert to_mask([]) == 0
