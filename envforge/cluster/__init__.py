"""Certification on a cluster's own nodes, the pure parts: which nodes a constraint selects, the
(image, node) pairs of a run and their spool files, the task scripts each runtime gets, the
Kubernetes manifests, and how a task's outcome becomes a certificate.

``engine.cluster`` is the scheduler's protocol and ``engine.slurm`` runs Slurm; ``jobs.cluster``
puts them together. Nothing here talks to a scheduler, an engine or a store.
"""
