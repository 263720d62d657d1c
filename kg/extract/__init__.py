"""From a parsed article to records: mentions, entities, coreference, quotes, rule matches, facts.

The flow: :mod:`~kg.extract.paragraphs` (a spaCy component: a blank line ends a sentence),
:mod:`~kg.extract.mentions` (named mentions, cleaned into names), :mod:`~kg.extract.entities`
(one entity per real-world thing), :mod:`~kg.extract.coref` (which entity a token stands for),
:mod:`~kg.extract.quotes` (who is quoted), :mod:`~kg.extract.rules` and
:mod:`~kg.extract.depmatch` (relation rules as data, matched in one pass),
:mod:`~kg.extract.facts` and :mod:`~kg.extract.titles` (what a match or a title states), with
the word lists of :mod:`~kg.extract.lexicon`; :mod:`~kg.extract.pipeline` loads a spaCy pipeline
and runs them all on one Doc. The modules here use spaCy; importing this package alone does not.
"""
