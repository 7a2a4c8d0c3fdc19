/* whistdrive lobby: choose a game, its options and the computer players; resume; statistics. */
"use strict";
(function (WD) {
  const { el, t, tn } = WD;
  const root = document.getElementById("lobby");
  // Games, options, their bounds and texts come from each game's descriptor (/api/meta).
  let meta = null;
  const say = (text) => text[WD.lang] || text.en;
  const title = (g) => (meta.games[g] ? say(meta.games[g].title) : g);
  let game = (new URLSearchParams(location.search)).get("game") || localStorage.getItem("wd_last_game") || "german";

  function optionInput(o) {
    const id = "opt-" + o.name;
    const spec = meta.games[game];
    let input;
    let def = o.default;
    if (o.from_preset && def === null) def = Object.values(spec.presets)[0][o.name];
    if (o.type === "bool") input = el("input", { type: "checkbox", id: id, name: o.name, checked: !!def });
    else if (o.type === "int") input = el("input", { type: "number", id: id, name: o.name, min: o.min, max: o.max, value: def, required: true });
    else input = el("select", { id: id, name: o.name }, o.choices.map((c) =>
      el("option", { value: c.value, selected: c.value === def }, say(c.label))));
    const label = el("label", { for: id, title: say(o.help) }, say(o.label));
    const help = el("a", { class: "opt-help", href: "/rules/" + game + "#" + o.anchor, target: "_blank", "aria-label": t("Rules") + ": " + say(o.label) }, "?");
    return el("div", { class: "field field-" + o.type }, o.type === "bool" ? [input, label, help] : [label, input, help]);
  }
  function levelSelect(i, name) {
    const last = localStorage.getItem("wd_level") || meta.default_level;
    return el("div", { class: "field" }, el("label", { for: "level-" + i }, name),
      el("select", { id: "level-" + i, class: "level-select" }, [el("option", { value: "person" }, t("A person (invitation link)"))].concat(
        meta.levels.map((l) => el("option", { value: l, selected: l === last }, t(l.charAt(0).toUpperCase() + l.slice(1)))))));
  }
  function botNames() {
    const spec = meta.games[game];
    if (spec.partnerships) return [t("North (partner)"), t("East"), t("West")];
    if (spec.max_seats === 2) return [t("Computer")];
    const box = spec.seats_option && document.getElementById("opt-" + spec.seats_option);
    const n = Math.max(spec.min_seats, Math.min(spec.max_seats, +(box ? box.value : spec.max_seats) || spec.min_seats));
    return Array.from({ length: n - 1 }, (_, i) => t("Player {n}", { n: i + 2 }));
  }
  function renderLevels() {
    const box = document.getElementById("levels");
    box.innerHTML = "";
    box.append(el("legend", {}, t("Other players")));
    botNames().forEach((n, i) => box.append(levelSelect(i, n)));
  }
  function readOptions() {
    const out = {};
    for (const o of meta.games[game].options) {
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
    const bots = levels.filter((l) => l !== "person");
    if (bots.length) localStorage.setItem("wd_level", bots[0]);
    localStorage.setItem("wd_last_game", game);
    // every seat but the creator's, in seat order: a person (invited) or a computer of a level
    const mine = meta.games[game].human_seat, others = levels.slice(), seats = [];
    for (let s = 0; s < levels.length + 1; s++) seats.push(s === mine ? { kind: "person" } : others[0] === "person" ? (others.shift(), { kind: "person" }) : { kind: "bot", level: others.shift() });
    const r = await fetch("/api/games", { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ game: game, options: readOptions(), seats: seats }) });
    const data = await r.json();
    if (!r.ok) { document.getElementById("lobby-error").textContent = data.error === "too_many_tables" ? t("You have too many unfinished tables: finish or abandon one first.") : data.error === "site_full" ? t("The site is full: the computer players have no time for another table. Please try again in a few minutes.") : t("Cannot start: {why}", { why: data.message || data.error }); return; }
    location.href = data.url;
  }
  function gameTabs() {
    return el("div", { class: "game-tabs", role: "radiogroup", "aria-label": t("Game") },
      Object.keys(meta.games).map((g) => el("button", { type: "button", role: "radio", "aria-checked": g === game ? "true" : "false",
        class: "game-tab" + (g === game ? " active" : ""), "data-game": g, onclick: () => { game = g; render(); } },
        el("span", { class: "tab-title" }, title(g)), el("span", { class: "tab-blurb" }, say(meta.games[g].blurb)))));
  }
  function describe(item) {
    const specs = meta.games[item.game] ? meta.games[item.game].options : [];
    return specs.filter((o) => o.name in item.options).map((o) => {
      const v = item.options[o.name];
      const choice = (o.choices || []).find((c) => c.value === v);
      return say(o.label) + ": " + (typeof v === "boolean" ? (v ? t("yes") : t("no")) : choice ? say(choice.label) : String(v));
    }).join(" · ");
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
      g.status === "open" ? el("span", { class: "badge open-table" }, t("Waiting for players")) : g.people > 1 ? el("span", { class: "badge" }, t("With friends")) : null, " ",
      el("b", {}, title(g.game)), " — ", tn("{n} move", "{n} moves", g.actions), " · ", el("small", {}, describe(g)), " ",
      g.mine ? el("button", { type: "button", class: "link", onclick: async () => { await fetch("/api/games/" + g.id + "/abandon", { method: "POST" }); renderGames(); } }, t("Abandon")) : null))));
    const st = el("section", { class: "card-panel", "aria-labelledby": "stats-h" }, el("h2", { id: "stats-h" }, t("Statistics")));
    if (!data.stats.length) st.append(el("p", { class: "muted" }, t("No finished games yet.")));
    else st.append(el("table", { class: "stats" },
      el("thead", {}, el("tr", {}, [t("Game"), t("Level"), t("Played"), t("Won"), t("With undo")].map((h) => el("th", { scope: "col" }, h)))),
      el("tbody", {}, data.stats.map((s) => el("tr", {}, el("td", {}, title(s.game)),
        el("td", {}, s.levels ? s.levels.split("+").map((l) => t(l.charAt(0).toUpperCase() + l.slice(1))).join(", ") : t("People only")),
        el("td", {}, String(s.played)), el("td", {}, String(s.won) + (s.played ? " (" + Math.round(100 * s.won / s.played) + "%)" : "")),
        el("td", {}, String(s.undo || 0)))))));
    const fin = data.finished.length ? el("section", { class: "card-panel" }, el("h2", {}, t("Finished games")),
      el("ul", { class: "game-list" }, data.finished.map((g) => el("li", {}, el("a", { href: "/replay/" + g.id }, t("Replay")), " ",
        el("b", {}, title(g.game)), " · ", el("small", {}, describe(g)))))) : null;
    box.append(un, st, fin || "");
  }
  function render() {
    root.innerHTML = "";
    const form = el("form", { class: "new-game card-panel", onsubmit: start, "aria-labelledby": "new-h" },
      el("h1", { id: "new-h" }, t("New game")), gameTabs(),
      el("fieldset", { class: "options" }, el("legend", {}, t("Options")), meta.games[game].options.map(optionInput)),
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
    const spec = meta.games[game];
    const seats = spec.seats_option && document.getElementById("opt-" + spec.seats_option);
    if (seats) seats.addEventListener("input", renderLevels);
    const preset = document.getElementById("opt-preset");
    if (preset) preset.addEventListener("change", () => {  // a preset sets the options it names
      for (const [name, value] of Object.entries(spec.presets[preset.value] || {})) {
        const box = document.getElementById("opt-" + name);
        if (box && box.type === "checkbox") box.checked = value; else if (box) box.value = value;
      }
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
