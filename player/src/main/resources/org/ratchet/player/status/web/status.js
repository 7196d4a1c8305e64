// The status page: polls /status.json once a second and redraws what changed. No page reload.
"use strict";

(() => {
  const { el, drawState, barChart, lineChart } = Ratchet;
  const $ = id => document.getElementById(id);
  let latest = null;          // the last snapshot
  let fetchedAt = 0;          // our clock when it arrived
  let drawnStateKey = "";     // what the board shows, so it is redrawn only on a new state

  function seconds(ms) { return (ms / 1000).toFixed(ms < 10000 ? 1 : 0) + " s"; }

  function drawMatch(m) {
    $("no-match").hidden = true;
    $("match-facts").hidden = false;
    $("match-id").textContent = m.matchId + (m.over ? " (over)" : "");
    $("game").textContent = m.game + (m.roles.length ? " · roles " + m.roles.join(", ") : "");
    $("role").textContent = m.role;
    $("clocks").textContent = "start " + seconds(m.startClockMillis) + ", play " + seconds(m.playClockMillis);
    $("ply").textContent = m.ply < 0 ? "preparing" : m.ply;
    $("engine").textContent = m.engine || "(none yet)";
    const events = $("engine-events");
    events.replaceChildren(...m.engineEvents.map(e =>
      el("li", {}, new Date(e.at).toLocaleTimeString() + "  " + e.text)));

    const searched = m.moves.filter(p => p.search);
    const last = searched[searched.length - 1];
    if (last) {
      const s = last.search;
      $("last-search").textContent = s.iterations + " iterations, " + Math.round(s.playoutsPerSecond)
        + " playouts/s, " + s.nodes + " of " + s.poolNodes + " nodes, " + s.threads + " threads";
      $("top-moves-ply").textContent = "(ply " + last.ply + ")";
      barChart($("top-moves-chart"), s.top);
    }
    lineChart($("value-chart"), searched.filter(p => p.search.expectedValue >= 0).map(p => ({
      ply: p.ply, value: p.search.expectedValue, flag: p.source !== "search" || p.late })));

    const body = $("moves").tBodies[0];
    body.replaceChildren(...m.moves.slice().reverse().map(p => {
      const s = p.search;
      const source = p.source + (p.late ? " (late)" : "");
      const row = el("tr", { class: p.late ? "late" : p.source });
      for (const [text, cls] of [[p.ply], [p.move, "move"], [source, "source"], [p.tookMillis], [p.engine],
        [s ? s.iterations : ""], [s ? Math.round(s.playoutsPerSecond) : ""],
        [s ? s.nodes + " / " + s.poolNodes : ""], [s && s.expectedValue >= 0 ? s.expectedValue : ""],
        [s && s.provenValue >= 0 ? s.provenValue : ""], [p.note]]) {
        row.append(el("td", cls ? { class: cls } : {}, String(text)));
      }
      return row;
    }));

    const key = m.matchId + "/" + m.state.ply;
    if (key !== drawnStateKey) {
      drawnStateKey = key;
      $("state-ply").textContent = m.state.ply >= 0 ? "(after ply " + m.state.ply
        + (m.state.jointMove.length ? ": " + m.state.jointMove.join(" · ") : "") + ")" : "";
      drawState($("state"), m.state.facts);
      if (m.state.cut) $("state").append(el("p", { class: "warn" }, "more facts than shown"));
    }
  }

  function drawRecent(recent) {
    $("recent").tBodies[0].replaceChildren(...recent.map(r => {
      const row = el("tr", { class: r.aborted ? "fallback" : "" });
      const result = r.aborted ? "aborted" : r.goals.length
        ? r.roles.map((role, i) => role + "=" + r.goals[i]).join(" ") : "unknown";
      row.append(el("td", {}, r.matchId), el("td", {}, r.game), el("td", {}, r.role), el("td", {}, result),
        el("td", { class: "muted" }, r.summary));
      const link = el("td");
      if (r.record) link.append(el("a", { href: "viewer.html?record=" + encodeURIComponent(r.record) }, "view"));
      row.append(link);
      return row;
    }));
  }

  function tick() {
    if (!latest || !latest.match) return;
    const m = latest.match;
    if (m.over || !m.clockEndsAt) { $("time-left").textContent = "-"; return; }
    const now = latest.now + (Date.now() - fetchedAt);
    $("time-left").textContent = seconds(Math.max(0, m.clockEndsAt - now))
      + (m.ply < 0 ? " of the start clock" : " of the play clock");
  }

  async function poll() {
    try {
      const response = await fetch("status.json", { cache: "no-store" });
      latest = await response.json();
      fetchedAt = Date.now();
      $("connection").textContent = "live";
      $("player").textContent = latest.player.name + " · GGP port " + latest.player.ggpPort + " · "
        + latest.player.strategy + " · " + latest.player.threads + " threads";
      if (latest.match) drawMatch(latest.match);
      drawRecent(latest.recent);
      tick();
    } catch (e) {
      $("connection").textContent = "no connection to the player (" + e.message + ")";
    }
  }

  poll();
  setInterval(poll, 1000);
  setInterval(tick, 200);
})();
