"""What the whole test run shares: one spaCy pipeline, and the ``slow`` mark.

The pipeline is loaded once for the session (``nlp``), and :func:`kg.extract.pipeline.load_pipeline`
is cached by its arguments for the session, so that the CLI's in-process runs reuse it too (a load
that fails is not cached: the missing-model tests still go through the real loader).

Slow tests (a Dask cluster, processes under other hash seeds, crowded diagrams, the benchmarks and
the same-store check) are marked ``slow``. ``.ci/run`` runs them all; ``pytest --quick`` leaves
them out when you want an answer in a minute.
"""
from __future__ import annotations

import functools

import pytest

import kg.extract.pipeline


def pytest_addoption(parser):
    parser.addoption("--quick", action="store_true", help="leave out the tests marked slow")


def pytest_configure(config):
    config.addinivalue_line("markers", "slow: a test that takes many seconds (left out by --quick)")


def pytest_collection_modifyitems(config, items):
    if config.getoption("--quick"):
        skip = pytest.mark.skip(reason="slow; run without --quick")
        for item in items:
            if "slow" in item.keywords:
                item.add_marker(skip)


_REAL_LOAD = kg.extract.pipeline.load_pipeline
_CACHED_LOAD = functools.lru_cache(maxsize=None)(_REAL_LOAD)


@pytest.fixture(scope="session", autouse=True)
def cached_pipeline():
    """Every load of a pipeline in the run, by the library or the CLI, is made once."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(kg.extract.pipeline, "load_pipeline", _CACHED_LOAD)
        yield


@pytest.fixture(scope="session")
def nlp():
    """The default pipeline, loaded once for the whole run."""
    return _CACHED_LOAD()
