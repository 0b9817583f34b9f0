"""``python -m realworld.harness VERB [SLUG...]``: put published engines
through regola (see ``realworld/README.md``)."""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from . import fingerprint
from .catalog import CatalogError, Engine, engines
from .checkout import CheckoutError, checkout
from .plants import PlantError, run_plant
from .runs import Run, conform, regola_command
from .score import engine_score, render, triage


def _write(path: Path, data: object) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    tmp.replace(path)


def do_checkout(e: Engine) -> None:
    print(checkout(e))


def do_conform(e: Engine) -> Run:
    tree = checkout(e)
    run = conform(e, tree)
    _write(e.results / "conform.json", {**run.to_json(), "fingerprint": fingerprint.of(e)})
    failed = sum(t.status != "passed" for t in run.traces)
    print(f"[{e.slug}] {len(run.traces)} traces, {failed} not passed, {run.seconds:.0f} s")
    return run


def do_plants(e: Engine, only: list[str]) -> None:
    tree = checkout(e)
    base_path = e.results / "conform.json"
    if not base_path.exists() and (e.folder / "results" / "conform.json").exists() and e.results != e.folder / "results":
        pass  # another regola: its own run of the unplanted engine first
    base = Run.from_json(json.loads(base_path.read_text())) if base_path.exists() else do_conform(e)
    path = e.results / "plants.json"
    old = {p["id"]: p for p in (json.loads(path.read_text())["plants"] if path.exists() else [])}
    for plant in e.plants:
        if only and plant.id not in only:
            continue
        try:
            res = run_plant(e, tree, base, plant)
        except PlantError as err:
            print(f"[{e.slug}] {err}", file=sys.stderr)
            continue
        old[plant.id] = res.to_json()
        mark = "right" if res.right else ("caught" if res.caught else "MISSED")
        print(f"[{e.slug}] {plant.id} {plant.shape:10} {mark:7} blamed {res.blamed} ({res.how}); wanted {plant.rules[0]}")
        _write(path, {"plants": [old[p.id] for p in e.plants if p.id in old]})


def do_fuzz(e: Engine, seconds: float) -> None:
    tree = checkout(e)
    cmd_words = " ".join(e.command(tree))
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "failures"
        cmd = [*regola_command(), "fuzz", "--engine", cmd_words, "--seconds", str(seconds), "--jobs", "1",
               "--keep-going", "--out", str(out)]
        for v in e.info.variants:
            cmd += ["--variant", v]
        proc = subprocess.run(cmd, capture_output=True, text=True)
        failures = []
        files = sorted(out.glob("*.jsonl")) if out.exists() else []
        if files:
            report = Path(tmp) / "report.json"
            subprocess.run([*regola_command(), "conform", "--engine", cmd_words, "--trace", str(out), "--json", str(report)],
                           capture_output=True, text=True)
            if report.exists():
                for t in json.loads(report.read_text())["traces"]:
                    d = t.get("divergence") or {}
                    failures.append({"trace": t["name"], "status": t["status"], "rule": d.get("rule"),
                                     "how": (d.get("explained_by") or {}).get("how")})
    _write(e.results / "fuzz.json", {"command": cmd, "exit_status": proc.returncode, "failures": failures,
                                     "summary": proc.stdout.strip().splitlines()[-3:]})
    print(f"[{e.slug}] fuzz: {len(failures)} failing games kept")


def do_record(e: Engine) -> None:
    """Cassettes of the traces that show the engine's listed bugs."""
    tree = checkout(e)
    run = Run.from_json(json.loads((e.results / "conform.json").read_text()))
    # the traces that show the listed bugs, and the first few others that fail
    witness = {w for ws in triage(e).get("witness", {}).values() for w in ws}
    failing = [t.id for t in run.traces if t.status not in ("passed", "unsupported")]
    wanted = sorted(({t.id for t in run.traces} & witness) | set(failing[:5]))
    if not wanted:
        print(f"[{e.slug}] nothing failed: no cassette")
        return
    from regola.conformance.trace.files import CORPUS_DIR, trace_files  # noqa: PLC0415

    by_id = {f"{p.parent.name}/{p.name.split('.jsonl')[0]}": p
             for v in e.info.variants for p in trace_files(CORPUS_DIR / v)}
    wanted = [w for w in wanted if w in by_id]
    paths = [str(by_id[w]) for w in wanted]
    with tempfile.TemporaryDirectory() as tmp:
        parts = Path(tmp) / "parts"
        rec = [sys.executable, "-m", "realworld.harness.cassette", "record", str(parts), "--", *e.command(tree)]
        cmd = [*regola_command(), "conform", "--engine", " ".join(rec), "--json", str(Path(tmp) / "r.json")]
        for k, v in sorted(e.info.house_options.items()):
            cmd += ["--option", f"{k}={json.dumps(v) if not isinstance(v, str) else v}"]
        for p in paths:
            cmd += ["--trace", p]
        subprocess.run(cmd, capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])})
        from .cassette import merge  # noqa: PLC0415

        n = merge(parts, e.folder / "cassettes" / "failing.jsonl.gz")
    _write(e.folder / "cassettes" / "traces.json", wanted)
    print(f"[{e.slug}] cassette: {n} sessions of {len(wanted)} traces")


PYPI = {
    "naipes": ["brisca-2"],
    "briscas": ["brisca-2", "briscas-2"],
    "libbisca": ["bisca-2"],
    "textarena": ["briscola-2", "briscola-3", "briscola-4-solo"],
}
"""The engines published on PyPI (built-in adapters) and the variants they are run on."""


def do_compat() -> None:
    """The results files of the PyPI engines (``docs/compat/NAME.json``),
    from a live run against the corpus."""
    out = Path(__file__).resolve().parents[2] / "docs" / "compat"
    for name, variants in PYPI.items():
        cmd = [*regola_command(), "conform", "--engine", name, "--results", str(out / f"{name}.json")]
        for v in variants:
            cmd += ["--variant", v]
        proc = subprocess.run(cmd, capture_output=True, text=True)
        print(f"[{name}] exit {proc.returncode}: {proc.stdout.strip().splitlines()[-1] if proc.stdout.strip() else ''}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m realworld.harness", description=__doc__)
    ap.add_argument("verb", choices=["checkout", "conform", "plants", "fuzz", "score", "record", "list", "compat"])
    ap.add_argument("slugs", nargs="*", help="engines (default: every engine folder)")
    ap.add_argument("--plant", action="append", default=[], help="only these plant ids")
    ap.add_argument("--seconds", type=float, default=120.0, help="fuzz time per engine")
    ap.add_argument("--json", action="store_true", help="score: print JSON")
    args = ap.parse_args(argv)
    slugs = args.slugs or engines()
    try:
        if args.verb == "list":
            print("\n".join(engines()))
            return 0
        if args.verb == "compat":
            do_compat()
            return 0
        if args.verb == "score":
            scores = [s for s in (engine_score(Engine(x)) for x in slugs) if s is not None]
            print(json.dumps(scores, indent=1) if args.json else render(scores))
            return 0
        for slug in slugs:
            e = Engine(slug)
            if args.verb == "checkout":
                do_checkout(e)
            elif args.verb == "conform":
                do_conform(e)
            elif args.verb == "plants":
                do_plants(e, args.plant)
            elif args.verb == "fuzz":
                do_fuzz(e, args.seconds)
            elif args.verb == "record":
                do_record(e)
    except (CatalogError, CheckoutError, PlantError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
