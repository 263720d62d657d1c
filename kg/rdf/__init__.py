"""Records as RDF: the kg: vocabulary, IRIs, one article's triples with provenance, n-ary events,
deterministic serialisation and reading graph files back. No spaCy here."""
