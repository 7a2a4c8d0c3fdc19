/* whistdrive rules examples: a step-through diagram of one worked example, all hands open around a small table.
 * WD.ExampleDiagram(container, data) — data is GET /api/examples/{id}?lang=.. :
 * {id, game, lang, title, claim, options, frames: [whistdrive.examples.frames(id, lang)]}.
 * Cards are the table's SVG cards (cards.js); ⏮ ◀ ▶ ⏭ buttons, arrow keys / Home / End when the diagram has focus. */
"use strict";
(function (WD) {
  const { el } = WD;
  const WORDS = {
    en: {
      first: "First step", prev: "Previous step", next: "Next step", last: "Last step", controls: "Example steps",
      example: "Example", keys: "Use the buttons, or the arrow keys, Home and End, to step through the example.",
      trump: "Trump", noTrump: "not chosen yet", trumpCard: "Trump card", turnedUp: "Turned up", prize: "Prize",
      stock: "Stock", stage: "Stage", low: "Low game: fewer tricks wins", tricks: "Tricks", stage1: "stage 1",
      stage2: "stage 2", points: "Points", gameScore: "Game score", games: "Games won", rubber: "Rubber points",
      handSize: "Cards each", dealer: "deals", toPlay: "to play", out: "out after deal {n}", trick: "Trick on the table",
      draw: "Draw for the deal", noCards: "no cards", deal: "Deal {n}", step: "Step {n} of {m}",
      outOfDeal: "(out of the deal)", leftWidow: "Left widow", rightWidow: "Right widow", taken: "taken",
      laidAside: "Laid aside by {who}",
    },
    ru: {
      first: "В начало", prev: "Предыдущий шаг", next: "Следующий шаг", last: "В конец", controls: "Шаги примера",
      example: "Пример", keys: "Листайте пример кнопками или клавишами со стрелками, Home и End.",
      trump: "Козыри", noTrump: "ещё не назначены", trumpCard: "Открытая карта", turnedUp: "Открыта", prize: "Приз",
      stock: "Запас", stage: "Стадия", low: "Игра на минимум: выигрывает меньше взяток", tricks: "Взятки",
      stage1: "1-я стадия", stage2: "2-я стадия", points: "Очки", gameScore: "Счёт гейма", games: "Выиграно геймов",
      rubber: "Очки роббера", handSize: "Карт у каждого", dealer: "сдаёт", toPlay: "ходит", out: "вне игры после сдачи {n}",
      trick: "Взятка на столе", draw: "Жребий за право сдавать", noCards: "нет карт", deal: "Сдача {n}",
      step: "Шаг {n} из {m}", outOfDeal: "(вне сдачи)", leftWidow: "Левый прикуп", rightWidow: "Правый прикуп",
      taken: "взят", laidAside: "Отложено ({who})",
    },
  };
  const SUIT_WORD = {
    en: { S: "spades", H: "hearts", D: "diamonds", C: "clubs" },
    ru: { S: "пики", H: "черви", D: "бубны", C: "трефы" },
  };
  const fill = (s, vars) => s.replace(/\{(\w+)\}/g, (m, k) => (k in vars ? String(vars[k]) : m));

  /** Where each seat sits: "top", "left", "right", "bottom" (several seats may share "top"). */
  function positions(game, n) {
    // a name compared: the examples' frames name the seats in the reader's language, not by the compass
    if (game === "whist") return ["top", "right", "bottom", "left"]; // North, East, South, West
    if (n === 2) return ["bottom", "top"];
    if (n === 3) return ["bottom", "left", "right"];
    if (n === 4) return ["bottom", "left", "top", "right"];
    return Array.from({ length: n }, (_, s) => (s === 0 ? "bottom" : "top"));
  }

  WD.ExampleDiagram = function (container, data) {
    const lang = WORDS[data.lang] ? data.lang : (WORDS[WD.lang] ? WD.lang : "en");
    const W = WORDS[lang];
    const frames = data.frames;
    const n = frames.length;
    const seats = frames[0].seat_names.length;
    const pos = positions(data.game, seats);
    let k = 0;
    let table = null;
    const shown = { seats: [], sig: {}, centre: null, facts: null };

    const btn = (sym, label, cls, fn) => el("button", { type: "button", class: "ex-btn " + cls, "aria-label": label,
      title: label, "data-symbol": sym, onclick: (e) => { if (!e.currentTarget.hasAttribute("aria-disabled")) fn(); },
      html: WD.stepIcon(cls.slice(3)) });
    const first = btn("⏮", W.first, "ex-first", () => go(0));
    const prev = btn("◀", W.prev, "ex-prev", () => go(k - 1));
    const next = btn("▶", W.next, "ex-next", () => go(k + 1));
    const last = btn("⏭", W.last, "ex-last", () => go(n - 1));
    const counter = el("span", { class: "ex-counter" });
    const controls = el("div", { class: "ex-controls", role: "toolbar", "aria-label": W.controls },
      first, prev, counter, next, last);
    const board = el("div", { class: "ex-board ex-game-" + data.game + " ex-seats-" + seats });
    const caption = el("p", { class: "ex-caption", "aria-live": "polite" });
    const keysId = "ex-keys-" + data.id;
    const wrap = el("div", { class: "ex", tabindex: "0", role: "group",
      "aria-label": W.example + ": " + (data.title || data.id), "aria-describedby": keysId },
    controls, board, caption, el("p", { class: "ex-keys", id: keysId }, W.keys));
    wrap.addEventListener("keydown", (e) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const to = { ArrowRight: k + 1, ArrowLeft: k - 1, Home: 0, End: n - 1 }[e.key];
      if (to === undefined) return;
      e.preventDefault();
      go(to);
    });
    container.append(wrap);

    const name = (f, s) => f.seat_names[s] || String(Number(s) + 1);
    const drawn = new Map(); // card -> its drawing, parsed once and cloned for every frame
    const card = (c) => {
      if (!drawn.has(c)) drawn.set(c, WD.cardImage(c, "ex-card"));
      return drawn.get(c).cloneNode(true);
    };
    const chip = (label, ...value) => el("span", { class: "ex-chip" }, el("span", { class: "ex-chip-label" }, label + ": "), ...value);

    // What each game shows beside the table, one function per game.
    const GAME_FACTS = {
      german(f, out) {
        out.append(chip(W.trumpCard, card(f.trump_card)));
        if (f.prize) out.append(chip(W.prize, card(f.prize)));
        out.append(chip(W.stock, String(f.stock_size)), chip(W.stage, String(f.stage)));
        if (f.low_game) out.append(el("span", { class: "ex-chip ex-low" }, W.low));
        out.append(chip(W.points, f.points.join("–")));
      },
      whist(f, out) {
        if (f.turned_up) out.append(chip(W.turnedUp, card(f.turned_up)));
        const sides = lang === "ru" ? ["С–Ю", "В–З"] : ["N–S", "E–W"];
        out.append(chip(W.tricks, sides[0] + " " + f.tricks_won[0] + ", " + sides[1] + " " + f.tricks_won[1]));
        scoreChips(f, out);
      },
      knockout(f, out) {
        out.append(chip(W.handSize, String(f.hand_size)));
        if (f.trump_card) out.append(chip(W.trumpCard, card(f.trump_card)));
      },
      humbug(f, out) {
        out.append(chip(W.turnedUp, card(f.turned_up), f.turned_up_out ? " " + W.outOfDeal : ""));
        out.append(chip(W.tricks, name(f, 0) + " " + f.tricks_won[0] + ", " + name(f, 1) + " " + f.tricks_won[1]));
        scoreChips(f, out);
        const rows = [["left", W.leftWidow], ["right", W.rightWidow]].map(([w, label]) =>
          handRow(label, f.widows[w], W.taken));
        Object.entries(f.laid_aside).forEach(([s, cards]) => rows.push(handRow(fill(W.laidAside, { who: name(f, s) }), cards)));
        out.append(el("div", { class: "ex-widows" }, rows));
      },
    };
    function scoreChips(f, out) {
      if (!f.score) return;
      out.append(chip(W.gameScore, f.score.game_points.join("–")));
      if (f.score.games && f.score.games.length) out.append(chip(W.games, f.score.games_won.join("–")));
      if (f.score.rubber) out.append(chip(W.rubber, f.score.rubber_points.join("–")));
    }
    function handRow(label, cards, empty) {
      return el("div", { class: "ex-widow", role: "group", "aria-label": label }, el("b", {}, label + ": "),
        cards.length ? el("span", { class: "ex-hand", role: "list" }, cards.map((c) => el("span", { role: "listitem" }, card(c))))
          : el("span", { class: "ex-empty" }, empty || W.noCards));
    }
    function facts(f) {
      const out = el("div", { class: "ex-facts" });
      out.append(el("span", { class: "ex-chip ex-deal" }, fill(W.deal, { n: f.deal })));
      out.append(f.trump ? chip(W.trump, WD.suitIcon(f.trump), " " + SUIT_WORD[lang][f.trump])
        : chip(W.trump, W.noTrump));
      GAME_FACTS[data.game](f, out);
      return out;
    }

    function seatBox(f, s) {
      const key = String(s);
      const hand = f.hands[key];
      const outDeal = f.out && f.out[key];
      const box = el("div", { role: "group", class: "ex-seat ex-pos-" + pos[s] + (f.to_play === s ? " turn" : "") + (outDeal ? " is-out" : ""),
        "aria-label": name(f, s) });
      const head = el("div", { class: "ex-seat-head" }, el("b", {}, name(f, s)));
      // names compared: the two-player games' examples tell the deal without a dealer's badge
      if (data.game !== "german" && data.game !== "humbug" && f.kind !== "draw" && f.dealer === s) head.append(el("span", { class: "ex-badge" }, W.dealer));
      if (f.to_play === s) head.append(el("span", { class: "ex-badge ex-turn" }, W.toPlay));
      if (f.tricks_won && f.tricks_won.stage1) { // German Whist counts its tricks by stage
        const t = f.tricks_won;
        head.append(el("span", { class: "ex-tricks" }, W.tricks + ": " + W.stage1 + " " + t.stage1[s] + ", " + W.stage2 + " " + t.stage2[s]));
      } else if (data.game === "knockout" && f.tricks_won && key in f.tricks_won) { // a name compared: whist's tricks are by side, also keyed 0 and 1
        head.append(el("span", { class: "ex-tricks" }, W.tricks + ": " + f.tricks_won[key]));
      }
      if (outDeal) head.append(el("span", { class: "ex-badge ex-out" }, fill(W.out, { n: outDeal })));
      box.append(head);
      if (hand && hand.length) {
        box.append(el("div", { class: "ex-hand", role: "list", "aria-label": name(f, s) },
          hand.map((c) => el("span", { role: "listitem" }, card(c)))));
      } else if (!outDeal && f.kind !== "draw") {
        box.append(el("div", { class: "ex-hand ex-empty" }, W.noCards));
      }
      return box;
    }

    function centre(f) {
      const plays = f.kind === "draw" && f.draw
        ? f.draw.seats.map((s, i) => ({ seat: s, card: f.draw.cards[i] })) : f.trick;
      const label = f.kind === "draw" ? W.draw : W.trick;
      const slots = {};
      const box = el("div", { class: "ex-centre", role: "group", "aria-label": label });
      ["top", "left", "right", "bottom"].forEach((p) => { slots[p] = el("div", { class: "ex-slot ex-slot-" + p }); box.append(slots[p]); });
      if (f.kind === "draw") box.append(el("div", { class: "ex-centre-label" }, W.draw));
      plays.forEach((p) => slots[pos[p.seat]].append(
        el("figure", { class: "ex-played" }, card(p.card), el("figcaption", {}, name(f, p.seat)))));
      return box;
    }

    function go(i) {
      k = Math.max(0, Math.min(n - 1, i));
      const f = frames[k];
      counter.textContent = (k + 1) + " / " + n;
      counter.title = fill(W.step, { n: k + 1, m: n });
      [[first, k === 0], [prev, k === 0], [next, k === n - 1], [last, k === n - 1]].forEach(([b, off]) => {
        if (off) b.setAttribute("aria-disabled", "true"); else b.removeAttribute("aria-disabled");
      });
      caption.textContent = f.caption || "";
      // rebuild only what changed since the shown frame (usually one hand and the trick)
      if (!table) {
        table = el("div", { class: "ex-table" });
        const groups = {};
        for (let s = 0; s < seats; s++) {
          const p = pos[s];
          if (!groups[p]) { groups[p] = el("div", { class: "ex-area ex-area-" + p }); table.append(groups[p]); }
          shown.seats[s] = el("div");
          groups[p].append(shown.seats[s]);
        }
        shown.centre = el("div");
        shown.facts = el("div");
        table.append(shown.centre);
        board.replaceChildren(shown.facts, table);
      }
      const swap = (key, sig, make) => {
        if (shown.sig[key] === sig) return;
        const fresh = make();
        shown[key].replaceWith(fresh);
        shown[key] = fresh;
        shown.sig[key] = sig;
      };
      for (let s = 0; s < seats; s++) {
        const key = String(s);
        const tricks = f.tricks_won && f.tricks_won.stage1 ? [f.tricks_won.stage1[s], f.tricks_won.stage2[s]] : f.tricks_won && f.tricks_won[key];
        const sig = JSON.stringify([f.hands[key], f.out && f.out[key], f.to_play === s, f.dealer === s && f.kind !== "draw", tricks,
          f.seat_names[s], f.kind === "draw"]);
        if (shown.sig["seat" + s] !== sig) {
          const fresh = seatBox(f, s);
          shown.seats[s].replaceWith(fresh);
          shown.seats[s] = fresh;
          shown.sig["seat" + s] = sig;
        }
      }
      swap("centre", JSON.stringify([f.kind, f.trick, f.draw, f.seat_names]), () => centre(f));
      const { hands, trick, caption: c, to_play: tp, ...rest } = f; // eslint-disable-line no-unused-vars
      swap("facts", JSON.stringify(rest), () => facts(f));
    }
    go(0);
    return { go: go, get step() { return k; }, frames: n };
  };
})(window.WD);
