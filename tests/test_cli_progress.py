"""No silence over a few seconds (issue 22): every command that can take
more than two seconds says how far it is on stderr, a bar in a terminal and
a line every few seconds anywhere else. Each test runs the installed
``regola`` with its output piped, as a log or CI would, and waits for the
first progress line; the command is then stopped, its work unfinished.
"""

from __future__ import annotations

import io
import os
import queue
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from regola.conformance.cli.progress import FIRST, Heartbeat

WITHIN = 20.0
"""Seconds to wait for the first line: it comes `FIRST` (2) seconds after the
command starts its work; the rest is Python starting and importing, slow on
a machine other work keeps busy."""


def regola_argv() -> list[str]:
    script = Path(sys.executable).with_name("regola")
    return [str(script)] if script.is_file() else [sys.executable, "-m", "regola.conformance.cli.commands"]


def first_progress_line(args: list[str], pattern: str, cwd: Path, env: dict[str, str] | None = None) -> tuple[str, float]:
    """Start ``regola ARGS`` with stdout and stderr piped, return the first
    stderr line matching ``pattern`` and the seconds it took; stop the command."""
    full_env = {**os.environ, **(env or {}), "COLUMNS": "120"}
    full_env.pop("REGOLA_DEBUG", None)
    started = time.monotonic()
    proc = subprocess.Popen([*regola_argv(), *args], cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            text=True, env=full_env, start_new_session=True)
    lines: queue.Queue[str | None] = queue.Queue()

    def read() -> None:
        for line in proc.stderr:
            lines.put(line.rstrip("\n"))
        lines.put(None)

    threading.Thread(target=read, daemon=True).start()
    seen = []
    try:
        while True:
            left = WITHIN - (time.monotonic() - started)
            try:
                line = lines.get(timeout=max(left, 0.01))
            except queue.Empty:
                raise AssertionError(f"no progress line in {WITHIN:.0f} s from regola {' '.join(args)}; "
                                     f"stderr so far: {seen}") from None
            if line is None:
                raise AssertionError(f"regola {' '.join(args)} ended (status {proc.wait()}) without a progress "
                                     f"line: {seen}")
            seen.append(line)
            if re.match(pattern, line):
                return line, time.monotonic() - started
    finally:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.wait()


def test_check_on_a_new_machine(tmp_path):
    # an empty proof store: the first `regola check` proves 47 variants
    line, _ = first_progress_line(["check"], r"check: \d+/\d+ rulesets", tmp_path,
                                  env={"REGOLA_CACHE_DIR": str(tmp_path / "cache")})
    assert line.endswith(" s")


def test_corpus_coverage(tmp_path):
    first_progress_line(["corpus", "coverage"], r"coverage: (rules|situations): \d+/\d+ traces", tmp_path)


def test_conform_piped(tmp_path):
    first_progress_line(["conform"], r"conform: \d+/\d+ traces", tmp_path)


def test_corpus_check(tmp_path):
    first_progress_line(["corpus", "check", "--jobs", "1"], r"check: \d+/\d+ variants", tmp_path)


def test_corpus_generate(tmp_path):
    first_progress_line(["corpus", "generate", "--corpus", str(tmp_path / "c"), "--jobs", "1"],
                        r"generate: \d+/\d+ variants", tmp_path)


def test_fuzz(tmp_path):
    first_progress_line(["fuzz", "--seconds", "60", "--jobs", "1", "--out", str(tmp_path / "f")],
                        r"fuzzing: \d+ games", tmp_path)


def test_a_heartbeat_says_nothing_for_a_quick_job_and_then_a_line_every_few_seconds():
    quick = io.StringIO()
    with Heartbeat("check", 3, "rulesets", stream=quick) as beat:
        beat.advance("briscola-2")
    assert quick.getvalue() == "" and FIRST >= 1
    slow = io.StringIO()
    with Heartbeat("check", 3, "rulesets", stream=slow, first=0.05, every=0.05) as beat:
        beat.advance("briscola-2", note="0 failed")
        deadline = time.monotonic() + 10
        while slow.getvalue().count("\n") < 2 and time.monotonic() < deadline:
            time.sleep(0.01)
    first = slow.getvalue().splitlines()[0]
    assert re.fullmatch(r"check: 1/3 rulesets \(briscola-2\); 0 failed, \d+ s", first), first
