"""Reading and writing: storage and decompression, input listing and splits, parsing records
into conversations, the record plan (`fields`), and the outputs, their commit and the job summary.
"""
