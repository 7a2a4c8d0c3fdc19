"""Worked examples (issue 6): each is a real record whose replay makes its `checks` true."""

import copy
import functools
import json
from pathlib import Path

import pytest

from whistdrive import Card, Decision, RecordError, Suit
from whistdrive.cards import DECK
from whistdrive.examples import EXAMPLES, frames, load
from whistdrive.games import new_game
from whistdrive.games.base import parse_action
from whistdrive.records import replay

CONTENT = Path(__file__).resolve().parents[1] / "src" / "whistdrive" / "web" / "content" / "examples.json"
SPECS = {e["id"]: e for e in json.loads(CONTENT.read_text(encoding="utf-8"))}
SIDES = ("NS", "EW")


class Trace:
    """A record replayed action by action, keeping what the final state forgets:
    each deal's trick play, the game at each deal's start and each deal's actions."""

    def __init__(self, record: dict):
        self.game = replay(record)  # the record is legal by the engine's rules
        g = new_game(record["game"], record["options"], chance=record["chance"])
        self.starts = {1: g.clone()}
        self.plays = {1: g.play}
        self.actions = {1: []}
        for entry in record["actions"]:
            deal = len(g.deal_results) + 1
            self.actions[deal].append((g.current_seat, parse_action(entry["action"], g.decision)))
            g.apply(entry["action"])
            new = len(g.deal_results) + 1
            if new != deal and not g.is_over:  # the old deal's TrickPlay stays in self.plays
                self.starts[new], self.plays[new], self.actions[new] = g.clone(), g.play, []


def _options(game, keys):
    return {k: game.options.to_dict()[k] for k in keys}


# --- German Whist --------------------------------------------------------------
def german_trick_facts(record, checks):
    t = Trace(record)
    g = t.game
    role = {g.dealer: "dealer", 1 - g.dealer: "non_dealer"}
    tricks = g.play.tricks
    _, plays, winner = tricks[-1]
    facts = {
        "options": _options(g, checks["options"]),
        "trick": len(tricks),
        "trump": str(Suit(g.play.trump)),
        "prize": str(DECK[g.trump_card]),  # the turned-up card is the first prize
        "cards": {role[s]: str(DECK[c]) for s, c in plays},
        "trick_winner": role[winner],
        "trick_winner_card": next(str(DECK[c]) for s, c in plays if s == winner),
        "prize_to": next(role[s] for s in (0, 1) if g.trump_card in g.prizes[s]),
        "trump_after": str(Suit(g.play.trump)),
        "next_leader": role[g.current_seat],
        "hand_sizes_after": {role[s]: len(g.hand(s)) for s in (0, 1)},
    }
    # both followed suit where the claim says so; the prize went into the winner's hand
    assert g.trump_card in {c.index for c in g.hand(winner)}
    return {k: v for k, v in facts.items() if k in checks}


def german_low_facts(record, checks):
    g = Trace(record).game
    role = {g.dealer: "dealer", 1 - g.dealer: "non_dealer"}
    line = g.result()["deals"][-1]
    return {
        "options": _options(g, checks["options"]),
        "trump_card_colour": "red" if DECK[g.trump_card].suit.is_red else "black",
        "trump": line["trump"],
        "low_game": line["low"],
        "counted_tricks": {role[s]: line["counted"][s] for s in (0, 1)},
        "deal_winner": role[line["winner"]],
        "points": {role[s]: g.points[s] for s in (0, 1)},
    }


# --- Whist -----------------------------------------------------------------------
def whist_deal_facts(record, checks):
    t = Trace(record)
    g = t.game
    last = len(g.deal_results)
    start = t.starts[last]
    line = g.deal_results[-1]
    trump = Suit.parse(line["trump"])
    held = {side: [] for side in SIDES}
    for seat, hand in enumerate(start.dealt):
        held[SIDES[seat % 2]] += [DECK[13 * trump + r] for r in (12, 11, 10, 9) if hand >> (13 * trump + r) & 1]
    assert [len(held[s]) for s in SIDES] == line["honours_held"]
    per_side = lambda pair: dict(zip(SIDES, pair))  # noqa: E731
    facts = {
        "options": _options(g, checks["options"]),
        "score_before": per_side(start.score.game_points),
        "trump": line["trump"],
        "tricks": per_side(line["tricks"]),
        "honours_held": {s: [str(c) for c in sorted(held[s], key=lambda c: -c.rank)] for s in SIDES},
        "honours_held_count": per_side(line["honours_held"]),
        "trick_points": per_side(line["trick_points"]),
        "honour_points": per_side(line["honour_points"]),
        "points": per_side(line["points"]),
        "game_over": line["game_won_by"] is not None,
    }
    if line["game_won_by"] is not None:
        game = g.score.games[-1]
        facts.update(
            {
                "game_winner": SIDES[game["winner"]],
                "game_score": per_side(game["points"]),
                "game_value": line["game_value"],
            }
        )
    return {k: v for k, v in facts.items() if k in checks}


def whist_rubber_facts(record, checks):
    g = Trace(record).game
    sheet = g.result()["score"]
    rubber = sheet["rubber"]
    return {
        "options": _options(g, checks["options"]),
        "games": [
            {"winner": SIDES[x["winner"]], "loser_score": x["points"][1 - x["winner"]], "value": x["value"]}
            for x in sheet["games"]
        ],
        "games_played": len(sheet["games"]),
        "rubber_winner": SIDES[rubber["winner"]],
        "rubber_points_net": {SIDES[rubber["winner"]]: rubber["net"]},
    }


# --- Knock-out Whist -------------------------------------------------------------
def _deal_line_facts(line):
    return {
        "deal": line["deal"],
        "players_in_deal": len(line["tricks"]),
        "cards_per_player": line["hand_size"],
        "tricks_sorted": sorted(line["tricks"].values(), reverse=True),
        "eliminated_count": len(line["out"]),
    }


def knockout_trick_facts(record, checks):
    t = Trace(record)
    g = t.game
    line = g.deal_results[-1]
    play = t.plays[line["deal"]]
    wanted = [Card.parse(c).index for c in checks["trick_cards"]]
    found = [(n, plays, w) for n, (_, plays, w) in enumerate(play.tricks) if [c for _, c in plays] == wanted]
    assert found, f"no trick {checks['trick_cards']} in deal {line['deal']}"
    n, plays, winner = found[0]
    win_card = next(c for s, c in plays if s == winner)
    # the winner of the trick held no card of the suit led: none in this or any later trick of the deal
    later = [c for _, p, _ in play.tricks[n:] for s, c in p if s == winner]
    assert not any(c // 13 == plays[0][1] // 13 for c in later)
    facts = _deal_line_facts(line)
    facts.update(
        {
            "trump": line["trump"],
            "trick_cards": [str(DECK[c]) for _, c in plays],
            "trick_winner_card": str(DECK[win_card]),
            "next_deal": {
                "deal": len(g.deal_results) + 1,
                "players": len(g.active),
                "cards_per_player": g.hand_size,
                "dealer_tricks_previous": line["tricks"][str(g.dealer)],
            },
        }
    )
    assert len(t.starts[len(g.deal_results) + 1].hand(g.dealer)) == g.hand_size  # deal 6 is really dealt
    return facts


def knockout_tie_facts(record, checks):
    t = Trace(record)
    g = t.game
    line = g.deal_results[-1]
    draws = g.tie_breaks  # the draws that chose the current (deal 4) dealer
    ranks = [[Card.parse(c).rank.english for c in d["cards"]] for d in draws]
    winner_card = dict(zip(draws[-1]["seats"], draws[-1]["cards"]))[g.dealer]
    actions = t.actions[len(g.deal_results) + 1]
    facts = _deal_line_facts(line)
    facts["tie_break"] = {
        "tied_players": len(draws[0]["seats"]),
        "rounds": len(draws),
        "round_ranks": ranks,
        "winner_rank": Card.parse(winner_card).rank.english,
    }
    facts["next_deal"] = {
        "deal": len(g.deal_results) + 1,
        "players": len(g.active),
        "cards_per_player": g.hand_size,
        "trump_chosen_by_dealer": actions[0][0] == g.dealer and isinstance(actions[0][1], Suit),
        "dealer_leads": actions[1][0] == g.dealer and isinstance(actions[1][1], Card),
    }
    return facts


def knockout_elimination_facts(record, checks):
    g = Trace(record).game
    result = g.result()
    return {
        "players": g.options.players,
        "deals": [
            {k: v for k, v in _deal_line_facts(line).items() if k != "players_in_deal"} for line in result["deals"]
        ],
        "eliminated_count": len(result["out"]),
        "deals_played": len(result["deals"]),
        "game_over": g.is_over,
        "winner_decided_after_deal": max(result["out"].values()),
    }


# --- Humbug Whist ---------------------------------------------------------------
def humbug_deal_facts(record, checks):
    """Everything from the record's deck and actions: the four places are re-dealt here, not read from the game."""
    from whistdrive.solver import solve_two_hand

    g = Trace(record).game
    dealer = record["chance"][0]["seat"]
    role = {dealer: "dealer", 1 - dealer: "non_dealer"}
    deck = [Card.parse(c).index for c in record["chance"][1]["cards"]]
    places = {p: {c for i, c in enumerate(deck) if (1 + i) % 4 == p} for p in range(4)}  # dealer, left, non-dealer, right
    dealt = {dealer: places[0], 1 - dealer: places[2]}
    choices = {role[int(e["seat"])]: e["action"] for e in record["actions"][:2]}
    held = {}
    for seat in (0, 1):
        choice = choices[role[seat]]
        held[seat] = dealt[seat] if choice == "keep" else places[1 if choice == "left" else 3]
    trump = deck[51] // 13
    honours = lambda cards: [str(DECK[13 * trump + r]) for r in (12, 11, 10, 9) if 13 * trump + r in cards]  # noqa: E731
    mask = lambda cards: sum(1 << c for c in cards)  # noqa: E731
    line = g.deal_results[-1]
    per_role = lambda pair: {role[s]: pair[s] for s in (0, 1)}  # noqa: E731
    exchanger = next(s for s in (0, 1) if choices[role[s]] != "keep")
    facts = {
        "options": _options(g, checks["options"]),
        "trump": line["trump"],
        "turned_up": str(DECK[deck[51]]),
        "exchanges": choices,
        "turned_up_in_play": deck[51] in held[dealer],
        "honours_dealt": {role[s]: honours(dealt[s]) for s in (0, 1)},
        "honours_held": {role[s]: honours(held[s]) for s in (0, 1)},
        "best_tricks": {  # the exchanger leads when it is the non-dealer
            "dealt_hand": solve_two_hand(mask(dealt[exchanger]), mask(held[1 - exchanger]), trump, 0),
            "hand_taken": solve_two_hand(mask(held[exchanger]), mask(held[1 - exchanger]), trump, 0),
        } if exchanger != dealer else None,
        "tricks": per_role(line["tricks"]),
        "trick_points": per_role(line["trick_points"]),
        "honour_points": per_role(line["honour_points"]),
        "points": per_role(line["points"]),
    }
    assert [len(honours(held[s])) for s in (0, 1)] == line["honours_held"]  # the engine counted the same honours
    return {k: v for k, v in facts.items() if k in checks}


FACTS = {
    "german-1-3": german_trick_facts,
    "german-prize-fight": german_trick_facts,
    "german-low-game": german_low_facts,
    "whist-honours": whist_deal_facts,
    "whist-game-on-tricks": whist_deal_facts,
    "whist-rubber": whist_rubber_facts,
    "knockout-3-8": knockout_trick_facts,
    "knockout-tie-break": knockout_tie_facts,
    "knockout-elimination": knockout_elimination_facts,
    "humbug-exchange-wins": humbug_deal_facts,
    "humbug-honours": humbug_deal_facts,
}


def test_examples_match_the_content_file():
    assert list(EXAMPLES) == list(SPECS)
    for example_id in EXAMPLES:
        assert load(example_id)["game"] == SPECS[example_id]["game"]


@pytest.mark.parametrize("example_id", EXAMPLES)
def test_record_replays_and_its_checks_hold(example_id):
    record = load(example_id)
    assert record["format"] == "whistdrive-record" and record["version"] == 1
    assert all(s["player"] == "example" for s in record["seats"])
    checks = SPECS[example_id]["checks"]
    facts = FACTS[example_id](record, checks)
    assert facts == checks  # every key of the checks is derived from the replay, and nothing else


@pytest.mark.parametrize("example_id", EXAMPLES)
def test_records_are_reproducible(example_id):
    assert builder().build(example_id) == load(example_id)


@functools.cache
def builder():
    """``scripts/build_examples.py``, the build tool outside the package that writes the records."""
    import importlib.util

    path = Path(__file__).resolve().parents[1] / "scripts" / "build_examples.py"
    spec = importlib.util.spec_from_file_location("build_examples", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_builder_writes_where_the_package_reads():
    from importlib import resources

    assert builder().OUT == Path(str(resources.files("whistdrive.examples")))
    assert not (Path(str(resources.files("whistdrive.examples"))) / "build.py").exists()


def test_german_1_3_new_prize_is_the_queen_of_diamonds():
    g = replay(load("german-1-3"))
    assert str(DECK[g.stock[0]]) == "QD" and str(Suit(g.play.trump)) == "H"


def test_game_on_tricks_is_one_legal_game_from_its_start():
    g = replay(load("whist-game-on-tricks"))
    assert len(g.deal_results) == 3 and g.options.length == "game" and g.is_over
    assert [line["points"] for line in g.deal_results] == [[3, 0], [0, 2], [3, 0]]


def test_a_broken_record_or_wrong_checks_fail():
    record = load("whist-honours")
    bad = copy.deepcopy(record)
    bad["actions"][1], bad["actions"][2] = bad["actions"][2], bad["actions"][1]
    with pytest.raises(RecordError):
        replay(bad)
    bad = copy.deepcopy(record)
    bad["chance"][1]["cards"][0], bad["chance"][1]["cards"][1] = (
        bad["chance"][1]["cards"][1],
        bad["chance"][1]["cards"][0],
    )
    with pytest.raises(RecordError):
        replay(bad)
    for example_id in ("whist-honours", "knockout-tie-break", "german-low-game", "whist-rubber", "humbug-honours"):
        checks = copy.deepcopy(SPECS[example_id]["checks"])
        key = next(iter(k for k in checks if k != "options"))
        checks[key] = "wrong"
        assert FACTS[example_id](load(example_id), checks) != checks
    # a record of another example does not satisfy these checks
    checks = SPECS["german-1-3"]["checks"]
    assert german_trick_facts(load("german-prize-fight"), checks) != checks


def _final_hands(game):
    return {str(s): sorted(str(c) for c in game.hand(s)) for s in sorted(game.play.hands)}


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("example_id", EXAMPLES)
def test_frames(example_id, lang):
    fr = frames(example_id, lang)
    assert fr and fr[0]["kind"] == "start"
    json.dumps(fr, ensure_ascii=False)  # JSON-ready
    game = replay(load(example_id))
    last = fr[-1]
    assert {s: sorted(h) for s, h in last["hands"].items()} == _final_hands(game)
    assert last["trick"] == [{"seat": s, "card": str(DECK[c])} for s, c in game.play.trick]
    for f in fr:
        assert f["caption"] and f["lang"] == lang
        cyrillic = any("\u0400" <= ch <= "\u04ff" for ch in f["caption"])
        assert cyrillic == (lang == "ru"), f["caption"]
        assert len(f["seat_names"]) == game.num_seats
    if game.name == "german":
        assert last["tricks_won"] == {"stage1": game.tricks_won(1), "stage2": game.tricks_won(2)}
        assert last["points"] == game.points and last["stock_size"] == len(game.stock)
    elif game.name == "whist":
        assert last["tricks_won"] == game.tricks_by_side() and last["score"] == game.score_sheet()
    elif game.name == "humbug":
        assert last["tricks_won"] == game.tricks_won() and last["score"] == game.score_sheet()
        exchanges = [f for f in fr if f["kind"] == "exchange"]
        assert [e["exchanges"][-1]["choice"] for e in exchanges] == [str(a) for _, a in game.exchanges]
        taken = {c for _, c in game.exchanges} - {"keep"}
        assert all(last["widows"][w] == [] for w in taken) and len(last["laid_aside"]) == len(taken)
    else:
        assert last["tricks_won"] == {str(s): n for s, n in game.play.won.items()}
        assert last["out"] == {str(s): d for s, d in game.out.items()}
    # one card frame per card played, in order, in the deals shown card by card
    trace = Trace(load(example_id))
    cards = [f for f in fr if f["kind"] == "card"]
    shown = sorted({f["deal"] for f in cards})
    played = [(seat, str(a)) for d in shown for seat, a in trace.actions[d] if isinstance(a, Card)]
    assert [(f["trick"][-1]["seat"], f["trick"][-1]["card"]) for f in cards] == played
    assert shown and shown[-1] == max(trace.actions) - (1 if not trace.actions[max(trace.actions)] else 0)


def test_frames_wording():
    fr = frames("whist-honours", "en")
    assert fr[1]["caption"] == "South leads K♠."
    assert frames("whist-honours", "ru")[1]["caption"] == "Юг ходит К♠."
    assert fr[0]["seat_names"] == ["North", "East", "South", "West"] and fr[0]["turned_up"] == "8H"
    assert frames("whist-honours", "ru")[0]["seat_names"] == ["Север", "Восток", "Юг", "Запад"]
    assert frames("knockout-3-8", "ru")[0]["seat_names"] == ["Игрок 1", "Игрок 2", "Игрок 3"]
    g13 = frames("german-1-3")
    assert g13[0]["seat_names"] == ["Non-dealer", "Dealer"] and g13[0]["prize"] == "KH" and g13[0]["stock_size"] == 26
    assert g13[-1]["prize"] == "QD" and g13[-1]["stock_size"] == 24
    assert [len(h) for h in g13[-1]["hands"].values()] == [13, 13]
    ko = frames("knockout-tie-break")
    assert [f["kind"] for f in ko].count("draw") == 2 and any(f["kind"] == "trump" for f in ko)
    rubber = frames("whist-rubber")
    assert [f["kind"] for f in rubber[:5]] == ["start", "deal_end", "deal_end", "deal_end", "deal_end"]
    assert rubber[-1]["score"]["rubber"] == {"winner": 0, "net": 6}
    mid = frames("whist-game-on-tricks")[0]
    assert mid["deal"] == 3 and mid["score"]["game_points"] == [3, 2] and len(mid["earlier_deals"]) == 2


def test_unknown_example_and_language():
    with pytest.raises(KeyError):
        load("nope")
    with pytest.raises(ValueError):
        frames("german-1-3", "de")


def test_trump_choice_frames_follow_the_decision():
    fr = frames("knockout-3-8")
    assert fr[1]["kind"] == "trump" and fr[1]["trump"] == "D" and fr[0]["trump"] is None
    assert Decision.TRUMP.value == "trump"
