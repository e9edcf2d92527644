"""envforge: certify which combinations of the GPU deep-learning stack really work."""

__version__ = "0.1.0"
