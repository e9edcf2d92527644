"""Certification on a cluster's own nodes, the pure parts: which nodes a constraint selects, the
(image, node) pairs of a run and their spool files, the task scripts each runtime gets, and how a
task's outcome becomes a certificate. ``engine.slurm`` runs Slurm; ``jobs.fleet`` puts it together.
"""
