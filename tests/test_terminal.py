"""The terminal game as a person meets it: what it says, how it fits the screen, quitting and resuming."""

import io
import json
import re

import pytest

from engine_helpers import deck_from_hands
from whistdrive import new_game
from whistdrive.cards import Card
from whistdrive.cli import main
from whistdrive.errors import ParseError
from whistdrive.records import replay
from whistdrive.terminal.play import _ask, play, play_game, read_action, read_card, resume_game
from whistdrive.terminal.render import Style, columns, render


def scripted(answers):
    it = iter(answers)

    def ask(prompt):
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None
    return ask


def german_after_a_spade_lead():
    """German Whist: seat 1 (the computer) has led A♠; seat 0 (you) holds one spade, J♠."""
    deck = deck_from_hands({0: "JS 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC", 1: "AS 5S 6S 2D 3D 4D 5D 6D 7D 8D 9D TD JD"},
                           first=1, seats=2)
    g = new_game("german", chance=[{"type": "dealer", "seat": 0}, {"type": "deck", "cards": deck}], seed=1)
    g.apply("AS")
    return g


def test_a_word_not_understood_in_an_exchange_is_explained_once_in_english():
    out = []
    play_game("humbug", {}, seed=2, lang="en", color=False, level="random", input_fn=scripted(["x"]),
              output=out.append)
    said = next(line for line in out if "did not understand" in line)
    assert said == "I did not understand 'x'. Type keep, left or right (or 1, 2, 3 as listed); 's' score, 'q' quit."
    assert not re.search("[а-яё]", said, re.I)


@pytest.mark.parametrize("game, options, lang, width", [
    ("humbug", {}, "en", 100), ("humbug", {}, "ru", 44), ("whist", {"length": "deal"}, "ru", 80),
    ("german", {}, "ru", 60), ("knockout", {"players": 5}, "en", 44)])
def test_every_line_fits_the_terminal_and_breaks_only_between_words(game, options, lang, width):
    """The same game at full length and fitted to ``width`` columns: the same words in the same order,
    no line wider than the terminal, and no word cut (a word is never wider than these widths)."""
    def run(width):
        out = []
        play_game(game, options, seed=5, lang=lang, color=True, level="random", width=width,
                  input_fn=scripted(["s", "l"] + ["1"] * 60), output=out.append)
        return "\n".join(out)

    whole, fitted = run(None), run(width)
    assert any(columns(line) > width for line in whole.splitlines())  # there was something to fit
    assert fitted.split() == whole.split()
    assert max(columns(line) for line in fitted.splitlines()) <= width


def test_a_status_line_breaks_between_its_parts_before_it_breaks_a_part():
    from whistdrive.terminal.render import wrap

    line = "Turned-up trump: K♠ (out of the deal)   You kept the dealt hand   You: 0 tricks, Opponent: 0 tricks"
    assert wrap(line, 64).split("\n") == ["Turned-up trump: K♠ (out of the deal)   You kept the dealt hand",
                                          "You: 0 tricks, Opponent: 0 tricks"]
    assert wrap("Your hand: 1:5♠ 2:9♠ 3:J♠ 4:4♥", 20).split("\n") == ["Your hand: 1:5♠ 2:9♠", "3:J♠ 4:4♥"]


@pytest.mark.parametrize("preset, split", [("english", True), ("american", False)])
def test_a_whist_deal_tells_points_for_tricks_and_for_honours_apart(preset, split):
    out = []
    play_game("whist", {"preset": preset, "length": "rubber"}, seed=7, lang="en", color=False, level="random",
              input_fn=scripted(["1"] * 2000), output=out.append)
    deals = [line for line in out if line.startswith("Deal over.")]
    assert len(deals) >= 2
    pattern = r"NS (\d+) tricks?, EW (\d+) tricks?; NS \+(\d+), EW \+(\d+)"
    honours_seen = False
    for line in deals:
        ns, ew, p_ns, p_ew = map(int, re.search(pattern, line).groups())
        got = re.search(r"\(tricks (\d+)–(\d+), honours (\d+)–(\d+)\)$", line)
        assert bool(got) == split, line
        if got:
            t_ns, t_ew, h_ns, h_ew = map(int, got.groups())
            assert (t_ns, t_ew) == (max(ns - 6, 0), max(ew - 6, 0))  # a trick over the book scores 1
            assert (p_ns, p_ew) == (t_ns + h_ns, t_ew + h_ew) and {h_ns, h_ew} <= {0, 2, 4}
            honours_seen |= h_ns + h_ew > 0
    assert honours_seen == split


@pytest.mark.parametrize("lang, said", [("en", "Last trick: Opponent: A♠  You: J♠ — won by Opponent"),
                                        ("ru", "Последняя взятка: Соперник: Т♠  Вы: В♠ — взятку берёт Соперник")])
def test_l_names_who_played_each_card_and_who_won_the_trick(lang, said):
    g = german_after_a_spade_lead()
    g.apply("JS")
    g.apply(g.legal_actions()[0])  # the winner of the trick leads to the next one, and it is your turn again
    out = []
    assert _ask(g, 0, Style(lang, color=False), scripted(["l", "q"]), out.append) is None
    assert out == [said]


@pytest.mark.parametrize("game, seat, dealer", [("whist", 2, 2), ("humbug", 0, 0), ("knockout", 0, 0)])
def test_the_table_names_trump_once_and_the_reader_as_you(game, seat, dealer):
    g = new_game(game, chance=[{"type": "dealer", "seat": dealer}], seed=3)
    table = render(g.observation(seat), Style("ru", color=False))
    assert table.count("Козырь") == 1 and "Открытый козырь" in table, table
    assert "Сдающий: Вы" in table and "(Юг)" not in table and "(Вы)" not in table


def test_russian_suit_letters_are_read_at_the_keyboard_but_not_in_records():
    assert [str(read_card(t)) for t in ("Дч", "10п", "Тт", "Кк", "вб", "2Ч", "QH", "10♥")] == \
        ["QH", "TS", "AC", "KC", "JD", "2H", "QH", "TH"]
    for text in ("Qч", "Tп", "ч"):  # an English rank with a Russian letter: T is the ten, Т the ace
        with pytest.raises(ParseError):
            read_card(text)
    with pytest.raises(ParseError):
        Card.parse("Дч")  # not a notation of the rules: records keep to those
    out = []
    assert _ask(german_after_a_spade_lead(), 0, Style("ru", color=False), scripted(["Вп"]), out.append) == "JS"
    assert out == []
    choosing = {"decision": "trump", "legal": ["S", "H", "D", "C"]}
    assert [read_action(choosing, t, "ru") for t in ("п", "Ч", "б", "т", "к", "♥", "пики")] == list("SHDCCHS")


@pytest.mark.parametrize("lang, said", [("en", "Only one card can be played: J♠, played for you."),
                                        ("ru", "Ходить можно только одной картой: В♠, она сыграна за вас.")])
def test_a_forced_card_is_played_for_you_and_the_game_says_so(lang, said):
    g = german_after_a_spade_lead()
    out = []
    play(g, level="random", lang=lang, color=False, input_fn=scripted([]), output=out.append)
    assert said in out
    assert g.actions[1] == (0, Card.parse("JS"))


def hands(out):
    """The "Your hand:" lines of the output, in order."""
    return [line for line in "\n".join(out).splitlines() if line.startswith("Your hand:")]


def test_q_asks_first_then_saves_the_game_and_play_resume_goes_on_with_it(tmp_path):
    saved = tmp_path / "saved-game.json"
    out = []
    play_game("german", {}, seed=4, lang="en", color=False, level="random", keep=saved,
              input_fn=scripted(["1", "q", "n", "1", "q", "y"]), output=out.append)
    assert out[-2:] == [f"The game is saved in {saved}; whistdrive play --resume goes on with it.", "Bye."]
    record = json.loads(saved.read_text(encoding="utf-8"))
    assert record["over"] is False and "seed" not in record  # the deals to come stay unknown
    assert [a["seat"] for a in record["actions"]].count(0) == 2  # "n" went on with the game: two cards played
    before = hands(out)[-1]

    again = []
    resume_game(saved, lang="en", color=False, keep=saved, input_fn=scripted(["1"] * 200), output=again.append)
    assert hands(again)[0] == before  # the deal goes on as it was
    assert any(line.startswith("Game over.") for line in again)
    assert not saved.exists()  # played to the end: nothing left to resume


def test_a_resumed_game_deals_again_what_you_had_not_seen(tmp_path, monkeypatch):
    """The saved file holds the deck as dealt: read before resuming, it would show the computer's hand and
    the stock. So on resume the unseen cards are dealt again (your hand, the trump and the plays stay)."""
    import whistdrive.terminal.play as terminal

    saved = tmp_path / "saved-game.json"
    play_game("german", {}, seed=4, lang="en", color=False, level="random", keep=saved,
              input_fn=scripted(["1", "q", "y"]), output=[].append)
    record = json.loads(saved.read_text(encoding="utf-8"))
    resumed = []
    monkeypatch.setattr(terminal, "play", lambda game, **how: resumed.append(game) or 0)
    hidden_before = None
    for _ in range(4):  # four resumes of the same file: the hidden cards differ, what you saw does not
        resume_game(saved, lang="en", color=False, keep=saved, input_fn=scripted([]), output=[].append)
    first = resumed[0]
    original = replay(record)
    assert all(g.hand(0) == original.hand(0) and g.observation(0) == original.observation(0) for g in resumed)
    hidden_before = original.hand(1), tuple(original.stock)
    assert any((g.hand(1), tuple(g.stock)) != hidden_before for g in resumed), "the file's hidden cards came back"
    assert first.actions == original.actions


def test_quitting_without_a_place_to_save_warns_that_the_game_is_lost():
    prompts = []

    def answer(prompt):
        prompts.append(prompt)
        return {1: "q", 2: "y"}[len(prompts)]

    out = []
    play_game("german", {}, seed=4, lang="ru", color=False, level="random", input_fn=answer, output=out.append)
    assert prompts[1] == "Выйти? Игра не сохранится. (д/н) " and out[-1] == "До встречи."


def test_play_resume_on_the_command_line(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert main(["play", "--resume"]) == 2
    assert "no game to resume" in capsys.readouterr().err
    (tmp_path / "whistdrive").mkdir()
    (tmp_path / "whistdrive" / "saved-game.json").write_text('{"format": "whistdrive-record", "version": 7}')
    assert main(["play", "--resume"]) == 2
    assert "saved-game.json: " in capsys.readouterr().err
    assert main(["play"]) == 2 and "--resume" in capsys.readouterr().err
    assert main(["play", "--resume", "german"]) == 2 and "without a game" in capsys.readouterr().err
    monkeypatch.setattr("sys.stdin", io.StringIO("q\ny\n"))
    assert main(["play", "knockout", "--seed", "3", "--lang", "ru"]) == 0
    assert (tmp_path / "whistdrive" / "saved-game.json").exists() and "play --resume" in capsys.readouterr().out
    monkeypatch.setattr("sys.stdin", io.StringIO("q\nд\n"))
    assert main(["play", "--lang", "ru", "--resume"]) == 0
    assert "Игра сохранена" in capsys.readouterr().out


def test_replay_names_the_options_in_words(tmp_path, capsys):
    path = tmp_path / "g.jsonl"
    assert main(["simulate", "whist", "--length", "deal", "--games", "1", "--out", str(path), "--quiet"]) == 0
    assert main(["replay", str(path)]) == 0
    head = capsys.readouterr().out.splitlines()[0]
    assert head.endswith("— Whist. Rules: English (5 points, honours); Points for a game: 5; Honours: yes; "
                         "Rubber bonus (+2): no; Length: One deal")
    assert main(["replay", str(path), "--lang", "ru"]) == 0
    assert "Онёры: да" in capsys.readouterr().out.splitlines()[0]


def test_play_help_has_one_colon_per_game_and_solve_help_shows_a_position_that_solves(monkeypatch, capsys):
    from whistdrive.cli import build_parser
    from whistdrive.games import GAMES

    commands = build_parser()._subparsers._group_actions[0].choices
    text = " ".join(commands["play"].format_help().split())
    for g in GAMES.values():
        title = g.info.title.get("en")
        assert f"{title} — " in text and f"{title}: " not in text
    example = [line for line in commands["solve"].format_help().splitlines()
               if re.match(r"  (game|trump|leader|[NESW]|trick):", line)]
    assert len(example) == 8
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(example)))
    assert main(["solve", "-"]) == 0
    assert re.search(r"^card\s+value$", capsys.readouterr().out, re.M)
