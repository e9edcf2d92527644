"""The jobs that certify on a cluster's own nodes, one module each:

  slurm       certify --backend slurm: build, push, one task per (image, node), follow, record
  verify      verify --backend slurm: images of this engine, pushed and probed on every node
  kubernetes  certify --backend kubernetes --emit DIR (Job manifests), and collect DIR
  rollout     driver-check --cluster (node records) and --node (the canary's regressions)

``steps`` holds what the Slurm jobs share (nodes, spool, submit, follow, record). The pure parts
(constraints, pairs and their spool files, task scripts, manifests) are ``envforge.cluster``; the
scheduler is ``engine.cluster``'s protocol, Slurm its implementation (``engine.slurm``).
"""
