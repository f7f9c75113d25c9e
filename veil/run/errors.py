"""Errors a user can act on. Their messages say what to fix."""


class ConfigError(ValueError):
    """A bad config or option, found before any data is read. The message names the field."""
