"""What an engine's results were made from: the corpus traces of its
variants and its adapter, as digests, so that results older than either
are told apart (the real-world matrix's check)."""

from __future__ import annotations

import gzip
import hashlib

from regola.conformance.trace.files import CORPUS_DIR

from .catalog import Engine


def _text(path) -> bytes:
    data = path.read_bytes()
    return gzip.decompress(data) if path.name.endswith(".gz") else data


def of(engine: Engine) -> dict[str, str]:
    """``{"corpus": ..., "adapter": ...}``: digests of the decompressed traces
    of the engine's variants (by name) and of its adapter's file."""
    corpus = hashlib.sha256()
    for variant in sorted(engine.info.variants):
        folder = CORPUS_DIR / variant
        for path in sorted(folder.glob("*.jsonl*")) if folder.is_dir() else []:
            corpus.update(path.name.split(".jsonl")[0].encode())
            corpus.update(_text(path))
    adapter = hashlib.sha256((engine.folder / engine.info.adapter).read_bytes())
    return {"corpus": corpus.hexdigest()[:16], "adapter": adapter.hexdigest()[:16]}
