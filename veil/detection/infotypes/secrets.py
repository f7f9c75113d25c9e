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

# The things a bank's security questions ask the name of.
SECURITY_QUESTION_NAMES = (
    r"(?:the )?name of (?:my|your|his|her|our|the) first (?:pet|dog|cat|school|car|teacher)|"
    r"(?:my|your|his|her|our) first (?:pet|dog|cat|school|car|teacher)['’]s name|"
    r"(?:my|your|his|her|our) childhood (?:nickname|best friend['’]s name)"
)
# What a password is called, in a config file or said to an agent: the secret that opens an
# account, whatever the screen calls it ("PIN", a bank's "memorable word", the answer to a
# security question).
_PASSWORD_WORDS = (
    r"password|passwd|pwd|pass ?code|pass ?phrase|passwort|mot de passe|pin(?: number| code)?|"
    r"(?:memorable|security|secret) (?:word|phrase|answer)|"
    r"answer to (?:my|the|your|his|her) (?:security|secret) question|"
    # The name a bank's security question asks for ("the name of my first pet was biscuit"):
    # an answer that opens the account as a password does. A mother's maiden name is a
    # surname, which the name rules find.
    + SECURITY_QUESTION_NAMES
)
_SPOKEN_DIGIT = r"(?:zero|oh|one|two|three|four|five|six|seven|eight|nine|double|triple|\d+)"
# Words said after "my password is" of the password rather than as it: its state ("wrong",
# "case sensitive", "still not working"), a determiner or an adverb. Four letters or more:
# a shorter word is no password the pattern takes.
_SAID_OF_A_PASSWORD = frozenset("""
    wrong incorrect correct right invalid valid expired expiring locked blocked still also just
    already very really case sensitive being been working required needed optional changed
    reset updated saved stored sent emailed texted same different weak strong secure long short
    fine good okay empty blank missing there here what something probably usually always never
    that this your their about like supposed going gonna hard easy simple complicated hidden
    visible encrypted hashed protected temporary unique mandatory compromised leaked stolen
    safe accepted rejected definitely exactly only either both none nothing because when where
    which them these those printed written given shown taken chosen forgotten listed
    attached below above yours mine ours theirs somewhere anything everything whatever gone done
    over enough less more most least quite pretty rather kind sort
""".split())


def _password_check(match: "re.Match[str]") -> Likelihood | None:
    """Not a word said of the password ("my password is incorrect", "the PIN is printed on the
    back"): a stop list, and an adverb or a participle English says often. (A hashtag or a
    handle, "BBM pin: #BBMme", the pattern itself leaves.)"""
    first = match.group(1).split()[0].lower()
    if first in _SAID_OF_A_PASSWORD:
        return None
    if first.isalpha() and first.endswith(("ly", "ed", "ing")):
        from veil.detection.engine.word_lists import common_words

        if first in common_words():
            return None
    return L.LIKELY


PASSWORD = InfoType(
    "PASSWORD",
    "Passwords, PINs, memorable words and security answers written or said after their name "
    "(':', '=', 'is' or 'was'), with the digits said after a spoken one ('hunter two').",
    detectors=(
        pattern(
            rf"(?i)\b(?:{_PASSWORD_WORDS})\b[\"']?\s*(?:[:=]|(?:['’]s|\s+is|\s+was)\b)\s*[\"']?"
            rf"((?![#@])[^\s\"',;]{{3,63}}[^\s\"',;.](?:[ ,-]+{_SPOKEN_DIGIT}(?![\w-])){{0,8}})",
            L.LIKELY,
            group=1,
            check=_password_check,
            trigger=None,
        ),
    ),
    surrogate=Redrawn(),
    score=4,
    examples=(("login with password: hunter2!x", "hunter2!x"),
              ("my memorable word is lighthouse", "lighthouse")),
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


# --- Further DLP credential types -------------------------------------------------------------

OAUTH_CLIENT_SECRET = InfoType(
    "OAUTH_CLIENT_SECRET",
    "Google OAuth client secrets (GOCSPX- and 28 base64url characters).",
    detectors=(pattern(r"\bGOCSPX-[A-Za-z0-9_-]{28}(?![A-Za-z0-9_-])", L.VERY_LIKELY,
                       trigger="GOCSPX-"),),
    surrogate=Redrawn(r"GOCSPX-"),
    score=4,
    examples=(("client_secret: GOCSPX-" + "aB3dE5fG7hJ9kL1mN3pQ5rS7tU9v", "GOCSPX-" + "aB3dE5fG7hJ9kL1mN3pQ5rS7tU9v"),),
)
_CERTIFICATE = "-----BEGIN CERTIFICATE-----\nMIIDdzCCAl+gAwIBAgIEAgAAuTANBgkqhkiG9w0BAQUFADBa\n-----END CERTIFICATE-----"
SSL_CERTIFICATE = InfoType(
    "SSL_CERTIFICATE",
    "X.509 certificates in PEM form (-----BEGIN CERTIFICATE----- to its END line).",
    detectors=(pattern(r"-----BEGIN CERTIFICATE-----[A-Za-z0-9+/=\s]+-----END CERTIFICATE-----",
                       L.VERY_LIKELY, trigger="-----BEGIN CERTIFICATE"),),
    surrogate=Redrawn(r"-----(?:BEGIN|END) CERTIFICATE-----"),
    score=2,
    examples=((f"the cert is {_CERTIFICATE}", _CERTIFICATE),),
)
WEAK_PASSWORD_HASH = InfoType(
    "WEAK_PASSWORD_HASH",
    "Password hashes in weak formats: MD5-crypt ($1$, $apr1$) and LDAP's {MD5}, {SHA} and "
    "{SSHA}.",
    detectors=(pattern(r"\$(?:1|apr1)\$[./0-9A-Za-z]{1,8}\$[./0-9A-Za-z]{22}(?![./0-9A-Za-z])|"
                       r"\{(?:MD5|SHA|SSHA)\}[A-Za-z0-9+/]{20,}={0,2}(?![A-Za-z0-9+/=])",
                       L.VERY_LIKELY),),
    surrogate=Redrawn(r"^\$(?:1|apr1)\$|\$|^\{S?(?:MD5|SHA)\}|=+$"),
    score=4,
    examples=(("hash $1$saltsalt$qjXMvbEw8oaL.CzflDugX/", "$1$saltsalt$qjXMvbEw8oaL.CzflDugX/"),
              ("userPassword: {SHA}W6ph5Mm5Pz8GgiULbPgzG37mj9g=", "{SHA}W6ph5Mm5Pz8GgiULbPgzG37mj9g=")),
)
XSRF_TOKEN = InfoType(
    "XSRF_TOKEN",
    "Anti-forgery tokens after XSRF-TOKEN, X-CSRF-Token, csrf_token or csrfmiddlewaretoken.",
    detectors=(pattern(r"(?i)\b(?:x-)?(?:xsrf|csrf)(?:[-_]?token|middlewaretoken)\b[\"']?\s*[:=]\s*"
                       r"[\"']?([A-Za-z0-9_\-.+/]{16,256}={0,2})", L.LIKELY, group=1),),
    surrogate=Redrawn(r"=+$"),
    score=2,
    examples=(("Cookie: XSRF-TOKEN=9fK2bQ7xLm4RtZ8wPq1s", "9fK2bQ7xLm4RtZ8wPq1s"),),
)

ENTRIES = (*ENTRIES, OAUTH_CLIENT_SECRET, SSL_CERTIFICATE, WEAK_PASSWORD_HASH, XSRF_TOKEN)
