"""NER model handlers (Hugging Face token classification, spaCy), training and the model registry."""
