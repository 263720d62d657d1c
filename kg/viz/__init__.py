"""Looking at a graph: its entities and facts as networkx (:mod:`~kg.viz.network`), which to show
(:mod:`~kg.viz.selection`), where (:mod:`~kg.viz.layout`, :mod:`~kg.viz.fitting`), the diagram
(:mod:`~kg.viz.draw`), GraphML/GEXF/JSON (:mod:`~kg.viz.export`) and text safe for them
(:mod:`~kg.viz.text`). No spaCy here."""
