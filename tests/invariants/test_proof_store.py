"""Proof results kept on disk between processes (`regola.spec.invariants.store`)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from regola.spec import load, ruleset_hash
from regola.spec.invariants import store
from regola.spec.invariants.core import InvariantResult

CHECK = "from regola.spec import load; from regola.spec.invariants import check; check(load({!r}, checked=False))"


@pytest.fixture(autouse=True)
def _store_on(monkeypatch):
    """The store may have been switched off by a test that timed a cold check."""
    monkeypatch.setattr(store, "_enabled", True)


def run_check(variant: str, cache: Path) -> None:
    env = {**os.environ, "REGOLA_CACHE_DIR": str(cache)}
    subprocess.run([sys.executable, "-c", CHECK.format(variant)], env=env, check=True)


def kept(cache: Path) -> list[Path]:
    return sorted((cache / "proofs").glob("*.json"))


def test_a_second_process_reads_the_proofs_the_first_one_kept(tmp_path, monkeypatch):
    run_check("briscola-2", tmp_path)
    (path,) = kept(tmp_path)
    data = json.loads(path.read_text())
    assert data["ruleset_hash"].startswith("sha256:")
    assert {r["status"] for r in data["results"]} <= {"proved", "not-applicable"}
    # the next process gets exactly what was written, whatever is in the file
    data["results"][0]["note"] = "read from the cache"
    path.write_text(json.dumps(data))
    monkeypatch.setenv("REGOLA_CACHE_DIR", str(tmp_path))
    recalled = store.recall(data["ruleset_hash"])
    assert recalled is not None and recalled[0].note == "read from the cache"
    assert not list(tmp_path.glob("proofs/.*.tmp"))  # written under a temporary name, then renamed


def test_the_key_is_the_ruleset_hash_the_version_and_the_code(tmp_path, monkeypatch):
    monkeypatch.setenv("REGOLA_CACHE_DIR", str(tmp_path))
    a = store._path("sha256:" + "a" * 64)
    assert a == store._path("sha256:" + "a" * 64) != store._path("sha256:" + "b" * 64)
    monkeypatch.setattr(store, "_version", lambda: "99.0")
    assert store._path("sha256:" + "a" * 64) != a


@pytest.mark.parametrize("text", ["", "{", "[]", '{"format": 1}', '{"format": 1, "ruleset_hash": "x", "results": 3}'])
def test_a_corrupt_file_is_ignored_and_replaced(tmp_path, monkeypatch, text):
    run_check("briscola-4", tmp_path)
    (path,) = kept(tmp_path)
    path.write_text(text)
    monkeypatch.setenv("REGOLA_CACHE_DIR", str(tmp_path))
    assert store.recall(ruleset_hash(load("briscola-4", checked=False))) is None
    run_check("briscola-4", tmp_path)  # no error: proved again, and kept again
    assert json.loads(path.read_text())["format"] == store.FORMAT


def test_only_final_results_are_kept(tmp_path, monkeypatch):
    monkeypatch.setenv("REGOLA_CACHE_DIR", str(tmp_path))
    names = list(store.REGISTRY)
    done = tuple(InvariantResult(n, "proved", 0.1) for n in names)
    undecided = (InvariantResult(names[0], "failed", 20.0, "z3 could not decide", final=False), *done[1:])
    store.keep("sha256:undecided", undecided)
    assert store.recall("sha256:undecided") is None and not kept(tmp_path)
    store.keep("sha256:done", done)
    assert [r.status for r in store.recall("sha256:done")] == ["proved"] * len(names)


def test_a_cache_folder_that_cannot_be_written_costs_only_time(tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("REGOLA_CACHE_DIR", str(blocker / "cache"))
    store.keep("sha256:x", tuple(InvariantResult(n, "proved", 0.1) for n in store.REGISTRY))
    assert load("briscola-2")


def test_the_cache_folder_follows_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("REGOLA_CACHE_DIR", str(tmp_path / "own"))
    assert store.cache_dir() == tmp_path / "own"
    monkeypatch.delenv("REGOLA_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert store.cache_dir() == tmp_path / "xdg" / "regola"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert store.cache_dir() == tmp_path / "home" / ".cache" / "regola"
