"""The README's commands and example are the ones that work."""

from __future__ import annotations

import re
from pathlib import Path

README = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")


def code_blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", README, re.S)


def test_the_two_commands_each_install_from_scratch_in_one_line() -> None:
    run, test = [b.strip() for b in code_blocks("bash") if b.strip().startswith("python3 -m venv")]
    assert "\n" not in run and run.startswith("python3 -m venv .venv && .venv/bin/pip install . && .venv/bin/regola ")
    assert test == "python3 -m venv .venv && .venv/bin/pip install -e '.[test]' && .venv/bin/pytest"


def test_the_python_example_runs(capsys) -> None:
    (example,) = code_blocks("python")
    exec(compile(example, "README.md", "exec"), {"__name__": "readme_example"})
    out = capsys.readouterr().out.splitlines()
    # Two players, three cards each: seat 1 sees its own hand and not seat 0's.
    hidden, own = eval(out[1])  # noqa: S307 - the printed list of hands
    assert hidden is None and len(own) == 3
    assert out[2].endswith("they add up to 120")
    assert out[3].startswith("briscola.play.phase - ")


def test_ci_runs_the_two_readme_commands_read_from_the_readme() -> None:
    """CI cannot pass while the README's commands fail: it runs them verbatim."""
    ci = (Path(__file__).resolve().parent.parent / ".ci" / "run").read_text(encoding="utf-8")
    for marker in ("main-command", "test-command"):
        block = re.search(rf"<!-- {marker}:start -->\n```bash\n(.*?)\n```\n<!-- {marker}:end -->", README, re.S)
        assert block and block.group(1).startswith("python3 -m venv .venv && ")
        assert f"run_readme_command {marker} " in ci


def test_the_bundled_adapter_example_says_which_extra_it_needs() -> None:
    """`regola conform --engine naipes` fails without the engines installed:
    the command list says so right below the example."""
    commands = next(b for b in code_blocks("bash") if "regola conform --engine naipes" in b)
    after = README.split(commands, 1)[1].split("###", 1)[0]
    assert "pip install 'regola[engines]'" in after
