"""Veil's core: plain Python, no Beam. One sub-package per stage, in the order data flows.

- `veil.run`: the ground (`errors`, `lazy`, `progress`, `schema`) and, above every stage, the
  job's configuration (`config`) and the plan's sample inspection (`field_sample`);
- `veil.io`: storage, input listing and splits, records, the record plan, outputs and commit;
- `veil.detection`: findings and how they are found (`engine/`, `infotypes/`, speakers, repeats);
- `veil.entities`: which mentions are one person or thing, and their numbers;
- `veil.transform`: anonymisation (`operators/`, a conversation, a record, re-identification);
- `veil.risk`: residual risk, its statistics and its report;
- `veil.measure` and `veil.synth`: evaluation and synthetic data, off the runtime path.

A stage imports the ground and the stages before it; tests/test_layering.py holds the floors
and lists, with a reason, the few imports that still climb.
"""
