"""`veil bench`: speed and memory, measured side by side (BENCHMARKS.md).

`run` is the command and its sections; `ner` times the NER model (ONNX Runtime against torch,
the job's batches); `presidio` runs Presidio + spaCy as a whole job beside Veil's.
"""
