"""Catalogue entries for credentials and secrets, under Google Cloud DLP's names.

Each is found by the shape its issuer gives it (a Google API key starts "AIza", an AWS access
key ID "AKIA" or "ASIA", a JSON Web Token is three base64url parts of which the first two
are JSON objects, "eyJ") or by the header or field that carries it (a bearer token, a
password after "password:"). A leaked secret is scored like a direct identifier's
neighbour: it opens an account, though it names nobody.

Surrogates keep what the detector keys on (the prefix, the header) and re-draw the rest
(`veil.detection.infotypes.formats.Redrawn`).
"""
from __future__ import annotations

from veil.detection.engine.detectors import pattern
from veil.detection.findings import Likelihood
from veil.detection.infotypes.catalogue import InfoType
from veil.detection.infotypes.formats import Redrawn
from veil.transform.operators.surrogate_formats import Slots, make_hex

L = Likelihood

PASSWORD = InfoType(
    "PASSWORD",
    "Passwords written after 'password', 'passwd', 'pwd' or 'passcode' (':', '=' or 'is').",
    detectors=(
        pattern(
            r"(?i)\b(?:password|passwd|pwd|passcode|passwort|mot de passe)\b[\"']?\s*(?:[:=]|is)\s*"
            r"[\"']?([^\s\"',;]{4,64})",
            L.LIKELY,
            group=1,
            trigger=None,
        ),
    ),
    surrogate=Redrawn(),
    score=4,
    examples=(("login with password: hunter2!x", "hunter2!x"),),
)
AUTH_TOKEN = InfoType(
    "AUTH_TOKEN",
    "Bearer tokens in an Authorization header or after 'Bearer'.",
    detectors=(
        pattern(r"(?i)\bbearer\s+([A-Za-z0-9._~+/-]{16,}=*)", L.VERY_LIKELY, group=1,
                trigger=None),
    ),
    surrogate=Redrawn(),
    score=4,
    examples=(("Authorization: Bearer ya29.a0AfH6SMBx3k9QpL2vN7", "ya29.a0AfH6SMBx3k9QpL2vN7"),),
)
BASIC_AUTH_HEADER = InfoType(
    "BASIC_AUTH_HEADER",
    "HTTP basic authentication headers (Authorization: Basic and base64 credentials).",
    detectors=(
        pattern(r"(?i)\bauthorization\s*:\s*basic\s+[A-Za-z0-9+/]{8,}={0,2}", L.VERY_LIKELY,
                trigger=None),
    ),
    surrogate=Redrawn(r"(?i)^authorization\s*:\s*basic\s+"),
    score=4,
    examples=(("GET / Authorization: Basic dXNlcjpwYXNzd29yZA==", "Authorization: Basic dXNlcjpwYXNzd29yZA=="),),
)
JSON_WEB_TOKEN = InfoType(
    "JSON_WEB_TOKEN",
    "JSON Web Tokens (three base64url parts, the header and claims JSON objects: 'eyJ').",
    detectors=(
        pattern(r"\beyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*", L.VERY_LIKELY,
                trigger="eyJ"),
    ),
    surrogate=Redrawn(r"^eyJ|\.eyJ|\."),
    score=4,
    examples=(("token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U ok",
               "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"),),
)
GCP_API_KEY = InfoType(
    "GCP_API_KEY",
    "Google Cloud API keys ('AIza' and 35 characters).",
    detectors=(pattern(r"\bAIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])", L.VERY_LIKELY, trigger="AIza"),),
    surrogate=Redrawn(r"^AIza"),
    score=3,
    examples=(("key=AIzaSyD3x4mpl3K3yV4lu3abcdefghijk123456 used", "AIzaSyD3x4mpl3K3yV4lu3abcdefghijk123456"),),
)
GCP_CREDENTIALS = InfoType(
    "GCP_CREDENTIALS",
    "Google Cloud service account keys: the private key ID of a JSON key file.",
    detectors=(
        pattern(r"\"private_key_id\"\s*:\s*\"([a-fA-F0-9]{40})\"", L.VERY_LIKELY, group=1,
                trigger="private_key_id"),
    ),
    surrogate=Slots(make_hex(0)),
    score=4,
    examples=(('{"type": "service_account", "private_key_id": "3f2a9c0d1e4b5a6978877665544332211aabbccd"}',
               "3f2a9c0d1e4b5a6978877665544332211aabbccd"),),
)
AWS_CREDENTIALS = InfoType(
    "AWS_CREDENTIALS",
    "AWS access key IDs ('AKIA' or 'ASIA' and 16 characters) and secret access keys after "
    "'aws_secret_access_key'.",
    detectors=(
        pattern(r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b", L.VERY_LIKELY),
        pattern(r"(?i)aws_?secret_?access_?key\W{0,5}([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+])",
                L.VERY_LIKELY, group=1),
    ),
    surrogate=Redrawn(r"^A[KS]IA"),
    score=4,
    examples=(("aws_access_key_id = AKIAIOSFODNN7EXAMPLE", "AKIAIOSFODNN7EXAMPLE"),),
)
AZURE_AUTH_TOKEN = InfoType(
    "AZURE_AUTH_TOKEN",
    "Microsoft Azure storage account keys in connection strings (AccountKey=...) and SAS "
    "signatures (sig=...).",
    detectors=(
        pattern(r"\bAccountKey=([A-Za-z0-9+/]{86}==)", L.VERY_LIKELY, group=1,
                trigger="AccountKey="),
        pattern(r"[?&]sig=([A-Za-z0-9%+/]{40,}={0,2})", L.LIKELY, group=1, trigger="sig="),
    ),
    surrogate=Redrawn(r"(?:==|%3D)+$"),
    score=4,
    examples=(("DefaultEndpointsProtocol=https;AccountName=x;AccountKey=" + "Ab3d" * 21 + "xy==;",
               "Ab3d" * 21 + "xy=="),),
)
ENCRYPTION_KEY = InfoType(
    "ENCRYPTION_KEY",
    "Private keys in PEM form (-----BEGIN ... PRIVATE KEY----- to its END line).",
    detectors=(
        pattern(r"-----BEGIN (?:RSA |EC |DSA |OPENSSH |ENCRYPTED )?PRIVATE KEY-----[A-Za-z0-9+/=\s]+"
                r"-----END (?:RSA |EC |DSA |OPENSSH |ENCRYPTED )?PRIVATE KEY-----",
                L.VERY_LIKELY, trigger="-----BEGIN"),
    ),
    surrogate=Redrawn(r"-----(?:BEGIN|END) [A-Z ]*PRIVATE KEY-----"),
    score=4,
    examples=(("-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----",
               "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----"),),
)

ENTRIES = (PASSWORD, AUTH_TOKEN, BASIC_AUTH_HEADER, JSON_WEB_TOKEN, GCP_API_KEY, GCP_CREDENTIALS,
           AWS_CREDENTIALS, AZURE_AUTH_TOKEN, ENCRYPTION_KEY)
