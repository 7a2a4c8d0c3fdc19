/* whistdrive cards: every card drawn by our own SVG (no images), crisp at any size.
 * cardSVG(card) returns markup; cardButton(card, opts) a focusable button named "Queen of hearts". */
"use strict";
(function (WD) {
  const SUIT_PATHS = {
    H: "M50 92C22 68 2 50 8 28C13 10 38 6 50 27C62 6 87 10 92 28C98 50 78 68 50 92Z",
    D: "M50 4L86 50L50 96L14 50Z",
    S: "M50 4C64 28 94 42 91 64C89 80 67 86 55 73C57 85 61 92 70 96H30C39 92 43 85 45 73C33 86 11 80 9 64C6 42 36 28 50 4Z",
    C: "M50 8A19 19 0 0 1 63 41A19 19 0 1 1 55 70C57 83 61 91 70 96H30C39 91 43 83 45 70A19 19 0 1 1 37 41A19 19 0 0 1 50 8Z",
  };
  const NS = "http://www.w3.org/2000/svg";
  function sprite() {
    if (document.getElementById("wd-sprite")) return;
    const defs = Object.entries(SUIT_PATHS).map(([s, d]) =>
      `<symbol id="suit-${s}" viewBox="0 0 100 100"><path d="${d}"/></symbol>`).join("") +
      `<pattern id="wd-back" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">` +
      `<rect width="8" height="8" fill="#1d4f91"/><path d="M0 0H8M0 4H8" stroke="#3f78c2" stroke-width="1.6"/></pattern>` +
      `<pattern id="wd-hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">` +
      `<path d="M0 0V6" stroke="#000" stroke-width="2" stroke-opacity=".22"/></pattern>`;
    const holder = document.createElement("div");
    holder.innerHTML = `<svg id="wd-sprite" xmlns="${NS}" width="0" height="0" style="position:absolute" aria-hidden="true"><defs>${defs}</defs></svg>`;
    document.body.prepend(holder.firstChild);
  }
  const COLOURS2 = { S: "#16181d", C: "#16181d", H: "#c8102e", D: "#c8102e" };
  const COLOURS4 = { S: "#16181d", C: "#1c7a33", H: "#c8102e", D: "#1a5fb4" };
  WD.suitColour = (s) => ((WD.settings().fourColour ? COLOURS4 : COLOURS2)[s]);
  const PIPS = {
    2: [[50, 28], [50, 112]],
    3: [[50, 28], [50, 70], [50, 112]],
    4: [[32, 28], [68, 28], [32, 112], [68, 112]],
    5: [[32, 28], [68, 28], [50, 70], [32, 112], [68, 112]],
    6: [[32, 28], [68, 28], [32, 70], [68, 70], [32, 112], [68, 112]],
    7: [[32, 28], [68, 28], [50, 49], [32, 70], [68, 70], [32, 112], [68, 112]],
    8: [[32, 28], [68, 28], [50, 49], [32, 70], [68, 70], [50, 91], [32, 112], [68, 112]],
    9: [[32, 28], [68, 28], [32, 56], [68, 56], [50, 70], [32, 84], [68, 84], [32, 112], [68, 112]],
    T: [[32, 28], [68, 28], [50, 42], [32, 56], [68, 56], [32, 84], [68, 84], [50, 98], [32, 112], [68, 112]],
  };
  function pip(s, x, y, size, flip) {
    const h = size / 2;
    const tr = flip ? ` transform="rotate(180 ${x} ${y})"` : "";
    return `<use href="#suit-${s}" x="${x - h}" y="${y - h}" width="${size}" height="${size}"${tr}/>`;
  }
  WD.cardSVG = function (card) {
    sprite();
    const r = card[0], s = card[1];
    const col = WD.suitColour(s);
    const idx = WD.rankIndex(r);
    const narrow = idx.length > 1;
    const corner = `<text x="${narrow ? 11 : 12}" y="24" text-anchor="middle" font-size="${narrow ? 17 : 21}" ` +
      `font-weight="700" font-family="Georgia,'DejaVu Serif',serif" ${narrow ? 'letter-spacing="-1.5"' : ""}>${idx}</text>` +
      pip(s, 12, 36, 13, false);
    let centre = "";
    if (r === "A") centre = pip(s, 50, 70, 46, false);
    else if ("KQJ".includes(r)) {
      centre = `<rect x="22" y="20" width="56" height="100" rx="4" fill="${col}" fill-opacity=".08" stroke="${col}" stroke-opacity=".55" stroke-width="1.2"/>` +
        `<text x="50" y="84" text-anchor="middle" font-size="46" font-weight="700" font-family="Georgia,'DejaVu Serif',serif">${idx}</text>` +
        pip(s, 33, 33, 14, false) + pip(s, 67, 107, 14, true);
    } else {
      centre = PIPS[r].map(([x, y]) => pip(s, x, y, r === "T" || r === "9" ? 17 : 19, y > 75)).join("");
    }
    return `<svg class="card-face" viewBox="0 0 100 140" xmlns="${NS}" aria-hidden="true" focusable="false">` +
      `<rect x="1" y="1" width="98" height="138" rx="8" fill="#fff" stroke="#9aa3ad" stroke-width="1.2"/>` +
      `<g fill="${col}">${corner}<g transform="rotate(180 50 70)">${corner}</g>${centre}</g></svg>`;
  };
  WD.backSVG = function () {
    sprite();
    return `<svg class="card-back" viewBox="0 0 100 140" xmlns="${NS}" aria-hidden="true" focusable="false">` +
      `<rect x="1" y="1" width="98" height="138" rx="8" fill="#fff" stroke="#9aa3ad" stroke-width="1.2"/>` +
      `<rect x="7" y="7" width="86" height="126" rx="5" fill="url(#wd-back)"/>` +
      `<rect x="12" y="12" width="76" height="116" rx="3" fill="none" stroke="#fff" stroke-opacity=".6"/></svg>`;
  };
  /** A card as an image with an accessible name (not interactive). */
  WD.cardImage = function (card, extraClass) {
    return WD.el("span", { class: "card " + (extraClass || ""), role: "img", "aria-label": WD.cardName(card),
      "data-card": card, html: WD.cardSVG(card) });
  };
  /** A card of your hand: a focusable button; not playable ones are aria-disabled (and hatched),
   * their name and tooltip saying why (opts.why) when it is known. */
  WD.cardButton = function (card, opts) {
    const legal = !!opts.legal;
    const why = opts.playable === false || legal ? "" : WD.t("cannot be played now") + (opts.why ? ": " + opts.why : "");
    const b = WD.el("button", { type: "button", class: "card in-hand " + (legal ? "legal" : "illegal"),
      "aria-label": WD.cardName(card) + (why ? " — " + why : ""), title: why || null,
      "aria-disabled": legal ? "false" : "true", "data-card": card,
      html: WD.cardSVG(card) + (legal ? "" : '<span class="hatch" aria-hidden="true"></span>') });
    if (opts.onPlay) b.addEventListener("click", () => opts.onPlay(card, legal, b));
    return b;
  };
  WD.cardBack = function (extraClass) {
    return WD.el("span", { class: "card back " + (extraClass || ""), "aria-hidden": "true", html: WD.backSVG() });
  };
  // ⏮ ◀ ▶ ⏭ for stepping through a replay or an example, drawn as SVG: not every font has those characters.
  const STEP_PATHS = { first: "M2 2h2.4v12H2zM14 2 5 8l9 6z", prev: "M12.5 2 3.5 8l9 6z", next: "M3.5 2l9 6-9 6z",
    last: "M11.6 2H14v12h-2.4zM2 2l9 6-9 6z" };
  WD.stepIcon = (step) => '<svg viewBox="0 0 16 16" width="1em" height="1em" aria-hidden="true" focusable="false">' +
    '<path fill="currentColor" d="' + STEP_PATHS[step] + '"/></svg>';
  WD.suitIcon = function (s) {
    sprite();
    return WD.el("span", { class: "suit-icon", "aria-hidden": "true",
      html: `<svg viewBox="0 0 100 100" width="1em" height="1em"><use href="#suit-${s}" fill="${WD.suitColour(s)}"/></svg>` });
  };
})(window.WD);
