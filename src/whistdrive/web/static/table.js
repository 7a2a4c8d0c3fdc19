/* whistdrive table client: one WebSocket per seat; the server is authoritative.
 * Messages in: snapshot (full view), play (one action + the new view), hint, error, pong.
 * Messages out: hello {token}, act {action, seq}, hint, undo, snapshot, ping. */
"use strict";
(function (WD) {
  const { el, t, tn } = WD;
  const body = document.body;
  const GAME_ID = body.dataset.gameId, TOKEN = body.dataset.token, GAME = body.dataset.game;
  const S = {
    ws: null, snap: null, view: null, seq: 0, queue: [], busy: false, display: { cards: [], complete: false },
    lastTrick: null, log: [], dealResults: 0, retry: 0, hint: null, pendingAct: false, shownOver: false,
    flash: null, // the error on show, if any
    fresh: null, // the card just played: the only one whose arrival is animated (not again on a redraw)
  };
  let settings = WD.settings();
  const root = document.getElementById("table");

  // --- names and positions ---
  /** Whether ``seat`` is the reader's own: a spectator watches from the creator's seat but owns none. */
  function isMine(seat) {
    return seat === (S.snap ? S.snap.human_seat : 0) && !(S.snap && S.snap.spectator);
  }
  function seatName(seat) {
    if (isMine(seat)) return t("You");
    const who = S.snap && S.snap.players && S.snap.players[seat];
    if (who && who.kind === "human") {  // a person at a shared table: by name (the creator gives none)
      if (who.name) return who.name;
      if (S.snap.spectator) return G.seatName && S.view.seat_names.length > 2 ? G.seatName(seat) : t("Player {n}", { n: seat + 1 });
      if (S.view && S.view.seat_names.length === 2) return t("Opponent");
    }
    return G.seatName ? G.seatName(seat) : t("Player {n}", { n: seat + 1 });
  }
  function seatLabel(seat) {
    return G.seatLabel ? G.seatLabel(seat) : seatName(seat);
  }
  /** A spectator of a two-player game reads both players by name where a player reads "you" and "opponent". */
  function byName(hs, values) {
    return Object.assign({ p: seatName(hs), q: seatName(1 - hs) }, values);
  }
  function seatTitle(seat) { // the seat's place, whoever sits there (the people panel, its invitations)
    return G.place ? G.place(seat) : t("Player {n}", { n: seat + 1 });
  }
  function position(seat) {
    const n = S.view.seat_names.length, human = S.snap.human_seat;
    const rel = (seat - human + n) % n;
    if (rel === 0) return "bottom";
    if (n === 2) return "top";
    if (n === 3) return rel === 1 ? "left" : "right";
    if (n === 4) return ["bottom", "left", "top", "right"][rel];
    if (rel === 1) return "left";
    if (rel === n - 1) return "right";
    return "top";
  }
  function trumpSuit() { return S.view.trump || null; }
  function sortHand(cards) {
    const trump = trumpSuit();
    let order = ["S", "H", "C", "D"].filter((s) => s !== trump);
    if (trump) order.push(trump); // trumps at the right-hand end
    return cards.slice().sort((a, b) => order.indexOf(a[1]) - order.indexOf(b[1]) ||
      WD.RANK_ORDER.indexOf(b[0]) - WD.RANK_ORDER.indexOf(a[0]));
  }
  function announce(text) {
    const live = document.getElementById("announce");
    if (!live) return;
    live.textContent = "";
    setTimeout(() => { live.textContent = text; }, 30);
  }

  // --- connection ---
  function connect() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(proto + "//" + location.host + "/ws/" + GAME_ID);
    S.ws = ws;
    setConn("connecting");
    ws.onopen = () => { ws.send(JSON.stringify({ type: "hello", token: TOKEN })); };
    ws.onmessage = (ev) => onMessage(JSON.parse(ev.data));
    ws.onclose = (ev) => {
      if (S.ws !== ws) return;
      if (ev.code === 4403) { // this person left for good: the seat's view is the computer's now
        root.dataset.conn = "left";
        document.getElementById("conn").textContent = t("You left the table: the computer plays your seat.");
        return;
      }
      setConn("offline");
      if (ev.code === 4401) { showError(t("This table does not exist or is not yours.")); return; }
      const delay = Math.min(5000, 300 * 2 ** S.retry++);
      setTimeout(connect, delay);
    };
  }
  function send(msg) {
    if (S.ws && S.ws.readyState === WebSocket.OPEN) { S.ws.send(JSON.stringify(msg)); return true; }
    return false;
  }
  function setConn(state) {
    root.dataset.conn = state;
    const c = document.getElementById("conn");
    if (c) c.textContent = state === "online" ? "" : state === "connecting" ? t("Connecting…") : t("Connection lost — reconnecting…");
  }

  function onMessage(m) {
    document.dispatchEvent(new CustomEvent("wd:message", { detail: m }));  // people.js follows the table
    if (m.type === "snapshot") {
      S.retry = 0;
      setConn("online");
      S.snap = m; S.view = m.view; S.seq = m.seq; S.queue = []; S.busy = false; S.pendingAct = false;
      S.log = m.log.slice();
      S.dealResults = (m.view.deal_results || []).length;
      const tr = m.view.tricks || [];
      S.lastTrick = tr.length ? tr[tr.length - 1] : null;
      // Between two tricks of a deal, the one just finished stays on the table, as in live play.
      S.display = !m.view.trick.length && S.lastTrick && !m.view.over
        ? { cards: S.lastTrick.cards.slice(), complete: true } : { cards: m.view.trick.slice(), complete: false };
      S.fresh = null;
      S.hint = null;
      render();
      maybeAutoplay();
    } else if (m.type === "play") {
      S.queue.push(m);
      pump();
    } else if (m.type === "hint") {
      S.hint = m.best;
      render();
      if (m.best) announce(t("Hint: {card}", { card: WD.actionName(m.best) }));
    } else if (m.type === "players" && S.snap) {
      S.snap.players = m.players;
      render();
    } else if (m.type === "error") {
      S.pendingAct = false;
      const msg = ERRORS[m.code] ? t(ERRORS[m.code]) : m.message;
      showError(msg);
      render();
    }
  }
  const ERRORS = {
    illegal: "That card cannot be played now.", not_your_turn: "It is not your turn.", // i18n
    stale: "The table has moved on.", rate_limited: "Too many messages: slow down.", // i18n
    nothing_to_undo: "There is nothing to undo.", no_hint: "No hint is available.", // i18n
    game_over: "The game is over.", auth: "This table does not exist or is not yours.", // i18n
    storage: "The move could not be saved. Please try again.", // i18n
    not_started: "The game starts when every person has taken their seat.", // i18n
    no_undo: "There is no undo at a table of several people.", // i18n
    no_hint_shared: "There are no hints at a table of several people.", // i18n
    spectator: "Spectators only watch.", not_your_seat: "The computer plays this seat.", // i18n
    busy: "The computer players are busy: ask again in a moment.", // i18n
  };
  /** An error shown for a few seconds; kept in S so that a redraw meanwhile (a presence change, a
   * reconnection) shows it again instead of wiping it. The live region reads it aloud once. */
  function showError(msg) {
    S.flash = msg;
    paintFlash();
    clearTimeout(showError.timer);
    showError.timer = setTimeout(() => { S.flash = null; paintFlash(); }, 3500);
    announce(msg);
  }
  function paintFlash() {
    const e = document.getElementById("flash");
    if (!e) return;
    e.textContent = S.flash || "";
    e.hidden = !S.flash;
  }

  // Plays are shown one by one at the chosen pace, so bots' cards can be followed.
  function pump() {
    if (S.busy) return;
    const m = S.queue.shift();
    if (!m) { render(); maybeAutoplay(); return; }
    S.busy = true;
    const before = S.view;
    S.view = m.view; S.seq = m.seq; S.snap.can_undo = m.can_undo;
    S.log.push([m.seat, m.action]);
    S.hint = null;
    if (m.seat === S.snap.human_seat) S.pendingAct = false;
    const isCard = WD.isCard(m.action);
    S.fresh = isCard ? m.action : null;
    if (isCard) {
      if (m.view.trick.length) S.display = { cards: m.view.trick.slice(), complete: false };
      else {
        const prev = S.display.complete ? [] : S.display.cards;
        S.display = { cards: prev.concat([{ seat: m.seat, card: m.action }]), complete: true };
        S.lastTrick = { cards: S.display.cards, winner: trickWinner(S.display.cards, m.view, before) };
      }
    } else {
      S.display = { cards: [], complete: false };
    }
    announce(isCard || m.action.length === 1 ? WD.actionSaid(seatName(m.seat), m.action) : exchangeText(m.seat, m.action));
    const newDeal = (m.view.deal_results || []).length > S.dealResults;
    render();
    const pace = WD.PACE_MS[settings.pace] ?? 750;
    let wait = m.seat === S.snap.human_seat ? Math.min(pace, 250) : pace;
    if (S.display.complete) wait = Math.max(wait, pace * 1.4);
    const finish = () => {
      if (newDeal) {
        S.dealResults = m.view.deal_results.length;
        if (!m.view.over) { showDealSummary(m.view, () => { S.busy = false; pump(); }); return; }
      }
      if (m.view.over && !S.queue.length) { S.busy = false; S.display = { cards: S.display.cards, complete: true }; render(); showMatchSummary(); return; }
      S.busy = false;
      if (S.display.complete && !S.queue.length && (WD.PACE_MS[settings.pace] ?? 750) > 0) S.display = { cards: [], complete: false };
      pump();
    };
    if (wait > 0) setTimeout(finish, wait); else finish();
  }
  /** Who took a trick that has just been completed: the view's own record of it, or, when that card
   * ended the deal (the view has moved on to the next deal), the trick-taking rule under that deal's trumps. */
  function trickWinner(cards, view, before) {
    const done = view.tricks || [];
    const same = (tr) => tr && tr.cards.length === cards.length && tr.cards.every((p, i) => p.card === cards[i].card);
    if (same(done[done.length - 1])) return done[done.length - 1].winner;
    const results = view.deal_results || [];
    const trump = results.length > (before.deal_results || []).length ? results[results.length - 1].trump : before.trump;
    const beats = (a, b) => (a[1] === b[1] ? WD.RANK_ORDER.indexOf(a[0]) > WD.RANK_ORDER.indexOf(b[0]) : a[1] === trump);
    return cards.reduce((best, p) => (beats(p.card, best.card) ? p : best), cards[0]).seat;
  }

  /** A table of several people: no hints and no undo there (the server refuses both too). */
  function shared() {
    return (S.snap.players || []).filter((p) => p.kind === "human").length > 1;
  }
  function myTurn() {
    return S.view && !S.busy && S.queue.length === 0 && S.view.current_seat === S.snap.human_seat && !S.view.over
      && S.snap.status !== "open" && !S.snap.spectator; // nobody plays before every seat is taken; spectators never
  }
  function play(action) {
    if (!myTurn() || S.pendingAct) return;
    if (!S.view.legal.includes(action)) { showError(t("That card cannot be played now.")); return; }
    S.pendingAct = true;
    if (!send({ type: "act", action: action, seq: S.seq })) { S.pendingAct = false; showError(t("Connection lost — reconnecting…")); }
    render();
  }
  function maybeAutoplay() {
    if (!myTurn() || !settings.autoplay || S.view.decision !== "play" || S.view.legal.length !== 1) return;
    const card = S.view.legal[0];
    setTimeout(() => {
      if (!(myTurn() && S.view.legal.length === 1 && S.view.legal[0] === card)) return;
      play(card);
      showError(t("Only one card can be played: {card}, played for you.", { card: WD.actionName(card) }));
    },
      Math.max(200, (WD.PACE_MS[settings.pace] ?? 750) / 2));
  }

  // --- rendering ---
  function render() {
    if (!S.view) return;
    const v = S.view;
    root.innerHTML = "";
    root.className = "table-page game-" + GAME + (settings.fourColour ? " four-colour" : "");
    root.append(el("h1", { class: "sr-only" }, document.body.dataset.gameTitle), toolbar(), felt(), sidePanel());
    const focusCard = document.activeElement && document.activeElement.dataset && document.activeElement.dataset.card;
    if (myTurn() && v.decision === "trump" && !document.getElementById("trump-dialog")) showTrumpDialog();
    if (myTurn() && v.decision === "exchange" && !S.pendingAct && !document.getElementById("exchange-dialog")) showExchangeDialog();
    const again = focusCard && root.querySelector(`.hand [data-card="${focusCard}"]`);
    if (again) again.focus();
    else if (myTurn() && restoreFocus) {
      const first = root.querySelector(".hand .legal");
      if (first) first.focus();
    }
  }
  let restoreFocus = false;
  document.addEventListener("keydown", () => { restoreFocus = true; }, { capture: true });
  document.addEventListener("pointerdown", () => { restoreFocus = false; }, { capture: true });

  function statusText() {
    const v = S.view;
    if (v.over) return t("The game is over.");
    if (S.snap.status === "open") return t("Waiting for players"); // nobody thinks before the table starts
    if (S.busy || S.queue.length) return "";
    if (isMine(v.current_seat)) {
      return v.decision === "trump" ? t("Choose trumps.") : v.decision === "exchange" ? t("Keep your hand or take a widow.") : t("Your turn.");
    }
    return t("{player} is thinking…", { player: seatName(v.current_seat) });
  }

  function toolbar() {
    const v = S.view;
    const canAct = myTurn();
    const rulesUrl = "/rules/" + GAME + "?" + Object.entries(v.options).map(([k, val]) =>
      "o." + encodeURIComponent(k) + "=" + encodeURIComponent(String(val))).join("&");
    return el("div", { class: "toolbar", role: "toolbar", "aria-label": t("Table controls") },
      el("button", { type: "button", id: "btn-hint", disabled: !canAct || v.decision !== "play" || shared(), onclick: () => send({ type: "hint" }),
        title: t("Hint") + " (H)" }, t("Hint")),
      el("button", { type: "button", id: "btn-undo", disabled: !S.snap.can_undo || v.over || S.snap.status !== "active",
        onclick: () => send({ type: "undo" }), title: t("Undo") + " (U)" }, t("Undo")),
      el("button", { type: "button", id: "btn-last", disabled: !S.lastTrick, onclick: showLastTrick, title: t("Last trick") + " (L)" }, t("Last trick")),
      el("button", { type: "button", id: "btn-settings", onclick: showSettings }, t("Settings")),
      el("a", { class: "button", href: rulesUrl, target: "_blank", rel: "noopener" }, t("Rules")),
      v.over ? el("a", { class: "button", id: "btn-record", href: "/api/games/" + GAME_ID + "/record", download: "" }, t("Download record")) : null,
      v.over ? el("a", { class: "button", href: "/replay/" + GAME_ID }, t("Replay")) : null,
      el("span", { id: "conn", class: "conn" }),
    );
  }

  function seatBox(seat) {
    const v = S.view;
    const pos = position(seat);
    const isOut = !!(v.out && String(seat) in v.out);
    const count = G.handSize ? G.handSize(v, seat) : (v.hand_sizes || {})[seat] || 0;
    const turn = v.current_seat === seat && !v.over;
    const reveal = !!G.revealsKnown && showKnownCards();
    const known = G.knownCards ? G.knownCards(v, seat, reveal) : ((v.known_cards || {})[seat] || []);
    const fan = el("div", { class: "fan", "aria-hidden": "true" });
    const shown = Math.min(count, 13);
    for (let i = 0; i < shown - known.length; i++) fan.append(WD.cardBack("mini"));
    if (!reveal) for (const c of sortHand(known)) fan.append(WD.cardImage(c, "mini known"));
    const tricks = trickCount(seat);
    const spec = S.snap.seats[seat];
    return el("section", { class: "seat pos-" + pos + (turn ? " turn" : "") + (isOut ? " out" : ""), "data-seat": seat,
      "aria-label": seatLabel(seat) },
      el("div", { class: "seat-head" },
        el("span", { class: "seat-name" }, seatLabel(seat)),
        spec && spec.kind === "bot" ? el("span", { class: "level" }, t(levelName(spec.level))) : null,
        presence(seat),
        v.dealer === seat ? el("span", { class: "badge dealer", title: t("Dealer") }, t("D")) : null,
        turn ? el("span", { class: "badge turn-badge" }, "●") : null),
      isOut ? el("div", { class: "out-label" }, t("Out in deal {n}", { n: v.out[seat] })) :
        el("div", { class: "seat-info" },
          tn("{n} card", "{n} cards", count), " · ", tn("{n} trick", "{n} tricks", tricks)),
      known.length && !reveal ? el("div", { class: "sr-only" }, t("Known cards: {cards}", { cards: known.map(WD.cardName).join(", ") })) : null,
      isOut ? null : fan,
      reveal && known.length ? knownHand(known) : null);
  }
  /** The opponent's cards that memory can rebuild (prizes taken and not yet played; in stage 2 the whole
   * hand), shown big enough to read, beside the backs of the cards nobody has seen. */
  function knownHand(cards) {
    return el("div", { class: "known-hand" }, el("span", { class: "known-label" }, t("Known cards")),
      el("div", { class: "known-cards" }, sortHand(cards).map((c) => WD.cardImage(c, "small"))));
  }
  /** Shown unless the player says otherwise in the settings; by default only at a beginners' table. */
  function showKnownCards() {
    if (typeof settings.knownCards === "boolean") return settings.knownCards;
    return S.snap.seats.every((s) => s.kind !== "bot" || BEGINNER_LEVELS.includes(s.level));
  }
  const BEGINNER_LEVELS = ["random", "beginner"];
  const PRESENCE = { away: "away", standin: "computer plays", left: "left", open: "seat free" }; // i18n
  function presence(seat) {  // a person's state at a shared table
    const who = S.snap.players && S.snap.players[seat];
    if (!who || who.kind !== "human" || !PRESENCE[who.state]) return null;
    return el("span", { class: "presence presence-" + who.state }, t(PRESENCE[who.state]));
  }
  function levelName(l) { return l ? l.charAt(0).toUpperCase() + l.slice(1) : ""; }
  function trickCount(seat) {
    const v = S.view;
    return G.trickCount ? G.trickCount(v, seat) : (v.tricks_won || {})[seat] || 0;
  }

  function felt() {
    const v = S.view;
    const n = v.seat_names.length;
    const others = [];
    for (let i = 1; i < n; i++) others.push((S.snap.human_seat + i) % n);
    const top = el("div", { class: "row-top" }), left = el("div", { class: "col-left" }), right = el("div", { class: "col-right" });
    for (const s of others) ({ top: top, left: left, right: right })[position(s)].append(seatBox(s));
    if (G.feltExtras) G.feltExtras(v, { top: top, left: left, right: right });
    const trick = el("div", { class: "trick" + (S.display.complete ? " complete" : ""), role: "region", "aria-label": t("Current trick") });
    for (const slot of ["top", "left", "right", "bottom"]) trick.append(el("div", { class: "slot slot-" + slot }));
    for (const p of S.display.cards) {
      const slot = trick.querySelector(".slot-" + position(p.seat));
      slot.append(el("figure", { class: "played" + (p.card === S.fresh ? " fresh" : "") }, WD.cardImage(p.card),
        el("figcaption", {}, seatName(p.seat))));
    }
    S.fresh = null; // animated once: a redraw (a hint, an error) shows it at rest
    const centre = el("div", { class: "centre" }, trick, el("p", { class: "status", id: "status" }, statusText()),
      el("p", { class: "flash", id: "flash", hidden: !S.flash }, S.flash || ""));
    const mine = el("div", { class: "mine" }, handView());
    return el("div", { class: "felt players-" + n }, top, left, centre, right, mine);
  }

  function handView() {
    const v = S.view;
    const cards = sortHand(v.hand);
    const canPlay = myTurn() && v.decision === "play" && !S.pendingAct;
    const hand = el("div", { class: "hand" + (canPlay ? " my-turn" : ""), role: "group",
      "aria-label": t("Your hand") + (canPlay ? " — " + t("Your turn.") : "") });
    const why = canPlay ? whyNot(v) : null;
    cards.forEach((c) => {
      const legal = canPlay && v.legal.includes(c);
      const b = WD.cardButton(c, { legal: legal, playable: canPlay, why: why && why.short, onPlay: (card, ok) => {
        if (!canPlay) {
          showError(t(S.snap.spectator ? ERRORS.spectator : S.snap.status === "open" ? ERRORS.not_started : ERRORS.not_your_turn));
          return;
        }
        if (!ok) { showError(why ? why.full : t("That card cannot be played now.")); return; }
        play(card);
      } });
      if (S.hint === c) { b.classList.add("hinted"); b.setAttribute("aria-label", b.getAttribute("aria-label") + " — " + t("suggested")); }
      b.addEventListener("keydown", handKeys);
      hand.append(b);
    });
    const head = el("div", { class: "seat-head mine-head" },
      el("span", { class: "seat-name" }, seatName(S.snap.human_seat)), // a spectator watches from the creator's seat
      v.dealer === S.snap.human_seat ? el("span", { class: "badge dealer", title: t("Dealer") }, t("D")) : null,
      el("span", { class: "seat-info" }, tn("{n} trick", "{n} tricks", trickCount(S.snap.human_seat))));
    return el("div", {}, head, hand);
  }
  /** Why the cards that are not legal cannot be played: the suit led must be followed. */
  function whyNot(v) {
    if (!v.trick.length) return null;
    const led = v.trick[0].card[1];
    const follow = v.legal.filter((c) => c[1] === led);
    if (!follow.length) return null;
    return {
      full: t("You must follow {suit} (you hold {cards})", { suit: WD.SYMBOL[led], cards: sortHand(follow).map(WD.cardShort).join(", ") }),
      short: t("you must follow {suit}", { suit: WD.suitName(led) }),
    };
  }
  function handKeys(e) {
    const cards = Array.from(root.querySelectorAll(".hand .card"));
    const i = cards.indexOf(e.currentTarget);
    let j = null;
    if (e.key === "ArrowRight" || e.key === "ArrowDown") j = Math.min(cards.length - 1, i + 1);
    else if (e.key === "ArrowLeft" || e.key === "ArrowUp") j = Math.max(0, i - 1);
    else if (e.key === "Home") j = 0;
    else if (e.key === "End") j = cards.length - 1;
    if (j !== null) { e.preventDefault(); cards[j].focus(); }
  }
  document.addEventListener("keydown", (e) => {
    if (e.target.closest && e.target.closest("dialog, input, select")) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const k = e.key.toLowerCase();
    if (k === "h") document.getElementById("btn-hint")?.click();
    else if (k === "u") document.getElementById("btn-undo")?.click();
    else if (k === "l") document.getElementById("btn-last")?.click();
  });

  function info(label, value, id) {
    return el("div", { class: "info", id: id || null }, el("dt", {}, label), el("dd", {}, value));
  }
  function sidePanel() {
    const v = S.view;
    const dl = el("dl", { class: "facts" });
    if (v.trump) dl.append(info(t("Trumps"), el("span", { class: "trump" }, WD.suitIcon(v.trump), " ", WD.suitTitle(v.trump)), "info-trump"));
    else if (v.decision === "trump") dl.append(info(t("Trumps"), isMine(v.current_seat) ? t("not chosen yet: you choose")
      : t("not chosen yet: {player} chooses", { player: seatName(v.current_seat) }), "info-trump"));
    else dl.append(info(t("Trumps"), t("not chosen yet"), "info-trump"));
    G.facts(v, dl);
    const panel = el("aside", { class: "side", "aria-label": t("Game information") }, dl);
    if (G.panel) panel.append(G.panel(v));
    panel.append(playLog());
    return panel;
  }
  // What a game won is worth in rubber points, by the points its losers had scored.
  const GAME_VALUES = { 3: "a treble: 3 rubber points", 2: "a double: 2 rubber points", 1: "a single: 1 rubber point" }; // i18n
  // A score sheet's two columns: the human's side first (whist: We / They; Humbug Whist: You / Computer).
  const COLUMNS = {
    whist: { mine: () => (S.snap.spectator ? 0 : S.snap.human_seat % 2), // a spectator is nobody's "we"
      heads: () => (S.snap.spectator ? [t("North–South"), t("East–West")] : [t("We"), t("They")]),
      wonBy: (mine, score) => (S.snap.spectator ? t("won by {side}, {score}", { side: mine ? t("North–South") : t("East–West"), score: score })
        : mine ? t("won by us, {score}", { score: score }) : t("won by them, {score}", { score: score })) },
    humbug: { mine: () => S.snap.human_seat, heads: () => [S.snap.spectator ? seatName(S.snap.human_seat) : t("You"), seatName(1 - S.snap.human_seat)],
      wonBy: (mine, score) => (S.snap.spectator ? t("won by {player}, {score}", { player: seatName(mine ? S.snap.human_seat : 1 - S.snap.human_seat), score: score })
        : mine ? t("won by you, {score}", { score: score }) : t("won by the opponent, {score}", { score: score })) },
  };
  function gameWon(g) {
    const c = COLUMNS[GAME], me = c.mine();
    const score = g.points[me] + "\u00a0:\u00a0" + g.points[1 - me]; // kept on one line
    return c.wonBy(g.winner === me, score) + " — " + t(GAME_VALUES[g.value]);
  }
  function scoreSheet() {
    const v = S.view, sc = v.score, rubber = v.options.length === "rubber";
    const c = COLUMNS[GAME], me = c.mine(), other = 1 - me, heads = c.heads();
    const rows = [];
    let games = 0;
    sc.lines.forEach((ln, i) => {
      rows.push(el("tr", {}, el("th", { scope: "row" }, t("Deal {n}", { n: i + 1 })),
        el("td", {}, cell(ln, me)), el("td", {}, cell(ln, other))));
      if (ln.game_won_by === null || ln.game_won_by === undefined) return;
      const g = sc.games[games++];
      rows.push(el("tr", { class: "game-line" }, el("th", { scope: "row" }, t("Game {n}", { n: games })),
        el("td", { colspan: 2 }, gameWon(g))));
    });
    function cell(ln, side) {
      const parts = [];
      if (ln.trick_points[side]) parts.push(tn("{n} for tricks", "{n} for tricks", ln.trick_points[side]));
      if (ln.honour_points[side]) parts.push(tn("{n} for honours", "{n} for honours", ln.honour_points[side]));
      return parts.join(", ") || "—";
    }
    return el("section", { class: "score-sheet", "aria-label": t("Score sheet") },
      el("h2", {}, t("Score sheet")),
      el("table", {},
        el("thead", {}, el("tr", {}, el("th", { scope: "col" }, el("span", { class: "sr-only" }, t("Deal"))),
          el("th", { scope: "col" }, heads[0]), el("th", { scope: "col" }, heads[1]))),
        el("tbody", {}, rows,
          v.over ? null : el("tr", { class: "total" }, el("th", { scope: "row" }, t("Game {n} so far", { n: sc.games.length + 1 })),
            el("td", {}, sc.game_points[me]), el("td", {}, sc.game_points[other])),
          rubber ? el("tr", {}, el("th", { scope: "row" }, t("Games won")), el("td", {}, sc.games_won[me]), el("td", {}, sc.games_won[other])) : null,
          rubber ? el("tr", { class: "total" }, el("th", { scope: "row" }, t("Rubber points")), el("td", {}, sc.rubber_points[me]),
            el("td", {}, sc.rubber_points[other])) : null)),
      rubber ? el("p", { class: "note", id: "rubber-note" },
        t("Rubber points: a game won is worth 3 (a treble) if its losers scored 0, 2 (a double) if they scored 1 or 2, 1 (a single) if they scored 3 or more."),
        v.options.rubber_bonus ? " " + t("The winners of the rubber add 2.") : "") : null);
  }
  function knockoutTable() {
    const v = S.view;
    const rows = v.seat_names.map((_, s) => {
      const out = v.out && String(s) in v.out;
      return el("tr", { class: out ? "out" : "" }, el("th", { scope: "row" }, seatName(s)),
        el("td", {}, out ? "—" : String((v.tricks_won || {})[s] || 0)),
        el("td", {}, out ? t("out in deal {n}", { n: v.out[s] }) : v.over ? t("winner") : t("playing")));
    });
    return el("section", { class: "ko-table", "aria-label": t("Players") }, el("h2", {}, t("Players")),
      el("table", {}, el("thead", {}, el("tr", {}, el("th", { scope: "col" }, el("span", { class: "sr-only" }, t("Player"))),
        el("th", { scope: "col" }, t("Tricks")), el("th", { scope: "col" }, t("Status")))),
        el("tbody", {}, rows)));
  }
  function playLog() {
    const items = S.log.slice(-80).map(([seat, a]) => el("li", {}, el("b", {}, seatName(seat) + ": "), WD.actionText(a)));
    const d = el("details", { class: "log" }, el("summary", {}, t("Play log")), el("ol", { "aria-label": t("Play log") }, items));
    d.open = !!playLog.open;
    d.addEventListener("toggle", () => { playLog.open = d.open; });
    return d;
  }

  // --- dialogs ---
  function dialog(id, title, content, buttons, onClose) {
    document.getElementById(id)?.remove();
    const d = el("dialog", { id: id, class: "dialog", "aria-labelledby": id + "-title" },
      el("h2", { id: id + "-title" }, title), content, el("div", { class: "dialog-buttons" }, buttons));
    d.addEventListener("close", () => { d.remove(); if (onClose) onClose(); });
    document.body.append(d);
    d.showModal();
    return d;
  }
  function showTrumpDialog() {
    const hand = el("div", { class: "dialog-hand" }, sortHand(S.view.hand).map((c) => WD.cardImage(c, "small")));
    const buttons = WD.SUITS.map((s) => el("button", { type: "button", class: "suit-choice", "data-suit": s,
      onclick: () => { d.close(); play(s); } }, WD.suitIcon(s), " ", WD.suitTitle(s)));
    const d = dialog("trump-dialog", t("Choose trumps"), el("div", {}, el("p", {}, t("You deal: choose the trump suit for this deal.")), hand), buttons);
    d.addEventListener("cancel", (e) => e.preventDefault());
  }
  function showLastTrick() {
    const tr = S.lastTrick;
    if (!tr) return;
    const cards = el("div", { class: "dialog-trick" }, tr.cards.map((p) =>
      el("figure", { class: "played" }, WD.cardImage(p.card), el("figcaption", {}, seatName(p.seat)))));
    const winner = tr.winner === undefined || tr.winner === null ? null : el("p", { id: "last-winner" },
      isMine(tr.winner) ? t("You won this trick.") : t("Won by {player}", { player: seatName(tr.winner) }));
    const ok = el("button", { type: "button", onclick: () => d.close() }, t("Close"));
    const d = dialog("last-dialog", t("Last trick"), el("div", {}, cards, winner), [ok]);
    ok.focus();
  }
  function dealSummaryContent(v, r) {
    return G.dealSummary(v, r, S.snap.human_seat);
  }
  /** The draw between the players tied for the most tricks: one card each, the highest rank chooses trumps. */
  function tieBreak(draws) {
    if (!draws.length) return null;
    return el("div", { class: "tie-break" },
      el("p", {}, t("A tie for the most tricks: the tied players draw a card each, the highest rank wins.")),
      draws.map((d, i) => el("div", { class: "draw" }, el("span", {}, t("Draw {n}:", { n: i + 1 })),
        el("div", { class: "dialog-trick" }, d.seats.map((s, k) =>
          el("figure", { class: "played" }, WD.cardImage(d.cards[k], "small"), el("figcaption", {}, seatName(s))))))));
  }
  function showDealSummary(v, then) {
    const r = v.deal_results[v.deal_results.length - 1];
    const ok = el("button", { type: "button", id: "deal-continue", onclick: () => d.close() }, t("Next deal"));
    const d = dialog("deal-dialog", t("End of deal {n}", { n: v.deal_results.length }), dealSummaryContent(v, r), [ok], then);
    ok.focus();
  }
  function showMatchSummary() {
    if (S.shownOver) return;
    S.shownOver = true;
    const v = S.view, r = v.result || {}, hs = S.snap.human_seat;
    const text = G.resultText ? G.resultText(r, hs) : isMine(r.winner) ? t("You win!")
      : r.winner === null || r.winner === undefined ? t("A draw.") : t("{player} wins.", { player: seatName(r.winner) });
    const last = (v.deal_results || [])[v.deal_results.length - 1];
    const content = el("div", {}, el("p", { class: "big", id: "result-text" }, text), last ? dealSummaryContent(v, last) : null);
    if (G.matchSummary) content.append(G.matchSummary(v, hs) || "");
    const buttons = [
      el("a", { class: "button", href: "/api/games/" + GAME_ID + "/record", download: "" }, t("Download record")),
      el("a", { class: "button", href: "/replay/" + GAME_ID }, t("Replay")),
      el("a", { class: "button primary", href: "/" }, t("New game")),
      el("button", { type: "button", onclick: () => d.close() }, t("Close")),
    ];
    const d = dialog("over-dialog", t("Game over"), content, buttons);
    announce(text);
    buttons[2].focus();
  }
  function showSettings() {
    const pace = el("select", { id: "set-pace" }, ["slow", "normal", "fast", "instant"].map((p) =>
      el("option", { value: p, selected: settings.pace === p }, t({ slow: "Slow", normal: "Normal", fast: "Fast", instant: "Instant" }[p])))); // i18n
    const auto = el("input", { type: "checkbox", id: "set-auto", checked: settings.autoplay });
    const four = el("input", { type: "checkbox", id: "set-four", checked: settings.fourColour });
    const known = el("input", { type: "checkbox", id: "set-known", checked: showKnownCards() });
    const lang = el("select", { id: "set-lang" }, el("option", { value: "en", selected: WD.lang === "en" }, "English"),
      el("option", { value: "ru", selected: WD.lang === "ru" }, "Русский"));
    const form = el("div", { class: "settings" },
      el("label", {}, t("Computer's pace"), " ", pace),
      el("label", {}, auto, " ", t("Play a forced card automatically")),
      el("label", {}, four, " ", t("Four-colour deck")),
      G.revealsKnown ? el("label", {}, known, " ", t("Show known cards")) : null,
      el("label", {}, t("Language"), " ", lang));
    const save = el("button", { type: "button", class: "primary", id: "set-save", onclick: () => {
      settings = Object.assign(settings, { pace: pace.value, autoplay: auto.checked, fourColour: four.checked });
      if (known.checked !== showKnownCards()) settings.knownCards = known.checked; // else the table's default stays
      WD.saveSettings(settings);
      d.close();
      if (lang.value !== WD.lang) WD.setLang(lang.value); else render();
    } }, t("Save"));
    const d = dialog("settings-dialog", t("Settings"), form, [save, el("button", { type: "button", onclick: () => d.close() }, t("Cancel"))]);
  }

  // --- each game's part of the table, side by side ---
  function turnedUp(card, text) {
    return el("span", { class: "prize" }, WD.cardImage(card, "small"), " ", text);
  }
  function heldBy(card, dealer) {
    return isMine(dealer) ? t("{card}, held by you", { card: WD.cardName(card) })
      : t("{card}, held by {player}", { card: WD.cardName(card), player: seatName(dealer) });
  }
  const GAME_VIEWS = {
    german: {
      seatName: () => t("Computer"),
      handSize: (v) => v.opponent_hand_size,
      revealsKnown: true,
      knownCards: (v, seat, reveal) => (reveal ? v.opponent_known || [] : []),
      trickCount: (v, seat) => v.tricks_won["stage" + v.stage][seat],
      facts(v, dl) {
        dl.append(info(t("Stage"), v.stage === 1 ? t("1 — winning cards") : t("2 — the tricks that count"), "info-stage"));
        if (v.stage === 1 && v.prize) dl.append(info(t("Prize"), el("span", { class: "prize" }, WD.cardImage(v.prize, "small"), " ", WD.cardName(v.prize)), "info-prize"));
        dl.append(info(t("Stock"), tn("{n} card", "{n} cards", v.stock_size), "info-stock"));
        if (v.low_game) dl.append(info(t("Aim"), t("Low game: fewest tricks wins")));
        const hs = S.snap.human_seat, os = 1 - hs;
        const counted = v.options.count === "all26";
        dl.append(info(t("Stage 1 tricks"), `${v.tricks_won.stage1[hs]} : ${v.tricks_won.stage1[os]}` + (counted ? "" : " " + t("(do not count)"))));
        dl.append(info(t("Stage 2 tricks"), `${v.tricks_won.stage2[hs]} : ${v.tricks_won.stage2[os]}`));
        if (v.options.deals > 1) dl.append(info(t("Deal"), t("{n} of {m}", { n: v.deal_number, m: v.options.deals })),
          info(t("Points"), `${v.points[hs]} : ${v.points[os]}`));
      },
      dealSummary(v, r, hs) {
        const os = 1 - hs;
        const watching = S.snap.spectator;
        const won = r.winner === null ? t("The deal is drawn.") : watching ? t("{player} wins the deal.", { player: seatName(r.winner) })
          : r.winner === hs ? t("You win the deal.") : t("The opponent wins the deal.");
        const counted = { a: r.counted[hs], b: r.counted[os] };
        return el("div", {}, el("p", { class: "big" }, won),
          el("p", {}, watching ? t("Tricks that count: {p} {a}, {q} {b}.", byName(hs, counted)) : t("Tricks that count: you {a}, opponent {b}.", counted)),
          r.points ? el("p", {}, tn("{n} point", "{n} points", r.points)) : null);
      },
      matchSummary: (v, hs) => (v.options.deals > 1
        ? el("p", {}, S.snap.spectator ? t("Points: {p} {a}, {q} {b}.", byName(hs, { a: v.points[hs], b: v.points[1 - hs] }))
          : t("Points: you {a}, opponent {b}.", { a: v.points[hs], b: v.points[1 - hs] })) : null),
    },
    whist: {
      seatName: (seat) => t({ 0: "North", 1: "East", 2: "South", 3: "West" }[seat]), // i18n
      place: (seat) => GAME_VIEWS.whist.seatName(seat), // a seat's place is its compass point
      seatLabel: (seat) => (seat === (S.snap.human_seat + 2) % 4 && !S.snap.spectator ? seatName(seat) + " · " + t("partner") : seatName(seat)),
      trickCount: (v, seat) => v.tricks.filter((tr) => tr.winner === seat).length,
      facts(v, dl) {
        if (v.turned_up) dl.append(info(t("Turned-up trump"), turnedUp(v.turned_up, heldBy(v.turned_up, v.dealer))));
        if (S.snap.spectator) { dl.append(info(t("Tricks (North–South : East–West)"), `${v.tricks_won[0]} : ${v.tricks_won[1]}`, "info-tricks")); return; }
        const we = S.snap.human_seat % 2; // the viewer's partnership: a person may sit East or West
        dl.append(info(t("Tricks (We : They)"), `${v.tricks_won[we]} : ${v.tricks_won[1 - we]}`, "info-tricks"));
      },
      panel: () => scoreSheet(),
      dealSummary(v, r) {
        const won = r.game_won_by !== null && r.game_won_by !== undefined;
        if (S.snap.spectator) { // nobody's "we": the partnerships by name
          const sides = [t("North–South"), t("East–West")];
          return el("div", {}, el("p", { class: "big" }, sides.map((name, i) => name + ": " + tn("{n} trick", "{n} tricks", r.tricks[i])).join(", ")),
            won ? el("p", {}, t("{player} wins.", { player: sides[r.game_won_by] })) : null);
        }
        const we = S.snap.human_seat % 2, they = 1 - we;
        return el("div", {}, el("p", { class: "big" }, t("Tricks: we {a}, they {b}.", { a: r.tricks[we], b: r.tricks[they] })),
          el("p", {}, t("Points this deal: we {a}, they {b}.", { a: r.points[we], b: r.points[they] })),
          (r.honour_points[0] || r.honour_points[1]) ? el("p", {}, t("Honours: we {a}, they {b}.", { a: r.honour_points[we], b: r.honour_points[they] })) : null,
          won ? el("p", {}, r.game_won_by === we ? t("We win the game!") : t("They win the game.")) : null,
          won ? el("p", { id: "game-line" }, t("Game {n}", { n: v.score.games.length }) + ": " + gameWon(v.score.games[v.score.games.length - 1])) : null);
      },
      resultText: (r, hs) => (S.snap.spectator && r.winner_side !== null && r.winner_side !== undefined
        ? t("{player} wins.", { player: [t("North–South"), t("East–West")][r.winner_side] })
        : r.winner_side === hs % 2 ? t("We win!")
        : r.winner_side === null || r.winner_side === undefined ? t("A draw.") : t("They win.")),
    },
    knockout: {
      facts(v, dl) {
        dl.append(info(t("Deal"), t("{n} — {cards}", { n: v.deal_number, cards: tn("{n} card each", "{n} cards each", v.hand_size) }), "info-deal"));
      },
      panel: () => knockoutTable(),
      dealSummary(v, r, hs) {
        const list = el("ul", {}, Object.entries(r.tricks).map(([s, n]) => el("li", {}, seatName(+s) + ": " + tn("{n} trick", "{n} tricks", n))));
        const out = r.out.length ? el("p", {}, t("Knocked out: {players}", { players: r.out.map((s) => seatName(s)).join(", ") })) : el("p", {}, t("Nobody is knocked out."));
        if (v.over) return el("div", {}, list, out);
        return el("div", {}, list, out, tieBreak(v.tie_breaks || []), el("p", { id: "next-trumps" }, isMine(v.dealer)
          ? t("You choose trumps for deal {n}.", { n: v.deal_number })
          : t("{player} chooses trumps for deal {n}.", { player: seatName(v.dealer), n: v.deal_number })));
      },
    },
    humbug: {
      seatName: () => t("Computer"),
      facts(v, dl) {
        const hs = S.snap.human_seat, os = 1 - hs, card = v.trump_card;
        const where = {
          showing: () => heldBy(card, v.dealer),
          dealer: () => heldBy(card, v.dealer),
          played: () => t("{card}, played", { card: WD.cardName(card) }),
          out: () => t("{card}, out of the deal with the dealer's hand", { card: WD.cardName(card) }),
        }[v.trump_card_place]();
        dl.append(info(t("Turned-up trump"), turnedUp(card, where), "info-turned-up"));
        if (v.exchanges.length) dl.append(info(t("Exchange"), el("span", { id: "info-exchange" },
          v.exchanges.map((e) => exchangeText(e.seat, e.choice)).join(" "))));
        if (v.laid_aside.length) dl.append(info(t("You laid aside"), el("div", { class: "known-cards", id: "laid-aside" },
          sortHand(v.laid_aside).map((c) => WD.cardImage(c, "small")))));
        dl.append(info(S.snap.spectator ? t("Tricks ({p} : {q})", byName(hs)) : t("Tricks (you : opponent)"), `${v.tricks_won[hs]} : ${v.tricks_won[os]}`, "info-tricks"));
      },
      // The two widows lie face down beside the table until somebody takes one.
      feltExtras(v, cols) {
        cols.left.append(widowBox(v, "left"));
        cols.right.append(widowBox(v, "right"));
      },
      panel: () => scoreSheet(),
      dealSummary(v, r, hs) {
        const os = 1 - hs, won = r.game_won_by !== null && r.game_won_by !== undefined, watching = S.snap.spectator;
        const tricks = { a: r.tricks[hs], b: r.tricks[os] }, points = { a: r.points[hs], b: r.points[os] };
        const honours = { a: r.honour_points[hs], b: r.honour_points[os] };
        return el("div", {}, el("p", { class: "big" }, watching ? t("Tricks: {p} {a}, {q} {b}.", byName(hs, tricks)) : t("Tricks: you {a}, opponent {b}.", tricks)),
          el("p", {}, watching ? t("Points this deal: {p} {a}, {q} {b}.", byName(hs, points)) : t("Points this deal: you {a}, opponent {b}.", points)),
          (r.honour_points[0] || r.honour_points[1]) ? el("p", {}, watching ? t("Honours: {p} {a}, {q} {b}.", byName(hs, honours))
            : t("Honours: you {a}, opponent {b}.", honours)) : null,
          won ? el("p", { id: "game-line" }, t("Game {n}", { n: v.score.games.length }) + ": " + gameWon(v.score.games[v.score.games.length - 1])) : null);
      },
    },
  };
  const G = GAME_VIEWS[GAME];

  // --- Humbug Whist's exchange ---
  function exchangeText(seat, choice) {
    const you = isMine(seat);
    if (choice === "keep") return you ? t("You keep your hand.") : t("{player} keeps the dealt hand.", { player: seatName(seat) });
    if (choice === "left") return you ? t("You take the left widow.") : t("{player} takes the left widow.", { player: seatName(seat) });
    return you ? t("You take the right widow.") : t("{player} takes the right widow.", { player: seatName(seat) });
  }
  function widowBox(v, side) {
    const taker = v.widows[side];
    const title = side === "left" ? t("Left widow") : t("Right widow");
    const state = taker === null || taker === undefined ? (v.decision === "exchange" ? t("face down") : t("out of the deal, unseen"))
      : taker === S.snap.human_seat ? t("taken by you") : t("taken by {player}", { player: seatName(taker) });
    const pile = el("div", { class: "fan widow-pile", "aria-hidden": "true" });
    if (taker === null || taker === undefined) for (let i = 0; i < 13; i++) pile.append(WD.cardBack("mini"));
    return el("section", { class: "seat widow widow-" + side, "aria-label": title + ": " + state },
      el("div", { class: "seat-head" }, el("span", { class: "seat-name" }, title)),
      el("div", { class: "seat-info" }, state), pile);
  }
  function showExchangeDialog() {
    const v = S.view;
    const hand = el("div", { class: "dialog-hand" }, sortHand(v.hand).map((c) => WD.cardImage(c, "small")));
    const labels = { keep: t("Keep my hand"), left: t("Take the left widow"), right: t("Take the right widow") };
    const buttons = v.legal.map((a) => el("button", { type: "button", class: "exchange-choice" + (a === "keep" ? " primary" : ""),
      "data-choice": a, onclick: () => { d.close(); play(a); } }, labels[a]));
    const before = v.exchanges.map((e) => el("p", { class: "exchange-before" }, exchangeText(e.seat, e.choice)));
    const d = dialog("exchange-dialog", t("Keep your hand or take a widow"), el("div", {},
      el("p", {}, t("Trumps are {suit}: the turned-up card is {card}.", { suit: WD.suitName(v.trump), card: WD.cardName(v.trump_card) })),
      before, el("p", {}, t("Your dealt hand:")), hand,
      el("p", { class: "note" }, t("A hand you lay aside is out of the deal; a widow is 13 unseen cards."))), buttons);
    d.addEventListener("cancel", (e) => e.preventDefault());
  }

  WD.ready(() => {
    root.append(el("p", { class: "status" }, t("Connecting…")));
    document.body.append(el("div", { id: "announce", class: "sr-only", "aria-live": "polite", role: "status" }));
    connect();
  });
  WD.table = S; // for debugging and tests
  WD.tableSend = send; // people.js: leave the table
  WD.tableSeatTitle = seatTitle; // people.js: whose seat
})(window.WD);
