"""Screenshot a privacy report in headless Chromium (Debian's `chromium` package).

    python scripts/screenshot_report.py out/risk/report.html docs/report.png
    python scripts/screenshot_report.py out/risk/report.html shot.png --anchor conv-1 --height 1800
    python scripts/screenshot_report.py out/risk/report.html docs/report.png \
        --anchor verdict:760 --anchor conv-2:900        # two parts of the page, one image

The page is self-contained (inline CSS, images as data URIs), so Chromium runs with every
network feature off and a fresh, throw-away profile. `--anchor ID` starts the picture at an
element (e.g. `verdict`, `provenance`, `conv-1`, `top-1`) by rendering a copy of the page that
starts there; `ID:HEIGHT` sets that part's height; several anchors are stacked in one PNG.
"""
from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

CHROMIUM_FLAGS = (
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run", "--hide-scrollbars",
    "--virtual-time-budget=5000",  # let the page (and an --anchor scroll) settle first
)


# Headless screenshots are of the top of the page, whatever a script scrolls: so the copy drops
# the elements before the anchor's section instead, keeping the heading and paragraphs that lead
# into it.
_START_AT = """<script>(() => {
  let section = document.getElementById(%s);
  while (section.parentElement !== document.body) section = section.parentElement;
  let keep = section;
  while (keep.previousElementSibling && /^(H1|H2|P)$/.test(keep.previousElementSibling.tagName))
    keep = keep.previousElementSibling;
  while (document.body.firstElementChild !== keep) document.body.firstElementChild.remove();
})();</script>"""


def find_chromium() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    raise SystemExit("no chromium on PATH: apt-get install -y chromium")


def screenshot(page: Path, png: Path, width: int = 1280, height: int = 2400,
               anchor: str | None = None) -> Path:
    """Render `page` to `png` at width x height CSS pixels."""
    with tempfile.TemporaryDirectory(prefix="veil-chromium-") as profile:
        target = page.resolve()
        if anchor:  # a copy that starts at the anchor: what comes before it is removed
            target = Path(profile) / "page.html"
            html = page.read_text(encoding="utf-8").replace("</body>", _START_AT % json.dumps(anchor) + "</body>")
            target.write_text(html, encoding="utf-8")
        png.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run(
            [find_chromium(), *CHROMIUM_FLAGS, f"--user-data-dir={Path(profile) / 'profile'}",
             f"--window-size={width},{height}", f"--screenshot={png.resolve()}", target.as_uri()],
            check=True, timeout=180, capture_output=True,
        )
    return png


def stacked(page: Path, png: Path, parts: list[tuple[str, int]], width: int) -> Path:
    """Screenshots of several parts of the page (anchor, height), one under the other."""
    from PIL import Image  # Pillow: matplotlib's own dependency

    with tempfile.TemporaryDirectory(prefix="veil-shots-") as folder:
        images = [Image.open(screenshot(page, Path(folder) / f"{i}.png", width, height, anchor))
                  for i, (anchor, height) in enumerate(parts)]
        separator = 6
        out = Image.new("RGB", (width, sum(im.height for im in images) + separator * (len(images) - 1)),
                        (208, 215, 222))
        top = 0
        for image in images:
            out.paste(image.convert("RGB"), (0, top))
            top += image.height + separator
        png.parent.mkdir(parents=True, exist_ok=True)
        out.save(png, optimize=True)
    return png


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("page", type=Path, help="the report.html to render")
    parser.add_argument("png", type=Path, help="where to write the screenshot")
    parser.add_argument("--width", type=int, default=1280)
    parser.add_argument("--height", type=int, default=2400)
    parser.add_argument("--anchor", action="append", default=[],
                        help="ID or ID:HEIGHT: start at this element; repeat to stack parts")
    args = parser.parse_args(argv)
    parts = [(a.split(":")[0], int(a.split(":")[1]) if ":" in a else args.height) for a in args.anchor]
    if len(parts) > 1:
        out = stacked(args.page, args.png, parts, args.width)
    else:
        out = screenshot(args.page, args.png, args.width, parts[0][1] if parts else args.height,
                         parts[0][0] if parts else None)
    print(f"wrote {out} ({out.stat().st_size:,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
