"""Draws the web app icons (static/icons/*.png) from static/icons/icon.svg with Debian's Chromium.

    .venv/bin/python scripts/render_icons.py

Run it after changing the SVG; the PNGs are committed (installing the app needs them, not this script).
"""

from pathlib import Path

from playwright.sync_api import sync_playwright

root = Path(__file__).resolve().parents[1] / "static" / "icons"
svg = (root / "icon.svg").read_text()
with sync_playwright() as p:
    b = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=["--no-sandbox", "--disable-gpu"])
    for size, name, pad in ((192, "icon-192.png", 0), (512, "icon-512.png", 0), (512, "icon-maskable-512.png", 0.12)):
        page = b.new_page(viewport={"width": size, "height": size})
        inner = int(size * (1 - 2 * pad))
        body = svg.replace('rx="96"', 'rx="0"') if pad else svg
        page.set_content(f"<html><body style='margin:0;background:{'#14213d' if pad else 'transparent'}'>"
                         f"<div style='width:{size}px;height:{size}px;display:flex;align-items:center;justify-content:center'>"
                         f"<div style='width:{inner}px;height:{inner}px'>{body.replace('<svg ', '<svg width=100% height=100% ')}</div></div></body></html>")
        page.screenshot(path=str(root / name), omit_background=not pad)
        page.close()
    b.close()
