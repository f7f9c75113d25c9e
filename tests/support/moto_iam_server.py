"""moto_server enforcing IAM policies, less its SigV4 signature check.

moto 5 recomputes each request's signature from the URL it received, with the query already
decoded, so every request with `delimiter=%2F` (s3fs lists with it) fails as
SignatureDoesNotMatch. The access key must still exist and its user's policies still decide
every action: only the signature comparison is skipped. Run as `python -m
tests.support.moto_iam_server -H 127.0.0.1 -p PORT`, with INITIAL_NO_AUTH_ACTION_COUNT set.
"""
import sys

from moto.iam.access_control import IAMRequestBase
from moto.server import main

IAMRequestBase.check_signature = lambda self: None

if __name__ == "__main__":
    sys.exit(main())
