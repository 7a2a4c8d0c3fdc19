"""Words the terminal shows, in English and Russian, with correct plurals."""

from __future__ import annotations

TEXTS = {
    "en": {
        "trump": "Trump",
        "prize": "Prize",
        "stock": "Stock",
        "stage": "Stage",
        "deal": "Deal",
        "dealer": "dealer",
        "your_hand": "Your hand",
        "trick": "Trick",
        "last_trick": "Last trick",
        "to_play": "{who} to play",
        "you": "You",
        "partner": "Partner",
        "prompt": "Your card (number or e.g. QH), ? for help: ",
        "prompt_trump": "Choose trump (S H D C or ♠ ♥ ♦ ♣): ",
        "help": "Type a card (QH, 10♥, T♥) or its number in the list; 'l' last trick, 's' score, 'q' quit.",
        "illegal": "Not allowed: {why}",
        "unknown": "I did not understand {text!r}. {help}",
        "won_trick": "{who} won the trick",
        "took_prize": "{who} took the prize {card}; the other drew a card",
        "deal_over": "Deal over.",
        "game_over": "Game over.",
        "winner": "Winner: {who}",
        "draw": "A draw.",
        "score": "Score",
        "points": "points",
        "we": "We",
        "they": "They",
        "out": "out",
        "low_game": "low game",
        "high_game": "high game",
        "chose_trump": "{who} chose trump {suit}",
        "exchange_keep": "{who} kept the dealt hand",
        "exchange_left": "{who} laid the hand aside and took the left widow",
        "exchange_right": "{who} laid the hand aside and took the right widow",
        "prompt_exchange": "Keep your hand or take a widow (keep, left, right or its number): ",
        "choices": "Your choices",
        "keep": "keep",
        "left": "left widow",
        "right": "right widow",
        "laid_aside": "Laid aside",
        "trump_card_out": "out of the deal",
        "thinking": "{who}: {card}",
        "tie_break": "Tie-break draw: {cards}",
        "bye": "Bye.",
        "games": "games",
        "rubber": "Rubber",
        "opponent": "Opponent",
        "hand_size": "cards each",
        "tricks_word": ("trick", "tricks"),
        "deals_won": "deals won",
        "opponent_holds": "Opponent holds",
    },
    "ru": {
        "trump": "Козырь",
        "prize": "Приз",
        "stock": "Колода",
        "stage": "Этап",
        "deal": "Сдача",
        "dealer": "сдаёт",
        "your_hand": "Ваши карты",
        "trick": "Взятка",
        "last_trick": "Прошлая взятка",
        "to_play": "Ходит {who}",
        "you": "Вы",
        "partner": "Партнёр",
        "prompt": "Ваша карта (номер или, например, Д♥), ? — помощь: ",
        "prompt_trump": "Выберите козырь (♠ ♥ ♦ ♣ или S H D C): ",
        "help": "Введите карту (Д♥, 10♥, QH) или её номер в списке; l — прошлая взятка, s — счёт, q — выход.",
        "illegal": "Так нельзя: {why}",
        "unknown": "Не понял {text!r}. {help}",
        "won_trick": "{who} берёт взятку",
        "took_prize": "{who} берёт приз {card}; другой тянет карту из колоды",
        "deal_over": "Сдача окончена.",
        "game_over": "Игра окончена.",
        "winner": "Победитель: {who}",
        "draw": "Ничья.",
        "score": "Счёт",
        "points": "очки",
        "we": "Мы",
        "they": "Они",
        "out": "выбыл",
        "low_game": "игра на минимум",
        "high_game": "игра на максимум",
        "chose_trump": "{who}: козырь {suit}",
        "exchange_keep": "{who}: сданная рука оставлена",
        "exchange_left": "{who}: рука сброшена, взят левый прикуп",
        "exchange_right": "{who}: рука сброшена, взят правый прикуп",
        "prompt_exchange": "Оставить руку или взять прикуп (оставить, левый, правый или номер): ",
        "choices": "Ваш выбор",
        "keep": "оставить",
        "left": "левый прикуп",
        "right": "правый прикуп",
        "laid_aside": "Сброшено",
        "trump_card_out": "вне игры",
        "thinking": "{who}: {card}",
        "tie_break": "Жребий: {cards}",
        "bye": "До встречи.",
        "games": "партии",
        "rubber": "Роббер",
        "opponent": "Соперник",
        "hand_size": "карт на руках",
        "tricks_word": ("взятка", "взятки", "взяток"),
        "deals_won": "выиграно сдач",
        "opponent_holds": "У соперника",
    },
}


def t(lang: str, key: str, **kw) -> str:
    text = TEXTS[lang][key]
    return text.format(**kw) if kw else text


def plural(lang: str, n: int, forms: tuple[str, ...]) -> str:
    """``5 взяток``, ``2 взятки``, ``1 взятка``; ``1 trick``, ``2 tricks``."""
    if lang == "ru":
        if n % 10 == 1 and n % 100 != 11:
            form = forms[0]
        elif 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            form = forms[1]
        else:
            form = forms[2]
    else:
        form = forms[0] if n == 1 else forms[1]
    return f"{n} {form}"


def tricks(lang: str, n: int) -> str:
    return plural(lang, n, TEXTS[lang]["tricks_word"])
