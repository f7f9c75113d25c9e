"""Transformation: the operators (`operators/`), anonymising a conversation and a record, and
re-identification of pseudonymised values.
"""
