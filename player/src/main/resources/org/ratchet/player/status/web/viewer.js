// The match viewer: opens a match record (the ggp.org JSON written by `ratchet match` and by the player for its
// own matches) and steps through it state by state, with the board and the moves of each role.
"use strict";

(() => {
  const { el, drawState } = Ratchet;
  const $ = id => document.getElementById(id);
  let record = null;
  let step = 0;

  // "((cell 1 1 x) (control o))" -> ["(cell 1 1 x)", "(control o)"]: the top-level terms of a state.
  function stateFacts(text) {
    const facts = [];
    let depth = 0, start = -1;
    const inner = text.trim().replace(/^\(/, "").replace(/\)$/, "");
    for (let i = 0; i < inner.length; i++) {
      const c = inner[i];
      if (c === "(") { if (depth === 0) start = i; depth++; }
      else if (c === ")") { depth--; if (depth === 0) facts.push(inner.slice(start, i + 1)); }
      else if (depth === 0 && !/\s/.test(c)) {
        let j = i;
        while (j < inner.length && !/[\s()]/.test(inner[j])) j++;
        facts.push(inner.slice(i, j));
        i = j - 1;
      }
    }
    return facts;
  }

  function show(newRecord, name) {
    if (!Array.isArray(newRecord.states) || !Array.isArray(newRecord.moves)) {
      $("load-status").textContent = name + " is not a match record (no states or moves)";
      return;
    }
    record = newRecord;
    const roles = record.gameRoleNames || [];
    $("load-status").textContent = name;
    $("match-id").textContent = record.matchId || "";
    $("game").textContent = record.gameName || "";
    $("players").textContent = roles.map((r, i) => r + ": " + ((record.playerNamesFromHost || [])[i] || "?")).join(", ");
    $("result").textContent = record.isAborted ? "aborted" : record.goalValues
      ? roles.map((r, i) => r + "=" + record.goalValues[i]).join(" ") : "not completed";
    const head = $("moves-head");
    head.replaceChildren(el("th", {}, "turn"), ...roles.map(r => el("th", {}, r)));
    $("moves").tBodies[0].replaceChildren(...record.moves.map((joint, i) => {
      const row = el("tr", { "data-turn": i + 1 });
      row.append(el("td", {}, String(i + 1)), ...joint.map(m => el("td", { class: "move" }, m)));
      row.addEventListener("click", () => go(i + 1));
      return row;
    }));
    $("step").max = record.states.length - 1;
    const wantedStep = new URLSearchParams(location.search).get("step");
    go(wantedStep === "last" ? record.states.length - 1 : Number(wantedStep) || 0);
  }

  function go(to) {
    if (!record) return;
    step = Math.max(0, Math.min(record.states.length - 1, to));
    $("step").value = step;
    const joint = step > 0 ? record.moves[step - 1] : null;
    $("step-label").textContent = "state " + step + " of " + (record.states.length - 1)
      + (joint ? " after " + joint.join(" · ") : " (initial)");
    drawState($("state"), stateFacts(record.states[step]));
    for (const row of $("moves").tBodies[0].rows) {
      row.classList.toggle("late", Number(row.dataset.turn) === step);
    }
  }

  async function load(name) {
    $("load-status").textContent = "loading " + name + "…";
    try {
      const response = await fetch("records/" + encodeURIComponent(name), { cache: "no-store" });
      if (!response.ok) throw new Error("HTTP " + response.status);
      show(await response.json(), name);
    } catch (e) {
      $("load-status").textContent = "cannot load " + name + ": " + e.message;
    }
  }

  $("first").addEventListener("click", () => go(0));
  $("prev").addEventListener("click", () => go(step - 1));
  $("next").addEventListener("click", () => go(step + 1));
  $("last").addEventListener("click", () => go(record ? record.states.length - 1 : 0));
  $("step").addEventListener("input", e => go(Number(e.target.value)));
  document.addEventListener("keydown", e => {
    if (e.key === "ArrowRight") go(step + 1);
    if (e.key === "ArrowLeft") go(step - 1);
  });
  $("record-list").addEventListener("change", e => { if (e.target.value) load(e.target.value); });
  $("record-file").addEventListener("change", e => {
    const file = e.target.files[0];
    if (!file) return;
    file.text().then(text => show(JSON.parse(text), file.name))
      .catch(err => { $("load-status").textContent = "cannot read " + file.name + ": " + err.message; });
  });

  fetch("records.json", { cache: "no-store" }).then(r => r.json()).then(names => {
    $("record-list").append(...names.map(n => el("option", { value: n }, n)));
  }).catch(() => {});
  const wanted = new URLSearchParams(location.search).get("record");
  if (wanted) load(wanted);
})();
