"""``regola corpus generate --profile NAME``: only the traces of one source
profile, the same bytes as the whole generation makes them (issue 16)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from regola.conformance.cli.commands import app
from regola.conformance.corpus.generate import build_variant
from regola.conformance.corpus.profile_traces import build_profile, profile_variants
from regola.conformance.trace.files import CORPUS_DIR, iter_traces
from regola.conformance.trace.format import read_trace
from regola.conformance.trace.storage import trace_stem
from regola.spec import SpecError, load, profile_options, ruleset_hash

try:  # click before 8.2 mixes stderr into stdout unless told not to
    runner = CliRunner(mix_stderr=False)
except TypeError:
    runner = CliRunner()

VARIANT = "briscola-scoperta-2"


@pytest.fixture(scope="module")
def whole():
    return build_variant(VARIANT)


@pytest.mark.parametrize("name", ["pagat", "wikipedia"])
def test_a_profiles_traces_are_those_of_the_whole_corpus_byte_for_byte(whole, name):
    mine = build_profile(VARIANT, name)
    assert mine.traces
    assert set(mine.traces) == {n for n in whole.traces if n.startswith(f"profile-{name}--")}
    full = whole.files()
    for rel, text in mine.files().items():
        assert full[rel] == text
    wanted = ruleset_hash(load(VARIANT, profile_options(VARIANT, name)))
    assert {t.header["ruleset_hash"] for t in mine.traces.values()} == {wanted}


def test_a_profile_that_is_the_variants_own_rules_has_its_default_traces():
    # briscola-2 plays P-BRI as written (briscola-scoperta-2, whose every
    # profile now asks for something, no longer has such a profile)
    variant, name = "briscola-2", "pagat"
    assert ruleset_hash(load(variant, profile_options(variant, name))) == ruleset_hash(load(variant))
    whole = build_variant(variant)
    mine = build_profile(variant, name)
    assert set(mine.traces) == {n for n, t in whole.traces.items() if not t.header["options"]}
    assert {"playout-seed-1", "negative--default", "negative--matrix"} <= set(mine.traces)
    full = whole.files()
    assert all(full[rel] == text for rel, text in mine.files().items())


def test_an_unknown_profile_is_refused_naming_the_variants_profiles():
    with pytest.raises(SpecError, match=r"has no profile 'nope'; its profiles: pagat, wikipedia, seed-004"):
        build_profile(VARIANT, "nope")
    with pytest.raises(SpecError, match="no shipped variant has a profile 'nope'; the profiles are: .*pagat"):
        profile_variants("nope")
    assert "briscola-2" in profile_variants("genovagioca") and "scopa-2" not in profile_variants("genovagioca")


def test_generate_profile_writes_only_that_profiles_traces(tmp_path):
    root = tmp_path / "corpus"
    result = runner.invoke(app, ["corpus", "generate", "--variant", VARIANT, "--profile", "wikipedia",
                                 "--corpus", str(root), "--jobs", "1"])
    assert result.exit_code == 0, result.output
    paths = list(iter_traces(root=root))
    assert sorted(trace_stem(p) for p in paths) == ["profile-wikipedia--exchange-window", "profile-wikipedia--match-end"]
    assert all(read_trace(p).header["options"] == profile_options(VARIANT, "wikipedia") for p in paths)
    assert "wrote 2 traces" in result.stdout


def test_generate_refuses_a_variant_files_traces_in_the_packaged_corpus(tmp_path, monkeypatch):
    # issue 22: without --corpus a house file's traces went into the shipped
    # corpus, after which `corpus coverage` failed on them
    monkeypatch.chdir(tmp_path)
    (tmp_path / "my.toml").write_text('extends = "briscola-2"\nname = "Mine"\n[hand_scoring]\ntie = "replay"\n')
    before = sorted(p.name for p in CORPUS_DIR.iterdir())
    result = runner.invoke(app, ["corpus", "generate", "--variant", "my.toml"])
    assert result.exit_code == 2, result.output
    assert "give --corpus a folder of your own, for example --corpus my-traces" in " ".join(result.stderr.split())
    assert sorted(p.name for p in CORPUS_DIR.iterdir()) == before and not (CORPUS_DIR / "my").exists()


def test_generate_profile_refuses_the_packaged_corpus_and_an_unknown_name(tmp_path):
    result = runner.invoke(app, ["corpus", "generate", "--variant", VARIANT, "--profile", "pagat"])
    assert result.exit_code == 2
    assert "give --corpus a folder of your own" in result.stderr
    result = runner.invoke(app, ["corpus", "generate", "--variant", "scopa-2", "--profile", "genovagioca",
                                 "--corpus", str(tmp_path / "c")])
    assert result.exit_code == 2
    assert "variant scopa-2 has no profile 'genovagioca'" in result.stderr
    assert not (tmp_path / "c").exists()
