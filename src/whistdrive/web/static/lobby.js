/* whistdrive lobby: choose a game, its options and the computer players; resume; statistics. */
"use strict";
(function (WD) {
  const { el, t, tn } = WD;
  const root = document.getElementById("lobby");
  const GAME_TITLES = { german: "German Whist", whist: "Whist", knockout: "Knock-out Whist" }; // i18n
  const GAME_BLURBS = {
    german: "Two players: win cards from the stock, then play out the 13 tricks that count.", // i18n
    whist: "Four players in partnerships: you sit South, the computer plays your partner North.", // i18n
    knockout: "Two to seven players: take no trick in a deal and you are out.", // i18n
  };
  const OPTION_LABELS = {
    follow_suit_stage1: "Follow suit in stage 1", count: "Tricks that count", scoring: "Scoring", // i18n
    high_low: "High/low by trump colour", deals: "Deals", preset: "Rules", target: "Points for a game", // i18n
    honours: "Honours", rubber_bonus: "Rubber bonus (+2)", length: "Length", players: "Players", // i18n
  };
  const CHOICE_LABELS = {
    last13: "Only stage 2 (13 tricks)", all26: "All 26 tricks", game: "1 point per deal won", // i18n
    difference: "Difference in tricks", over_book: "Tricks over book", english: "English (5 points, honours)", // i18n
    american: "American (7 points, no honours)", rubber: "A rubber (best of three games)", deal: "One deal", // i18n
  };
  const CHOICE_LABELS_BY = { length: { game: "One game" } }; // i18n
  let meta = null;
  let game = (new URLSearchParams(location.search)).get("game") || localStorage.getItem("wd_last_game") || "german";

  function optionInput(o) {
    const id = "opt-" + o.name;
    let input;
    let def = o.default;
    if (game === "whist" && def === null) def = meta.presets.english[o.name];
    if (o.type === "bool") input = el("input", { type: "checkbox", id: id, name: o.name, checked: !!def });
    else if (o.type === "int") input = el("input", { type: "number", id: id, name: o.name, min: o.min, max: o.max, value: def, required: true });
    else input = el("select", { id: id, name: o.name }, o.choices.map((c) =>
      el("option", { value: c, selected: c === def }, t((CHOICE_LABELS_BY[o.name] || {})[c] || CHOICE_LABELS[c] || c))));
    const label = el("label", { for: id }, t(OPTION_LABELS[o.name] || o.name));
    const help = el("a", { class: "opt-help", href: "/rules/" + game + "#opt-" + o.name, target: "_blank", "aria-label": t("Rules") + ": " + t(OPTION_LABELS[o.name] || o.name) }, "?");
    return el("div", { class: "field field-" + o.type }, o.type === "bool" ? [input, label, help] : [label, input, help]);
  }
  function levelSelect(i, name) {
    const last = localStorage.getItem("wd_level") || meta.levels[Math.min(1, meta.levels.length - 1)];
    return el("div", { class: "field" }, el("label", { for: "level-" + i }, name),
      el("select", { id: "level-" + i, class: "level-select" }, meta.levels.map((l) =>
        el("option", { value: l, selected: l === last }, t(l.charAt(0).toUpperCase() + l.slice(1))))));
  }
  function botNames() {
    if (game === "german") return [t("Computer")];
    if (game === "whist") return [t("North (partner)"), t("East"), t("West")];
    const n = +(document.getElementById("opt-players")?.value || 4);
    return Array.from({ length: Math.max(1, Math.min(6, n - 1)) }, (_, i) => t("Player {n}", { n: i + 2 }));
  }
  function renderLevels() {
    const box = document.getElementById("levels");
    box.innerHTML = "";
    box.append(el("legend", {}, t("Computer players")));
    botNames().forEach((n, i) => box.append(levelSelect(i, n)));
  }
  function readOptions() {
    const out = {};
    for (const o of meta.games[game]) {
      const e = document.getElementById("opt-" + o.name);
      if (o.type === "bool") out[o.name] = e.checked;
      else if (o.type === "int") out[o.name] = parseInt(e.value, 10);
      else out[o.name] = e.value;
    }
    return out;
  }
  async function start(ev) {
    ev.preventDefault();
    const levels = Array.from(document.querySelectorAll(".level-select")).map((s) => s.value);
    if (levels.length) localStorage.setItem("wd_level", levels[0]);
    localStorage.setItem("wd_last_game", game);
    const r = await fetch("/api/games", { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ game: game, options: readOptions(), levels: levels }) });
    const data = await r.json();
    if (!r.ok) { document.getElementById("lobby-error").textContent = t("Cannot start: {why}", { why: data.message || data.error }); return; }
    location.href = data.url;
  }
  function gameTabs() {
    return el("div", { class: "game-tabs", role: "radiogroup", "aria-label": t("Game") },
      Object.keys(GAME_TITLES).map((g) => el("button", { type: "button", role: "radio", "aria-checked": g === game ? "true" : "false",
        class: "game-tab" + (g === game ? " active" : ""), "data-game": g, onclick: () => { game = g; render(); } },
        el("span", { class: "tab-title" }, t(GAME_TITLES[g])), el("span", { class: "tab-blurb" }, t(GAME_BLURBS[g])))));
  }
  function describe(item) {
    const o = item.options;
    const bits = Object.entries(o).map(([k, v]) => t(OPTION_LABELS[k] || k) + ": " + (typeof v === "boolean" ? (v ? t("yes") : t("no")) : t((CHOICE_LABELS_BY[k] || {})[v] || CHOICE_LABELS[v] || String(v))));
    return bits.join(" · ");
  }
  async function renderGames() {
    const box = document.getElementById("my-games");
    let data;
    try { data = await (await fetch("/api/games")).json(); } catch (e) { return; }
    box.innerHTML = "";
    const un = el("section", { class: "card-panel", "aria-labelledby": "resume-h" }, el("h2", { id: "resume-h" }, t("Unfinished games")));
    if (!data.unfinished.length) un.append(el("p", { class: "muted" }, t("None — start a game above.")));
    else un.append(el("ul", { class: "game-list" }, data.unfinished.map((g) => el("li", {},
      el("a", { class: "button primary resume", href: "/table/" + g.id }, t("Resume")), " ",
      el("b", {}, t(GAME_TITLES[g.game])), " — ", tn("{n} move", "{n} moves", g.actions), " · ", el("small", {}, describe(g)), " ",
      el("button", { type: "button", class: "link", onclick: async () => { await fetch("/api/games/" + g.id + "/abandon", { method: "POST" }); renderGames(); } }, t("Abandon"))))));
    const st = el("section", { class: "card-panel", "aria-labelledby": "stats-h" }, el("h2", { id: "stats-h" }, t("Statistics")));
    if (!data.stats.length) st.append(el("p", { class: "muted" }, t("No finished games yet.")));
    else st.append(el("table", { class: "stats" },
      el("thead", {}, el("tr", {}, [t("Game"), t("Level"), t("Played"), t("Won")].map((h) => el("th", { scope: "col" }, h)))),
      el("tbody", {}, data.stats.map((s) => el("tr", {}, el("td", {}, t(GAME_TITLES[s.game])),
        el("td", {}, s.levels.split("+").map((l) => t(l.charAt(0).toUpperCase() + l.slice(1))).join(", ")),
        el("td", {}, String(s.played)), el("td", {}, String(s.won) + (s.played ? " (" + Math.round(100 * s.won / s.played) + "%)" : "")))))));
    const fin = data.finished.length ? el("section", { class: "card-panel" }, el("h2", {}, t("Finished games")),
      el("ul", { class: "game-list" }, data.finished.map((g) => el("li", {}, el("a", { href: "/replay/" + g.id }, t("Replay")), " ",
        el("b", {}, t(GAME_TITLES[g.game])), " · ", el("small", {}, describe(g)))))) : null;
    box.append(un, st, fin || "");
  }
  function render() {
    root.innerHTML = "";
    const form = el("form", { class: "new-game card-panel", onsubmit: start, "aria-labelledby": "new-h" },
      el("h1", { id: "new-h" }, t("New game")), gameTabs(),
      el("fieldset", { class: "options" }, el("legend", {}, t("Options")), meta.games[game].map(optionInput)),
      el("fieldset", { id: "levels", class: "levels" }),
      el("p", { id: "lobby-error", class: "error", role: "alert" }),
      el("div", { class: "form-buttons" },
        el("button", { type: "submit", class: "primary big", id: "start" }, t("Start")),
        el("a", { class: "button", id: "lobby-rules", href: "/rules/" + game, onclick: (e) => {
          // open the rules with the options chosen here highlighted (#opt-<name> sections)
          const q = Object.entries(readOptions()).map(([k, v]) => "o." + k + "=" + encodeURIComponent(String(v))).join("&");
          e.currentTarget.href = "/rules/" + game + "?" + q;
        } }, t("Rules"))));
    root.append(form, el("div", { id: "my-games" }));
    renderLevels();
    const players = document.getElementById("opt-players");
    if (players) players.addEventListener("input", renderLevels);
    const preset = document.getElementById("opt-preset");
    if (preset) preset.addEventListener("change", () => {
      const p = meta.presets[preset.value];
      document.getElementById("opt-target").value = p.target;
      document.getElementById("opt-honours").checked = p.honours;
    });
    renderGames();
  }
  WD.ready(async () => {
    document.title = t("Lobby") + " · whistdrive";
    meta = await (await fetch("/api/meta")).json();
    if (!meta.games[game]) game = "german";
    render();
  });
})(window.WD);
