// The Evaluate page: upload an eval JSON or run one (progress over SSE), and re-route on every slider move.
"use strict";
(() => {
  const csrf = document.querySelector('meta[name="csrf-token"]').content;
  const $ = (id) => document.getElementById(id);

  async function post(url, body, headers) {
    const response = await fetch(url, { method: "POST", body, headers: { "x-csrf-token": csrf, ...headers } });
    const data = await response.json().catch(() => ({ error: `HTTP ${response.status}` }));
    if (!response.ok) throw new Error(data.error || `HTTP ${response.status}`);
    return data;
  }

  function status(text) {
    $("eval-status").textContent = text;
  }

  const upload = $("eval-upload");
  upload.addEventListener("change", async () => {
    const file = upload.files[0];
    if (!file) return;
    status(`reading ${file.name}…`);
    try {
      const opened = await post("/api/evals", file, { "content-type": "application/json", "x-file-name": file.name });
      window.location.assign(opened.url);
    } catch (err) {
      status(String(err.message));
    }
  });

  const run = $("eval-run");
  run.addEventListener("click", async () => {
    run.disabled = true;
    const bar = $("eval-progress");
    bar.hidden = false;
    bar.value = 0;
    status("starting…");
    try {
      const job = await post("/api/evals/run", "{}", { "content-type": "application/json" });
      const stream = new EventSource(job.events);
      stream.onmessage = (message) => {
        const event = JSON.parse(message.data);
        if (event.type === "progress") {
          bar.max = event.total;
          bar.value = event.done;
          status(`${event.what}: ${event.done} of ${event.total} tasks`);
        } else if (event.type === "end") {
          stream.close();
          status(`wrote ${event.file}`);
          window.location.assign(`/evaluate?eval=${encodeURIComponent(event.eval)}`);
        } else if (event.type === "error") {
          stream.close();
          status(event.message);
          run.disabled = false;
        }
      };
      stream.onerror = () => {
        stream.close();
        run.disabled = false;
      };
    } catch (err) {
      status(String(err.message));
      run.disabled = false;
    }
  });

  const gates = document.querySelector(".eval-gates");
  if (!gates) return;
  const sliders = [...gates.querySelectorAll("input[type=range]")];
  const results = $("eval-results");
  let asked = 0;

  function filter() {
    const want = { category: $("f-category").value, route: $("f-route").value, outcome: $("f-outcome").value };
    let shown = 0;
    const steps = results.querySelectorAll(".eval-step");
    for (const step of steps) {
      const keep = Object.entries(want).every(([key, value]) => !value || step.dataset[key] === value);
      step.hidden = !keep;
      shown += keep ? 1 : 0;
    }
    $("f-count").textContent = `${shown} of ${steps.length} steps shown`;
  }

  async function reroute() {
    const mine = ++asked;
    const thresholds = Object.fromEntries(sliders.map((s) => [s.dataset.key, Number(s.value)]));
    const kept = ["f-category", "f-route", "f-outcome"].map((id) => [id, $(id).value]);
    try {
      const data = await post(`/api/evals/${gates.dataset.eval}/reroute`, JSON.stringify({ thresholds }), {
        "content-type": "application/json",
      });
      if (mine !== asked) return; // a later move is on its way; show only the latest
      $("reroute-error").textContent = "";
      results.innerHTML = data.html;
      for (const [id, value] of kept) $(id).value = value;
      bindFilters();
      filter();
    } catch (err) {
      if (mine === asked) $("reroute-error").textContent = String(err.message);
    }
  }

  function bindFilters() {
    for (const id of ["f-category", "f-route", "f-outcome"]) $(id).addEventListener("change", filter);
  }

  for (const slider of sliders) {
    const shown = gates.querySelector(`output[for="${slider.id}"]`);
    slider.addEventListener("input", () => {
      shown.textContent = slider.value;
      reroute();
    });
  }
  bindFilters();
  filter();
})();
