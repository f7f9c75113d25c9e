"""NER model handlers (Hugging Face token classification, spaCy), training and the model registry.

May import: the core (`veil`). Beam only through `handlers` (RunInference's model handler).
"""
