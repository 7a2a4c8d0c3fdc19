/* Rules pages: each {{example:ID}} placeholder becomes a step-through diagram from the example's record. */
"use strict";
(function (WD) {
  WD.ready(() => {
    document.querySelectorAll(".rules-example[data-example]").forEach(async (box) => {
      const id = box.dataset.example;
      try {
        const r = await fetch("/api/examples/" + encodeURIComponent(id));
        if (!r.ok) { box.append(WD.el("p", { class: "muted" }, WD.t("This example is not available yet."))); return; }
        const data = await r.json();
        WD.Replay(box, data, { label: WD.t("Example") + " " + id, human: null });
      } catch (e) { box.append(WD.el("p", { class: "muted" }, WD.t("This example is not available yet."))); }
    });
    const cur = document.querySelector(".current-option");
    if (cur && !location.hash) cur.scrollIntoView({ block: "start" });
  });
})(window.WD);
