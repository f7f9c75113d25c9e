"""DLP's UK, EU, secret and payment infoTypes: each finds a valid value, and refuses the same
value with one character changed (a failed check digit, an impossible shape).

The valid values are the public reference examples of each scheme where one exists (the NHS's
943 476 5919, the codice fiscale RSSMRA85T10A562S, the PESEL 44051401359, the HETU
131052-308T, ...), so a checksum implemented wrongly fails here rather than agreeing with
itself.
"""
from __future__ import annotations

import pytest

from tests.detection.engine.conftest import quotes
from veil.detection.infotypes.builtin import BUILTINS

# (infoType, text, the value found, the text with the value made invalid)
CASES = [
    ("UK_NATIONAL_INSURANCE_NUMBER", "NI number AB 12 34 56 C", "AB 12 34 56 C",
     "NI number AB 12 34 56 E"),
    ("UK_NATIONAL_HEALTH_SERVICE_NUMBER", "NHS number 943 476 5919", "943 476 5919",
     "NHS number 943 476 5918"),
    ("GERMANY_SCHUFA_ID", "SCHUFA-ID 4471029385", "4471029385", "Kunden-ID 4471029385"),
    ("FINANCIAL_ID", "IBAN DE89 3704 0044 0532 0130 00", "DE89 3704 0044 0532 0130 00",
     "IBAN DE89 3704 0044 0532 0130 01"),
    ("UK_PASSPORT", "UK passport 925076473", "925076473", "UK passport 92507647"),
    ("UK_DRIVERS_LICENSE_NUMBER", "licence MORGA657054SM9IJ", "MORGA657054SM9IJ",
     "licence MORGA657954SM9IJ"),
    ("UK_TAXPAYER_REFERENCE", "UTR 12345 67890", "12345 67890", "UTR 12345 6789"),
    ("FRANCE_NIR", "NIR 2 55 08 14 168 025 38", "2 55 08 14 168 025 38",
     "NIR 2 55 08 14 168 025 39"),
    ("FRANCE_CNI", "carte d'identité 880692310285", "880692310285",
     "carte d'identité 88069231028"),
    ("GERMANY_IDENTITY_CARD_NUMBER", "Personalausweis T22000129", "T22000129",
     "Personalausweis A22000129"),
    ("GERMANY_TAXPAYER_IDENTIFICATION_NUMBER", "Steuer-ID 86 095 742 719", "86 095 742 719",
     "Steuer-ID 86 095 742 718"),
    ("SPAIN_DNI_NUMBER", "DNI 12345678Z", "12345678Z", "DNI 12345678A"),
    ("SPAIN_NIE_NUMBER", "NIE X1234567L", "X1234567L", "NIE X1234567M"),
    ("SPAIN_NIF_NUMBER", "NIF Y1234567X", "Y1234567X", "NIF Y1234567L"),
    ("ITALY_FISCAL_CODE", "CF RSSMRA85T10A562S", "RSSMRA85T10A562S", "CF RSSMRA85T10A562T"),
    ("NETHERLANDS_BSN_NUMBER", "BSN 111222333", "111222333", "BSN 111222334"),
    ("POLAND_PESEL_NUMBER", "PESEL 44051401359", "44051401359", "PESEL 44051401358"),
    ("IRELAND_PPSN", "PPS number 1234567T", "1234567T", "PPS number 1234567A"),
    ("DENMARK_CPR_NUMBER", "CPR-nummer 010203-1234", "010203-1234", "CPR-nummer 011303-1234"),
    ("SWEDEN_NATIONAL_ID_NUMBER", "personnummer 811218-9876", "811218-9876",
     "personnummer 811218-9875"),
    ("BELGIUM_NATIONAL_ID_CARD_NUMBER", "rijksregisternummer 85.07.30-033.28",
     "85.07.30-033.28", "rijksregisternummer 85.07.30-033.29"),
    ("PORTUGAL_CDC_NUMBER", "cartão de cidadão 00000000 0 ZZ4", "00000000 0 ZZ4",
     "cartão de cidadão 00000000 0 ZZ5"),
    ("FINLAND_NATIONAL_ID_NUMBER", "HETU 131052-308T", "131052-308T", "HETU 131052-308U"),
    ("US_MEDICARE_BENEFICIARY_ID_NUMBER", "Medicare 1EG4-TE5-MK73", "1EG4-TE5-MK73",
     "Medicare 1EG4-TE5-MS73"),
    ("CVV_NUMBER", "CVV 123", "123", "order 123"),
    ("CREDIT_CARD_EXPIRATION_DATE", "exp 09/27", "09/27", "exp 13/27"),
    ("FINANCIAL_ACCOUNT_NUMBER", "account 000123456789", "000123456789", "ticket 000123456789"),
    ("US_BANK_ROUTING_MICR", "⑆021000021⑆ 12345", "021000021", "⑆021000022⑆ 12345"),
    ("PASSWORD", "password: hunter2!x", "hunter2!x", "password reset sent"),
    ("AUTH_TOKEN", "Authorization: Bearer abcdef0123456789XYZ", "abcdef0123456789XYZ",
     "a bearer of news"),
    ("BASIC_AUTH_HEADER", "Authorization: Basic dXNlcjpwYXNz", "Authorization: Basic dXNlcjpwYXNz",
     "basic plan"),
    ("JSON_WEB_TOKEN", "jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.abc", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.abc",
     "jwt eyJhbGciOiJIUzI1NiJ9"),
    ("GCP_API_KEY", "AIza" + "B" * 35, "AIza" + "B" * 35, "AIza" + "B" * 20),
    ("AWS_CREDENTIALS", "id AKIAIOSFODNN7EXAMPLE", "AKIAIOSFODNN7EXAMPLE", "id AKIAIOSFODNN7EXAMPL"),
    ("ENCRYPTION_KEY", "-----BEGIN RSA PRIVATE KEY-----\nMIIB\n-----END RSA PRIVATE KEY-----",
     "-----BEGIN RSA PRIVATE KEY-----\nMIIB\n-----END RSA PRIVATE KEY-----",
     "-----BEGIN PUBLIC KEY-----\nMIIB\n-----END PUBLIC KEY-----"),
    ("SCOTLAND_COMMUNITY_HEALTH_INDEX_NUMBER", "CHI 120485 0615", "120485 0615",
     "CHI 120485 0614"),
    ("SPAIN_SOCIAL_SECURITY_NUMBER", "NSS 28 12345678 40", "28 12345678 40", "NSS 28 12345678 41"),
    ("IRELAND_EIRCODE", "Eircode D02 X285", "D02 X285", "Eircode D02 X28"),
    ("UK_ELECTORAL_ROLL_NUMBER", "electoral roll AB-1234", "AB-1234", "roll AB-1234"),
    ("FRANCE_TAX_IDENTIFICATION_NUMBER", "numéro fiscal 3023217600053", "3023217600053",
     "numéro fiscal 3023217600054"),
    ("OAUTH_CLIENT_SECRET", "secret GOCSPX-" + "k" * 28, "GOCSPX-" + "k" * 28,
     "secret GOCSPX-" + "k" * 20),
    ("SSL_CERTIFICATE", "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----",
     "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----",
     "-----BEGIN CERTIFICATE REQUEST-----\nMIIB\n-----END CERTIFICATE REQUEST-----"),
    ("WEAK_PASSWORD_HASH", "hash $1$saltsalt$qjXMvbEw8oaL.CzflDugX/",
     "$1$saltsalt$qjXMvbEw8oaL.CzflDugX/", "hash $6$saltsalt$qjXMvbEw8oaL.CzflDugX/"),
    ("XSRF_TOKEN", "X-XSRF-TOKEN: 9fK2bQ7xLm4RtZ8wPq1s", "9fK2bQ7xLm4RtZ8wPq1s",
     "the xsrf token expired"),
    ("DRIVERS_LICENSE_NUMBER", "licence MORGA657054SM9IJ", "MORGA657054SM9IJ",
     "licence MORGA657954SM9IJ"),
    ("GOVERNMENT_ID", "PESEL 44051401359", "44051401359", "PESEL 44051401358"),
    ("DEMOGRAPHIC_DATA", "I'm 42 years old", "42", "I'm 42 floors up"),
]


@pytest.mark.parametrize("info_type,text,value,invalid", CASES, ids=[c[0] for c in CASES])
def test_finds_the_valid_value_and_refuses_the_invalid_one(info_type, text, value, invalid):
    assert value in quotes(text, info_type)
    assert quotes(invalid, info_type) == set()


def test_every_new_dlp_type_is_tested_here():
    from veil.detection.infotypes import european, general, secrets

    tested = {c[0] for c in CASES}
    untested = {e.name for e in (*european.ENTRIES, *secrets.ENTRIES, *general.ENTRIES)} - tested
    # The names and cloud credentials in other shapes are covered by the catalogue's examples.
    assert untested <= {"MALE_NAME", "FEMALE_NAME", "GCP_CREDENTIALS", "AZURE_AUTH_TOKEN"}


def test_male_and_female_names_report_person_names_under_the_name_asked_for():
    assert quotes("Hi, my name is David Green.", "MALE_NAME") == {"David Green"}
    assert quotes("Hi, my name is Rachel Green.", "FEMALE_NAME") == {"Rachel Green"}


@pytest.mark.parametrize("entry", [e for e in BUILTINS if e.checksum is not None],
                         ids=lambda e: e.name)
def test_a_checksum_refuses_a_changed_last_digit(entry):
    for example in entry.examples:
        value = example.value.rstrip()
        last = value[-1]
        if not last.isdigit():
            continue
        changed = value[:-1] + str((int(last) + 1) % 10)
        assert not entry.checksum(changed), changed
