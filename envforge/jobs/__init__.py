"""The jobs users run, one module each; each takes a ``Context`` and a frozen request and returns a
typed result with ``to_dict()``. Jobs never print or exit (the CLI does), and never import each
other: what several share is a step of ``steps`` (and ``cluster.steps``), or a helper below.

  certify   build, probe, judge and record a matrix         build     images only (and push); render
  verify    one image's own probe, judged                   forge     the newest known-good image, locked
  rollout   which images keep working on a driver           doctor    why the GPU is not used
  report    the compatibility tables                        matrix    knowledge-base questions
  matrix_table  the knowledge base as tables                cluster/  slurm, verify, kubernetes, rollout

Helpers: context (resources and the run record), options (request parts), preamble (every setting
resolved before a run opens), steps (expand, select, plan, build, certify on this host),
build_settings, probing (a probe in a container; verify's core), push, progress.
"""
