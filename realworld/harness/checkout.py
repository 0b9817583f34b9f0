"""A tree of an engine's pinned commit on this machine.

The tree is made once per commit in ``$REGOLA_CHECKOUTS`` (default
``~/.cache/regola/realworld``) from a git directory: a local mirror
``$REGOLA_MIRRORS/<owner>+<name>/repo`` (default ``/work/.mirror``) if there
is one, else a clone of ``https://github.com/<owner>/<name>``. The engine's
``setup`` commands (installing its dependencies, never building it) are run
in the tree once. Planted bugs are applied to copies (`copy_tree`).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tarfile
import tempfile
from pathlib import Path

from .catalog import Engine

DONE = ".regola-checkout-done"


def checkouts_dir() -> Path:
    return Path(os.environ.get("REGOLA_CHECKOUTS", Path.home() / ".cache" / "regola" / "realworld"))


def mirrors_dir() -> Path:
    return Path(os.environ.get("REGOLA_MIRRORS", "/work/.mirror"))


class CheckoutError(RuntimeError):
    pass


def _git_dir(repo: str) -> Path | None:
    base = mirrors_dir() / repo.replace("/", "+") / "repo"
    for cand in (base / ".git", base):
        if (cand / "HEAD").exists():
            return cand
    return None


def _export(git_dir: Path, commit: str, dest: Path) -> None:
    with tempfile.TemporaryFile() as tmp:
        proc = subprocess.run(["git", f"--git-dir={git_dir}", "archive", commit], stdout=tmp, stderr=subprocess.PIPE)
        if proc.returncode:
            # a mirror may lack its largest files (model weights, data sets): take the others one by one
            _export_files(git_dir, commit, dest)
            return
        tmp.seek(0)
        with tarfile.open(fileobj=tmp) as tar:
            tar.extractall(dest, filter="data")


def _export_files(git_dir: Path, commit: str, dest: Path) -> None:
    """The tree's files that the git directory holds, one by one; the
    missing ones are listed in ``.regola-missing-files``."""
    git = ["git", f"--git-dir={git_dir}"]
    listing = subprocess.run([*git, "ls-tree", "-r", "-z", commit], capture_output=True)
    if listing.returncode:
        raise CheckoutError(f"git ls-tree {commit} in {git_dir} failed: {listing.stderr.decode(errors='replace').strip()}")
    missing = []
    for entry in listing.stdout.split(b"\0"):
        if not entry:
            continue
        meta, _, name = entry.partition(b"\t")
        mode, kind, sha = meta.decode().split()
        path = dest / name.decode(errors="replace")
        if kind != "blob" or ".." in Path(name.decode(errors="replace")).parts:
            continue
        blob = subprocess.run([*git, "cat-file", "blob", sha], capture_output=True)
        if blob.returncode:
            missing.append(str(path.relative_to(dest)))
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        if mode == "120000":
            path.symlink_to(blob.stdout.decode())
        else:
            path.write_bytes(blob.stdout)
            if mode == "100755":
                path.chmod(0o755)
    (dest / ".regola-missing-files").write_text("\n".join(missing) + ("\n" if missing else ""))


def checkout(engine: Engine, quiet: bool = False) -> Path:
    """The engine's tree at its commit, made and set up on first use."""
    info = engine.info
    dest = checkouts_dir() / f"{info.slug}-{info.commit[:12]}"
    if (dest / DONE).exists():
        return dest
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    git_dir = _git_dir(info.repo)
    if git_dir is None:
        clone = dest.with_name(dest.name + ".git")
        if not clone.exists():
            url = f"https://github.com/{info.repo}"
            proc = subprocess.run(["git", "clone", "--bare", "--quiet", url, str(clone)], capture_output=True, text=True)
            if proc.returncode:
                raise CheckoutError(
                    f"{info.repo}: no mirror under {mirrors_dir()} and `git clone {url}` failed: {proc.stderr.strip()}"
                )
        git_dir = clone
    _export(git_dir, info.commit, dest)
    for cmd in info.setup:
        if not quiet:
            print(f"[{info.slug}] {' '.join(cmd)}", flush=True)
        proc = subprocess.run(cmd, cwd=dest, capture_output=True, text=True)
        if proc.returncode:
            raise CheckoutError(f"[{info.slug}] setup `{' '.join(cmd)}` failed in {dest}:\n{proc.stderr[-2000:]}")
    (dest / DONE).write_text(info.commit + "\n")
    return dest


def copy_tree(src: Path, dest: Path) -> Path:
    """A copy of a tree for one planted bug (dependency folders linked, not copied)."""
    dest.mkdir(parents=True, exist_ok=True)
    for item in src.iterdir():
        target = dest / item.name
        if item.name in ("node_modules", ".venv"):
            target.symlink_to(item.resolve(), target_is_directory=True)
        elif item.is_dir():
            shutil.copytree(item, target, symlinks=True)
        else:
            shutil.copy2(item, target)
    return dest
