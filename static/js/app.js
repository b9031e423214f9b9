// The little script of every page: idempotency ids, countdown corrected for
// clock offset, card held to be seen, the phone's moments, wake lock (HTTPS) or a hint, vibration.
(function () {
  "use strict";
  var offset = 0; // server clock minus this phone's clock, in ms

  function newKey() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    return Date.now().toString(36) + "-" + Math.random().toString(36).slice(2, 12);
  }

  // One id per button press: a double tap or a retry of the same press sends the
  // same id (one effect); the next press after an answer gets a new one.
  document.addEventListener("htmx:configRequest", function (e) {
    if (e.detail.verb !== "post") return;
    var elt = e.detail.elt;
    if (!elt.dataset.key) elt.dataset.key = newKey();
    e.detail.parameters["key"] = elt.dataset.key;
  });
  document.addEventListener("htmx:afterRequest", function (e) {
    if (e.detail.successful || (e.detail.xhr && e.detail.xhr.status >= 400)) delete e.detail.elt.dataset.key;
    // A form whose words were taken (a note) empties itself: pushes re-render only what changed, not it.
    var form = e.detail.elt.closest && e.detail.elt.closest("form[data-clear-on-success]");
    if (form && e.detail.successful) form.reset();
  });

  // Plain forms (join, recover a seat): a second tap would post twice and the
  // second answer ("name taken") would hide the first (the seat). One post only.
  document.addEventListener("submit", function (e) {
    var form = e.target;
    if (form.hasAttribute("hx-post")) return;
    setTimeout(function () {
      form.querySelectorAll("button[type=submit], button:not([type])").forEach(function (b) { b.disabled = true; });
    }, 0);
  });

  function readClock() {
    var c = document.getElementById("srv-clock");
    var now = c && parseInt(c.dataset.now || "", 10);
    if (now) offset = now - Date.now();
  }

  function tick() {
    since();
    turnPages();
    document.querySelectorAll(".moment[data-timed]:not([hidden])").forEach(function (box) {
      if (timed(box).over) showMoment();
    });
    var nodes = document.querySelectorAll(".countdown[data-deadline]");
    for (var i = 0; i < nodes.length; i++) {
      var n = nodes[i];
      var left = Math.max(0, parseInt(n.dataset.deadline, 10) - (Date.now() + offset));
      var s = Math.ceil(left / 1000);
      var label = Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
      var out = n.querySelector(".left");
      if (out && out.textContent !== label) out.textContent = label;
      n.classList.toggle("urgent", s <= 10);
      if (s === 0 && !n.dataset.buzzed) { n.dataset.buzzed = "1"; buzz([200, 100, 200]); }
    }
  }

  function buzz(pattern) {
    if (navigator.vibrate) { try { navigator.vibrate(pattern); } catch (err) { /* not allowed yet */ } }
  }

  // Hold to see: the card face shows only while a finger (or key) stays on it.
  function show(e, on) {
    var btn = e.target.closest && e.target.closest(".card-hold");
    if (!btn) return;
    var face = document.getElementById(btn.getAttribute("aria-controls"));
    if (face) face.hidden = !on;
    btn.setAttribute("aria-pressed", on ? "true" : "false");
    if (on) e.preventDefault();
  }
  ["pointerdown", "keydown"].forEach(function (t) { document.addEventListener(t, function (e) { if (t !== "keydown" || e.key === " " || e.key === "Enter") show(e, true); }); });
  ["pointerup", "pointercancel", "pointerleave", "keyup", "blur"].forEach(function (t) { document.addEventListener(t, function (e) { show(e, false); }, true); });
  document.addEventListener("contextmenu", function (e) { if (e.target.closest && e.target.closest(".card-hold")) e.preventDefault(); });

  // Wake lock needs a secure context; on a plain LAN address say so instead.
  var lock = null;
  function keepAwake() {
    if (!document.querySelector(".live[data-kind='player']")) return;
    if ("wakeLock" in navigator && window.isSecureContext) {
      navigator.wakeLock.request("screen").then(function (l) { lock = l; }).catch(function () { hint(true); });
    } else { hint(true); }
  }
  function hint(on) { var h = document.getElementById("awake-hint"); if (h) h.hidden = !on; }
  document.addEventListener("visibilitychange", function () { if (document.visibilityState === "visible" && !lock) keepAwake(); });

  // A push replaces a region, and with it an open <details>: remember which boxes
  // the person opened (or shut) and put them back so after each message.
  var openBoxes = {};
  document.addEventListener("toggle", function (e) { if (e.target.id) openBoxes[e.target.id] = e.target.open; }, true);
  function reopen() {
    Object.keys(openBoxes).forEach(function (id) {
      var box = document.getElementById(id);
      if (box && box.open !== openBoxes[id]) box.open = openBoxes[id];  // as the person left it, open or shut
    });
  }

  function conn(state) { var c = document.getElementById("conn"); if (c) c.dataset.state = state; }
  document.addEventListener("htmx:wsOpen", function () { conn("open"); });
  document.addEventListener("htmx:wsClose", function (e) {
    conn("closed");
    // 4403: the server refuses this phone's seat (taken back at the door, or given to a new phone).
    // htmx stops trying; one reload shows the door, which says why (at most once a minute: no loop).
    var code = e.detail && e.detail.event && e.detail.event.code;
    var src = (e.detail && e.detail.elt) || e.target;
    var url = src && src.getAttribute && src.getAttribute("ws-connect");
    if (code !== 4403 || !url || url.indexOf("/g/") !== 0) return;
    var key = "seat-refused:" + location.pathname, last = 0;
    try { last = parseInt(sessionStorage.getItem(key) || "0", 10); } catch (err) { /* private mode */ }
    if (Date.now() - last < 60000) return;
    try { sessionStorage.setItem(key, String(Date.now())); } catch (err) { /* private mode */ }
    location.reload();
  });

  // Moments: whatever needs this player now, full screen, one at a time. The first one this tab has not
  // put away shows; OK or "plus tard" puts it away (remembered per page, so a reload or a reconnect does
  // not show it again); an answered or outdated one simply leaves the pushed view.
  function awayKey() { return "moments-away:" + location.pathname; }
  function putAwayList() {
    try { return JSON.parse(sessionStorage.getItem(awayKey()) || "[]"); } catch (err) { return []; }
  }
  function putAway(id) {
    var away = putAwayList();
    if (away.indexOf(id) < 0) away.push(id);
    try { sessionStorage.setItem(awayKey(), JSON.stringify(away.slice(-300))); } catch (err) { /* full: fine */ }
  }
  var showing = null;
  function now() { return Date.now() + offset; }
  // A timed moment (the Cartographe's survey) shows each card inside its own seconds, then leaves.
  function timed(box) {
    var cards = box.querySelectorAll("[data-until]");
    var t = now(), last = 0, any = false;
    cards.forEach(function (c) {
      var from = parseInt(c.dataset.from, 10), until = parseInt(c.dataset.until, 10);
      last = Math.max(last, until);
      c.hidden = !(t >= from && t < until);
      any = any || !c.hidden;
    });
    return { over: cards.length > 0 && t >= last, any: any };
  }
  function showMoment() {
    var away = putAwayList();
    var first = null;
    document.querySelectorAll(".moment[data-moment]").forEach(function (box) {
      if (box.dataset.timed && timed(box).over) putAway(box.dataset.moment);
      if (!first && away.indexOf(box.dataset.moment) < 0 && !(box.dataset.timed && timed(box).over)) first = box;
    });
    document.querySelectorAll(".moment[data-moment]").forEach(function (box) { box.hidden = box !== first; });
    document.body.classList.toggle("in-moment", !!first);
    var id = first ? first.dataset.moment : null;
    if (id && id !== showing) {
      buzz([300, 100, 300]);
      var focus = first.querySelector("button:not([disabled])");
      if (focus) focus.focus({ preventScroll: true });
    }
    showing = id;
  }
  document.addEventListener("click", function (e) {
    var ok = e.target.closest && e.target.closest(".alert-ok");
    if (!ok) return;
    var box = ok.closest(".moment, .alert-overlay");
    if (!box) return;
    if (box.dataset.moment) putAway(box.dataset.moment);
    box.hidden = true;
    showMoment();
  });

  // The dashboard's "since when": seconds since a request or a question opened, in the server's time.
  function since() {
    document.querySelectorAll("[data-since]").forEach(function (n) {
      var s = Math.max(0, Math.floor((now() - parseInt(n.dataset.since, 10)) / 1000));
      var label = Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
      if (n.textContent !== label) n.textContent = label;
    });
  }

  // The big screen's end is a show: one page at a time, turned every data-auto ms (→ and ← turn it too).
  function showResultPage(i) {
    var box = document.querySelector(".result-pages");
    if (!box) return;
    var pages = box.querySelectorAll(".result-page");
    if (!pages.length) return;
    var n = ((i % pages.length) + pages.length) % pages.length;
    pages.forEach(function (p, k) { p.classList.toggle("on", k === n); });
    box.dataset.page = String(n);
    box.dataset.turned = String(Date.now());
    var dots = box.querySelector(".result-dots");
    if (!dots) { dots = document.createElement("p"); dots.className = "result-dots"; dots.setAttribute("aria-hidden", "true"); box.appendChild(dots); }
    dots.textContent = Array.prototype.map.call(pages, function (p, k) { return k === n ? "●" : "○"; }).join(" ");
  }
  window.showResultPage = showResultPage;
  function turnPages() {
    var box = document.querySelector(".result-pages[data-auto]");
    if (!box) return;
    if (box.dataset.page === undefined) { showResultPage(0); return; }
    if (Date.now() - parseInt(box.dataset.turned, 10) >= parseInt(box.dataset.auto, 10)) {
      showResultPage(parseInt(box.dataset.page, 10) + 1);
    }
  }
  document.addEventListener("keydown", function (e) {
    var box = document.querySelector(".result-pages[data-page]");
    if (!box) return;
    if (e.key === "ArrowRight") showResultPage(parseInt(box.dataset.page, 10) + 1);
    if (e.key === "ArrowLeft") showResultPage(parseInt(box.dataset.page, 10) - 1);
  });

  // The undo preview closes once its undo went through (the dashboard then shows the new state).
  document.addEventListener("htmx:afterRequest", function (e) {
    var preview = document.getElementById("undo-preview");
    if (preview && e.detail.successful && e.detail.requestConfig && e.detail.requestConfig.verb === "post"
        && preview.contains(e.detail.elt)) preview.innerHTML = "";
  });

  // A list that grows at the top with each push (the dashboard's journal) keeps as many items as the
  // server's view of it does: the server sends only the new ones.
  function trimFeeds() {
    document.querySelectorAll("[data-feed-most]").forEach(function (list) {
      var most = parseInt(list.dataset.feedMost, 10);
      while (list.children.length > most) list.removeChild(list.lastElementChild);
    });
  }

  document.addEventListener("htmx:wsAfterMessage", function (e) {
    readClock();
    reopen();
    trimFeeds();
    showMoment();
    // Something happened to me: a pushed region asks for a buzz.
    if (typeof e.detail.message === "string" && e.detail.message.indexOf("data-buzz") >= 0) buzz(120);
  });

  // "Copier le lien": the clipboard where the page is a secure context, else a selected text field and the
  // browser's copy command (a LAN address is plain http); the button says it worked.
  document.addEventListener("click", function (e) {
    var btn = e.target.closest && e.target.closest("button[data-copy]");
    if (!btn) return;
    var src = document.querySelector(btn.dataset.copy);
    if (!src) return;
    var text = src.getAttribute("href") || src.textContent || "";
    function done() { btn.textContent = btn.dataset.done || btn.textContent; }
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(done, function () { fallback(); });
    } else { fallback(); }
    function fallback() {
      var area = document.createElement("textarea");
      area.value = text; area.setAttribute("readonly", ""); area.style.position = "fixed"; area.style.opacity = "0";
      document.body.appendChild(area); area.select();
      try { if (document.execCommand("copy")) done(); } catch (err) { /* the link stays on screen to copy by hand */ }
      document.body.removeChild(area);
    }
  });

  // Home page: only the picked game's settings show (without script, every game's settings show).
  function pickedGame() {
    var picked = document.querySelector('input[name="game"]:checked');
    document.querySelectorAll(".game-settings").forEach(function (box) {
      box.hidden = !!picked && box.getAttribute("data-game") !== picked.value;
    });
  }
  document.addEventListener("change", function (e) { if (e.target.name === "game") pickedGame(); });

  document.addEventListener("DOMContentLoaded", function () { readClock(); keepAwake(); tick(); setInterval(tick, 250); showMoment(); pickedGame(); });
})();
