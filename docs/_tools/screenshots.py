"""Render pages of the built site in headless Chromium, for a visual check.

Not run in CI. Usage (from the repository root):

    python docs/_tools/screenshots.py --out /tmp/shots [--site DIR] [PAGE ...]

Without ``--site`` the site is built first (``mkdocs build --strict``) into
a temporary folder. PAGE is a site path such as ``variants/briscola-2/``; by
default the home page, the compatibility matrix, one variant page per
family and the page on writing a variant file. Each page is shot at desktop
width (1280x2000) and phone width (390x900).

The site must work offline (Mermaid is bundled, fonts are the system's), so
Chromium is started with every host name but the local server's made
unresolvable: a page that still needs the network shows it here. For a
stricter check run the script without any network, for example under
``unshare -n`` after ``ip link set lo up``.
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
DEFAULT_PAGES = [
    "",
    "engines/compatibility/",
    "variants/briscola-2/",
    "variants/chiamata/",
    "variants/scopa-2/",
    "writing-variants/",
]
SIZES = {"desktop": (1280, 2000), "phone": (390, 900)}


def build(site: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(site)],
        cwd=ROOT,
        check=True,
    )


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
                # offline: no host name resolves but the local server's
                "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
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
    parser.add_argument("--tall", action="store_true", help="also shots 9000 pixels tall at both widths")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="regola-site-") as tmp:
        site = Path(tmp) / "site"
        if args.site:
            shutil.copytree(args.site, site)
        else:
            build(site)
        server, port = serve(site)
        try:
            sizes = dict(SIZES, tall=(1280, 9000), **{"phone-tall": (390, 9000)}) if args.tall else SIZES
            for page in args.pages:
                name = page.strip("/").replace("/", "_").replace("#", "-") or "home"
                for label, size in sizes.items():
                    out = args.out / f"{name}-{label}.png"
                    shoot(f"http://127.0.0.1:{port}/{page}", out, size)
                    print(out)
        finally:
            server.shutdown()


if __name__ == "__main__":
    main()
