"""Shared fixtures for the simulation tests: the shipped content catalog."""

from __future__ import annotations

import pytest

from rules.catalog import Catalog
from rules.content import default_catalog


@pytest.fixture(scope="session")
def stub_catalog() -> Catalog:
    """The real catalog (the name stays for the tests that ask for it)."""
    return default_catalog()
