"""Posts that say of what: a title the article ties to one organization is a kg:Post of it
(org:postIn), labelled with both; the same title of two organizations is two posts; a title
of no organization stays a bare kg:Position; a party's MP holds no post of the party."""
from __future__ import annotations

from rdflib import RDF, RDFS, Graph, Literal

from kgtest import cli
from kg.rdf.vocab import KG, ORG

TEXT = ("Owen Marr, chairman of the Kestrel Trust, met Ruth Bay, chairman of Brightline Capital, on Monday. "
        "Labour MP Tom Kerr joined them. President Ana Silva sent a message. Ian Moss, a former treasurer "
        "of the Kestrel Trust, stayed away.\n")


def _graph(tmp_path) -> Graph:
    src = tmp_path / "posts.txt"
    src.write_text(TEXT, encoding="utf-8")
    out = tmp_path / "posts.ttl"
    result = cli("build", str(src), "-o", str(out))
    assert result.exit_code == 0, result.stderr
    return Graph().parse(out, format="turtle")


def _posts(g: Graph) -> dict[str, str]:
    """Each holder's post label -> the label of the organization it is in ("" for a bare title)."""
    out = {}
    for person, post in g.subject_objects(KG.holdsPosition):
        org = next(g.objects(post, ORG.postIn), None)
        out[f"{g.value(person, RDFS.label)}: {g.value(post, RDFS.label)}"] = str(g.value(org, RDFS.label)) if org else ""
    return out


def test_a_title_of_an_organization_is_a_post_in_it(nlp, tmp_path):
    g = _graph(tmp_path)
    posts = _posts(g)
    assert posts["Owen Marr: chairman, Kestrel Trust"] == "Kestrel Trust"
    assert posts["Ruth Bay: chairman, Brightline Capital"] == "Brightline Capital"   # the same title, another post
    for post in g.subjects(ORG.postIn, None):
        assert (post, RDF.type, KG.Post) in g and (post, RDF.type, KG.Position) in g


def test_a_title_of_no_organization_stays_a_bare_position(nlp, tmp_path):
    posts = _posts(_graph(tmp_path))
    assert posts["Ana Silva: President"] == ""
    assert posts["Tom Kerr: MP"] == ""   # a member of the party; an MP is no post of the party's


def test_the_positions_query_lists_posts_with_their_organization(nlp, tmp_path):
    g = _graph(tmp_path)
    ttl = tmp_path / "posts.ttl"
    result = cli("query", str(ttl), "--name", "positions", "--format", "csv")
    assert result.exit_code == 0, result.stderr
    assert "Owen Marr,\"chairman, Kestrel Trust\",Kestrel Trust," in result.stdout.splitlines()
    assert (None, RDFS.label, Literal("chairman")) not in g   # no one "chairman" node gathers both


def test_a_title_held_before_is_marked_past_and_shown_former(nlp, tmp_path):
    g = _graph(tmp_path)
    past = {(str(g.value(a, RDF.subject)), str(g.value(a, RDF.predicate)).rsplit("#", 1)[-1])
            for a in g.subjects(KG.past, Literal(True))}
    moss = str(next(p for p in g.subjects(RDFS.label, Literal("Ian Moss"))))
    assert (moss, "holdsPosition") in past
    assert not any(s != moss for s, _ in past)   # the others hold their titles now
    rows = cli("query", str(tmp_path / "posts.ttl"), "--name", "positions", "--format", "csv").stdout.splitlines()
    assert "Ian Moss,\"treasurer, Kestrel Trust\",Kestrel Trust,former" in rows
    assert "Owen Marr,\"chairman, Kestrel Trust\",Kestrel Trust," in rows
