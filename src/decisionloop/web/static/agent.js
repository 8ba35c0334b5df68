// The agent page: start a run (or follow one going, a what-if's), follow its trace over SSE, answer its dialogs.
// Builds DOM, never innerHTML.
"use strict";
(() => {
  const csrf = document.querySelector('meta[name="csrf-token"]').content;
  const $ = (selector, root = document) => root.querySelector(selector);
  const WHO = { system1: "System 1", llm: "LLM", person: "person", code: "code" };
  const OUTCOME = {
    answered: ["Answer", "good"],
    no_answer: ["No answer: no tool result answered the goal", "warn"],
    no_tool: ["Not answered: none of the tools can do this", "warn"],
    declined: ["Not done: a change was not approved", "bad"],
    stopped: ["Stopped: the run was stopped at a held step", "bad"],
    held: ["Not answered: nobody could decide a held step", "bad"],
    step_budget: ["Not answered: the step budget ran out", "bad"],
    time_budget: ["Not answered: the time budget ran out", "bad"],
    call_budget: ["Not answered: the LLM call budget ran out", "bad"],
    interrupted: ["Stopped: you stopped the run", "bad"],
  };
  const state = { run: null, source: null, journal: null, dialog: null, cards: new Map(), whatIf: null };

  function el(tag, attrs = {}, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs)) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "class") node.className = value;
      else if (key === "text") node.textContent = value;
      else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value === true ? "" : value);
    }
    for (const child of children) {
      if (child === null || child === undefined) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  function prob(p) {
    if (typeof p !== "number") return "—";
    if (p === 0 || p === 1) return String(p);
    const text = p.toFixed(3);
    if (text === "0.000") return p.toExponential(1);
    if (text === "1.000") return "1 − " + (1 - p).toExponential(1);
    return text;
  }

  function callText(call) {
    if (!call) return "finish";
    const args = Object.entries(call.args || {}).map(([k, v]) => `${k}=${JSON.stringify(v)}`);
    return `${call.tool}(${args.join(", ")})`;
  }

  const whoBadge = (key) => el("span", { class: `who who-${key}`, text: WHO[key] || key });

  async function post(url, body) {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", "x-csrf-token": csrf },
      body: JSON.stringify(body),
      credentials: "same-origin",
    });
    let data = {};
    try { data = await response.json(); } catch (_) { data = {}; }
    return { ok: response.ok, status: response.status, data };
  }

  // ---- the trace ----
  const trace = $("#trace");

  function card(step) {
    if (!state.cards.has(step)) {
      const title = el("h3", {}, `Step ${step + 1} `, el("span", { class: "who-slot" }), " ", el("code", { class: "call-slot" }));
      const item = el("li", { class: "step-card", "data-step": String(step) }, title);
      state.cards.set(step, item);
      trace.append(item);
    }
    return state.cards.get(step);
  }

  const line = (parent, cls, ...children) => parent.append(el("p", { class: `line ${cls || ""}` }, ...children));

  function answerSummary(qid, answer) {
    if (!answer) return `${qid}: —`;
    if (answer.type === "noul") return `${qid}: yes ${prob(answer.noul)}`;
    if (answer.type === "score") return `${qid}: level ${typeof answer.score === "number" ? answer.score.toFixed(2) : "?"}`;
    const ranked = Object.entries(answer.probabilities || {}).sort((a, b) => b[1] - a[1]).slice(0, 3);
    return `${qid}: ` + ranked.map(([name, p]) => `${name} ${prob(p)}`).join(" · ");
  }

  function showDecisions(event) {
    const target = card(event.step);
    for (const d of event.decisions) {
      const answers = Object.entries(d.answers || {}).map(([qid, a]) => answerSummary(qid, a)).join("; ");
      const reasons = (d.reasons || []).join("; ");
      const item = el("p", { class: "line decision-line" },
        el("strong", { text: `${d.block} → ${d.action}` }),
        el("span", { class: "muted", text: ` · ${answers}` }));
      if (reasons) item.title = reasons;
      target.append(item);
    }
  }

  function showStep(event) {
    const target = card(event.step);
    target.classList.add(`by-${event.decided_by}`);
    $(".who-slot", target).replaceChildren(whoBadge(event.decided_by));
    $(".call-slot", target).textContent = event.stopped ? "stop" : callText(event.call);
    if (state.whatIf && event.step < state.whatIf.step) line(target, "muted", `replayed from run ${state.whatIf.run.slice(0, 8)}, not run again`);
    if (event.note) line(target, "muted", event.note);
  }

  function showObservation(event) {
    const target = card(event.step);
    const mark = event.ok ? "✓" : "✗";
    line(target, event.ok ? "" : "refused", `${mark} ${event.ms} ms${event.source ? " · " + event.source : ""}`);
    target.append(el("pre", { class: "observation", text: event.observation }));
  }

  function llmText(e) {
    const tokens = `${e.input_tokens ?? "?"} in / ${e.output_tokens ?? "?"} out`;
    const outcome = e.error ? `failed: ${e.error}` : e.used ? "used" : "not used";
    return `LLM ${e.purpose.replace("_", " ")} · ${e.model} · ${Math.round(e.ms)} ms · ${tokens} tokens · ${outcome}`;
  }

  function showEnd(event) {
    const [title, kind] = OUTCOME[event.stop] || [`Stopped: ${event.stop}`, "bad"];
    const box = $("#answer");
    const parts = [el("h2", { text: title }), el("p", { class: "answer-text", text: event.answer })];
    if (event.detail && event.detail !== event.answer) parts.push(el("p", { class: "hint", text: event.detail }));
    if (event.sources && event.sources.length) parts.push(el("p", { class: "hint", text: "Sources: " + event.sources.join(", ") }));
    const m = event.meter || {};
    const who = Object.entries(m.deciders || {}).filter(([, n]) => n).map(([k, n]) => `${WHO[k] || k} (${n})`).join(", ");
    parts.push(el("p", { class: "hint", text: `stop: ${event.stop} · ${m.decisions} decisions · ${m.model_calls} LLM calls · ${Math.round(m.wall_ms || 0)} ms · steps decided by: ${who || "none"}` }));
    if (state.journal) parts.push(el("p", {}, el("a", { href: `/runs/${state.journal}`, text: "Open this run's record" })));
    box.className = `answer-card ${kind}`;
    box.dataset.stop = event.stop;
    box.replaceChildren(...parts);
    box.hidden = false;
    finish();
  }

  function showError(message) {
    const box = $("#answer");
    box.className = "answer-card bad";
    box.dataset.stop = "error";
    box.replaceChildren(el("h2", { text: "Not run: an error" }), el("p", { text: message }));
    box.hidden = false;
    finish();
  }

  function handle(event) {
    switch (event.type) {
      case "run": {
        const item = el("li", { class: "goal" }, el("strong", { text: "Goal: " }), event.goal);
        const w = event.what_if_of;
        if (w) {
          item.append(el("p", { class: "hint what-if-of" }, "What-if of run ",
            el("a", { href: `/runs/${w.run}`, text: w.run.slice(0, 8) }),
            `: re-run from step ${w.step + 1} with ${w.block}'s ${w.question} = '${w.option}'`,
            w.step ? `; ${w.step === 1 ? "step 1" : `steps 1–${w.step}`} replayed, not run again.` : "."));
        }
        state.whatIf = w || null;
        trace.append(item);
        if (!goal.value) goal.value = event.goal;
        break;
      }
      case "journal": state.journal = event.run_id; break;
      case "decisions": showDecisions(event); break;
      case "dialog": openDialog(event); break;
      case "answered": answered(event); break;
      case "guard":
        line(card(event.step), "allowed", `allowed without asking (you allowed ${event.call.tool} for this run): ${callText(event.call)}`);
        break;
      case "approved":
        line(card(event.step), event.allowed ? "allowed" : "refused",
          `${event.allowed ? "allowed" : "refused"} by ${event.by}: ${callText(event.call)}${event.note ? " — " + event.note : ""}`);
        break;
      case "tool": line(card(event.step), "mono", `→ ${callText(event.call)}`); break;
      case "observation": showObservation(event); break;
      case "llm": line(card(event.step), "muted", llmText(event)); break;
      case "step": showStep(event); break;
      case "stopping": $("#stop").disabled = true; break;
      case "end": showEnd(event); break;
      case "error": showError(event.message); break;
      default: break;
    }
  }

  // ---- dialogs ----
  const dialogs = { held: $("#held-dialog"), approval: $("#guard-dialog"), ask: $("#ask-dialog") };

  function openDialog(event) {
    state.dialog = event;
    const dialog = dialogs[event.kind];
    $(".error", dialog).textContent = "";
    if (event.kind === "held") fillHeld(event);
    else if (event.kind === "approval") fillGuard(event);
    else fillAsk(event);
    if (event.kind === "held") {
      const target = card(event.step);
      line(target, "held", "held: " + event.holds.map((h) => h.detail).join("; "));
    } else if (event.kind === "approval") {
      line(card(event.step), "held", `asks your OK: ${callText(event.call)}`);
    }
    const what = { held: `Step ${event.step + 1} is held for you.`, approval: "A call waits for your OK.", ask: "The agent asks you something." };
    $("#waiting-text").textContent = what[event.kind];
    show(dialog);
  }

  function show(dialog) {
    $("#waiting").hidden = true;
    if (!dialog.open) dialog.showModal();
    const focus = $("[autofocus]", dialog) || $("input:checked", dialog) || $("input, select, button", dialog);
    if (focus) focus.focus();
  }

  function answered(event) {
    if (!state.dialog || state.dialog.dialog !== event.dialog) return;
    const dialog = dialogs[state.dialog.kind];
    state.dialog = null;
    $("#waiting").hidden = true;
    if (dialog.open) dialog.close();
  }

  for (const dialog of Object.values(dialogs)) {
    // Esc closes a dialog without answering it: the run keeps waiting, and the banner reopens it.
    dialog.addEventListener("close", () => { if (state.dialog) $("#waiting").hidden = false; });
  }
  $("#reopen").addEventListener("click", () => { if (state.dialog) show(dialogs[state.dialog.kind]); });

  async function send(body) {
    if (!state.dialog || !state.run) return;
    const dialog = dialogs[state.dialog.kind];
    const result = await post(`/api/runs/${state.run}/answer`, { dialog: state.dialog.dialog, ...body });
    if (result.ok || result.status === 409) {
      state.dialog = null;
      dialog.close();
      $("#waiting").hidden = true;
    } else {
      $(".error", dialog).textContent = result.data.error || `refused (${result.status})`;
    }
  }

  function fillHeld(event) {
    const dialog = dialogs.held;
    const why = [el("p", { text: `Goal: ${event.goal}` }), el("p", { class: "hint", text: "Held because:" }),
      el("ul", { class: "holds" }, ...event.holds.map((h) => el("li", { text: h.detail })))];
    why.push(el("p", { text: "System 1 proposed: " + (event.proposes_stop ? "finish (the goal is met)" : callText(event.proposal)) }));
    $(".why", dialog).replaceChildren(...why);
    const p = new Map(event.picks.map(([tool, value]) => [tool, value]));
    const tools = [...event.tools].sort((a, b) => (p.get(b.id) ?? -1) - (p.get(a.id) ?? -1));
    const chosen = event.proposal ? event.proposal.tool : (event.picks[0] || [tools[0] && tools[0].id])[0];
    const option = (tool) => el("label", {},
      el("input", { type: "radio", name: "tool", value: tool.id, checked: tool.id === chosen, onchange: () => fillSlots(event) }),
      el("span", {}, el("code", { text: tool.id }), el("span", { class: "muted", text: ` ${tool.description}` })),
      el("span", { class: "p", text: p.has(tool.id) ? prob(p.get(tool.id)) : "" }));
    // System 1's top picks (and the proposal) first; the other tools one click away, so the dialog stays short.
    const top = tools.filter((t) => p.has(t.id) || t.id === chosen);
    const rest = tools.filter((t) => !top.includes(t));
    const others = rest.length
      ? el("details", { class: "other-tools" }, el("summary", { text: `Other tools (${rest.length})` }), ...rest.map(option))
      : null;
    $(".tools", dialog).replaceChildren(...top.map(option), ...(others ? [others] : []));
    fillSlots(event);
  }

  function fillSlots(event) {
    const dialog = dialogs.held;
    const picked = $("input[name=tool]:checked", dialog);
    const tool = event.tools.find((t) => picked && t.id === picked.value);
    const box = $(".slots", dialog);
    if (!tool) { box.replaceChildren(); return; }
    const given = event.proposal && event.proposal.tool === tool.id ? event.proposal.args : {};
    const fields = tool.slots.map((slot, i) => {
      const id = `slot-${i}`;
      const text = `${slot.name}${slot.required ? "" : " (optional)"}: ${slot.instruction} (${slot.type})`;
      let input;
      if (slot.fixed.length) {
        input = el("select", { id, name: slot.name },
          ...(slot.required ? [] : [el("option", { value: "", text: "(leave out)" })]),
          ...slot.fixed.map((o) => el("option", { value: o, text: o, selected: given[slot.name] === o })));
      } else {
        const listed = (event.spans[slot.name] || []).length > 0;
        input = el("input", { id, name: slot.name, value: given[slot.name] || "", list: listed ? `${id}-list` : null, autocomplete: "off" });
      }
      const wrap = el("div", { class: "slot" }, el("label", { for: id, text }), input);
      const spans = slot.fixed.length ? [] : event.spans[slot.name] || [];
      if (spans.length) wrap.append(el("datalist", { id: `${id}-list` }, ...spans.map((s) => el("option", { value: s }))));
      return wrap;
    });
    box.replaceChildren(...fields);
  }

  $("form", dialogs.held).addEventListener("submit", (e) => {
    e.preventDefault();
    const dialog = dialogs.held;
    const picked = $("input[name=tool]:checked", dialog);
    if (!picked) { $(".error", dialog).textContent = "Pick a tool, or finish or stop."; return; }
    const args = {};
    for (const field of dialog.querySelectorAll(".slots input, .slots select")) if (field.value.trim()) args[field.name] = field.value;
    send({ action: "call", tool: picked.value, args });
  });
  for (const button of dialogs.held.querySelectorAll("button[type=button]")) {
    button.addEventListener("click", () => send({ action: button.value }));
  }

  function fillGuard(event) {
    const dialog = dialogs.approval;
    $(".call", dialog).textContent = callText(event.call);
    const effect = event.effect ? event.effect.text : "its effect was not worked out";
    $(".effect", dialog).replaceChildren(el("strong", { text: `This ${event.side_effect}.` }), " ", effect);
    const trust = $("button[value=trust]", dialog);
    trust.textContent = `Allow ${event.call.tool} for the rest of this run`;
  }
  for (const button of dialogs.approval.querySelectorAll("button")) {
    button.addEventListener("click", () => send({ action: button.value }));
  }

  function fillAsk(event) {
    const dialog = dialogs.ask;
    $(".question", dialog).textContent = event.question;
    $("#ask-text").value = "";
  }
  $("form", dialogs.ask).addEventListener("submit", (e) => { e.preventDefault(); send({ action: "answer", text: $("#ask-text").value }); });
  $("button[value=skip]", dialogs.ask).addEventListener("click", () => send({ action: "skip" }));

  // ---- run and stop ----
  const form = $("#run-form");
  const goal = $("#goal");

  function busy(on) {
    $("#run").disabled = on;
    $("#stop").disabled = !on;
    for (const b of document.querySelectorAll(".preset")) b.disabled = on;
  }

  function finish() {
    if (state.source) state.source.close();
    state.source = null;
    state.dialog = null;
    for (const d of Object.values(dialogs)) if (d.open) d.close();
    $("#waiting").hidden = true;
    busy(false);
    $("#answer").focus();
  }

  function reset() {
    trace.replaceChildren();
    state.cards = new Map();
    state.journal = null;
    state.whatIf = null;
    $("#answer").hidden = true;
    $("#empty").hidden = true;
    busy(true);
  }

  async function start(text, preset) {
    if (state.source || !text.trim()) return;
    reset();
    const result = await post("/api/runs", { goal: text, preset });
    if (!result.ok) { showError(result.data.error || `refused (${result.status})`); return; }
    follow(result.data.id, result.data.events);
  }

  function follow(id, events) {
    state.run = id;
    if (window.innerWidth <= 900) $(".trace-pane").scrollIntoView({ block: "start" });
    const source = new EventSource(events);
    state.source = source;
    source.onmessage = (message) => handle(JSON.parse(message.data));
    // The browser retries a dropped stream by itself (resuming after the last event); once it gives up, say so.
    source.onerror = () => {
      if (source.readyState === EventSource.CLOSED && state.source === source) {
        showError("The connection to this run was lost; its record is on the Sessions page.");
      }
    };
  }

  form.addEventListener("submit", (e) => { e.preventDefault(); start(goal.value, false); });
  goal.addEventListener("keydown", (e) => {
    if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) { e.preventDefault(); start(goal.value, false); }
  });
  for (const button of document.querySelectorAll(".preset")) {
    button.addEventListener("click", () => { goal.value = button.dataset.goal; start(button.dataset.goal, true); });
  }
  $("#stop").addEventListener("click", () => { if (state.run) post(`/api/runs/${state.run}/stop`, {}); });

  const live = $(".trace-pane").dataset.live;  // a run this page was opened to follow (a what-if)
  if (live) { reset(); follow(live, `/api/runs/${live}/events`); }
})();
