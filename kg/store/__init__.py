"""The persistent store (Oxigraph): articles added, replaced and removed in transactions
(:mod:`~kg.store.articles`), built a chunk at a time (:mod:`~kg.store.build`), merges settled over
the whole store (:mod:`~kg.store.merges`, from :mod:`~kg.store.records`), read read-only
(:mod:`~kg.store.read`) and dumped sorted (:mod:`~kg.store.dump`); :mod:`~kg.store.terms` names
its graphs and converts terms. No spaCy here (a build loads a pipeline only when it parses)."""
