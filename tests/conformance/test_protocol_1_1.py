"""Protocol 1.1, backwards compatible: the version said in hello, the deal
sent with every new hand, view fields at sub-field level, a crash inside
``serve`` answered as a crash, ``unsupported`` from an adapter, and Python
engines named on the command line (``module:Class``, ``file.py:Class``,
entry points of ``regola.engines``)."""

from __future__ import annotations

import json
import shlex
import sys
import textwrap
from pathlib import Path

import pytest
from mutants import MutantEngine
from mutants.base import reference_fields
from mutants.material import write_playout
from typer.testing import CliRunner

from regola.conformance.adapters.load import EngineSpecError, is_python_reference, resolve_engine
from regola.conformance.cli.commands import app
from regola.conformance.protocol.client import SubprocessEngine
from regola.conformance.protocol.engine import LATEST, EngineFailure, ReferenceEngine, speaks
from regola.conformance.protocol.serve import respond
from regola.conformance.runner.compare import compare_views
from regola.conformance.runner.run import run_traces
from regola.conformance.trace.format import read_trace


@pytest.fixture(scope="module")
def two_hands(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A briscola-2 trace over two hands: its second hand starts with a shuffle."""
    path = write_playout(tmp_path_factory.mktemp("traces"), "briscola-2", 3, max_hands=2)
    assert any(s["action"]["type"] == "shuffle" for s in read_trace(path).steps)
    return path


def ask(engine, **request) -> dict:
    answer, _ = respond(engine, json.dumps({"id": 1, **request}))
    return answer


def script(tmp_path: Path, body: str) -> str:
    """The command line of a Python engine served over the protocol."""
    path = tmp_path / "engine_script.py"
    path.write_text(
        "import sys\n"
        "from regola.conformance.protocol.engine import EngineFailure, ReferenceEngine\n"
        "from regola.conformance.protocol.serve import serve\n" + textwrap.dedent(body)
    )
    return shlex.join([sys.executable, str(path)])


# --- the version, said in hello -------------------------------------------------


def test_hello_answers_the_newest_version_both_sides_speak():
    served = ReferenceEngine(protocol=LATEST)
    assert ask(served, cmd="hello", protocol=1)["protocol"] == 1  # a protocol 1 runner
    assert ask(served, cmd="hello", protocol=1, versions=["1", "1.1"])["protocol"] == "1.1"
    assert ask(served, cmd="hello", protocol="1.1")["protocol"] == "1.1"
    assert ask(served, cmd="hello", protocol=1, versions=["1", "1.1", "1.2"])["protocol"] == "1.2"
    # an engine that speaks only 1 stays at 1 whatever the runner offers
    assert ask(ReferenceEngine(), cmd="hello", protocol=1, versions=["1", "1.1"])["protocol"] == 1
    refused = ask(served, cmd="hello", protocol=2)
    assert refused["ok"] is False and refused["error"]["code"] == "unsupported"


def test_the_client_reads_the_version_the_engine_speaks():
    with SubprocessEngine([sys.executable, "-m", "regola.conformance.protocol.serve"]) as eng:
        # regola serve speaks the newest version, 1.2, which includes 1.1
        assert eng.hello()["protocol"] == LATEST == "1.2" and speaks(eng.hello(), "1.1")
    assert speaks({}, "1") and not speaks({}, "1.1") and not speaks({"protocol": 1}, "1.1")


# --- the deal of every new hand -------------------------------------------------


class TakesDeals(MutantEngine):
    """Speaks 1.1 and keeps the deals it is sent with each shuffle."""

    name = "takes-deals"

    def hello(self):
        return {**super().hello(), "protocol": "1.1"}

    def new(self, *args):
        super().new(*args)
        self.deals = []

    def apply(self, action, deal=None):
        if action["type"] == "shuffle":
            self.deals.append(deal)
        super().apply(action)


def test_a_1_1_engine_is_sent_the_deal_of_each_new_hand(two_hands):
    seen: list[list] = []

    class Keeps(TakesDeals):
        def close(self):
            seen.append(self.deals)
            super().close()

    results, _ = run_traces([two_hands], Keeps)
    assert results[0].status == "passed"
    shuffles = [s for s in read_trace(two_hands).steps if s["action"]["type"] == "shuffle"]
    want = [next(e for e in s["events"] if e["type"] == "deal") for s in shuffles]
    assert seen == [want] and want[0]["hands"] and "indicator" in want[0]


def test_a_protocol_1_engine_is_not_sent_the_deal(two_hands):
    # its apply takes no deal: passing one would make it raise
    class Protocol1(MutantEngine):
        pass

    results, _ = run_traces([two_hands], Protocol1)
    assert results[0].status == "passed"


def test_the_deal_goes_over_the_wire_with_the_shuffle(two_hands, tmp_path):
    cmd = script(tmp_path, """
        class NeedsTheDeal(ReferenceEngine):
            def apply(self, action, deal=None):
                super().apply(action)
                if action["type"] == "shuffle":
                    if deal is None:
                        raise RuntimeError("no deal came with the shuffle")
                    if deal["hands"] != self.view(None)["hands"]:
                        raise RuntimeError("the deal is not the one the deck makes")

        serve(NeedsTheDeal(protocol="1.1"), sys.stdin, sys.stdout)
    """)
    results, hello = run_traces([two_hands], lambda: SubprocessEngine(cmd))
    assert hello["protocol"] == "1.1"
    assert (results[0].status, results[0].error) == ("passed", None)


# --- sub-field reporting --------------------------------------------------------


FIELDS = [f for f in reference_fields(("briscola-2",)) if f != "match"] + ["match.game_points"]


class ReportsPartOfMatch(TakesDeals):
    """Reports only ``match.game_points`` of the match, and gets its card points wrong."""

    name = "part-of-match"

    def hello(self):
        return {**super().hello(), "fields": FIELDS}

    def view(self, seat=None):
        v = super().view(seat)
        v["match"] = {"game_points": v["match"]["game_points"], "card_points": [999, 999]}
        return v


class WrongGamePoints(ReportsPartOfMatch):
    def view(self, seat=None):
        v = super().view(seat)
        v["match"]["game_points"] = [g + 1 for g in v["match"]["game_points"]]
        return v


def test_only_the_sub_fields_an_engine_reports_are_compared(two_hands):
    results, _ = run_traces([two_hands], ReportsPartOfMatch)
    assert results[0].status == "passed"
    results, _ = run_traces([two_hands], WrongGamePoints)
    d = results[0].divergence
    assert results[0].status == "failed" and d.step is None
    assert [x.path for x in d.differences] == ["match.game_points"]


def test_sub_fields_in_compare_views():
    expected = {"match": {"points": [1, 2], "hands_won": [0, 1]}, "phase": "play"}
    assert compare_views(expected, {"match": {"points": [1, 2]}, "phase": "play"}, ["match.points", "phase"]) == []
    (missing,) = compare_views(expected, {"match": {"hands_won": [0, 1]}, "phase": "play"}, ["match.points"])
    assert missing.path == "match.points" and missing.to_json() == {
        "path": "match.points", "expected": [1, 2], "actual_absent": True,
    }
    # naming the whole field too compares it whole
    (d,) = compare_views(expected, {"match": {"points": [1, 2]}, "phase": "play"}, ["match", "match.points"])
    assert d.path == "match.hands_won"


# --- a crash inside serve, unsupported ------------------------------------------


class Boom(ReferenceEngine):
    def legal(self):
        raise ZeroDivisionError("the engine's own bug")


def test_an_engine_that_raises_inside_serve_is_answered_as_a_crash():
    answer = ask(Boom(), cmd="legal")
    assert answer["ok"] is False and answer["error"]["code"] == "crash"
    assert answer["error"]["message"].startswith("the engine raised ZeroDivisionError: the engine's own bug (at ")


def test_the_runner_reports_a_crash_inside_serve_as_the_engine_crashing(two_hands, tmp_path):
    cmd = script(tmp_path, """
        class CrashesAtTheFifthAction(ReferenceEngine):
            applied = 0

            def apply(self, action, deal=None):
                self.applied += 1
                if self.applied == 5:
                    raise KeyError("the engine's own bug")
                super().apply(action)

        serve(CrashesAtTheFifthAction(), sys.stdin, sys.stdout)
    """)
    results, _ = run_traces([two_hands], lambda: SubprocessEngine(cmd))
    r = results[0]
    assert (r.status, r.error_kind, r.error_step) == ("errored", "crash", 4)
    assert "the engine crashed answering apply: the engine raised KeyError" in r.error


def test_an_adapter_that_cannot_play_answers_unsupported(two_hands, tmp_path):
    cmd = script(tmp_path, """
        class NoOptions(ReferenceEngine):
            def new(self, *args):
                raise EngineFailure("unsupported", "this engine plays no house rules")

        serve(NoOptions(), sys.stdin, sys.stdout)
    """)
    results, _ = run_traces([two_hands], lambda: SubprocessEngine(cmd))
    assert (results[0].status, results[0].divergence) == ("unsupported", None)
    assert "this engine plays no house rules" in results[0].error

    class CannotPlayTheSecondHand(MutantEngine):
        def apply(self, action):
            if action["type"] == "shuffle":
                raise EngineFailure("unsupported", "only one hand is played here")
            super().apply(action)

    results, _ = run_traces([two_hands], CannotPlayTheSecondHand)
    assert (results[0].status, results[0].error) == ("unsupported", "only one hand is played here")


# --- Python engines named by --engine -------------------------------------------

ENGINE_MODULE = """
from regola.conformance.protocol.engine import ReferenceEngine


class {name}(ReferenceEngine):
    name = "{name}"
"""


def test_an_engine_file_and_class(tmp_path, two_hands):
    (tmp_path / "my_adapter.py").write_text(ENGINE_MODULE.format(name="FromAFile"))
    spec = f"{tmp_path}/my_adapter.py:FromAFile"
    assert is_python_reference(spec)
    factory = resolve_engine(spec)
    assert factory().hello()["engine"] == "FromAFile"
    result = CliRunner().invoke(app, ["conform", "--engine", spec, "--trace", str(two_hands)])
    assert result.exit_code == 0, result.output
    assert "FromAFile" in result.output


def test_a_module_and_class_from_the_current_folder(tmp_path, monkeypatch):
    (tmp_path / "regola_test_adapter_mod.py").write_text(ENGINE_MODULE.format(name="FromAModule"))
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", str(tmp_path))])
    factory = resolve_engine("regola_test_adapter_mod:FromAModule")
    assert factory.__name__ == "FromAModule"


def test_an_installed_entry_point(tmp_path, monkeypatch):
    (tmp_path / "regola_test_ep_mod.py").write_text(ENGINE_MODULE.format(name="FromAnEntryPoint"))
    info = tmp_path / "regola_test_ep-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: regola-test-ep\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[regola.engines]\nmy-engine = regola_test_ep_mod:FromAnEntryPoint\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert resolve_engine("my-engine").__name__ == "FromAnEntryPoint"


def test_commands_and_built_in_names_are_not_python_references():
    assert resolve_engine("naipes").__name__ == "NaipesAdapter"
    for command in ("node examples/js-engine/briscola2.js", "./engine", "python3 -m x:y", "engine.exe"):
        assert not is_python_reference(command) and resolve_engine(command) is None


def test_a_python_engine_that_cannot_be_loaded_is_a_bad_argument(tmp_path):
    with pytest.raises(EngineSpecError, match="no such file"):
        resolve_engine(f"{tmp_path}/absent.py:Engine")
    (tmp_path / "not_an_engine.py").write_text("class Thing:\n    def hello(self):\n        return {}\n")
    with pytest.raises(EngineSpecError, match="does not implement the Engine interface"):
        resolve_engine(f"{tmp_path}/not_an_engine.py:Thing")
    with pytest.raises(EngineSpecError, match="has no 'Other'"):
        resolve_engine(f"{tmp_path}/not_an_engine.py:Other")
    result = CliRunner().invoke(app, ["conform", "--engine", f"{tmp_path}/absent.py:Engine"])
    assert result.exit_code == 2 and "no such file" in result.output


# --- apply answering with the views and legal actions ----------------------------


def test_apply_answers_with_the_views_and_legal_actions_asked_for(two_hands):
    trace = read_trace(two_hands)
    h, step = trace.header, trace.steps[0]
    engine = ReferenceEngine(protocol=LATEST)
    ask(engine, cmd="new", variant=h["variant"], options={}, ruleset_hash=h["ruleset_hash"], deck=h["deck"], deal=h["deal"])
    answer = ask(engine, cmd="apply", action=step["action"], **{"return": {"view": True, "seats": [1, 0], "legal": True}})
    assert answer["ok"] is True and answer["view"] == step["view"]
    assert answer["seat_views"] == [engine.view(1), engine.view(0)]
    assert answer["actions"] == trace.steps[1]["legal"] == engine.legal()
    # without "return" the answer is version 1's
    assert ask(engine, cmd="apply", action=trace.steps[1]["action"]) == {"id": 1, "ok": True}


def test_the_runner_uses_one_answer_per_step_with_a_1_1_engine(two_hands):
    serve_cmd = [sys.executable, "-m", "regola.conformance.protocol.serve"]
    requests = {}
    for bundle in (True, False):
        engines: list[SubprocessEngine] = []

        def factory(bundle=bundle, engines=engines):
            engines.append(SubprocessEngine(serve_cmd, bundle=bundle))
            return engines[-1]

        results, _ = run_traces([two_hands], factory)
        assert results[0].status == "passed", results[0].report()
        requests[bundle] = engines[0].requests_sent
    steps = len(read_trace(two_hands).steps)
    # unbundled: apply, view, two seat views and legal for each step; bundled: apply alone
    assert requests[False] - requests[True] >= 3 * steps
