"""Compatibility knowledge: sourced facts about what is supposed to work (pure, no Docker)."""

from .base import KnowledgeBase, ResolvedPins, load_knowledge

__all__ = ["KnowledgeBase", "ResolvedPins", "load_knowledge"]
