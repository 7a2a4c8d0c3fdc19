"""The replay's verdict per decision: the exact solver where the position is fully known."""

import random

from whistdrive.analysis import analyse
from whistdrive.records import loads

from .conftest import Seat, create


def test_replay_analysis_uses_the_solver_in_stage_2_and_the_expert_in_stage_1(client):
    g = create(client, "german")
    seat = Seat(client, g["id"], g["token"])
    seat.play_to_end(random.Random(3))
    seat.close()
    record = loads(client.get(f"/api/games/{g['id']}/record").text)
    exact = {(e["deal"], e["trick"], e["seat"]): e for e in analyse(record)}
    first = client.get(f"/api/games/{g['id']}/analysis/0").json()
    assert first["exact"] is False and first["played"] == record["actions"][0]["action"]
    k = 26  # the first card of stage 2 (13 stage-1 tricks of two cards)
    a = client.get(f"/api/games/{g['id']}/analysis/{k}").json()
    assert a["exact"] is True and a["played"] == record["actions"][k]["action"]
    expected = exact[(1, 14, record["actions"][k]["seat"])]
    assert (a["value"], a["best_value"]) == (expected["value"], expected["best"])
    assert a["best"] in expected["best_cards"]
    assert client.get(f"/api/games/{g['id']}/analysis/999").status_code == 404
