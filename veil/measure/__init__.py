"""Measurement, off the runtime path: detection scores against gold labels (`evaluation`) and
the entity-resolution measure (`entity_measure`)."""
