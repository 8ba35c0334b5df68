// The run page: a node of the graph opens its panel in the inspector (a click, or Enter or Space on the focused
// node); Escape or Close shuts it and gives the focus back to the node. A what-if form starts a new run from its
// step and follows it on the agent page. Builds no HTML: the panels are on the page already.
"use strict";
(() => {
  const inspector = document.getElementById("inspector");
  if (!inspector) return;
  const csrf = document.querySelector('meta[name="csrf-token"]').content;
  const nodes = [...document.querySelectorAll(".graph .node")];
  let current = null;

  function open(node, { focus = true } = {}) {
    const panel = document.getElementById(node.getAttribute("aria-controls"));
    if (!panel) return;
    if (current) shut(current, { refocus: false });
    current = node;
    node.setAttribute("aria-expanded", "true");
    panel.hidden = false;
    inspector.classList.add("open");
    history.replaceState(null, "", `#${node.id}`);
    if (focus) panel.querySelector("h3").focus();
  }

  function shut(node, { refocus = true } = {}) {
    const panel = document.getElementById(node.getAttribute("aria-controls"));
    if (panel) panel.hidden = true;
    node.setAttribute("aria-expanded", "false");
    inspector.classList.remove("open");
    current = null;
    if (refocus) {
      history.replaceState(null, "", location.pathname + location.search);
      node.focus();
    }
  }

  for (const node of nodes) node.addEventListener("click", () => open(node));
  inspector.querySelector(".inspector-close").addEventListener("click", () => { if (current) shut(current); });
  inspector.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && current) { e.preventDefault(); shut(current); }
  });
  const linked = location.hash && document.getElementById(location.hash.slice(1));
  if (linked && nodes.includes(linked)) open(linked, { focus: false });

  for (const form of document.querySelectorAll("form.what-if")) {
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      const button = form.querySelector("button");
      const error = form.querySelector(".error");
      button.disabled = true;
      error.textContent = "";
      const body = {
        run: form.dataset.run,
        step: Number(form.dataset.step),
        block: form.dataset.block,
        question: form.dataset.question,
        option: form.querySelector("select").value,
      };
      const response = await fetch("/api/what-ifs", {
        method: "POST",
        headers: { "content-type": "application/json", "x-csrf-token": csrf },
        body: JSON.stringify(body),
        credentials: "same-origin",
      });
      let data = {};
      try { data = await response.json(); } catch (_) { data = {}; }
      if (response.ok) { location.assign(data.url); return; }
      error.textContent = data.error || `refused (${response.status})`;
      button.disabled = false;
    });
  }
})();
