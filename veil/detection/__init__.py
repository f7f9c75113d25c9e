"""Detection: the findings (`findings`), the infoType catalogue (`infotypes/`), the DLP-compatible
engine (`engine/`), the conversation detector, merging, windows, speaker labels and repeated names.
"""
