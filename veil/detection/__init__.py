"""Detection: what personal information a conversation holds, as findings.

Owns the findings (`findings`), the detector settings, the conversation detector (`detect`),
the infoType engine (`engine/`) and catalogue (`infotypes/`), how a turn is read through
its Unicode disguises (`normalise`), windows, merging and the spans it cuts or widens first
(`name_spans`: a name without its title; `headed_names`: an institution or a street with its head), the
deadline, speaker labels that are names (`speakers`), names, organisations and places said again
(`name_repeats`) and the keys that say two values are one entity (`entity_keys`).

May import: the ground and `veil.io`. Climbs, explained: the detector and Google DLP's client
are built from the whole job config (`veil.run.config`); a catalogue entry names the format its
surrogates are drawn in (`veil.transform.operators.surrogate_formats`, `operators.keys`), and
DLP's `surrogate_type` finds tokens in the crypto operators' format (`operators.crypto`); a
speaker label is matched to names as entity resolution matches them (`veil.entities.resolution`)
and checked against the first-name lists (`veil.transform.operators.names`).
"""
