"""Serving a store over HTTP: ``kg serve`` runs the Oxigraph server read-only over a kg store or
over graph files (:mod:`kg.serve.server`)."""
