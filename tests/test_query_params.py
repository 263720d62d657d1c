"""--param values written into a query's text (kg.query.params): a literal, never query text,
and only where the text uses the variable (not in strings, IRIs or comments)."""
from __future__ import annotations

import pyoxigraph as ox
import pytest
from rdflib import Literal

from kg.query.params import bind_literals


@pytest.mark.parametrize("value", ['Tom Hale', 'O\'Brien', 'say "no"', 'a\\b', 'two\nlines', '} } DROP ALL { {',
                                   '"; DELETE WHERE { ?s ?p ?o } #', 'Zoë 🚀'])
def test_a_value_is_one_string_literal_whatever_it_holds(value):
    text = bind_literals("SELECT ?x WHERE { BIND(?name AS ?x) }", {"name": Literal(value)})
    store = ox.Store()
    rows = list(store.query(text))
    assert [r[0].value for r in rows] == [value]


def test_only_the_variable_is_replaced_not_strings_iris_comments_or_longer_names():
    text = ('SELECT * WHERE { ?s <http://x/?name> "?name" ; ?p \'?name\' .  # ?name here\n'
            '  FILTER(?name = ?name_2 && ?names > 1 && ?x < ?name) }')
    bound = bind_literals(text, {"name": Literal("A")})
    assert bound == ('SELECT * WHERE { ?s <http://x/?name> "?name" ; ?p \'?name\' .  # ?name here\n'
                     '  FILTER("A" = ?name_2 && ?names > 1 && ?x < "A") }')


def test_no_values_leave_the_text_as_it_is():
    assert bind_literals("SELECT ?name WHERE {}", {}) == "SELECT ?name WHERE {}"
