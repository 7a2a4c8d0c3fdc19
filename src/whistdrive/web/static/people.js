/* Tables for several people: the invitation page, and on the table the people panel
 * (who sits where and whether they are here, the creator's invitation and spectator links,
 * start now, leave for good). table.js owns the game; this file only follows its messages. */
"use strict";
(function (WD) {
  const { el, t } = WD;
  const body = document.body;

  // --- /join/{invite}: a friend gives a display name and takes the seat ---
  function joinPage(root) {
    const input = el("input", { id: "join-name", name: "name", maxlength: 24, required: true, autocomplete: "nickname",
      value: localStorage.getItem("wd_name") || "" });
    const error = el("p", { id: "join-error", class: "error", role: "alert" });
    const form = el("form", { class: "card-panel join-form", onsubmit: async (ev) => {
      ev.preventDefault();
      const name = input.value.trim();
      const r = await fetch("/api/join", { method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ invite: body.dataset.invite, name: name }) });
      const data = await r.json();
      if (!r.ok) { error.textContent = t(JOIN_ERRORS[data.error] || "Cannot join: {why}", { why: data.message || data.error }); return; }
      localStorage.setItem("wd_name", name);
      location.href = data.url;
    } },
    el("h1", {}, t("Join a table")),
    el("p", { id: "join-game" }, t("You are invited to a game of {game}. Choose the name the other players will see.",
      { game: body.dataset.gameTitle })),
    el("div", { class: "field" }, el("label", { for: "join-name" }, t("Your name")), input),
    error,
    el("button", { type: "submit", class: "primary big", id: "join-submit" }, t("Take the seat")));
    root.append(form);
    input.focus();
  }
  const JOIN_ERRORS = {
    bad_invite: "This invitation is not valid (already used or never issued).", // i18n
    invite_expired: "This invitation has expired.", bad_name: "Please give a name of 1 to 24 characters, not one the table uses itself (Computer, You, North…).", // i18n
  };

  // --- the people panel beside the table ---
  const P = { snap: null, links: null, owner: body.dataset.owner === "1" };
  const STATE = { here: "here", away: "away", standin: "computer plays", left: "left", open: "seat free", bot: "computer" }; // i18n
  let panel = null;

  async function loadLinks() {
    if (!P.owner) return;
    try {
      const r = await fetch("/api/games/" + body.dataset.gameId + "/links");
      if (r.ok) P.links = await r.json();
    } catch (e) { /* offline: the panel shows what it has */ }
    draw();
  }
  function copyField(id, label, path) {
    const url = location.origin + path;
    const box = el("input", { id: id, class: "link-box", readonly: true, value: url, "aria-label": label,
      onfocus: (e) => e.target.select() });
    return el("div", { class: "field link-field" }, el("label", { for: id }, label), box,
      el("button", { type: "button", class: "copy", onclick: () => { box.select(); navigator.clipboard && navigator.clipboard.writeText(url); } }, t("Copy")));
  }
  function seatTitle(seat) {
    return WD.tableSeatTitle ? WD.tableSeatTitle(seat) : t("Player {n}", { n: seat + 1 });
  }
  function draw() {
    const s = P.snap;
    if (!s || !s.players) return;
    const shared = s.players.filter((p) => p.kind === "human").length > 1;
    if (!shared && !s.spectator) { if (panel) panel.hidden = true; return; }
    if (!panel) {
      panel = el("aside", { id: "people", class: "people-panel card-panel", "aria-label": t("Players") });
      document.getElementById("table").after(panel);
    }
    panel.hidden = false;
    panel.innerHTML = "";
    panel.append(el("h2", {}, s.spectator ? t("You are watching") : t("Players")));
    if (s.status === "open") panel.append(el("p", { id: "waiting", role: "status" }, t("Waiting for the invited people to take their seats.")));
    panel.append(el("ul", { class: "people-list" }, s.players.map((p, seat) => el("li", { "data-seat": seat, "data-state": p.state },
      el("b", {}, seatTitle(seat)), " ",
      p.kind === "human" ? (p.name || (seat === s.human_seat && !s.spectator ? t("You") : "—")) : t("Computer"), " · ",
      el("span", { class: "presence presence-" + p.state }, t(STATE[p.state] || p.state)),
      p.level && p.kind === "human" && p.state === "standin" ? " (" + t(p.level.charAt(0).toUpperCase() + p.level.slice(1)) + ")" : null))));
    if (P.owner && P.links) {
      const inv = Object.entries(P.links.invites || {});
      if (s.status === "open" && inv.length) {
        panel.append(el("h3", {}, t("Invitations (one use each)")));
        inv.forEach(([seat, path]) => panel.append(copyField("invite-" + seat, t("Seat {seat}", { seat: seatTitle(+seat) }), path)));
        panel.append(el("button", { type: "button", id: "start-now", class: "primary", onclick: async () => {
          await fetch("/api/games/" + body.dataset.gameId + "/start", { method: "POST" });
        } }, t("Start now (computers in the free seats)")));
      }
      if (P.links.watch) panel.append(copyField("watch-link", t("Spectator link"), P.links.watch));
    }
    if (!s.spectator) {
      const mine = location.pathname.startsWith("/seat/") ? location.pathname : P.links && P.links.seat_link;
      if (mine) panel.append(copyField("seat-link", t("Your seat's link (to come back from any device)"), mine));
      if (shared && s.status === "active" && !s.view.over) panel.append(el("button", { type: "button", id: "leave", class: "link", onclick: () => {
        if (confirm(t("Leave for good? The computer will play your seat."))) WD.tableSend({ type: "leave" });
      } }, t("Leave the table")));
    }
  }
  function follow(m) {
    if (m.type === "snapshot") {
      const wasOpen = P.snap && P.snap.status === "open";
      P.snap = m;
      if (!P.links || wasOpen !== (m.status === "open")) loadLinks();
      if (m.spectator) document.body.classList.add("spectating");
    } else if (m.type === "players" && P.snap) {
      P.snap.players = m.players;
      if (P.owner && P.snap.status === "open") loadLinks();
    } else if (m.type === "play" && P.snap) {
      P.snap.view = m.view;
      return;
    } else return;
    draw();
  }
  document.addEventListener("wd:message", (ev) => follow(ev.detail));

  WD.ready(() => {
    const join = document.getElementById("join");
    if (join) { document.title = t("Join a table") + " · whistdrive"; joinPage(join); }
    if (!document.querySelector('link[href="/static/people.css"]'))
      document.head.append(el("link", { rel: "stylesheet", href: "/static/people.css" }));
  });
})(window.WD);
