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
  // Field names that are not plain words (the JSON keeps its keys).
  const FACT_NAMES = { cgsuite: "CGSuite form", reduced_canonical: "Reduced canonical (CGSuite)", uptimal_expansion: "Uptimal expansion (CGSuite)" };
  // Keys of a solve answer shown in their own place; any other key is listed as it comes.
  const SHOWN = new Set([
    "position", "play", "outcome", "grundy", "winning_moves", "move_descriptions", "method",
    "explanation", "positions_searched", "winning_moves_total", "winning_moves_truncated",
    "winning_moves_listing_cut",
    "value", "remoteness", "canonical_braces", "right_winning_moves",
    "right_move_descriptions", "right_winning_moves_total",
    "best_moves", "best_move_descriptions", "best_moves_total",
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
      const err = new Error((body && body.error) || "the server answered " + response.status);
      err.status = response.status;
      err.kind = (body && body.kind) || (response.status === 503 ? "busy" : "input");
      throw err;
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
  const practice = () => $("practice").checked;

  // ----- the address: /?spec=…&misere=1&side=R&practice=1 holds the position and the mode --
  function urlFor(spec) {
    const q = new URLSearchParams();
    q.set("spec", spec);
    if ($("misere").checked) q.set("misere", "1");
    if (!$("side-choice").hidden && $("side").value === "R") q.set("side", "R");
    if (practice()) q.set("practice", "1");
    return "?" + q.toString();
  }

  // push: a new entry (a position the user asked for); otherwise the entry is replaced
  // (the game moved on, a mode changed), so that the address always links to what is shown.
  function writeUrl(spec, push) {
    if (!spec) return;
    const url = urlFor(spec);
    if (url === location.search) return;
    if (push) history.pushState({ spec: spec }, "", url);
    else history.replaceState({ spec: spec }, "", url);
  }

  // The position and mode the address names, put into the form; the spec, or null.
  function readUrl() {
    const q = new URLSearchParams(location.search);
    $("misere").checked = q.get("misere") === "1";
    $("practice").checked = q.get("practice") === "1";
    $("side").value = (q.get("side") || "L").toUpperCase() === "R" ? "R" : "L";
    applyPractice();
    const spec = (q.get("spec") || "").trim();
    if (spec) $("spec").value = spec;
    return spec || null;
  }

  // ----- the answer --------------------------------------------------------------
  // push: record the position in the browser's history (false when the address is
  // what asked for it: on load, back and forward).
  // What a failed request was: a time limit, a busy server, or bad input.
  function failure(e) {
    if (e.kind === "time-limit") return { title: "Time limit", game: "No game: the server stopped at its time limit before it could answer (see above)." };
    if (e.kind === "busy") return { title: "Server busy", game: "No game: the server is busy; try again in a few seconds." };
    if (e.status === undefined) return { title: "No connection", game: "No game: the server cannot be reached." };
    return { title: "Error", game: "No game: the position above has an error." };
  }

  // Every panel that belongs to a position, emptied (a new position, or a failure):
  // nothing of the previous position may stay on the page.
  function clearPanels() {
    $("table").hidden = true;
    $("hint-text").hidden = true;
  }

  async function solve(spec, push = true) {
    showError("ask-error", "");
    $("solve-button").disabled = true;
    $("answer-body").replaceChildren(el("p", { class: "muted", text: "Solving…" }));
    const token = ++answerToken;
    clearPanels();
    stopGame("Setting up the board…", "");
    try {
      const r = await api("/api/solve", { spec: spec, misere: misere() });
      if (token !== answerToken) return;
      const partisan = sided(r);
      $("side-choice").hidden = !partisan;
      writeUrl(r.position, push);
      const extra = await answerExtras(r);
      if (token !== answerToken) return;
      renderAnswer(r, extra);
      startGame(r.position, partisan);
    } catch (e) {
      if (token !== answerToken) return;
      const f = failure(e);
      showError("ask-error", f.title + ": " + e.message);
      $("ask-error").dataset.kind = e.kind || "";
      $("answer-body").replaceChildren(el("p", { class: "muted", id: "no-answer", text: "No answer." }));
      stopGame(f.game);
      clearPanels();
    } finally {
      $("solve-button").disabled = false;
    }
  }

  // What the Answer panel shows besides the answer, asked for before it is drawn (so that
  // it is drawn once): the value's readable form and thermograph (a partisan value), the
  // mex that decides a value read from a table, the misère quotient of heaps.
  async function answerExtras(r) {
    const out = { thermo: null, mex: null, quotient: null };
    const jobs = [];
    const partisan = r.canonical !== null && r.canonical !== undefined;
    if (partisan) jobs.push(api("/api/thermograph", { spec: r.position }).then((t) => { out.thermo = t; }, () => {}));
    if (r.grundy !== null && r.grundy !== undefined && r.play !== "misere" && /table/i.test(r.method) && !r.position.includes("+")) {
      jobs.push(api("/api/mex", { spec: r.position }).then((m) => { out.mex = m; }, () => {}));
    }
    if (r.play === "misere" && !partisan) {
      jobs.push(api("/api/quotient", { spec: r.position }).then((q) => { out.quotient = q; }, () => {}));
    }
    await Promise.all(jobs);
    return out;
  }

  // The Answer panel follows the game: the position now, solved again (no new game).
  let answerToken = 0;
  async function followAnswer(spec) {
    const token = ++answerToken;
    try {
      const r = await api("/api/solve", { spec: spec, misere: misere() });
      if (token !== answerToken) return;
      const extra = await answerExtras(r);
      if (token === answerToken) renderAnswer(r, extra);
    } catch (e) {
      if (token === answerToken) $("answer-body").replaceChildren(el("p", { class: "muted", text: "No answer: " + e.message }));
    }
  }

  // The thermograph of a partisan position, drawn by the server with its axes.
  function thermographFigure(t) {
    const img = el("img", { id: "thermograph", alt: "thermograph of " + t.pretty + ": mean " + t.mean + ", temperature " + t.temperature,
      src: "data:image/svg+xml;charset=utf-8," + encodeURIComponent(t.svg) });
    return el("figure", { class: "thermo" }, img,
      el("figcaption", { text: "Thermograph: mean " + t.mean + ", temperature " + t.temperature + " (Left's wall blue, Right's red)." }));
  }

  // A value: short ones in large type; a long one by its short name, then the whole value
  // in a scrollable monospace block.
  function valueFact(text, short) {
    if (text.length <= 28) return el("span", { class: "big-number value", id: "value-text", text: text });
    return el("div", { class: "value-wrap" },
      el("span", { class: "value-short", id: "value-short", text: short || "a long value" }),
      el("pre", { class: "value-long", id: "value-text", tabindex: "0", text: text }));
  }

  // The misère quotient of the position's heap game, with the position's element.
  function quotientSection(q) {
    const p = q.position;
    const out = [el("h3", { id: "quotient-title", text: "Misère quotient of " + q.game + " (heaps 0 to " + q.computed_to + ")" })];
    const facts = el("dl", { class: "facts quotient", id: "quotient" });
    const fact = (name, value) => facts.append(el("dt", { text: name }), el("dd", {}, value));
    fact("Order", el("span", { id: "quotient-order", text: String(q.order) + (q.tame ? " (tame: misère Nim's " + q.tame + ")" : "") }));
    fact("P-portion", el("code", { id: "quotient-p", text: "{" + q.p_portion.join(", ") + "}" }));
    const parts = p.heaps.map((h, i) => "heap " + h + " → " + p.elements[i]);
    fact("This position", el("span", { id: "quotient-element" },
      parts.join(", ") + "; product ", el("code", { text: p.element }), " — " +
      (p.in_p ? "in the P-portion: the player to move loses" : "not in the P-portion: the player to move wins")));
    out.push(facts);
    out.push(el("details", {}, el("summary", { text: "Presentation and the heaps' elements" }),
      el("pre", { class: "value-long", text: q.presentation + "\n\n" +
        q.pretending.map((x, h) => h + ":" + x).join("  ") + "\n\n" + q.reason })));
    return out;
  }

  // The mex that decides a Grundy value read from a table: the options and their values.
  function mexLines(m) {
    const values = m.options.map((o) => o.grundy);
    const lines = ["", "G(" + m.position + ") is the mex (least value not among them) of its options' values:"];
    m.options.forEach((o) => lines.push("  G(" + o.position + ") = " + o.grundy));
    const distinct = Array.from(new Set(values)).sort((a, b) => a - b);
    lines.push("mex{" + distinct.join(", ") + "} = " + m.mex + ", so G(" + m.position + ") = " + m.mex + ".");
    return lines;
  }

  function specButton(spec) {
    return el("button", {
      type: "button", class: "spec-link", text: spec, title: "Solve this position",
      onclick: () => { $("spec").value = spec; solve(spec, true); },
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

  let answered = null;  // the position the Answer panel shows

  // Left and Right have different moves: a canonical value that is no Grundy value (Cram,
  // Arc Kayles and the impartial: variants have one, and are played like Nim, with no side).
  function sided(r) {
    return r.canonical !== null && r.canonical !== undefined && (r.grundy === null || r.grundy === undefined);
  }

  function renderAnswer(r, extra) {
    extra = extra || {};
    answered = r.position;
    const partisan = sided(r);
    const body = [];
    body.push(el("p", { class: "position-line" }, el("code", { text: r.position }), " ",
      el("span", { class: "muted", text: r.value !== null ? "" :
        r.play === "misere" ? "(misère play: the last mover loses)" : "(normal play: the last mover wins)" })));
    // At the end of a game the Answer says what the Play panel says, in the same colour.
    const end = game.over && game.spec === r.position ? game.over : null;
    if (end) {
      body.push(el("div", { class: "verdict game-end " + end.cls, id: "game-end" },
        el("span", { class: "badge " + (end.cls.includes("won") ? "won" : end.cls.includes("lost") ? "lost" : "D"), id: "outcome", text: r.outcome }),
        el("span", { class: "verdict-text", text: end.text + " " + end.why })));
    } else {
      body.push(el("div", { class: "verdict" },
        el("span", { class: "badge " + r.outcome, id: "outcome", text: r.outcome }),
        el("span", { class: "verdict-text", text: OUTCOME_WORDS[r.outcome] || r.outcome })));
    }
    const facts = el("dl", { class: "facts" });
    const fact = (name, value, cls) => {
      facts.append(el("dt", { text: name }), el("dd", { class: cls || null }, value));
    };
    if (r.grundy !== null && r.grundy !== undefined) fact("Grundy value", el("span", { class: "big-number", id: "grundy-value", text: String(r.grundy) }));
    if (r.value !== null && r.value !== undefined) {
      const n = r.remoteness;
      const extraMoves = n === null || n === undefined ? "" : n === 1 ? " in 1 move" : " in " + n + " moves";
      fact("Value", el("span", { class: "big-number", text: r.value + extraMoves }));
    }
    const t = extra.thermo;
    for (const [key, value] of Object.entries(r)) {
      if (SHOWN.has(key) || value === null || value === undefined) continue;
      if (key === "canonical") {
        const text = t ? t.pretty : String(value);
        fact("Canonical value", valueFact(text, t ? t.short : null), text.length > 28 ? "wide" : null);
        continue;
      }
      const name = FACT_NAMES[key] || key.charAt(0).toUpperCase() + key.slice(1).replace(/_/g, " ");
      fact(name, el("span", { class: "big-number", text: typeof value === "object" ? JSON.stringify(value) : String(value) }));
    }
    if (r.canonical_braces && r.canonical_braces !== r.canonical) {
      fact("In braces", el("pre", { class: "value-long braces", tabindex: "0", text: r.canonical_braces }), "wide");
    }
    body.push(facts);
    if (t) body.push(thermographFigure(t));
    if (extra.quotient) body.push(...quotientSection(extra.quotient));
    if (partisan) {
      body.push(...sideMoves("Left", r.winning_moves, r.move_descriptions, r.winning_moves_total, "winning-moves"));
      body.push(...sideMoves("Right", r.right_winning_moves, r.right_move_descriptions, r.right_winning_moves_total, "right-winning-moves"));
    }
    // A drawn or lost two-player position has no winning move: its best moves instead.
    const best = !partisan && !r.winning_moves.length && r.best_moves && r.best_moves.length;
    const moves = best ? r.best_moves : r.winning_moves;
    const words = best ? r.best_move_descriptions : r.move_descriptions;
    const n = partisan ? 0 : moves.length;
    if (n) {
      const kind = best ? "Best move" : "Winning move";
      body.push(el("h3", { text: n === 1 ? kind : kind + "s (" + n + ")" }));
      const list = el("ul", { class: "winning", id: "winning-moves" });
      moves.forEach((spec, i) => {
        list.append(el("li", {}, words[i] + " → ", specButton(spec)));
      });
      const total = best ? r.best_moves_total : r.winning_moves_total;
      if (best ? total !== null && total > n : r.winning_moves_truncated) {
        list.append(el("li", { class: "muted", text: "… list cut at " + n +
          (r.winning_moves_listing_cut && !best
            ? ": the moves found without looking through every split; others may exist"
            : (total !== null ? " (" + total.toLocaleString() + " in all)" : "")) }));
      }
      body.push(list);
    } else if (r.outcome === "P" && !partisan && !end) {
      body.push(el("p", { text: "No winning move: every move leads to a position the opponent wins." }));
    }
    // A partisan answer's "Why" with its values in readable notation (1±1, ⇑, tiny-2), as
    // the thermograph answer writes them; /api/solve keeps the ASCII of grundy solve --json.
    const why = (t && t.why ? t.why : r.explanation || []).slice();
    if (extra.mex && extra.mex.position === r.position) why.push(...mexLines(extra.mex));
    if (why.length) {
      body.push(el("h3", { text: "Why:" }));
      body.push(el("pre", { class: "why", id: "why", text: why.join("\n") }));
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
    history: [],     // snapshots before each of the human's moves (undo)
    future: [],      // snapshots undone (redo)
    log: [],         // [{who, words, target, placed}]
    busy: false,
    over: null,      // {text, why, cls}: how the game ended (the Answer panel says it too)
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
    $("redo").disabled = game.busy || game.future.length === 0;
  }

  async function startGame(spec, partisan) {
    game.start = spec;
    game.partisan = Boolean(partisan);
    $("side-choice").hidden = !game.partisan;
    newGame();
  }

  // A bad position: the Play panel shows no game (never the old one).
  function stopGame(message, cls = "over") {
    game.token += 1;
    game.over = null;
    game.start = null;
    game.spec = null;
    game.data = null;
    game.history = [];
    game.future = [];
    game.log = [];
    game.busy = false;
    $("board").replaceChildren();
    $("moves").replaceChildren();
    $("hint-text").hidden = true;
    setStatus(message, cls);
    renderLog();
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
    game.over = null;
    game.history = [];
    game.future = [];
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
      showTablePanel(data.table);
      writeUrl(game.spec, false);
      if (game.log.length) $("spec").value = game.spec;  // the box follows the game
      if (data.over) announceEnd(data.over);
      else setStatus(game.turn === "human" ? "Your move." : "The computer is thinking…");
      if (answered !== game.spec || data.over) followAnswer(game.spec);
    } catch (e) {
      if (token !== game.token) return;
      game.data = null;
      $("board").replaceChildren();
      $("moves").replaceChildren();
      clearPanels();
      setStatus((e.kind === "time-limit" ? "Cannot play this position (time limit): " : "Cannot play this position: ") + e.message, "over");
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
    const won = over.result === "win";
    const why = over.result === "draw" ? "" : humanToMove
      ? "You, to move, have " + (won ? "won." : "lost.")
      : "The computer, to move, has " + (won ? "won." : "lost.");
    game.over = { text: text, why: why, cls: cls };
    setStatus(text + " Press New game to play again, or Undo.", cls);
  }

  // What the log keeps of a move: its words, where it landed, and the cells of a piece it
  // placed on empty squares (a domino), so that the board can outline it.
  function logEntry(who, move) {
    const t = move.target || null;
    let placed = null;
    const board = game.data && game.data.board;
    if (t && t.cells && board) {
      const b = t.part !== undefined && board.kind === "panel" ? board.parts[t.part] : board;
      if (b && b.cells && t.cells.length > 1 && t.cells.every((i) => b.cells[i] === "empty")) {
        placed = { part: t.part, cells: t.cells.slice(), size: b.cells.length };
      }
    }
    return { who: who, words: move.words, target: t, placed: placed, before: board };
  }

  function snapshot() {
    return { spec: game.spec, log: game.log.slice() };
  }

  async function humanMove(move) {
    if (game.busy || !game.data || game.data.over || game.turn !== "human") return;
    const token = game.token;
    game.history.push(snapshot());
    game.future = [];
    game.log.push(logEntry("human", move));
    game.spec = move.position;
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
        writeUrl(game.spec, false);
        $("spec").value = game.spec;
        announceEnd(data.over);
        followAnswer(game.spec);
        return;
      }
      let choice = null;
      const r = game.partisan ? null : await api("/api/solve", { spec: game.spec, misere: misere() });
      if (token !== game.token) return;
      if (game.partisan) {  // the moves are rated for the side moving: take a winning one
        choice = data.moves.find((m) => m.outcome === "win") || data.moves[0];
      } else if (r.winning_moves.length) {
        const best = r.winning_moves[0];
        choice = data.moves.find((m) => m.position === best) || { position: best, words: r.move_descriptions[0] };
      } else {
        choice = data.moves[0];
      }
      await new Promise((ok) => setTimeout(ok, 250));
      if (token !== game.token) return;
      game.log.push(logEntry("computer", choice));
      game.spec = choice.position;
      game.turn = "human";
      game.busy = false;
      await showPosition(token);
    } catch (e) {
      if (token !== game.token) return;
      setStatus((e.kind === "time-limit" ? "The computer cannot move (time limit): " : "The computer cannot move: ") + e.message, "over");
    } finally {
      if (token === game.token) {
        game.busy = false;
        renderLog();
      }
    }
  }

  function restore(snap) {
    game.token += 1;
    game.over = null;
    game.spec = snap.spec;
    game.log = snap.log;
    game.turn = "human";
    $("hint-text").hidden = true;
    showPosition(game.token);
  }

  // Undo takes back the human's last move and the reply; redo plays them again.
  function undo() {
    if (game.busy || !game.history.length) return;
    game.future.push(snapshot());
    restore(game.history.pop());
  }

  function redo() {
    if (game.busy || !game.future.length) return;
    game.history.push(snapshot());
    restore(game.future.pop());
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

  const RESULT = { win: "wins", lose: "loses", draw: "draws" };
  // How a move ends, in a mark as well as a colour (colours alone clash with Hackenbush's
  // own edge colours, and some readers cannot tell red from green).
  const MARK = { win: "✓", lose: "✗", draw: "=" };

  // A move's words for a tooltip: with how it ends, unless in practice.
  function moveTitle(move) {
    if (practice() || !RESULT[move.outcome]) return move.words;
    return move.words + " (" + RESULT[move.outcome] + ")";
  }

  // How many moves the game lasts after this one with perfect play, where the solver
  // knows it (remoteness): the move itself and the rest.
  function remotenessText(m) {
    if (m.remoteness === null || m.remoteness === undefined || !RESULT[m.outcome]) return "";
    const n = m.remoteness + 1;
    return RESULT[m.outcome] + " in " + n + (n === 1 ? " move" : " moves");
  }

  function renderMoves() {
    const moves = game.data ? game.data.moves : [];
    $("moves").replaceChildren(...moves.map((m) => {
      const r = remotenessText(m);
      return el("li", {},
        el("button", {
          type: "button", class: "move " + outcomeClass(m), "data-position": m.position,
          "data-outcome": m.outcome, title: practice() ? "" : "this move " + (RESULT[m.outcome] || "is not rated"),
          onclick: () => humanMove(m),
        }, el("span", { class: "words" },
          MARK[m.outcome] ? el("span", { class: "mark", "aria-hidden": "true", text: MARK[m.outcome] + " " }) : null, m.words),
        el("span", { class: "arrow", text: "→ " + m.position }),
        r ? el("span", { class: "remoteness", text: " · " + r }) : null));
    }));
  }

  function applyPractice() {
    const on = practice();
    const colours = $("show-colours").checked && !on;
    $("show-colours").disabled = on;
    $("moves").classList.toggle("show-colours", colours);
    $("board").classList.toggle("show-colours", colours);
    document.body.classList.toggle("practice", on);
  }

  // ----- boards ----------------------------------------------------------------------
  // One drawer per shape of board (grundy.core.board: grid, strip, heaps, graph, panel).
  // The page knows no game: it draws the cells the ruleset declared and finds the move a
  // click means from each move's target (the cells, heap, edge or cut the move changes).
  const GLYPH = { x: "X", o: "O", black: "●", white: "○", toad: "T", frog: "F", poison: "☠" };

  function renderBoard() {
    const board = game.data && game.data.board;
    const box = $("board");
    box.replaceChildren();
    if (!board) {
      box.append(el("p", { class: "board-caption", text: "This game has no board: pick a move from the list below." }));
      return;
    }
    if (board.mover) {
      box.append(el("p", { class: "board-caption", text: (board.mover === "L" ? "Left" : "Right") + " to move." }));
    }
    drawBoard(board, box, game.data.moves, marks(board));
  }

  // What the board marks: the last move (where it landed, if the board kept its shape)
  // and the pieces placed during the game (outlined), from the log.
  function marks(board) {
    const last = game.log.length ? game.log[game.log.length - 1] : null;
    const out = { last: last && last.before && sameShape(last.before, board) ? last.target : null, placed: [] };
    game.log.forEach((m) => { if (m.placed) out.placed.push(m.placed); });
    return out;
  }

  function sameShape(a, b) {
    if (a.kind !== b.kind) return false;
    if (a.kind === "panel") return a.parts.length === b.parts.length && a.parts.every((p, i) => sameShape(p, b.parts[i]));
    if (a.kind === "heaps") return a.heaps.length === b.heaps.length;
    if (a.kind === "grid" || a.kind === "strip") return a.cells.length === b.cells.length;
    return true;
  }

  // The marks of part i of a panel.
  function partMarks(m, i) {
    const sub = (t) => t && t.part === i ? t : null;
    return { last: sub(m.last), placed: m.placed.filter((p) => p.part === i) };
  }

  function drawBoard(board, box, moves, m) {
    const draw = { heaps: drawHeaps, grid: drawCells, strip: drawCells, graph: drawGraph, panel: drawPanel }[board.kind];
    if (draw) draw(board, box, moves, m || { last: null, placed: [] });
  }

  function drawPanel(board, box, moves, m) {
    const row = el("div", { class: "panel" });
    board.parts.forEach((part, i) => {
      const holder = el("div", { class: "panel-part", "data-part": i });
      drawBoard(part, holder, moves.filter((mv) => mv.target && mv.target.part === i), partMarks(m, i));
      row.append(holder);
    });
    // One caption under the whole panel: the parts' captions, each said once.
    const said = [];
    row.querySelectorAll(".board-caption").forEach((c) => {
      if (!said.includes(c.textContent)) said.push(c.textContent);
      c.remove();
    });
    box.append(row);
    said.forEach((text) => box.append(el("p", { class: "board-caption", text: text })));
  }

  function byTarget(moves, test) {
    return moves.find((mv) => mv.target && test(mv.target)) || null;
  }

  // The picks of a move made a square (or counter) at a time: on which board (the part of
  // game.data drawn; a new position starts none) and heap (null: a grid or strip).
  const picking = { board: null, heap: null, cells: [] };
  const picksOn = (board, heap) => picking.board === board && picking.heap === heap ? picking.cells : [];
  const pick = (board, heap, cells) => { picking.board = board; picking.heap = heap; picking.cells = cells; renderBoard(); };

  // A move that replaces a heap by smaller heaps whose sizes do not add up to it.
  const spawns = (t) => !!t.parts && t.parts.every((p) => p < t.from) && t.parts.reduce((a, b) => a + b, 0) !== t.from;

  function drawHeaps(board, box, moves, m) {
    const many = board.heaps.some((h) => h > 60);
    const lastHeap = m.last && m.last.heap !== undefined ? m.last.heap : -1;
    const lastHeaps = (m.last && m.last.heaps) || [];  // a move of several heaps (Wythoff's diagonal)
    board.heaps.forEach((size, i) => {
      const last = board.last.includes(i) || i === lastHeap || lastHeaps.includes(i);
      const row = el("div", { class: "heap" + (last ? " last" : ""), "data-heap": i });
      row.append(el("span", { class: "heap-label", text: "Heap " + (i + 1) + ": " + size }));
      const counters = el("div", { class: "counters" });
      if (size === 0) counters.append(el("span", { class: "heap-empty", text: "empty" }));
      if (many) counters.append(el("span", { class: "muted", text: "(too many counters to draw: use the list)" }));
      // A move that splits the heap in two (nothing taken): a handle between counters.
      const splitAt = (k) => byTarget(moves, (t) => t.heap === i && t.from === size && t.parts && t.parts.length === 2 &&
        t.parts[0] + t.parts[1] === size && t.parts.includes(k));
      const splits = moves.some((mv) => mv.target && mv.target.heap === i && mv.target.parts && !spawns(mv.target));
      const mine = moves.filter((mv) => mv.target && mv.target.heap === i);
      if (!many && mine.some((mv) => spawns(mv.target))) {
        pickCounters(board, i, size, mine, counters);
        row.append(counters);
        box.append(row);
        return;
      }
      for (let k = 0; !many && k < size; k++) {
        if (splits && k > 0) {
          const move = splitAt(k);
          counters.append(move
            ? el("button", { type: "button", class: "split " + outcomeClass(move), "data-heap": i, "data-split": k,
              "data-position": move.position, "data-outcome": move.outcome,
              "aria-label": move.words, title: moveTitle(move), onclick: () => humanMove(move) })
            : el("span", { class: "split-gap" }));
        }
        // Clicking counter k leaves k counters: it and every counter to its right go.
        const move = byTarget(moves, (t) => t.heap === i && t.leave === k);
        const take = size - k;
        const b = el("button", {
          type: "button", class: "counter " + outcomeClass(move),
          "aria-label": "take " + take + " from heap " + (i + 1),
          title: move ? moveTitle(move) : "take " + take + " from heap " + (i + 1),
          "data-position": move ? move.position : null, "data-heap": i, "data-leave": k,
          "data-outcome": move ? move.outcome : null,
          onclick: () => { if (move) humanMove(move); },
        });
        b.addEventListener("mouseenter", () => counters.querySelectorAll(".counter").forEach((c, j) => c.classList.toggle("taking", j >= k)));
        b.addEventListener("mouseleave", () => counters.querySelectorAll(".counter").forEach((c) => c.classList.remove("taking")));
        counters.append(b);
      }
      row.append(counters);
      box.append(row);
    });
    const takes = moves.some((mv) => mv.target && mv.target.leave !== undefined);
    const cuts = moves.some((mv) => mv.target && mv.target.parts && mv.target.parts.length === 2 &&
      mv.target.parts[0] + mv.target.parts[1] === mv.target.from);
    const says = [];
    const picked = moves.some((mv) => mv.target && spawns(mv.target));
    if (picked) {
      says.push("Click the counters of the heaps a move leaves, largest first: a counter stands for a heap of the counters left of it" +
        " (the first alone takes it and every counter to its right); the counters that can come next are marked," +
        " the last one picked, clicked again, makes the move picked so far.");
    } else if (takes) says.push("Click a counter to take it and every counter to its right.");
    if (cuts && !picked) says.push("Click a bar between two counters to split the heap there.");
    if (moves.length && !says.length) says.push("Pick a move from the list below.");
    if (says.length) box.append(el("p", { class: "board-caption", text: says.join(" ") }));
  }

  // The heaps a heap move leaves, largest first: what is clicked on a heap that some move
  // replaces by smaller heaps (Spawning, Splittles), a counter k standing for a heap of k.
  const heapSteps = (t) => t.leave !== undefined ? [t.leave] : t.parts.slice().sort((a, b) => b - a);

  // The counters of heap i where a move is picked a counter at a time (see heapSteps): the
  // counters that can come next are buttons, those picked are marked with their order, and
  // the move is made when the picks are all of one move's (the last one picked, clicked
  // again, makes the move picked so far when others go on from it).
  function pickCounters(board, i, size, mine, counters) {
    const picked = picksOn(board, i);
    const fits = (mv, ks) => { const s = heapSteps(mv.target); return s.length >= ks.length && ks.every((k, j) => s[j] === k); };
    const open = mine.filter((mv) => fits(mv, picked));
    const complete = picked.length ? open.find((mv) => heapSteps(mv.target).length === picked.length) : null;
    const make = (mv) => { picking.cells = []; humanMove(mv); };
    for (let k = 0; k < size; k++) {
      const order = picked.lastIndexOf(k);
      const more = picked.concat([k]);
      const next = open.filter((mv) => fits(mv, more));
      const done = next.length === 1 && heapSteps(next[0].target).length === more.length ? next[0] : null;
      const cls = ["counter"];
      if (order >= 0) cls.push("picked");
      let b;
      if (next.length) {
        if (picked.length) cls.push("next");
        b = el("button", { type: "button", class: cls.join(" ") + " step " + outcomeClass(done), "data-heap": i, "data-leave": k,
          "data-position": done ? done.position : null, "data-outcome": done ? done.outcome : null,
          "aria-label": done ? done.words : "pick a heap of " + k,
          title: done ? moveTitle(done) : "a heap of " + k + " (" + next.length + " moves)",
          onclick: () => { if (done) make(done); else pick(board, i, more); } });
      } else if (order >= 0 && order === picked.length - 1 && complete) {
        b = el("button", { type: "button", class: cls.join(" ") + " step commit " + outcomeClass(complete), "data-heap": i,
          "data-leave": k, "data-position": complete.position, "data-outcome": complete.outcome,
          "aria-label": complete.words, title: moveTitle(complete), onclick: () => make(complete) });
      } else if (order >= 0) {
        b = el("button", { type: "button", class: cls.join(" "), "data-heap": i, "data-leave": k, "aria-label": "take back this pick",
          title: "take back this pick", onclick: () => pick(board, i, picked.slice(0, order)) });
      } else {
        b = el("span", { class: cls.join(" "), "data-heap": i, "data-leave": k });
      }
      if (order >= 0) b.setAttribute("data-picked", order + 1);
      counters.append(b);
    }
    if (complete) {
      counters.append(el("button", { type: "button", class: "move step-done " + outcomeClass(complete), "data-position": complete.position,
        "data-outcome": complete.outcome, title: moveTitle(complete), text: complete.words, onclick: () => make(complete) }));
    }
  }

  function gridBox(cls, cols) {
    const g = el("div", { class: "grid " + cls });
    g.style.gridTemplateColumns = "repeat(" + cols + ", max-content)";
    return g;
  }

  // The side of a cell in pixels, so that a row of cols cells fits the board's box (a
  // 9-cell strip on a laptop, a 7-column board on a phone): at most the style sheet's size.
  function cellSize(cols, parts) {
    const box = $("board");
    const css = parseFloat(getComputedStyle(box).getPropertyValue("--cell-max")) || 68;
    const width = box.clientWidth || 600;
    const share = parts > 1 ? width / Math.min(parts, 2) - 24 : width - 8;
    const fit = Math.floor((share - 4 * (cols - 1)) / cols);
    return Math.max(18, Math.min(css, fit));
  }

  // Every way a move lands on the board (of size cells): a target may name other runs of
  // cells that leave the same position (a row of pins knocked at either end), or the
  // pieces pushed to one side that make it (a domino toppled: clicked on that domino, near
  // that side; what falls is the domino and every one past it that way).
  function landings(moves, size) {
    const out = [];
    moves.forEach((mv) => {
      if (!mv.target || !mv.target.cells) return;
      if (mv.target.pushes) {
        mv.target.pushes.forEach(([at, way]) => {
          const run = [];
          for (let j = way === "left" ? 0 : at; j <= (way === "left" ? at : size - 1); j++) run.push(j);
          out.push({ move: mv, cells: run, at: at, way: way });
        });
        return;
      }
      out.push({ move: mv, cells: mv.target.cells });
      (mv.target.alts || []).forEach((c) => { if (Array.isArray(c)) out.push({ move: mv, cells: c }); });
    });
    return out;
  }

  // The move a click on cell i makes, the click (dx, dy) from the cell's centre (in cell
  // widths, -0.5 to 0.5). A cell is clicked for the moves that start or end at it (it is
  // a corner of the cells the move changes: a stone, a domino's half, a bite's corner, the
  // piece pushed). Near the centre the click takes the smallest such move, one that
  // starts at the cell first; near an edge the move that goes that way from the cell (a
  // stone clobbering that neighbour, the domino pushed that way, two pins knocked down).
  const WAYS = { left: [-1, 0], right: [1, 0] };
  function moveAt(lands, i, cols, dx, dy) {
    const rc = (j) => [Math.floor(j / cols), j % cols];
    const [r, c] = rc(i);
    const own = [];
    lands.forEach((l) => {
      if (l.way) { if (l.at === i) own.push(l); return; }  // the piece pushed, only
      if (!l.cells.includes(i)) return;
      const rs = l.cells.map((j) => rc(j)[0]), cs = l.cells.map((j) => rc(j)[1]);
      const corner = (r === Math.min(...rs) || r === Math.max(...rs)) && (c === Math.min(...cs) || c === Math.max(...cs));
      if (corner) own.push(l);
    });
    if (!own.length) return null;
    const key = (l) => [l.cells.length, Math.min(...l.cells) === i ? 0 : 1];
    const smallest = () => own.slice().sort((a, b) => { const x = key(a), y = key(b); return x[0] - y[0] || x[1] - y[1]; })[0];
    if (Math.hypot(dx, dy) < 0.22) return smallest();
    let best = null, bestScore = 0.3;
    own.forEach((l) => {
      let [vx, vy] = l.way ? WAYS[l.way] || [0, 0] : [0, 0];
      if (!l.way) l.cells.forEach((j) => { const [rr, cc] = rc(j); vx += cc - c; vy += rr - r; });
      const len = Math.hypot(vx, vy);
      if (!len) return;
      const score = (vx * dx + vy * dy) / (len * Math.hypot(dx, dy)) - l.cells.length * 1e-3;
      if (score > bestScore) { best = l; bestScore = score; }
    });
    return best || smallest();
  }

  // The cut a click on cell i makes in a grid that is cut in two (Cutcake): the line
  // nearest the click along the cell's four sides that some move cuts.
  function cutAt(moves, i, cols, dx, dy) {
    const r = Math.floor(i / cols), c = i % cols;
    const lines = [["col", c + 1, 0.5 - dx], ["col", c, 0.5 + dx], ["row", r + 1, 0.5 - dy], ["row", r, 0.5 + dy]];
    lines.sort((a, b) => a[2] - b[2]);
    for (const [cut, at] of lines) {
      const mv = byTarget(moves, (t) => t.cut === cut && (t.at === at || (t.alts || []).includes(at)));
      if (mv) return { move: mv, cut: cut, at: at };
    }
    return null;
  }

  function clickOffset(ev, node) {
    const box = node.getBoundingClientRect();
    if (!box.width || !box.height) return [0, 0];
    return [(ev.clientX - box.left) / box.width - 0.5, (ev.clientY - box.top) / box.height - 0.5];
  }

  // The sides of cell i that join it to the rest of a placed piece (a domino's two halves).
  function joins(placed, i, cols) {
    const out = [];
    placed.forEach((p) => {
      if (!p.cells.includes(i)) return;
      p.cells.forEach((j) => {
        if (j === i + 1 && j % cols !== 0) out.push("join-r");
        if (j === i - 1 && i % cols !== 0) out.push("join-l");
        if (j === i + cols) out.push("join-b");
        if (j === i - cols) out.push("join-t");
      });
      out.push("placed");
    });
    return out;
  }

  // A board whose moves are made a cell at a time (a target's steps: Amazons' amazon, the
  // square it goes to, where it shoots). Each click picks the next cell of some move; the
  // cells that can come next are buttons, those picked are marked with their order, and the
  // move is made when the cells picked are all of one move's. A picked cell that cannot
  // come next, clicked again, takes the picks back to before it.
  function drawSteps(board, box, moves, m) {
    const cols = board.kind === "grid" ? board.cols : board.cells.length;
    const g = gridBox("board-grid board-" + board.kind + " board-steps", cols);
    const whole = game.data && game.data.board;
    g.style.setProperty("--cell", cellSize(cols, whole && whole.kind === "panel" ? whole.parts.length : 1) + "px");
    const picked = picksOn(board, null);
    const fits = (mv, cells) => {
      const s = mv.target && mv.target.steps;
      return !!s && s.length >= cells.length && cells.every((c, k) => s[k] === c);
    };
    const open = moves.filter((mv) => fits(mv, picked));
    // The cells picked are all of a move that others go on from: the last square picked,
    // clicked again, makes it (so does a button under the board).
    const complete = picked.length ? open.find((mv) => mv.target.steps.length === picked.length) : null;
    const lastCells = new Set(board.last);
    if (m.last && m.last.cells) m.last.cells.forEach((i) => lastCells.add(i));
    const nodes = [];
    const clear = () => nodes.forEach((n) => n.classList.remove("preview"));
    // hovering a square that leaves one move possible shows every cell that move turns
    const preview = (cell, next) => {
      if (next.length !== 1) return;
      cell.addEventListener("mouseenter", () => { clear(); next[0].target.cells.forEach((j) => { if (nodes[j]) nodes[j].classList.add("preview"); }); });
      cell.addEventListener("mouseleave", clear);
    };
    const where = (i) => board.kind === "grid" ? "row " + (Math.floor(i / cols) + 1) + ", column " + (i % cols + 1) : "square " + (i + 1);
    board.cells.forEach((piece, i) => {
      const cls = ["cell", "piece-" + piece];
      if (lastCells.has(i)) cls.push("last");
      const order = picked.lastIndexOf(i);
      if (order >= 0) cls.push("picked");
      const more = picked.concat([i]);
      const next = open.filter((mv) => fits(mv, more));
      const done = next.length === 1 && next[0].target.steps.length === more.length ? next[0] : null;
      const attrs = { "data-cell": i, text: GLYPH[piece] || "" };
      if (order >= 0) attrs["data-picked"] = order + 1;
      let cell;
      if (next.length) {
        if (picked.length) cls.push("next");
        cell = el("button", { type: "button", class: cls.join(" ") + " step " + outcomeClass(done), ...attrs,
          "data-step": picked.length, "data-position": done ? done.position : null,
          "data-outcome": done ? done.outcome : null,
          "aria-label": done ? done.words : "pick " + where(i),
          title: done ? moveTitle(done) : "pick " + where(i) + " (" + next.length + (next.length === 1 ? " move)" : " moves)"),
          onclick: () => {
            if (done) { picking.cells = []; humanMove(done); } else pick(board, null, more);
          } });
        preview(cell, next);
      } else if (order >= 0 && order === picked.length - 1 && complete) {
        // the last square picked, clicked again: the move the picks make, others go on
        cell = el("button", { type: "button", class: cls.join(" ") + " step commit " + outcomeClass(complete), ...attrs,
          "data-position": complete.position, "data-outcome": complete.outcome, "aria-label": complete.words,
          title: moveTitle(complete), onclick: () => { picking.cells = []; humanMove(complete); } });
      } else if (order >= 0) {
        cell = el("button", { type: "button", class: cls.join(" "), ...attrs, "aria-label": "take back the pick of " + where(i),
          title: "take back this pick", onclick: () => pick(board, null, picked.slice(0, order)) });
      } else {
        cell = el("div", { class: cls.join(" "), ...attrs });
      }
      nodes.push(cell);
      g.append(cell);
    });
    box.append(g);
    if (!moves.length) return;
    if (complete) {
      box.append(el("button", { type: "button", class: "move step-done " + outcomeClass(complete), "data-position": complete.position,
        "data-outcome": complete.outcome, title: moveTitle(complete), text: complete.words,
        onclick: () => { picking.cells = []; humanMove(complete); } }));
    }
    box.append(el("p", { class: "board-caption", text: picked.length
      ? "Click the next square of the move (marked)" + (complete ? ", the last one picked again to make the move as it is," : "") +
        " or a picked square to take the picks back to before it."
      : "Make a move a square at a time: click the piece (or the coin turned from heads), then each square of the move in turn." }));
  }

  function drawCells(board, box, moves, m) {
    if (moves.some((mv) => mv.target && mv.target.steps)) { drawSteps(board, box, moves, m); return; }
    const cols = board.kind === "grid" ? board.cols : board.cells.length;
    const g = gridBox("board-grid board-" + board.kind, cols);
    const whole = game.data && game.data.board;
    g.style.setProperty("--cell", cellSize(cols, whole && whole.kind === "panel" ? whole.parts.length : 1) + "px");
    const cuts = moves.some((mv) => mv.target && mv.target.cut);
    const lands = landings(moves, board.cells.length);
    const lastCells = new Set(board.last);
    if (m.last && m.last.cells) m.last.cells.forEach((i) => lastCells.add(i));
    const placed = m.placed.filter((p) => p.size === board.cells.length && p.cells.every((i) => board.cells[i] !== "empty"));
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
    const clear = () => nodes.forEach((n) => n.classList.remove("preview", "cut-preview"));
    const show = (cells, cls) => { clear(); cells.forEach((j) => { if (nodes[j]) nodes[j].classList.add(cls || "preview"); }); };
    // The cells a cut takes off: those past the line (in either direction, the same cut).
    const cutCells = (cut, at) => board.cells.map((_, j) => j).filter((j) => (cut === "col" ? j % cols : Math.floor(j / cols)) >= at);
    board.cells.forEach((piece, i) => {
      const cls = ["cell", "piece-" + piece, ...joins(placed, i, cols)];
      if (lastCells.has(i)) cls.push("last");
      let cell;
      if (board.drops) {
        const move = byTarget(moves, (t) => t.col === i % cols);
        cell = el("div", { class: cls.join(" "), "data-cell": i, text: GLYPH[piece] || "" });
        if (move) cell.addEventListener("click", () => humanMove(move));
      } else if (cuts) {
        const any = cutAt(moves, i, cols, 0, 0);
        cell = el("div", { class: cls.join(" ") + (any ? " cuttable" : ""), "data-cell": i, text: GLYPH[piece] || "",
          title: any ? "click near a side of the square to cut along it" : null });
        if (any) {
          cell.addEventListener("mousemove", (ev) => { const [dx, dy] = clickOffset(ev, cell); const c = cutAt(moves, i, cols, dx, dy); if (c) show(cutCells(c.cut, c.at), "cut-preview"); });
          cell.addEventListener("mouseleave", clear);
          cell.addEventListener("click", (ev) => { const [dx, dy] = clickOffset(ev, cell); const c = cutAt(moves, i, cols, dx, dy); if (c) humanMove(c.move); });
        }
      } else {
        const first = moveAt(lands, i, cols, 0, 0);
        if (first) {
          const move = first.move;
          cell = el("button", { type: "button", class: cls.join(" ") + " " + outcomeClass(move), "data-cell": i,
            "data-position": move.position, "data-outcome": move.outcome, "aria-label": move.words, title: moveTitle(move),
            text: GLYPH[piece] || "" });
          // (a click from the keyboard, detail 0, is at the centre; a mousemove's detail is
          // always 0, and its preview is of the click the pointer would make there)
          const pick = (ev) => { const [dx, dy] = ev.type === "click" && ev.detail === 0 ? [0, 0] : clickOffset(ev, cell); return moveAt(lands, i, cols, dx, dy) || first; };
          cell.addEventListener("mousemove", (ev) => show(pick(ev).cells));
          cell.addEventListener("mouseleave", clear);
          cell.addEventListener("click", (ev) => humanMove(pick(ev).move));
        } else {
          cell = el("div", { class: cls.join(" "), "data-cell": i, text: GLYPH[piece] || "" });
        }
      }
      nodes.push(cell);
      g.append(cell);
    });
    box.append(g);
    let caption = lands.every((l) => l.cells.length === 1)
      ? "Click a square to move there."
      : "Click a square to make the move that starts or ends there; near a side, the move that goes that way.";
    if (board.drops) caption = "Click a column to drop a piece into it.";
    else if (cuts) caption = "Click near a side of a square to cut the piece along that line.";
    else if (board.cells.includes("pin")) caption = "Click a pin to knock it down; click near its side to knock down two neighbours.";
    else if (lands.some((l) => l.way)) caption = "Click a domino near the side it is to fall to.";
    if (moves.length) box.append(el("p", { class: "board-caption", text: caption }));
  }

  const EDGE_COLOUR = { green: "#2a9d3a", left: "#1f5fbf", right: "#c0392b", plain: "#333" };

  // A graph: a Hackenbush picture standing on its ground (vertex 0), or a graph without
  // one (board.ground false: Arc Kayles), every vertex drawn and numbered; a loop v-v is a
  // petal above its vertex.
  function drawGraph(board, box, moves, m) {
    const unit = 80;
    const grounded = board.ground !== false;
    const at = {};
    board.vertices.forEach(([v, x, y]) => { at[v] = [x, y]; });
    const xs = board.vertices.map((v) => v[1]);
    const top = Math.max(0, ...board.vertices.map((v) => v[2]));
    const lo = Math.min(0, ...xs) - (grounded ? 2 : 1), hi = Math.max(0, ...xs) + (grounded ? 2 : 1);
    const W = (hi - lo) * unit, H = (top + 1) * unit + 24;
    const px = (v) => [(at[v][0] - lo) * unit, H - 14 - unit / 2 - at[v][1] * unit];
    const pic = svg("svg", { viewBox: "0 0 " + W + " " + H, width: W, height: H, role: "img" });
    pic.append(svg("title", {}, grounded ? "the picture; vertex 0 is the ground" : "the graph"));
    if (grounded) pic.append(svg("line", { x1: 0, y1: H - 14 - unit / 2, x2: W, y2: H - 14 - unit / 2, stroke: "#6b4f2a", "stroke-width": 5 }));
    const lastEdge = m.last && m.last.edge;
    const showMarks = $("board").classList.contains("show-colours");
    const marksLayer = [];
    board.edges.forEach(([u, v, colour, label], i) => {
      let [x1, y1] = px(u);
      let [x2, y2] = px(v);
      if (grounded && u === 0 && v !== 0) x1 = x2;
      if (grounded && v === 0 && u !== 0) x2 = x1;
      const name = u + "-" + v;
      const move = byTarget(moves, (t) => t.edge === name || (t.alts || []).includes(name));
      const d = u === v ? "M " + x1 + " " + y1 + " c -30 -45 30 -45 0 0" : "M " + x1 + " " + y1 + " L " + x2 + " " + y2;
      // An edge keeps its own colour (who may cut it); how a cut ends is a mark on the edge.
      const stroke = EDGE_COLOUR[colour] || "#333";
      const last = board.last.includes(i) || name === lastEdge;
      const cls = (last ? "last " : "") + (move ? outcomeClass(move) : "");
      const path = svg("path", { d: d, fill: "none", stroke: stroke, "data-edge": name, class: cls });
      path.append(svg("title", {}, move ? moveTitle(move) : name));
      if (move) {
        path.setAttribute("data-position", move.position);
        path.setAttribute("data-outcome", move.outcome);
        path.setAttribute("role", "button");
        path.setAttribute("aria-label", move.words);
        path.addEventListener("click", () => humanMove(move));
      }
      pic.append(path);
      if (label) pic.append(svg("text", { x: (x1 + x2) / 2 + 6, y: (y1 + y2) / 2, "font-size": 13 }, label));
      if (move && MARK[move.outcome] && showMarks) {
        const mx = u === v ? x1 : (x1 + x2) / 2, my = u === v ? y1 - 34 : (y1 + y2) / 2;
        const mark = svg("g", { class: "edge-mark " + outcomeClass(move), "data-edge": name });
        mark.append(svg("circle", { cx: mx, cy: my, r: 10 }));
        mark.append(svg("text", { x: mx, y: my + 5, "text-anchor": "middle" }, MARK[move.outcome]));
        mark.addEventListener("click", () => humanMove(move));
        marksLayer.push(mark);
      }
    });
    marksLayer.forEach((g) => pic.append(g));
    // Every vertex by its number (a move reads "cut 1-2"); 0 is the ground, if any; with
    // its counters where the vertices hold some (Weighted Arc Kayles: "3 ●2").
    const counters = new Map(board.counters || []);
    board.vertices.forEach(([v]) => {
      if (v === 0 && grounded) {
        pic.append(svg("text", { class: "vertex-label", x: 4, y: H - 4, "data-vertex": 0 }, "0 = the ground"));
        return;
      }
      const [x, y] = px(v);
      pic.append(svg("circle", { cx: x, cy: y, r: 5, fill: "#222" }));
      const count = counters.has(v) ? " ●" + counters.get(v) : "";
      pic.append(svg("text", { class: "vertex-label", x: x + 9, y: y - 8, "data-vertex": v }, String(v) + count));
    });
    const holder = el("div", { class: "graph" });
    holder.append(pic);
    box.append(holder);
    const caption = grounded ? "Click an edge to cut it; whatever is no longer connected to the ground falls away."
      : counters.size ? "Click an edge to pick it: each of its two ends loses a counter (●)."
      : "Click an edge to pick it: its two ends go, with every edge that touches them.";
    if (moves.length) box.append(el("p", { class: "board-caption", text: caption }));
  }

  // ----- the table plot ----------------------------------------------------------------
  const PLOTTED = 1000;

  let tableToken = 0;
  async function showTable(game_, n) {
    const token = ++tableToken;
    showError("table-error", "");
    $("table-button").disabled = true;
    $("csv-link").href = "/api/table.csv?" + new URLSearchParams({ spec: game_, n: n }).toString();
    try {
      const [t, f] = await Promise.all([api("/api/table", { spec: game_, n: n }),
        api("/api/formula", { spec: game_ }).catch(() => null)]);
      if (token !== tableToken) return;
      renderPlot(t, f && f.game === t.game ? f.formula : null);
    } catch (e) {
      if (token !== tableToken) return;
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

  // In misère play the plot's values are not the answer: the panel says so.
  function updatePlotMode() {
    const on = $("misere").checked;
    $("plot-mode").hidden = !on;
    $("table").classList.toggle("misere-mode", on);
  }

  function renderPlot(t, formula) {
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
    $("plot-title").textContent = "Grundy values of " + t.game + " in normal play, heaps 0 to " + (t.values.length - 1);
    const facts = [];
    if (per.period) {
      const status = per.proved ? " · proved" : formula ? " · proved by a theorem" : " · observed, not proved";
      facts.push(el("strong", { text: "Preperiod " + per.preperiod + " · Period " + per.period +
        (per.saltus ? " · Saltus " + per.saltus : "") + status }));
      facts.push(el("br"));
    }
    if (formula && !per.proved) facts.push(el("span", { id: "table-formula", text: "Every value is given by a theorem: " + formula + "." }));
    else facts.push(per.reason.charAt(0).toUpperCase() + per.reason.slice(1) + ".");
    if (t.values.length > PLOTTED) facts.push(" The plot shows heaps 0 to " + (PLOTTED - 1) + "; the CSV has all " + t.values.length.toLocaleString() + ".");
    $("period").replaceChildren(...facts);
    $("table-values").textContent = t.values.join(" ");
  }

  // The table panel is offered for a heap game only, filled with the game being played.
  function showTablePanel(name) {
    const box = $("table");
    if (!name) {
      box.hidden = true;
      return;
    }
    const changed = box.hidden || $("table-game").value.trim() !== name;
    box.hidden = false;
    if (changed) {
      $("table-game").value = name;
      showTable(name, $("table-n").value.trim());
    }
  }

  // ----- wiring -------------------------------------------------------------------------
  document.addEventListener("DOMContentLoaded", () => {
    $("position-form").addEventListener("submit", (ev) => {
      ev.preventDefault();
      const spec = $("spec").value.trim();
      if (spec) solve(spec, true);
    });
    $("examples").addEventListener("change", () => {
      const spec = $("examples").value;
      if (!spec) return;
      $("spec").value = spec;
      solve(spec, true);
    });
    $("misere").addEventListener("change", () => {
      updatePlotMode();
      const spec = $("spec").value.trim();
      if (spec) solve(spec, false);
    });
    $("new-game").addEventListener("click", () => newGame());
    $("undo").addEventListener("click", () => undo());
    $("redo").addEventListener("click", () => redo());
    $("hint").addEventListener("click", () => hint());
    $("computer-first").addEventListener("change", () => newGame());
    $("side").addEventListener("change", () => {
      if (game.start) writeUrl(game.spec || game.start, false);
      newGame();
    });
    const redraw = () => {
      applyPractice();
      if (game.spec) writeUrl(game.spec, false);
      renderBoard();
      renderMoves();
    };
    $("show-colours").addEventListener("change", redraw);
    $("practice").addEventListener("change", redraw);
    window.addEventListener("resize", () => { if (game.data) renderBoard(); });
    $("table-form").addEventListener("submit", (ev) => {
      ev.preventDefault();
      showTable($("table-game").value.trim(), $("table-n").value.trim());
    });
    // Back and forward: the address names the position and the mode again.
    window.addEventListener("popstate", () => {
      const spec = readUrl();
      if (spec) solve(spec, false);
    });
    const spec = readUrl() || $("spec").value.trim();
    updatePlotMode();
    showTable($("table-game").value.trim(), $("table-n").value.trim());
    if (spec) solve(spec, false);
  });
})();
