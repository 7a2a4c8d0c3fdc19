/* whistdrive replay viewer: steps through a finished game (or a rules example) with every hand shown.
 * WD.Replay(container, data, {names, analysis}) — data = {game, human_seat, frames: [{seq, mover, action, view, hands}]}. */
"use strict";
(function (WD) {
  const { el, t } = WD;
  const COMPASS = { N: "North", E: "East", S: "South", W: "West" }; // i18n
  /** Seats as the table names them: by the compass where the game seats its players so, the other
   * player of a two-player game "Opponent" or "Computer" (as at the table), else by number. */
  function defaultNames(seatNames, human, seats) {
    const mine = human !== null && human !== undefined;
    return (s) => {
      if (mine && s === human) return t("You");
      if (seatNames[s] in COMPASS) return t(COMPASS[seatNames[s]]);
      const person = seats && seats[s] && seats[s].kind === "human"; // a table of people: not a computer
      if (seatNames.length === 2) return mine ? (person ? t("Opponent") : t("Computer")) : t("Player {n}", { n: seatNames[s] });
      return t("Player {n}", { n: s + 1 });
    };
  }
  WD.Replay = function (container, data, opts) {
    opts = opts || {};
    const frames = data.frames;
    const names = opts.names || defaultNames(frames[0].view.seat_names, opts.human, data.seats);
    let k = opts.start || 0;
    const board = el("div", { class: "replay-board" });
    const caption = el("p", { class: "replay-caption", "aria-live": "polite" });
    const counter = el("span", { class: "replay-counter" });
    const analysis = el("p", { class: "replay-analysis" });
    const btn = (label, title, fn, cls) => el("button", { type: "button", class: cls || "", "aria-label": title, title: title, onclick: fn }, label);
    const step = (icon, title, fn) => el("button", { type: "button", class: "r-" + icon, "aria-label": title, title: title,
      onclick: fn, html: WD.stepIcon(icon) });
    const first = step("first", t("First step"), () => go(0));
    const prev = step("prev", t("Previous step"), () => go(k - 1));
    const next = step("next", t("Next step"), () => go(k + 1));
    const last = step("last", t("Last step"), () => go(frames.length - 1));
    const controls = el("div", { class: "replay-controls", role: "toolbar", "aria-label": t("Replay controls") }, first, prev, counter, next, last);
    if (opts.analysis) controls.append(btn(t("Analyse"), t("Analyse the next decision"), analyse, "r-analyse"));
    const wrap = el("div", { class: "replay", tabindex: "0", "aria-label": opts.label || t("Replay") }, controls, caption, board, analysis);
    wrap.addEventListener("keydown", (e) => {
      if (e.key === "ArrowRight") { e.preventDefault(); go(k + 1); }
      else if (e.key === "ArrowLeft") { e.preventDefault(); go(k - 1); }
      else if (e.key === "Home") { e.preventDefault(); go(0); }
      else if (e.key === "End") { e.preventDefault(); go(frames.length - 1); }
    });
    container.append(wrap);
    function trickOf(i) {
      const f = frames[i];
      if (f.view.trick.length || !f.action || !WD.isCard(f.action)) return { cards: f.view.trick, complete: false };
      const before = frames[i - 1].view.trick;
      return { cards: before.concat([{ seat: f.mover, card: f.action }]), complete: true };
    }
    function go(i) {
      k = Math.max(0, Math.min(frames.length - 1, i));
      const f = frames[k], v = f.view;
      counter.textContent = t("Step {n} of {m}", { n: k, m: frames.length - 1 });
      prev.disabled = first.disabled = k === 0;
      next.disabled = last.disabled = k === frames.length - 1;
      analysis.textContent = "";
      const cap = data.captions && data.captions[k];
      caption.textContent = cap ? (cap[WD.lang] || cap.en || cap) : f.action ? WD.actionSaid(names(f.mover), f.action) : t("The deal");
      board.innerHTML = "";
      const facts = el("p", { class: "replay-facts" });
      if (v.trump) facts.append(t("Trumps"), ": ", WD.suitIcon(v.trump), " ", WD.suitTitle(v.trump));
      if (v.prize) facts.append(" · ", t("Prize"), ": ", WD.cardShort(v.prize));
      if (v.stock_size !== undefined) facts.append(" · ", t("Stock"), ": ", String(v.stock_size));
      board.append(facts);
      const trick = trickOf(k);
      const tr = el("div", { class: "replay-trick", "aria-label": t("Current trick") },
        trick.cards.map((p) => el("figure", { class: "played" }, WD.cardImage(p.card, "small"), el("figcaption", {}, names(p.seat)))));
      const hands = el("div", { class: "replay-hands" }, f.hands.map((h, s) => el("div", { class: "replay-hand" + (v.current_seat === s ? " turn" : "") },
        el("div", { class: "seat-name" }, names(s)),
        el("div", { class: "mini-hand", role: "list", "aria-label": names(s) }, h.map((c) => el("span", { role: "listitem" }, WD.cardImage(c, "small")))))));
      board.append(tr, hands);
      if (v.over && v.result) board.append(el("p", { class: "replay-end" }, t("The game is over.")));
    }
    async function analyse() {
      if (k >= frames.length - 1) return;
      analysis.textContent = t("Thinking…");
      try {
        const r = await fetch(opts.analysis + k);
        if (!r.ok) { analysis.textContent = t("No analysis is available."); return; }
        const a = await r.json();
        const played = WD.actionName(a.played), best = a.best ? WD.actionName(a.best) : "?";
        // about the move after this step, which the caption above does not show yet
        const said = (text) => { analysis.textContent = t("Next move — {who}: {text}", { who: names(frames[k + 1].mover), text }); };
        if (a.exact) {
          said(a.value === a.best_value
            ? t("{card}: a best card by the solver ({value}).", { card: played, value: a.value })
            : t("Played {card} ({value}); the solver's best is {best} ({best_value}).",
                { card: played, value: a.value, best: best, best_value: a.best_value }));
        } else {
          said(a.best === a.played ? t("{card}: the expert agrees.", { card: played })
            : t("Played {card}; the expert prefers {best}.", { card: played, best: best }));
        }
      } catch (e) { analysis.textContent = t("No analysis is available."); }
    }
    go(k);
    return { go: go };
  };
  // The replay page of a finished game.
  WD.ready(async () => {
    const root = document.getElementById("replay");
    if (!root) return;
    document.title = t("Replay") + " · whistdrive";
    const data = await (await fetch(document.body.dataset.src)).json();
    root.append(el("h1", {}, t("Replay")),
      el("p", {}, el("a", { class: "button", href: "/api/games/" + document.body.dataset.gameId + "/record", download: "" }, t("Download record")), " ",
        el("a", { class: "button", href: "/" }, t("Back to the lobby"))));
    WD.Replay(root, data, { human: data.human_seat, analysis: data.analysis });
    root.querySelector(".replay").focus();
  });
})(window.WD);
