"""Render pages of the built site in headless Chromium, for a visual check.

Not run in CI. Usage (from the repository root):

    python docs/_tools/screenshots.py --out /tmp/shots \\
        [--site DIR] [--mermaid path/to/mermaid.min.js] [PAGE ...]

Without ``--site`` the site is built first (``mkdocs build --strict``) into
a temporary folder. PAGE is a site path such as ``variants/briscola-2/``; by
default the home page, one variant page and the compatibility page. Each
page is shot at desktop width (1280x2000) and phone width (390x900).

The Material theme loads Mermaid from a CDN. Offline, pass ``--mermaid``
with a local copy (for example from ``npm pack mermaid@11``): it is copied
into the temporary site and loaded before the theme, which then uses it.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_PAGES = ["", "variants/briscola-2/", "engines/compatibility/"]
SIZES = {"desktop": (1280, 2000), "phone": (390, 900)}


def build(site: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(site)],
        cwd=ROOT,
        check=True,
    )


def add_mermaid(site: Path, script: Path) -> None:
    shutil.copy(script, site / "mermaid.min.js")
    for page in site.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        if "mermaid" in text and "/mermaid.min.js" not in text:
            page.write_text(text.replace("</head>", '<script src="/mermaid.min.js"></script></head>', 1), encoding="utf-8")


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


def serve(site: Path) -> tuple[http.server.ThreadingHTTPServer, int]:
    handler = functools.partial(_QuietHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, server.server_address[1]


def shoot(url: str, out: Path, size: tuple[int, int]) -> None:
    profile = tempfile.mkdtemp(prefix="regola-chromium-")
    try:
        subprocess.run(
            [
                "chromium", "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--hide-scrollbars", f"--user-data-dir={profile}",
                "--virtual-time-budget=5000", f"--window-size={size[0]},{size[1]}",
                f"--screenshot={out}", url,
            ],
            check=True,
            capture_output=True,
            timeout=120,
        )
    finally:
        shutil.rmtree(profile, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("pages", nargs="*", default=DEFAULT_PAGES)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--site", type=Path)
    parser.add_argument("--mermaid", type=Path)
    parser.add_argument("--tall", action="store_true", help="also a 1280x9000 shot of each page")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="regola-site-") as tmp:
        site = Path(tmp) / "site"
        if args.site:
            shutil.copytree(args.site, site)
        else:
            build(site)
        if args.mermaid:
            add_mermaid(site, args.mermaid)
        server, port = serve(site)
        try:
            sizes = dict(SIZES, tall=(1280, 9000)) if args.tall else SIZES
            for page in args.pages:
                name = page.strip("/").replace("/", "_") or "home"
                for label, size in sizes.items():
                    out = args.out / f"{name}-{label}.png"
                    shoot(f"http://127.0.0.1:{port}/{page}", out, size)
                    print(out)
        finally:
            server.shutdown()


if __name__ == "__main__":
    main()
