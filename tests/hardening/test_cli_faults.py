"""The command line under faults: missing folders, file-system errors,
Ctrl-C (issue 15: CLI)."""

from __future__ import annotations

import errno
import os
import signal
import subprocess
import sys
import time

import pytest
from harden import kill_all, none_alive, one_error_line, regola
from test_engines import engine_script, pids_of

from regola.conformance.cli.errors import phrase
from regola.conformance.trace.files import iter_traces


def test_coverage_of_a_missing_folder_says_so(tmp_path):
    ran = regola("corpus", "coverage", "--corpus", str(tmp_path / "nowhere"))
    assert ran.status == 2
    assert "no such folder" in one_error_line(ran, str(tmp_path / "nowhere"))


@pytest.mark.parametrize(
    ("code", "words"),
    [(errno.ENOSPC, "no space left on device"), (errno.EEXIST, "file exists"), (errno.EROFS, "read-only file system"),
     (errno.EACCES, "permission denied")],
)
def test_file_system_errors_name_the_path(code, words):
    assert phrase(OSError(code, os.strerror(code), "/some/PATH")) == f"{words}: /some/PATH"
    # a rename names its target, not our temporary file
    assert phrase(OSError(code, os.strerror(code), "/some/.tmp123", None, "/some/PATH")) == f"{words}: /some/PATH"


def test_a_report_that_cannot_be_written_is_one_line_naming_it(tmp_path):
    trace = next(iter(iter_traces(["briscola-2"])))
    ran = regola("conform", "--trace", str(trace), "--json", str(tmp_path))  # a folder, not a file
    assert ran.status == 2
    one_error_line(ran, str(tmp_path))


def interrupt(args: list[str], after: float, ready=None) -> tuple[int, str, float]:
    """Run ``regola ARGS``, press Ctrl-C after ``after`` s (and, with
    ``ready``, once ``ready()`` holds, however busy the machine): its
    status, its stderr and how long it took to stop."""
    proc = subprocess.Popen(
        [sys.executable, "-c", "from regola.conformance.cli.commands import main; main()", *args],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        # as from a terminal: a test run started in the background (CI, nohup)
        # has SIGINT ignored, and its children would inherit that
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    time.sleep(after)
    waited = 0.0
    while ready is not None and not ready() and waited < 60 and proc.poll() is None:
        time.sleep(0.1)
        waited += 0.1
    start = time.monotonic()
    proc.send_signal(signal.SIGINT)
    try:
        _, err = proc.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        pytest.fail("regola did not stop after Ctrl-C")
    return proc.returncode, err, time.monotonic() - start


def said_interrupted(err: str, progress: str) -> bool:
    """The one line "interrupted", after whatever progress lines the command
    wrote before Ctrl-C (how many depends on how busy the machine is)."""
    *before, last = err.strip().splitlines() or [""]
    return last == "interrupted" and all(line.startswith(progress) for line in before)


def test_ctrl_c_during_conform_exits_130_and_kills_the_engine(tmp_path):
    cmd, pid_file = engine_script(tmp_path, "stubborn")
    trace = next(iter(iter_traces(["briscola-2"])))
    try:
        status, err, took = interrupt(["conform", "--engine", cmd, "--trace", str(trace), "--timeout", "30"], 1.0,
                                      ready=lambda: len(pids_of(pid_file)) == 2)
        assert status == 130
        assert said_interrupted(err, "conform: ")
        assert took < 10
        pids = pids_of(pid_file)
        assert len(pids) == 2 and none_alive(pids)
    finally:
        kill_all(pids_of(pid_file))


def test_ctrl_c_during_check_never_reports_a_variant_disproved(tmp_path, monkeypatch):
    monkeypatch.setenv("REGOLA_CACHE_DIR", str(tmp_path / "cache"))  # cold: the proofs take a while
    status, err, _ = interrupt(["check"], 2.0)
    assert status in (0, 130)  # 0 only if it had finished
    if status == 130:
        assert said_interrupted(err, "check: ")
    assert "not proved" not in err and "Traceback" not in err


def test_ctrl_c_during_corpus_generation_leaves_nothing(tmp_path):
    status, err, _ = interrupt(["corpus", "generate", "--variant", "briscola-2", "--variant", "scopa-2",
                                "--jobs", "2", "--corpus", str(tmp_path / "c")], 1.0)
    assert status in (0, 130)
    if status == 130:
        assert said_interrupted(err, "generate: ")
        assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("args", "names"),
    [
        (("conform", "--bogus"), ("regola conform", "--bogus")),
        (("corpus", "generate", "--corpus", ""), ("regola corpus generate", "--corpus", "empty")),
        (("conform", "--corpus", ""), ("regola conform", "--corpus", "empty")),
        (("conform", "--timeout", "-1"), ("regola conform", "--timeout")),
        (("nosuchcommand",), ("regola", "nosuchcommand")),
    ],
)
def test_usage_errors_are_one_line_naming_the_command_and_option(tmp_path, args, names):
    ran = regola(*args, cwd=tmp_path)
    assert ran.status == 2
    line = one_error_line(ran, *names)
    assert "╭" not in line and "│" not in line  # not a box


def test_an_empty_corpus_folder_never_means_the_current_folder(tmp_path):
    (tmp_path / "mine.jsonl").write_text('{"not": "a trace"}\n')
    ran = regola("conform", "--corpus", "", cwd=tmp_path)
    assert ran.status == 2
    assert "mine.jsonl" not in ran.stdout + ran.stderr
    assert (tmp_path / "mine.jsonl").read_text() == '{"not": "a trace"}\n'


class _FullDisk:
    """A file whose every write fails as on a full disk (no file name: a
    failing write names none)."""

    def __init__(self, *args, **kwargs):
        pass

    def write(self, text):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def test_a_full_disk_names_the_file_it_could_not_write(tmp_path, monkeypatch):
    # issue 22: "no space left on device" named no path
    from regola.conformance.trace import atomic

    monkeypatch.setattr(atomic.os, "fdopen", lambda fd, *a, **k: (os.close(fd), _FullDisk())[1])
    target = tmp_path / "report.json"
    with pytest.raises(OSError) as exc:
        atomic.write_text_atomic(target, "{}")
    assert phrase(exc.value) == f"no space left on device: {target}"
    assert list(tmp_path.iterdir()) == []  # nothing half written left behind


def test_a_full_disk_while_writing_the_corpus_names_the_corpus(tmp_path, monkeypatch):
    from pathlib import Path

    from regola.conformance.corpus.generate import VariantCorpus, write_corpus
    from regola.conformance.trace.format import Trace

    def full(self, *args, **kwargs):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(Path, "write_text", full)
    vc = VariantCorpus("briscola-2")
    vc.traces["x"] = Trace(header={"kind": "header", "variant": "briscola-2"})
    root = tmp_path / "corpus"
    with pytest.raises(OSError) as exc:
        write_corpus([vc], root)
    assert phrase(exc.value) == f"no space left on device: {root}"
    assert not root.exists() or not any(root.iterdir())
