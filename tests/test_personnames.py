"""The table of given names kg reads at start: the same answers as gender-guesser's own
detector, for every name it knows, kept in a compact file in kg's cache folder and made again
when that file is missing or broken."""
from __future__ import annotations

import gender_guesser.detector as gd
import pytest

import kg.personnames as pn


@pytest.fixture
def fresh_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("KG_CACHE_DIR", str(tmp_path / "cache"))
    pn.given_names.cache_clear()
    yield tmp_path / "cache"
    pn.given_names.cache_clear()


def test_the_table_answers_as_gender_guesser_does_for_every_name():
    det = gd.Detector(case_sensitive=False)
    wrong = []
    for name in sorted(det.names):
        word = name.capitalize()
        if not word.isalpha():
            continue
        answer = det.get_gender(word)
        gender = {"male": "male", "mostly_male": "male", "female": "female", "mostly_female": "female"}.get(answer, "")
        if pn.first_name_gender(word) != gender or pn.is_given_name(word) != (answer in ("male", "female")):
            wrong.append((word, answer))
    assert wrong == []
    assert pn.first_name_gender("Ravi") == "male" and pn.is_given_name("Ana")
    assert not pn.is_given_name("Summer") and pn.first_name_gender("Xqzzy") == ""


def test_the_table_is_kept_and_read_back(fresh_cache, monkeypatch):
    table = pn.given_names()
    files = list(fresh_cache.glob("given-names-*.marshal"))
    assert len(files) == 1 and table["kevin"] == "m"
    pn.given_names.cache_clear()
    monkeypatch.setattr(pn, "_worked_out", lambda: pytest.fail("the kept table was not read"))
    assert pn.given_names() == table


def test_a_broken_table_is_made_again(fresh_cache):
    pn.given_names()
    kept = next(fresh_cache.glob("given-names-*.marshal"))
    kept.write_bytes(b"\x00not marshal")
    pn.given_names.cache_clear()
    assert pn.given_names()["ana"] == "f"
    assert kept.read_bytes()[:1] != b"\x00"
    assert [p.name for p in fresh_cache.iterdir() if p.name.startswith(".")] == []


def test_an_unwritable_cache_still_answers(tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    monkeypatch.setenv("KG_CACHE_DIR", str(blocker / "cache"))
    pn.given_names.cache_clear()
    try:
        assert pn.first_name_gender("Maria") == "female"
    finally:
        pn.given_names.cache_clear()
