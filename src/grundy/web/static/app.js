// grundy playground: plain JavaScript over the JSON API (no framework, no build step).
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  const SVG_NS = "http://www.w3.org/2000/svg";

  const OUTCOME_WORDS = {
    N: "the player to move wins (N-position)",
    P: "the player to move loses (P-position)",
    D: "a draw with perfect play",
    L: "Left wins whoever starts (L-position)",
    R: "Right wins whoever starts (R-position)",
  };
  // Keys of a solve answer shown in their own place; any other key is listed as it comes.
  const SHOWN = new Set([
    "position", "play", "outcome", "grundy", "winning_moves", "move_descriptions", "method",
    "explanation", "positions_searched", "winning_moves_total", "winning_moves_truncated",
    "value", "remoteness", "canonical_braces", "right_winning_moves",
    "right_move_descriptions", "right_winning_moves_total",
  ]);

  // ----- talking to the server -------------------------------------------------
  async function api(path, params) {
    const url = path + "?" + new URLSearchParams(params).toString();
    let response;
    try {
      response = await fetch(url, { headers: { Accept: "application/json" } });
    } catch (e) {
      throw new Error("the server cannot be reached (is grundy serve still running?)");
    }
    let body = null;
    try {
      body = await response.json();
    } catch (e) {
      body = null;
    }
    if (!response.ok) {
      throw new Error((body && body.error) || "the server answered " + response.status);
    }
    return body;
  }

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "class") node.className = v;
      else if (k === "text") node.textContent = v;
      else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
      else node.setAttribute(k, v === true ? "" : v);
    }
    for (const c of children) {
      if (c === null || c === undefined) continue;
      node.append(typeof c === "string" ? document.createTextNode(c) : c);
    }
    return node;
  }

  function svg(tag, attrs, text) {
    const node = document.createElementNS(SVG_NS, tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function showError(id, message) {
    const box = $(id);
    box.textContent = message || "";
    box.hidden = !message;
  }

  const misere = () => ($("misere").checked ? "1" : "0");

  // ----- the answer --------------------------------------------------------------
  async function solve(spec, prefill = true) {
    showError("ask-error", "");
    $("solve-button").disabled = true;
    $("answer-body").replaceChildren(el("p", { class: "muted", text: "Solving…" }));
    try {
      const r = await api("/api/solve", { spec: spec, misere: misere() });
      renderAnswer(r);
      const first = spec.trim().split(/\s+/)[0];
      if (prefill && first && !spec.includes("+") && r.grundy !== null) $("table-game").value = first;
      startGame(r.position, r.canonical !== null && r.canonical !== undefined);
    } catch (e) {
      showError("ask-error", e.message);
      $("answer-body").replaceChildren(el("p", { class: "muted", text: "No answer." }));
    } finally {
      $("solve-button").disabled = false;
    }
  }

  function specButton(spec) {
    return el("button", {
      type: "button", class: "spec-link", text: spec, title: "Solve this position",
      onclick: () => { $("spec").value = spec; solve(spec); },
    });
  }

  // A partisan answer's list of winning first moves for one side.
  function sideMoves(who, moves, words, total, id) {
    if (!moves || !moves.length) {
      return [el("h3", { text: who + " moving first: no winning move" })];
    }
    const list = el("ul", { class: "winning", id: id });
    moves.forEach((spec, i) => list.append(el("li", {}, words[i] + " → ", specButton(spec))));
    if (total > moves.length) {
      list.append(el("li", { class: "muted", text: "… list cut at " + moves.length + " (" + total.toLocaleString() + " in all)" }));
    }
    return [el("h3", { text: who + " wins moving first with " + total.toLocaleString() + (total === 1 ? " move" : " moves") }), list];
  }

  function renderAnswer(r) {
    const body = [];
    body.push(el("p", { class: "position-line" }, el("code", { text: r.position }), " ",
      el("span", { class: "muted", text: r.value !== null ? "" :
        r.play === "misere" ? "(misère play: the last mover loses)" : "(normal play: the last mover wins)" })));
    body.push(el("div", { class: "verdict" },
      el("span", { class: "badge " + r.outcome, id: "outcome", text: r.outcome }),
      el("span", { class: "verdict-text", text: OUTCOME_WORDS[r.outcome] || r.outcome })));
    const facts = el("dl", { class: "facts" });
    const fact = (name, value, cls) => {
      facts.append(el("dt", { text: name }), el("dd", { class: cls || null }, value));
    };
    if (r.grundy !== null && r.grundy !== undefined) fact("Grundy value", el("span", { class: "big-number", id: "grundy-value", text: String(r.grundy) }));
    if (r.value !== null && r.value !== undefined) {
      const n = r.remoteness;
      const extra = n === null || n === undefined ? "" : n === 1 ? " in 1 move" : " in " + n + " moves";
      fact("Value", el("span", { class: "big-number", text: r.value + extra }));
    }
    for (const [key, value] of Object.entries(r)) {
      if (SHOWN.has(key) || value === null || value === undefined) continue;
      const name = key.charAt(0).toUpperCase() + key.slice(1).replace(/_/g, " ");
      fact(name === "Canonical" ? "Canonical value" : name,
        el("span", { class: "big-number", text: typeof value === "object" ? JSON.stringify(value) : String(value) }));
    }
    if (r.canonical_braces && r.canonical_braces !== r.canonical) {
      fact("In braces", el("code", { class: "braces", text: r.canonical_braces }));
    }
    body.push(facts);
    const partisan = r.canonical !== null && r.canonical !== undefined;
    if (partisan) {
      body.push(...sideMoves("Left", r.winning_moves, r.move_descriptions, r.winning_moves_total, "winning-moves"));
      body.push(...sideMoves("Right", r.right_winning_moves, r.right_move_descriptions, r.right_winning_moves_total, "right-winning-moves"));
    }
    const n = partisan ? 0 : r.winning_moves.length;
    if (n) {
      const kind = r.value === "draw" || r.value === "loss" ? "Best move" : "Winning move";
      body.push(el("h3", { text: n === 1 ? kind : kind + "s (" + n + ")" }));
      const list = el("ul", { class: "winning", id: "winning-moves" });
      r.winning_moves.forEach((spec, i) => {
        list.append(el("li", {}, r.move_descriptions[i] + " → ", specButton(spec)));
      });
      if (r.winning_moves_truncated) {
        const total = r.winning_moves_total;
        list.append(el("li", { class: "muted", text: "… list cut at " + n +
          (total !== null ? " (" + total.toLocaleString() + " in all)" : "") }));
      }
      body.push(list);
    } else if (r.outcome === "P" && !partisan) {
      body.push(el("p", { text: "No winning move: every move leads to a position the opponent wins." }));
    }
    if (r.explanation && r.explanation.length) {
      body.push(el("h3", { text: "Why:" }));
      body.push(el("pre", { class: "why", id: "why", text: r.explanation.join("\n") }));
    }
    body.push(el("p", { class: "method", id: "method" }, el("strong", { text: "Method: " }), r.method));
    $("answer-body").replaceChildren(...body);
  }

  // ----- play ----------------------------------------------------------------------
  const game = {
    start: null,     // the position the game began from
    spec: null,      // the position now
    data: null,      // /api/moves for it
    turn: "human",   // who is to move
    partisan: false, // Left and Right have different moves: the user plays $("side")
    history: [],     // [{spec, log}] before each of the human's moves
    log: [],         // [{who, words}]
    busy: false,
    token: 0,        // a newer game makes older replies stale
  };

  function setStatus(text, cls) {
    const s = $("status");
    s.textContent = text;
    s.className = "status" + (cls ? " " + cls : "");
  }

  function renderLog() {
    $("log").replaceChildren(...game.log.map((m) =>
      el("li", { class: m.who, text: (m.who === "human" ? "You: " : "Computer: ") + m.words })));
    $("undo").disabled = game.busy || game.history.length === 0;
  }

  async function startGame(spec, partisan) {
    game.start = spec;
    game.partisan = Boolean(partisan);
    $("side-choice").hidden = !game.partisan;
    newGame();
  }

  // The query for /api/moves: in a partisan game, the side of the player to move.
  function movesQuery() {
    const q = { spec: game.spec, misere: misere() };
    if (game.partisan) {
      const mine = $("side").value;
      q.side = game.turn === "human" ? mine : (mine === "L" ? "R" : "L");
    }
    return q;
  }

  async function newGame() {
    if (!game.start) return;
    game.token += 1;
    game.spec = game.start;
    game.history = [];
    game.log = [];
    game.busy = false;
    $("hint-text").hidden = true;
    setStatus("Setting up the board…");
    renderLog();
    if ($("computer-first").checked) {
      await computerMove(game.token);
    } else {
      game.turn = "human";
      await showPosition(game.token);
    }
  }

  async function showPosition(token) {
    game.busy = true;
    renderLog();
    try {
      const data = await api("/api/moves", movesQuery());
      if (token !== game.token) return;
      game.data = data;
      renderBoard();
      renderMoves();
      if (data.over) announceEnd(data.over);
      else setStatus(game.turn === "human" ? "Your move." : "The computer is thinking…");
    } catch (e) {
      if (token !== game.token) return;
      game.data = null;
      $("board").replaceChildren();
      $("moves").replaceChildren();
      setStatus("Cannot play this position: " + e.message, "over");
    } finally {
      if (token === game.token) {
        game.busy = false;
        renderLog();
      }
    }
  }

  function announceEnd(over) {
    const humanToMove = game.turn === "human";
    let text, cls;
    if (over.result === "draw") {
      text = "Game over: it is a draw.";
      cls = "over";
    } else if ((over.result === "win") === humanToMove) {
      text = "Game over: you win!";
      cls = "over won";
    } else {
      text = "Game over: the computer wins.";
      cls = "over lost";
    }
    setStatus(text + " Press New game to play again, or Undo.", cls);
  }

  async function humanMove(move, spec) {
    if (game.busy || !game.data || game.data.over || game.turn !== "human") return;
    const token = game.token;
    game.history.push({ spec: game.spec, log: game.log.length });
    game.log.push({ who: "human", words: move.words });
    game.spec = spec || move.position;
    game.turn = "computer";
    $("hint-text").hidden = true;
    await computerMove(token);
  }

  async function computerMove(token) {
    game.turn = "computer";
    game.busy = true;
    setStatus("The computer is thinking…");
    renderLog();
    try {
      const data = await api("/api/moves", movesQuery());
      if (token !== game.token) return;
      game.data = data;
      renderBoard();
      renderMoves();
      if (data.over) {
        announceEnd(data.over);
        return;
      }
      let choice = null;
      const r = game.partisan ? null : await api("/api/solve", { spec: game.spec, misere: misere() });
      if (token !== game.token) return;
      if (game.partisan) {  // the moves are rated for the side moving: take a winning one
        choice = data.moves.find((m) => m.outcome === "win") || data.moves[0];
      } else if (r.winning_moves.length) {
        choice = { position: r.winning_moves[0], words: r.move_descriptions[0] };
      } else {
        choice = data.moves[0];
      }
      await new Promise((ok) => setTimeout(ok, 250));
      if (token !== game.token) return;
      game.log.push({ who: "computer", words: choice.words });
      game.spec = choice.position;
      game.turn = "human";
      game.busy = false;
      await showPosition(token);
    } catch (e) {
      if (token !== game.token) return;
      setStatus("The computer cannot move: " + e.message, "over");
    } finally {
      if (token === game.token) {
        game.busy = false;
        renderLog();
      }
    }
  }

  function undo() {
    if (game.busy || !game.history.length) return;
    const last = game.history.pop();
    game.token += 1;
    game.spec = last.spec;
    game.log = game.log.slice(0, last.log);
    game.turn = "human";
    $("hint-text").hidden = true;
    showPosition(game.token);
  }

  async function hint() {
    if (!game.data || game.data.over || game.turn !== "human") return;
    const box = $("hint-text");
    try {
      // the server says what to play (grundy.play.hint): the page only shows it
      const h = await api("/api/hint", movesQuery());
      box.textContent = h.text;
      box.hidden = false;
      document.querySelectorAll(".hinted").forEach((n) => n.classList.remove("hinted"));
      if (h.position) document.querySelectorAll("[data-position]").forEach((n) => {
        if (n.getAttribute("data-position") === h.position) n.classList.add("hinted");
      });
    } catch (e) {
      box.textContent = "Hint: " + e.message;
      box.hidden = false;
    }
  }

  function outcomeClass(move) {
    return move ? "o-" + move.outcome : "";
  }

  function renderMoves() {
    const moves = game.data ? game.data.moves : [];
    $("moves").replaceChildren(...moves.map((m) => el("li", {},
      el("button", {
        type: "button", class: "move " + outcomeClass(m), "data-position": m.position,
        "data-outcome": m.outcome, title: "this move " + (m.outcome === "win" ? "wins" : m.outcome === "lose" ? "loses" : m.outcome === "draw" ? "draws" : "is not rated"),
        onclick: () => humanMove(m),
      }, m.words + " ", el("span", { class: "arrow", text: "→ " + m.position })))));
  }

  // ----- boards ----------------------------------------------------------------------
  // One drawer per shape of board (grundy.core.board: grid, strip, heaps, graph, panel).
  // The page knows no game: it draws the cells the ruleset declared and finds the move a
  // click means from each move's target (the cells, heap or edge the move changes).
  const GLYPH = { x: "X", o: "O", black: "●", white: "○", toad: "T", frog: "F", poison: "☠" };

  function renderBoard() {
    const board = game.data && game.data.board;
    const box = $("board");
    box.replaceChildren();
    if (!board) {
      box.append(el("p", { class: "board-caption", text: "Pick a move from the list below." }));
      return;
    }
    if (board.mover) {
      box.append(el("p", { class: "board-caption", text: (board.mover === "L" ? "Left" : "Right") + " to move." }));
    }
    drawBoard(board, box, game.data.moves);
  }

  function drawBoard(board, box, moves) {
    const draw = { heaps: drawHeaps, grid: drawCells, strip: drawCells, graph: drawGraph, panel: drawPanel }[board.kind];
    if (draw) draw(board, box, moves);
  }

  function drawPanel(board, box) {
    const row = el("div", { class: "panel" });
    board.parts.forEach((part) => {
      const holder = el("div", { class: "panel-part" });
      drawBoard(part, holder, []);
      row.append(holder);
    });
    box.append(row);
    box.append(el("p", { class: "board-caption", text: "Pick a move from the list below." }));
  }

  function byTarget(moves, test) {
    return moves.find((m) => m.target && test(m.target)) || null;
  }

  function drawHeaps(board, box, moves) {
    const many = board.heaps.some((h) => h > 60);
    board.heaps.forEach((size, i) => {
      const row = el("div", { class: "heap" + (board.last.includes(i) ? " last" : ""), "data-heap": i });
      row.append(el("span", { class: "heap-label", text: "Heap " + (i + 1) + ": " + size }));
      const counters = el("div", { class: "counters" });
      if (size === 0) counters.append(el("span", { class: "heap-empty", text: "empty" }));
      if (many) counters.append(el("span", { class: "muted", text: "(too many counters to draw: use the list)" }));
      for (let k = 0; !many && k < size; k++) {
        // Clicking counter k leaves k counters: it and every counter to its right go.
        const move = byTarget(moves, (t) => t.heap === i && t.leave === k);
        const take = size - k;
        const b = el("button", {
          type: "button", class: "counter " + outcomeClass(move),
          "aria-label": "take " + take + " from heap " + (i + 1),
          title: move ? move.words : "take " + take + " from heap " + (i + 1),
          "data-position": move ? move.position : null, "data-heap": i, "data-leave": k,
          onclick: () => { if (move) humanMove(move); },
        });
        b.addEventListener("mouseenter", () => counters.querySelectorAll(".counter").forEach((c, j) => c.classList.toggle("taking", j >= k)));
        b.addEventListener("mouseleave", () => counters.querySelectorAll(".counter").forEach((c) => c.classList.remove("taking")));
        counters.append(b);
      }
      row.append(counters);
      box.append(row);
    });
    box.append(el("p", { class: "board-caption", text: "Click a counter to take it and every counter to its right." }));
  }

  function gridBox(cls, cols) {
    const g = el("div", { class: "grid " + cls });
    g.style.gridTemplateColumns = "repeat(" + cols + ", max-content)";
    return g;
  }

  // The move a click on cell i makes: the smallest move that changes the cell, one that
  // starts at it first (a domino with this cell at its top or left end, a bite of Chomp
  // with this square at its corner).
  function moveAt(moves, i) {
    const key = (m) => [m.target.cells.length, Math.min(...m.target.cells) === i ? 0 : 1];
    const own = moves.filter((m) => m.target && m.target.cells && m.target.cells.includes(i));
    own.sort((a, b) => { const x = key(a), y = key(b); return x[0] - y[0] || x[1] - y[1]; });
    return own[0] || null;
  }

  function drawCells(board, box, moves) {
    const cols = board.kind === "grid" ? board.cols : board.cells.length;
    const g = gridBox("board-grid board-" + board.kind, cols);
    if (board.drops) {
      // A move drops a piece into a column: one button a column, above the board.
      for (let c = 0; c < cols; c++) {
        const move = byTarget(moves, (t) => t.col === c);
        g.append(el("button", { type: "button", class: "cell drop " + outcomeClass(move),
          "data-col": c, "data-position": move ? move.position : null, disabled: !move,
          "aria-label": move ? move.words : "column " + (c + 1) + " is full", text: "▼",
          onclick: () => { if (move) humanMove(move); } }));
      }
    }
    const nodes = [];
    board.cells.forEach((piece, i) => {
      const move = board.drops ? byTarget(moves, (t) => t.col === i % cols) : moveAt(moves, i);
      const cls = "cell piece-" + piece + (board.last.includes(i) ? " last" : "");
      let cell;
      if (move && !board.drops) {
        cell = el("button", { type: "button", class: cls + " " + outcomeClass(move), "data-cell": i,
          "data-position": move.position, "aria-label": move.words, title: move.words,
          text: GLYPH[piece] || "", onclick: () => humanMove(move) });
        cell.addEventListener("mouseenter", () => move.target.cells.forEach((j) => nodes[j].classList.add("preview")));
        cell.addEventListener("mouseleave", () => nodes.forEach((n) => n.classList.remove("preview")));
      } else {
        cell = el("div", { class: cls, "data-cell": i, text: GLYPH[piece] || "" });
        if (move) cell.addEventListener("click", () => humanMove(move));
      }
      nodes.push(cell);
      g.append(cell);
    });
    box.append(g);
    box.append(el("p", { class: "board-caption", text: board.drops
      ? "Click a column to drop a piece into it."
      : "Click a square to make the move that changes it (the list below has every move)." }));
  }

  const EDGE_COLOUR = { green: "#2a9d3a", left: "#1f5fbf", right: "#c0392b" };

  function drawGraph(board, box, moves) {
    const unit = 46;
    const at = {};
    board.vertices.forEach(([v, x, y]) => { at[v] = [x, y]; });
    const xs = board.vertices.map((v) => v[1]);
    const top = Math.max(0, ...board.vertices.map((v) => v[2]));
    const lo = Math.min(0, ...xs) - 2, hi = Math.max(0, ...xs) + 2;
    const W = (hi - lo) * unit, H = (top + 1) * unit + 10;
    const px = (v) => [(at[v][0] - lo) * unit, H - unit / 2 - at[v][1] * unit];
    const pic = svg("svg", { viewBox: "0 0 " + W + " " + H, width: W, height: H, role: "img" });
    pic.append(svg("title", {}, "the picture; vertex 0 is the ground"));
    pic.append(svg("line", { x1: 0, y1: H - unit / 2, x2: W, y2: H - unit / 2, stroke: "#6b4f2a", "stroke-width": 5 }));
    board.edges.forEach(([u, v, colour, label], i) => {
      let [x1, y1] = px(u);
      let [x2, y2] = px(v);
      if (u === 0 && v !== 0) x1 = x2;
      if (v === 0 && u !== 0) x2 = x1;
      const name = u + "-" + v;
      const move = byTarget(moves, (t) => t.edge === name);
      const d = u === v ? "M " + x1 + " " + y1 + " c -30 -45 30 -45 0 0" : "M " + x1 + " " + y1 + " L " + x2 + " " + y2;
      let stroke = EDGE_COLOUR[colour] || "#333";
      // Outcome colours replace green only: a blue or red edge keeps its owner's colour.
      if (move && colour === "green" && $("show-colours").checked) stroke = move.outcome === "win" ? "#0a7d2c" : move.outcome === "lose" ? "#c0172b" : "#5f6673";
      const cls = (board.last.includes(i) ? "last " : "") + (move && colour !== "green" ? outcomeClass(move) : "");
      const path = svg("path", { d: d, fill: "none", stroke: stroke, "data-edge": name, class: cls });
      path.append(svg("title", {}, move ? move.words + " (" + (move.outcome === "win" ? "wins" : move.outcome === "lose" ? "loses" : "draws") + ")" : name));
      if (move) {
        path.setAttribute("data-position", move.position);
        path.setAttribute("data-outcome", move.outcome);
        path.setAttribute("role", "button");
        path.setAttribute("aria-label", move.words);
        path.addEventListener("click", () => humanMove(move));
      }
      pic.append(path);
      if (label) pic.append(svg("text", { x: (x1 + x2) / 2 + 6, y: (y1 + y2) / 2, "font-size": 13 }, label));
    });
    board.vertices.forEach(([v]) => {
      if (v === 0) return;
      const [x, y] = px(v);
      pic.append(svg("circle", { cx: x, cy: y, r: 5, fill: "#222" }));
    });
    const holder = el("div", { class: "graph" });
    holder.append(pic);
    box.append(holder);
    box.append(el("p", { class: "board-caption", text: "Click an edge to cut it; whatever is no longer connected to the ground falls away." }));
  }

  // ----- the table plot ----------------------------------------------------------------
  const PLOTTED = 1000;

  async function showTable(game_, n) {
    showError("table-error", "");
    $("table-button").disabled = true;
    $("csv-link").href = "/api/table.csv?" + new URLSearchParams({ spec: game_, n: n }).toString();
    try {
      const t = await api("/api/table", { spec: game_, n: n });
      renderPlot(t);
    } catch (e) {
      showError("table-error", e.message);
      $("plot").replaceChildren();
      $("plot-title").textContent = "";
      $("plot-readout").textContent = "";
      $("period").textContent = "";
      $("table-values").textContent = "";
    } finally {
      $("table-button").disabled = false;
    }
  }

  function niceStep(range, ticks) {
    const raw = Math.max(range / ticks, 1);
    const p = Math.pow(10, Math.floor(Math.log10(raw)));
    for (const m of [1, 2, 5, 10]) if (m * p >= raw) return m * p;
    return 10 * p;
  }

  function renderPlot(t) {
    const values = t.values.slice(0, PLOTTED);
    const per = t.periodicity;
    // The drawing is as wide as its box, so that text keeps its size on a phone.
    const W = Math.round(Math.max(320, Math.min(1400, $("plot").clientWidth || 1000)));
    const H = W < 600 ? 300 : 380, ml = 48, mr = 16, mt = 34, mb = 44;
    const n = values.length;
    const top = Math.max(1, ...values);
    const xw = (W - ml - mr) / n;
    const x = (i) => ml + (i + 0.5) * xw;
    const y = (v) => H - mb - (v * (H - mt - mb)) / top;
    const root = svg("svg", { viewBox: "0 0 " + W + " " + H, role: "img",
      "aria-label": "Grundy values of " + t.game + " for heaps 0 to " + (n - 1) });
    // Preperiod, then the periodic part in alternating bands of one period.
    if (per.period) {
      const e = per.preperiod, p = per.period;
      if (e > 0) root.append(svg("rect", { class: "pre", x: ml, y: mt, width: Math.min(e, n) * xw, height: H - mt - mb }));
      for (let s = e, k = 0; s < n; s += p, k++) {
        root.append(svg("rect", { class: "band" + (k % 2 ? " odd" : ""), x: ml + s * xw, y: mt,
          width: Math.min(p, n - s) * xw, height: H - mt - mb, "data-band": k }));
      }
    }
    const yStep = niceStep(top, 6);
    for (let v = 0; v <= top; v += yStep) {
      root.append(svg("line", { class: "gridline", x1: ml, x2: W - mr, y1: y(v), y2: y(v) }));
      root.append(svg("text", { x: ml - 8, y: y(v) + 5, "text-anchor": "end" }, String(v)));
    }
    const xStep = niceStep(n, 10);
    for (let i = 0; i < n; i += xStep) {
      root.append(svg("text", { x: x(i), y: H - mb + 20, "text-anchor": "middle" }, String(i)));
    }
    root.append(svg("text", { x: (W + ml) / 2, y: H - 6, "text-anchor": "middle" }, "heap size n"));
    root.append(svg("text", { x: 14, y: mt - 12 }, "G(n)"));
    root.append(svg("line", { class: "axis", x1: ml, x2: W - mr, y1: H - mb, y2: H - mb }));
    root.append(svg("line", { class: "axis", x1: ml, x2: ml, y1: mt, y2: H - mb }));
    if (n <= 400) {
      values.forEach((v, i) => root.append(svg("line", { class: "stem", x1: x(i), x2: x(i), y1: H - mb, y2: y(v) })));
    } else {
      root.append(svg("polyline", { class: "line", points: values.map((v, i) => x(i).toFixed(1) + "," + y(v).toFixed(1)).join(" ") }));
    }
    const r = Math.max(1.6, Math.min(5, xw * 0.42));
    values.forEach((v, i) => {
      const dot = svg("circle", { class: "pt", cx: x(i).toFixed(2), cy: y(v).toFixed(2), r: r.toFixed(2),
        "data-heap": i, "data-value": v });
      dot.append(svg("title", {}, "G(" + i + ") = " + v));
      root.append(dot);
    });
    if (per.period) {
      const e = per.preperiod;
      if (e < n) {
        root.append(svg("line", { class: "mark", id: "preperiod-mark", x1: ml + e * xw, x2: ml + e * xw, y1: mt - 4, y2: H - mb, "data-heap": e }));
        root.append(svg("text", { class: "mark-label", x: W - mr, y: mt - 12, "text-anchor": "end" },
          "periodic from heap " + e + ", period " + per.period));
      }
    }
    const readout = $("plot-readout");
    readout.textContent = "Click a point to read its value.";
    root.addEventListener("click", (ev) => {
      const dot = ev.target.closest ? ev.target.closest(".pt") : null;
      if (!dot) return;
      root.querySelectorAll(".pt.picked").forEach((d) => d.classList.remove("picked"));
      dot.classList.add("picked");
      const i = Number(dot.getAttribute("data-heap"));
      let note = "";
      if (per.period && i >= per.preperiod) note = " (in the periodic part: G(" + i + ") = G(" + i + " − " + per.period + ")" + (per.saltus ? " + " + per.saltus : "") + ")";
      else if (per.period) note = " (in the preperiod)";
      readout.textContent = "G(" + i + ") = " + dot.getAttribute("data-value") + note;
    });
    $("plot").replaceChildren(root);
    $("plot-title").textContent = "Grundy values of " + t.game + ", heaps 0 to " + (t.values.length - 1);
    const facts = [];
    if (per.period) {
      facts.push(el("strong", { text: "Preperiod " + per.preperiod + " · Period " + per.period +
        (per.saltus ? " · Saltus " + per.saltus : "") + (per.proved ? " · proved" : " · observed, not proved") }));
      facts.push(el("br"));
    }
    facts.push(per.reason.charAt(0).toUpperCase() + per.reason.slice(1) + ".");
    if (t.values.length > PLOTTED) facts.push(" The plot shows heaps 0 to " + (PLOTTED - 1) + "; the CSV has all " + t.values.length.toLocaleString() + ".");
    $("period").replaceChildren(...facts);
    $("table-values").textContent = t.values.join(" ");
  }

  // ----- wiring -------------------------------------------------------------------------
  document.addEventListener("DOMContentLoaded", () => {
    $("position-form").addEventListener("submit", (ev) => {
      ev.preventDefault();
      const spec = $("spec").value.trim();
      if (spec) solve(spec);
    });
    $("examples").addEventListener("change", () => {
      const spec = $("examples").value;
      if (!spec) return;
      $("spec").value = spec;
      solve(spec);
    });
    $("misere").addEventListener("change", () => {
      const spec = $("spec").value.trim();
      if (spec) solve(spec);
    });
    $("new-game").addEventListener("click", () => newGame());
    $("undo").addEventListener("click", () => undo());
    $("hint").addEventListener("click", () => hint());
    $("computer-first").addEventListener("change", () => newGame());
    $("side").addEventListener("change", () => newGame());
    $("show-colours").addEventListener("change", () => {
      const on = $("show-colours").checked;
      $("moves").classList.toggle("show-colours", on);
      $("board").classList.toggle("show-colours", on);
      renderBoard();
    });
    $("table-form").addEventListener("submit", (ev) => {
      ev.preventDefault();
      showTable($("table-game").value.trim(), $("table-n").value.trim());
    });
    const spec = $("spec").value.trim();
    if (spec) solve(spec, false);
    showTable($("table-game").value.trim(), $("table-n").value.trim());
  });
})();
