// Shared by the status page and the match viewer: reading facts, drawing a board, two small SVG charts.
// Plain JavaScript, no libraries and no build step: the files are served as they are from the jar.
"use strict";

const Ratchet = (() => {
  const SVG = "http://www.w3.org/2000/svg";

  function el(tag, attrs, text) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function svgEl(tag, attrs) {
    const node = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    return node;
  }

  // "(cell 1 2 x)" -> ["cell", "1", "2", "x"]; null for a fact with nested terms or a bare constant.
  function flatFact(fact) {
    const text = fact.trim();
    if (!text.startsWith("(") || !text.endsWith(")")) return null;
    const inner = text.slice(1, -1);
    if (inner.includes("(") || inner.includes(")")) return null;
    return inner.trim().split(/\s+/);
  }

  const EMPTY = new Set(["b", "blank", "empty", "e", "-", "_", "none", "nil", "0"]);

  function compareValues(a, b) {
    const na = Number(a), nb = Number(b);
    if (!Number.isNaN(na) && !Number.isNaN(nb)) return na - nb;
    return a < b ? -1 : a > b ? 1 : 0;
  }

  // The board among the facts, found by the shape of the arguments, never by the game's name: the relation
  // with two or three leading arguments of small domains (2-26 values each, the coordinates) and one last
  // argument (the piece), with one fact per square for most squares. Null if no relation has that form.
  function findBoard(facts) {
    const groups = new Map();
    for (const fact of facts) {
      const parts = flatFact(fact);
      if (!parts || (parts.length !== 4 && parts.length !== 5)) continue;
      const key = parts[0] + "/" + (parts.length - 1);
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(parts);
    }
    let best = null;
    for (const [key, rows] of groups) {
      const xs = new Set(rows.map(r => r[1]));
      const ys = new Set(rows.map(r => r[2]));
      const squares = new Set(rows.map(r => r[1] + " " + r[2]));
      if (rows.length < 4 || xs.size < 2 || ys.size < 2 || xs.size > 26 || ys.size > 26) continue;
      if (squares.size * 2 < rows.length) continue;
      if (!best || rows.length > best.rows.length) best = { relation: key, rows, xs, ys };
    }
    if (!best) return null;
    const pieces = new Map();
    for (const r of best.rows) {
      const square = r[1] + " " + r[2];
      const piece = r.slice(3).join(" ");
      pieces.set(square, pieces.has(square) ? pieces.get(square) + "," + piece : piece);
    }
    return {
      relation: best.relation,
      xs: [...best.xs].sort(compareValues),
      ys: [...best.ys].sort(compareValues),
      pieces,
    };
  }

  // Draws the facts into `container`: a board where there is one, and always the plain list of facts.
  function drawState(container, facts) {
    container.replaceChildren();
    const board = findBoard(facts);
    if (board) {
      const table = el("table", { class: "board", "data-relation": board.relation });
      const head = el("tr");
      head.append(el("th"));
      for (const x of board.xs) head.append(el("th", {}, x));
      table.append(head);
      for (const y of board.ys) {
        const row = el("tr");
        row.append(el("th", {}, y));
        for (const x of board.xs) {
          const piece = board.pieces.get(x + " " + y);
          const shown = piece === undefined || EMPTY.has(piece.toLowerCase()) ? "" : piece;
          row.append(el("td", { class: "cell" + (shown ? " piece" : ""), "data-x": x, "data-y": y,
            title: "(" + board.relation.split("/")[0] + " " + x + " " + y + " " + (piece || "") + ")" }, shown));
        }
        table.append(row);
      }
      container.append(table);
    }
    const list = el("ul", { class: "facts" });
    for (const fact of facts) list.append(el("li", {}, fact));
    const details = el("details", board ? {} : { open: "" });
    details.append(el("summary", {}, facts.length + " facts"), list);
    container.append(details);
  }

  // A horizontal bar chart of the root's moves: bar length is visits, the label gives visits and mean value.
  function barChart(svg, moves) {
    svg.replaceChildren();
    const rowHeight = 22, width = 560, labelWidth = 180;
    svg.setAttribute("viewBox", "0 0 " + width + " " + Math.max(rowHeight, moves.length * rowHeight));
    const most = Math.max(1, ...moves.map(m => m.visits));
    moves.forEach((m, i) => {
      const y = i * rowHeight;
      const label = svgEl("text", { x: 4, y: y + 15, class: "bar-label" });
      label.textContent = m.move.length > 24 ? m.move.slice(0, 23) + "…" : m.move;
      const length = Math.max(1, (width - labelWidth - 110) * m.visits / most);
      const bar = svgEl("rect", { x: labelWidth, y: y + 3, width: length, height: rowHeight - 6,
        class: "bar" + (m.provenValue >= 0 ? " proven" : "") });
      const value = svgEl("text", { x: labelWidth + length + 6, y: y + 15, class: "bar-value" });
      value.textContent = m.visits + " · " + m.meanValue.toFixed(1) + (m.provenValue >= 0 ? " · proven " + m.provenValue : "");
      svg.append(label, bar, value);
    });
  }

  // A line chart of values 0-100 by ply; points marked where the move was not the search's own in time.
  function lineChart(svg, points) {
    svg.replaceChildren();
    const width = 560, height = 160, pad = 28;
    svg.setAttribute("viewBox", "0 0 " + width + " " + height);
    for (const v of [0, 50, 100]) {
      const y = height - pad - (height - 2 * pad) * v / 100;
      svg.append(svgEl("line", { x1: pad, x2: width - 4, y1: y, y2: y, class: "grid" }));
      const t = svgEl("text", { x: 2, y: y + 4, class: "axis" });
      t.textContent = v;
      svg.append(t);
    }
    if (points.length === 0) return;
    const last = Math.max(1, points[points.length - 1].ply);
    const px = p => pad + (width - pad - 8) * p.ply / last;
    const py = p => height - pad - (height - 2 * pad) * p.value / 100;
    const line = svgEl("polyline", { class: "value-line",
      points: points.map(p => px(p).toFixed(1) + "," + py(p).toFixed(1)).join(" ") });
    svg.append(line);
    for (const p of points) {
      svg.append(svgEl("circle", { cx: px(p), cy: py(p), r: p.flag ? 4 : 2.5, class: "point" + (p.flag ? " flagged" : "") }));
    }
  }

  return { el, drawState, findBoard, barChart, lineChart };
})();
