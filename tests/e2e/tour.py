"""The screenshot tour's recorder (imported as `tour`): each screen of a game at each phase, on its own
device size, saved into a folder a person can page through, and checked by axe-core as it is taken.

`make screenshots` runs the tours (tests/e2e/test_screens.py); the pictures land in
tests/e2e/screenshots/tour/<game>/, with an index.html that shows them in order and the axe findings
of each. A serious or critical finding fails the tour, after every screen was taken.
"""

from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from axe import Finding, failing, scan
from browser_harness import SCREENSHOTS
from playwright.sync_api import Page

TOUR = SCREENSHOTS / "tour"
PHONE = {"width": 412, "height": 915}
DASHBOARD = {"width": 1440, "height": 900}
SCREEN = {"width": 1920, "height": 1080}
# Internal words that must never reach a person: seat ids, snake_case keys, "a → b (kind)" lines.
SEAT_ID = re.compile(r"\bp\d{1,2}\b")
SNAKE = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b")
ARROW_IDS = re.compile(r"\bp\d+\s*→\s*p\d+\b")


@dataclass
class Shot:
    number: int
    label: str
    viewer: str
    path: Path
    findings: list[Finding]
    words: list[str]


@dataclass
class Tour:
    game: str
    shots: list[Shot] = field(default_factory=list)

    @property
    def folder(self) -> Path:
        path = TOUR / self.game
        path.mkdir(parents=True, exist_ok=True)
        return path

    def start(self) -> None:
        for old in self.folder.glob("*.png"):
            old.unlink()

    def take(self, page: Page, label: str, viewer: str, full_page: bool = False) -> Shot:
        """The page as it is now: a picture, its axe findings, and any internal word in its visible text."""
        page.wait_for_timeout(150)  # a pushed region settles (htmx swaps, the moments' script runs)
        number = len(self.shots) + 1
        path = self.folder / f"{number:02d}-{viewer}-{re.sub(r'[^a-z0-9]+', '-', label.lower()).strip('-')}.png"
        page.screenshot(path=str(path), full_page=full_page)
        text = page.locator("body").inner_text()
        words = sorted(set(SEAT_ID.findall(text)) | set(SNAKE.findall(text)) | set(ARROW_IDS.findall(text)))
        shot = Shot(number, label, viewer, path, scan(page), words)
        self.shots.append(shot)
        return shot

    def write_index(self) -> Path:
        """index.html: every picture in order, with what axe found on it."""
        rows = []
        for s in self.shots:
            found = "".join(f"<li>{html.escape(str(f))}</li>" for f in s.findings) or "<li>axe: nothing found</li>"
            rows.append(f"<section><h2>{s.number:02d} · {html.escape(s.viewer)} · {html.escape(s.label)}</h2>"
                        f"<ul>{found}</ul><img src='{s.path.name}' alt='{html.escape(s.label)}'></section>")
        page = ("<!doctype html><meta charset='utf-8'><title>" + html.escape(self.game) + "</title>"
                "<style>body{font-family:sans-serif;margin:2rem}img{max-width:100%;border:1px solid #999}"
                "section{margin-bottom:3rem}</style>" + "".join(rows))
        index = self.folder / "index.html"
        index.write_text(page, encoding="utf-8")
        (self.folder / "findings.json").write_text(json.dumps(
            [{"shot": s.path.name, "findings": [str(f) for f in s.findings], "words": s.words} for s in self.shots],
            indent=1, ensure_ascii=False), encoding="utf-8")
        return index

    def problems(self) -> list[str]:
        out = []
        for s in self.shots:
            out += [f"{s.path.name}: {f}" for f in failing(s.findings)]
            if s.words:
                out.append(f"{s.path.name}: internal words on the screen: {s.words}")
        return out
