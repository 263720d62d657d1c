"""Read-only SPARQL: the bundled queries (``queries/*.rq``), parameters bound as values, updates
refused (:mod:`~kg.query.sparql`), and answers as a table, CSV, TSV, JSON or Turtle, streamed
(:mod:`~kg.query.results`). No spaCy here."""
