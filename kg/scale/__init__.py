"""Extraction at scale: several local processes (:mod:`~kg.scale.parallel`) or a Dask cluster
writing N-Quads shards (:mod:`~kg.scale.distributed`)."""
