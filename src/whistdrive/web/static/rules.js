/* Rules pages: each example figure (rules.py) gets its step-through diagram (examples.js) from
 * /api/examples/{id}?lang=..; a highlighted option of the player's table is scrolled into view. */
"use strict";
(function (WD) {
  function need(tag, attrs, test) {
    return new Promise((resolve, reject) => {
      if (test()) { resolve(); return; }
      const e = document.createElement(tag);
      Object.entries(attrs).forEach(([k, v]) => e.setAttribute(k, v));
      e.onload = resolve;
      e.onerror = reject;
      document.head.append(e);
    });
  }
  const unavailable = () => WD.el("p", { class: "muted" }, WD.lang === "ru" ? "Этот пример недоступен." : "This example is not available.");
  async function diagram(fig) {
    const box = fig.querySelector(".ex-diagram") || fig;
    const lang = ["en", "ru"].includes(WD.lang) ? WD.lang : "en";
    try {
      const r = await fetch("/api/examples/" + encodeURIComponent(fig.dataset.example) + "?lang=" + lang);
      if (!r.ok) { box.append(unavailable()); return; }
      const data = await r.json();
      if (!fig.querySelector(".ex-claim") && data.claim) {
        fig.prepend(WD.el("figcaption", { class: "ex-head" }, WD.el("p", { class: "ex-claim" }, data.claim)));
      }
      WD.ExampleDiagram(box, data);
    } catch (e) { box.append(unavailable()); }
  }
  WD.ready(async () => {
    const figs = Array.from(document.querySelectorAll(".rules-example[data-example]"));
    const cur = document.querySelector(".current-option");
    if (cur && !location.hash) cur.scrollIntoView({ block: "start" });
    if (!figs.length) return;
    try {
      await need("link", { rel: "stylesheet", href: "/static/rules.css" }, () => document.querySelector('link[href="/static/rules.css"]'));
      await need("script", { src: "/static/examples.js" }, () => WD.ExampleDiagram);
    } catch (e) { figs.forEach((f) => f.append(unavailable())); return; }
    await Promise.all(figs.map(diagram));
    document.body.dataset.examplesReady = String(figs.length);
    // the diagrams pushed the page down: keep the linked section (or the table's option) in view
    const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : cur;
    if (target) target.scrollIntoView({ block: "start" });
  });
})(window.WD);
