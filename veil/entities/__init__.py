"""Entity resolution: which mentions name the same person or thing, and their numbers."""
