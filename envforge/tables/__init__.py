"""Tables people read and publish, rendered from typed results (Markdown, HTML, JSON)."""
