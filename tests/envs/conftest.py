"""Shared helpers of the environment tests: every variant the spec ships,
read from the registry so that new variants are tested too."""

from __future__ import annotations

from regola.spec import variant_ids

VARIANTS = variant_ids()
