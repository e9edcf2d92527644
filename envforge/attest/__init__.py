"""Proof that travels with an image: in-toto statements about its registry digest (an SBOM, its
build provenance, the verdicts of every node it was certified on), signed in DSSE envelopes with a
site key, attached in the registry beside the image, and verified anywhere with the public key.

``statements`` builds the three statements (pure), ``signing`` signs and opens envelopes (keys from
files), ``checking`` verifies what a registry or a directory holds for a digest (pure);
``engine.registry`` is the only module that talks to a registry.
"""
