"""The jobs users run, one module each; each takes a ``Context`` and a frozen request and returns a
typed result with ``to_dict()``. Jobs never print or exit: the CLI does.

  certify   build, probe, judge and record a matrix         build     images only; render: Dockerfiles
  verify    one image's own probe, judged                   forge     the newest known-good image, locked
  rollout   which images keep working on a driver           doctor    why the GPU is not used
  report    the compatibility table                         matrix    knowledge-base questions
"""
