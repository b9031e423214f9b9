"""The end-of-game debrief drawn as standalone SVG, on the server (no JS library, no CDN).

Two pictures from `app.games.deuxrois.debrief.Debrief`: the reveal graph (players in two
columns by final room, one line per reveal, styled by kind) and the timeline (a
grid rounds x players: room initial, général, envoy's crossing). Colour is never
the only signal: every kind has its own dash pattern and a short label, and the
legend spells them out in the current language. Every text is XML-escaped.
"""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from app.games.deuxrois.cards import CARDS, COLOUR_NAMES
from app.games.deuxrois.debrief import EDGE_KINDS, Debrief, Edge, Node
from app.kernel.i18n import LANG, t

SVG_NS = "http://www.w3.org/2000/svg"
TEAM_FILL = {"red": "#c0392b", "blue": "#2c6fbb", "orange": "#e67e22", "green": "#27ae60", "grey": "#7f8c8d",
             "bicolour": "url(#bicolour)"}
# kind -> (stroke colour, dash pattern or "", width): colour-blind safe because the dashes differ too.
EDGE_STYLE = {
    "complete": ("#222222", "", 3.0),
    "couleur": ("#8e44ad", "9 5", 2.0),
    "forcee": ("#a0522d", "3 3", 3.0),
    "privee": ("#16a085", "12 4 2 4", 2.0),
    "publique": ("#95a5a6", "1 5", 2.0),
}
ROOMS = ("normandie", "angleterre")
ROW = 40
TOP = 70
COLUMNS = (0.3, 0.7)  # x of the Normandie and Angleterre columns, as a share of the width
RADIUS = 9


def _kind_label(kind: str) -> str:
    return t(f"debrief.kind.{kind}")


def _kind_abbr(kind: str) -> str:
    return t(f"debrief.abbr.{kind}")


def _text(x: float, y: float, body: str, size: int = 13, anchor: str = "start", extra: str = "") -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" '
            f'font-family="sans-serif"{extra}>{escape(body)}</text>')


def _open(width: int, height: int, title: str, desc: str) -> list[str]:
    return [
        f'<svg xmlns="{SVG_NS}" width="{width}" height="{height}" viewBox="0 0 {width} {height}" role="img" '
        f'aria-label={quoteattr(title)}>',
        f"<title>{escape(title)}</title>",
        f"<desc>{escape(desc)}</desc>",
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>',
    ]


def _defs() -> str:
    arrows = "".join(
        f'<marker id="arrow-{kind}" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="9" markerHeight="9" '
        f'markerUnits="userSpaceOnUse" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="{EDGE_STYLE[kind][0]}"/></marker>'
        for kind in EDGE_KINDS)
    gradient = ('<linearGradient id="bicolour"><stop offset="50%" stop-color="#2c6fbb"/>'
                '<stop offset="50%" stop-color="#c0392b"/></linearGradient>')
    return f"<defs>{gradient}{arrows}</defs>"


def _positions(nodes: tuple[Node, ...], width: int) -> dict[str, tuple[float, float, str]]:
    """Player -> (x, y, text anchor): Normandie on the left, Angleterre on the right, in seat order."""
    pos: dict[str, tuple[float, float, str]] = {}
    for col, room in enumerate(ROOMS):
        x = width * COLUMNS[col]
        members = [n for n in nodes if n.room == room]
        for i, n in enumerate(members):
            pos[n.id] = (x, TOP + 20 + i * ROW, "end" if col == 0 else "start")
    for n in nodes:  # a room outside the two (never expected): a column of its own below
        if n.id not in pos:
            pos[n.id] = (width / 2, TOP + 20 + len(pos) * ROW, "middle")
    return pos


def _free_spot(x: float, y: float, label: str, placed: list[tuple[float, float, float]]) -> float:
    """A y near `y` where `label` (about 6 px a letter, 12 px high) overlaps no label placed before."""
    half = len(label) * 3.2 + 2
    for step in (0, 1, -1, 2, -2, 3, -3, 4, -4, 5, -5):
        candidate = y + step * 12
        if all(abs(candidate - py) >= 12 or abs(x - px) >= half + pw for px, py, pw in placed):
            placed.append((x, candidate, half))
            return candidate
    placed.append((x, y, half))
    return y


def _edge(e: Edge, pos: dict[str, tuple[float, float, str]], bend: int,
          placed: list[tuple[float, float, float]] | None = None) -> str:
    x1, y1, _ = pos[e.a]
    x2, y2, _ = pos[e.b]
    stroke, dash, width = EDGE_STYLE[e.kind]
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    if abs(x1 - x2) < 1:  # same column: bulge towards the middle of the picture
        side = 1 if pos[e.a][2] == "end" else -1
        cx, cy = x1 + side * (30 + abs(y2 - y1) * 0.3 + bend * 6), my
    else:
        cx, cy = mx, my + bend * 16  # parallel reveals between two players spread apart
    lx, ly = (mx + cx) / 2, (my + cy) / 2
    (x1, y1), (x2, y2) = _trim(x1, y1, cx, cy), _trim(x2, y2, cx, cy)  # arrows stop at the circles' edge
    dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
    start = f' marker-start="url(#arrow-{e.kind})"' if e.mutual else ""
    label = f"{_kind_abbr(e.kind)}{e.round}"
    if placed is not None:  # labels never sit on one another ("C3Pu1" read as one word)
        ly = _free_spot(lx, ly, label, placed)
    tip = f"{_kind_label(e.kind)} — {t('debrief.round', round=e.round)}"
    return (f'<g class="edge" data-kind="{e.kind}"><title>{escape(tip)}</title>'
            f'<path d="M{x1:.1f},{y1:.1f} Q{cx:.1f},{cy:.1f} {x2:.1f},{y2:.1f}" fill="none" stroke="{stroke}" '
            f'stroke-width="{width}"{dash_attr}{start} marker-end="url(#arrow-{e.kind})" opacity="0.85"/>'
            + _text(lx, ly - 3, label, 10, "middle", ' fill="#111111" paint-order="stroke" stroke="#ffffff" '
                    'stroke-width="3"') + "</g>")


def _trim(x: float, y: float, cx: float, cy: float) -> tuple[float, float]:
    """The point `RADIUS` + 2 from (x, y) towards the control point (cx, cy)."""
    dx, dy = cx - x, cy - y
    length = (dx * dx + dy * dy) ** 0.5 or 1.0
    return x + dx / length * (RADIUS + 2), y + dy / length * (RADIUS + 2)


def _legend(y: float, width: int) -> list[str]:
    out = [_text(16, y, t("debrief.legend"), 13, extra=' font-weight="bold"')]
    for i, kind in enumerate(EDGE_KINDS):
        stroke, dash, w = EDGE_STYLE[kind]
        row = y + 20 + i * 20
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(f'<line x1="16" y1="{row - 4}" x2="66" y2="{row - 4}" stroke="{stroke}" stroke-width="{w}"'
                   f'{dash_attr} marker-end="url(#arrow-{kind})"/>')
        mutual = t("debrief.mutual") if kind in ("complete", "couleur", "forcee") else t("debrief.one_way")
        out.append(_text(76, row, f"{_kind_abbr(kind)} = {_kind_label(kind)} ({mutual})", 12))
    out.append(_text(16, y + 20 + len(EDGE_KINDS) * 20, t("debrief.legend_round"), 11, extra=' fill="#444444"'))
    return out


def graph_svg(debrief: Debrief) -> str:
    """The reveal graph as a standalone SVG document (current language)."""
    width = 760
    per_room = max([sum(1 for n in debrief.nodes if n.room == r) for r in ROOMS] + [1])
    legend_y = TOP + 20 + per_room * ROW + 10
    height = int(legend_y + 40 + (len(EDGE_KINDS) + 1) * 20)
    out = _open(width, height, t("debrief.graph_title"), t("debrief.graph_desc", n=len(debrief.edges)))
    out.append(_defs())
    out.append(_text(width / 2, 24, t("debrief.graph_title"), 16, "middle", ' font-weight="bold"'))
    for col, room in enumerate(ROOMS):
        out.append(_text(width * COLUMNS[col], TOP - 16, t(f"room.{room}"), 14, "middle",
                         ' font-weight="bold"'))
    pos = _positions(debrief.nodes, width)
    pairs: dict[tuple[str, str], int] = {}
    placed: list[tuple[float, float, float]] = []
    for e in debrief.edges:
        key = (min(e.a, e.b), max(e.a, e.b))
        bend = pairs.get(key, 0)
        pairs[key] = bend + 1
        out.append(_edge(e, pos, (bend + 1) // 2 * (1 if bend % 2 else -1), placed))
    for n in debrief.nodes:
        x, y, anchor = pos[n.id]
        dx = -14 if anchor == "end" else 14
        lang = LANG.get()
        card = CARDS[n.card].label(lang)
        colour = COLOUR_NAMES[CARDS[n.card].colour]
        card = f"{card} · {colour.en if lang == 'en' else colour.fr}"  # the team in words, not only in colour
        out.append(f'<g class="node"><title>{escape(n.name)} — {escape(card)}</title>'
                   f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{RADIUS}" fill="{TEAM_FILL.get(n.colour, "#7f8c8d")}" '
                   f'stroke="#000000" stroke-width="1.5"/>'
                   + _text(x + dx, y - 1, n.name, 13, anchor, ' font-weight="bold"')
                   + _text(x + dx, y + 13, card, 10, anchor, ' fill="#333333"') + "</g>")
    out.extend(_legend(legend_y + 10, width))
    out.append("</svg>")
    return "\n".join(out)


def timeline_svg(debrief: Debrief) -> str:
    """The grid rounds x players: room initial per round, ★ for a général, → for an envoy who crossed."""
    name_w, cell_w, cell_h = 170, 78, 30
    rounds = debrief.rounds
    width = name_w + max(len(rounds), 1) * cell_w + 20
    height = TOP + len(debrief.nodes) * cell_h + 110
    out = _open(width, height, t("debrief.timeline_title"), t("debrief.timeline_desc"))
    out.append(_text(16, 24, t("debrief.timeline_title"), 16, extra=' font-weight="bold"'))
    for j, line in enumerate(rounds):
        out.append(_text(name_w + j * cell_w + cell_w / 2, TOP - 10, t("debrief.round", round=line.round), 12,
                         "middle", ' font-weight="bold"'))
    for i, n in enumerate(debrief.nodes):
        y = TOP + i * cell_h
        out.append(_text(name_w - 8, y + cell_h / 2 + 4, n.name, 13, "end"))
        for j, line in enumerate(rounds):
            x = name_w + j * cell_w
            room = line.rooms.get(n.id, "")
            fill = {"normandie": "#dfe9f7", "angleterre": "#f7e0dc"}.get(room, "#eeeeee")
            body = t(f"debrief.initial.{room}") if room in ROOMS else "–"
            tip = [t(f"room.{room}") if room in ROOMS else "–"]
            if line.generals.get(room) == n.id:
                body += " ★"
                tip.append(t("debrief.general"))
            crossing = next((c for c in line.crossings if c[0] == n.id), None)
            if crossing is not None and crossing[2] in ROOMS:
                body += " →" + t(f"debrief.initial.{crossing[2]}")
                tip.append(t("debrief.envoy_to", room=t(f"room.{crossing[2]}")))
            out.append(f'<g class="cell"><title>{escape(n.name)}, {escape(t("debrief.round", round=line.round))}: '
                       f'{escape(", ".join(tip))}</title>'
                       f'<rect x="{x + 2}" y="{y + 2}" width="{cell_w - 4}" height="{cell_h - 4}" fill="{fill}" '
                       f'stroke="#999999"/>' + _text(x + cell_w / 2, y + cell_h / 2 + 5, body, 13, "middle") + "</g>")
    y = TOP + len(debrief.nodes) * cell_h + 24
    out.append(_text(16, y, t("debrief.legend"), 13, extra=' font-weight="bold"'))
    out.append(_text(16, y + 20, t("debrief.legend_rooms", n=t("debrief.initial.normandie"),
                                   a=t("debrief.initial.angleterre")), 12))
    out.append(_text(16, y + 40, "★ = " + t("debrief.general"), 12))
    out.append(_text(16, y + 60, "→ = " + t("debrief.envoy_legend"), 12))
    out.append("</svg>")
    return "\n".join(out)
