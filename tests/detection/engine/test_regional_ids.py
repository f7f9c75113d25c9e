"""National identifiers of Asia-Pacific, Latin America, the Middle East, Africa and the rest of
Europe (veil.detection.infotypes.asia_pacific, latin_america, middle_east_africa): values that pass their
published check, and near misses that must not be reported: a wrong check digit, a wrong
length, and for bare digits, no context word.

The valid values are the schemes' published specimen numbers (the CPF 529.982.247-25, the
Chinese 11010519491231002X, Singapore's S1234567D, Taiwan's A123456789, ...) or numbers
python-stdnum, an independent implementation, accepts.
"""
from __future__ import annotations

import pytest

from tests.detection.engine.conftest import quotes
from veil.detection.engine.checksums import (
    australia_medicare_valid, hong_kong_id_valid, poland_id_card_valid, singapore_nric_valid,
    taiwan_id_valid, uruguay_ci_valid,
)

FOUND = [
    ("INDIA_AADHAAR_INDIVIDUAL", "Aadhaar number 2345 6789 0124", "2345 6789 0124"),
    ("INDIA_PAN_INDIVIDUAL", "my PAN is ABCPD1234E", "ABCPD1234E"),
    ("INDIA_PAN_INDIVIDUAL", "ABCPD1234E on file", "ABCPD1234E"),  # a shape of its own
    ("INDIA_GST_INDIVIDUAL", "GSTIN 27ABCPD1234E1ZE", "27ABCPD1234E1ZE"),
    ("CHINA_RESIDENT_ID_NUMBER", "ID 11010519491231002X", "11010519491231002X"),
    ("JAPAN_INDIVIDUAL_NUMBER", "マイナンバー 123456789018", "123456789018"),
    ("KOREA_RRN", "주민등록번호 850412-1234561", "850412-1234561"),
    ("TAIWAN_ID_NUMBER", "A123456789", "A123456789"),
    ("HONG_KONG_ID_NUMBER", "HKID A123456(3)", "A123456(3)"),
    ("SINGAPORE_NATIONAL_REGISTRATION_ID_NUMBER", "T1234567J", "T1234567J"),
    ("THAILAND_NATIONAL_ID_NUMBER", "Thai ID 1234567890121", "1234567890121"),
    ("INDONESIA_NIK_NUMBER", "KTP 3171011408760001", "3171011408760001"),
    ("AUSTRALIA_TAX_FILE_NUMBER", "my TFN is 123456782", "123456782"),
    ("AUSTRALIA_MEDICARE_NUMBER", "Medicare card 2123456701", "2123456701"),
    ("NEW_ZEALAND_IRD_NUMBER", "IRD number 49091850", "49091850"),
    ("BRAZIL_CPF_NUMBER", "529.982.247-25", "529.982.247-25"),
    ("BRAZIL_CPF_NUMBER", "CPF: 52998224725", "52998224725"),
    ("MEXICO_CURP_NUMBER", "BOXW310820HNERXN09", "BOXW310820HNERXN09"),
    ("CHILE_CDI_NUMBER", "RUT 12.345.678-5", "12.345.678-5"),
    ("URUGUAY_CDI_NUMBER", "cédula 1.234.567-2", "1.234.567-2"),
    ("ARGENTINA_DNI_NUMBER", "DNI 34567890", "34567890"),
    ("VENEZUELA_CDI_NUMBER", "cédula E-8.123.456", "E-8.123.456"),
    ("SOUTH_AFRICA_ID_NUMBER", "ID number 8001015009087", "8001015009087"),
    ("TURKEY_ID_NUMBER", "TC kimlik 10000000146", "10000000146"),
    ("ISRAEL_IDENTITY_CARD_NUMBER", "identity number 123456782", "123456782"),
    ("NORWAY_NI_NUMBER", "fødselsnummer 15108695088", "15108695088"),
    ("CROATIA_PERSONAL_ID_NUMBER", "OIB 94577403194", "94577403194"),
    ("AUSTRIA_SOCIAL_SECURITY_NUMBER", "SVNR 1237010180", "1237010180"),
    ("POLAND_NATIONAL_ID_NUMBER", "dowód ABA300000", "ABA300000"),
    ("SPAIN_CIF_NUMBER", "CIF A58818501", "A58818501"),
    ("NEW_ZEALAND_NHI_NUMBER", "NHI ZZZ0016", "ZZZ0016"),
    ("JAPAN_BANK_ACCOUNT", "口座番号 1234567", "1234567"),
    ("SCOTLAND_COMMUNITY_HEALTH_INDEX_NUMBER", "CHI 1204850615", "1204850615"),
    ("SPAIN_SOCIAL_SECURITY_NUMBER", "seguridad social 281234567840", "281234567840"),
    ("IRELAND_EIRCODE", "A65 F4E2", "A65 F4E2"),
    ("UK_ELECTORAL_ROLL_NUMBER", "electoral roll number AB-1234", "AB-1234"),
    ("FRANCE_TAX_IDENTIFICATION_NUMBER", "numéro fiscal 3023217600053", "3023217600053"),
    ("US_ADOPTION_TAXPAYER_IDENTIFICATION_NUMBER", "ATIN 912-93-4567", "912-93-4567"),
    ("US_PREPARER_TAXPAYER_IDENTIFICATION_NUMBER", "PTIN P01594846", "P01594846"),
    ("DOD_ID_NUMBER", "EDIPI 1234567890", "1234567890"),
]

NEAR_MISSES = [
    # a wrong check digit
    ("INDIA_AADHAAR_INDIVIDUAL", "Aadhaar number 2345 6789 0125"),
    ("INDIA_GST_INDIVIDUAL", "GSTIN 27ABCPD1234E1ZF"),
    ("CHINA_RESIDENT_ID_NUMBER", "ID 110105194912310021"),
    ("JAPAN_INDIVIDUAL_NUMBER", "マイナンバー 123456789019"),
    ("KOREA_RRN", "주민등록번호 850412-1234562"),
    ("TAIWAN_ID_NUMBER", "A123456788"),
    ("HONG_KONG_ID_NUMBER", "HKID A123456(4)"),
    ("SINGAPORE_NATIONAL_REGISTRATION_ID_NUMBER", "S1234567A"),
    ("THAILAND_NATIONAL_ID_NUMBER", "Thai ID 1234567890122"),
    ("AUSTRALIA_TAX_FILE_NUMBER", "my TFN is 123456783"),
    ("AUSTRALIA_MEDICARE_NUMBER", "Medicare card 2123456711"),
    ("NEW_ZEALAND_IRD_NUMBER", "IRD number 49091851"),
    ("BRAZIL_CPF_NUMBER", "529.982.247-26"),
    ("BRAZIL_CPF_NUMBER", "CPF 11111111111"),  # all one digit passes the sums, never issued
    ("MEXICO_CURP_NUMBER", "BOXW310820HNERXN08"),
    ("CHILE_CDI_NUMBER", "RUT 12.345.678-K"),
    ("URUGUAY_CDI_NUMBER", "cédula 1.234.567-3"),
    ("SOUTH_AFRICA_ID_NUMBER", "ID number 8001015009088"),
    ("TURKEY_ID_NUMBER", "TC kimlik 10000000147"),
    ("ISRAEL_IDENTITY_CARD_NUMBER", "identity number 123456783"),
    ("NORWAY_NI_NUMBER", "fødselsnummer 15108695089"),
    ("CROATIA_PERSONAL_ID_NUMBER", "OIB 94577403195"),
    ("AUSTRIA_SOCIAL_SECURITY_NUMBER", "SVNR 1238010180"),
    ("POLAND_NATIONAL_ID_NUMBER", "dowód ABA300001"),
    ("SPAIN_CIF_NUMBER", "CIF A58818502"),
    ("NEW_ZEALAND_NHI_NUMBER", "NHI ZZZ0017"),
    ("SCOTLAND_COMMUNITY_HEALTH_INDEX_NUMBER", "CHI 1204850616"),
    ("SCOTLAND_COMMUNITY_HEALTH_INDEX_NUMBER", "CHI 3213850615"),  # day 32, month 13
    ("SPAIN_SOCIAL_SECURITY_NUMBER", "seguridad social 281234567841"),
    ("FRANCE_TAX_IDENTIFICATION_NUMBER", "numéro fiscal 3023217600054"),
    ("US_PREPARER_TAXPAYER_IDENTIFICATION_NUMBER", "PTIN P0159484"),
    # a wrong length or shape
    ("NEW_ZEALAND_NHI_NUMBER", "NHI ZIO0016"),  # I and O are never used
    ("IRELAND_EIRCODE", "B65 F4E2"),  # B is no routing key
    ("IRELAND_EIRCODE", "A65 F4E"),
    ("US_ADOPTION_TAXPAYER_IDENTIFICATION_NUMBER", "ATIN 912-94-4567"),  # ATINs are 9NN-93
    ("INDIA_AADHAAR_INDIVIDUAL", "Aadhaar number 2345 6789 012"),
    ("INDIA_AADHAAR_INDIVIDUAL", "Aadhaar number 1345 6789 0124"),  # never starts 0 or 1
    ("INDIA_PAN_INDIVIDUAL", "PAN ABCFD1234E"),  # a firm's PAN (F), not an individual's
    ("INDIA_PAN_INDIVIDUAL", "PAN ABCPD12345"),
    ("CHINA_RESIDENT_ID_NUMBER", "ID 11010519491331002X"),  # month 13
    ("KOREA_RRN", "주민등록번호 850412-123456"),
    ("SINGAPORE_NATIONAL_REGISTRATION_ID_NUMBER", "A1234567D"),
    ("BRAZIL_CPF_NUMBER", "529.982.247-2"),
    ("MEXICO_CURP_NUMBER", "BOXW310820HNERXN0"),
    ("TAIWAN_ID_NUMBER", "A323456789"),  # the second digit is the sex: 1 or 2
    ("TURKEY_ID_NUMBER", "TC kimlik 00000000146"),
    # bare digits without a context word
    ("INDIA_AADHAAR_INDIVIDUAL", "order 2345 6789 0124"),
    ("JAPAN_INDIVIDUAL_NUMBER", "order 123456789018"),
    ("AUSTRALIA_TAX_FILE_NUMBER", "invoice 123456782"),
    ("BRAZIL_CPF_NUMBER", "ticket 52998224725"),
    ("SOUTH_AFRICA_ID_NUMBER", "tracking 8001015009087"),
    ("TURKEY_ID_NUMBER", "order 10000000146"),
    ("ISRAEL_IDENTITY_CARD_NUMBER", "order 123456782"),
    ("CROATIA_PERSONAL_ID_NUMBER", "order 94577403194"),
    ("ARGENTINA_DNI_NUMBER", "it costs 34.567.890 pesos"),
    ("PERU_DNI_NUMBER", "order 45678912"),
    ("JAPAN_BANK_ACCOUNT", "order 1234567"),
    ("DOD_ID_NUMBER", "order 1234567890"),
    ("UK_ELECTORAL_ROLL_NUMBER", "flight AB-1234"),
    ("SCOTLAND_COMMUNITY_HEALTH_INDEX_NUMBER", "order 1204850615"),
]


@pytest.mark.parametrize("info_type,text,value", FOUND, ids=[f[0] for f in FOUND])
def test_finds_valid_numbers(info_type, text, value):
    assert value in quotes(text, info_type)


@pytest.mark.parametrize("info_type,text", NEAR_MISSES, ids=[f"{n[0]}-{i}" for i, n in enumerate(NEAR_MISSES)])
def test_does_not_find_near_misses(info_type, text):
    assert quotes(text, info_type) == set()


@pytest.mark.parametrize("valid,good,bad", [
    (singapore_nric_valid, ["S1234567D", "T1234567J"], ["S1234567E", "X1234567D", "S123456D"]),
    (australia_medicare_valid, ["2123456701", "21234567011"], ["2123456711", "1123456701"]),
    (hong_kong_id_valid, ["A1234563", "AB9876543"], ["A1234564", "A123456"]),
    (taiwan_id_valid, ["A123456789"], ["A123456780", "A323456789", "I12345678"]),
    (uruguay_ci_valid, ["12345672"], ["12345673", "123"]),
    (poland_id_card_valid, ["ABA300000"], ["ABA300001", "AB3000000"]),
])
def test_veils_own_check_digits(valid, good, bad):
    assert all(valid(v) for v in good) and not any(valid(v) for v in bad)


# --- passports and driving licences: a format, found only near its context words -------------

from veil.detection.infotypes.travel_documents import ENTRIES as DOCUMENTS  # noqa: E402


@pytest.mark.parametrize("entry", DOCUMENTS, ids=[e.name for e in DOCUMENTS])
def test_documents_are_found_near_their_words_only_in_their_format(entry):
    (example,) = entry.examples
    assert example.value in quotes(example.text, entry.name)
    # The same value without a context word: an order number as far as anyone can tell.
    assert quotes(f"order {example.value} shipped", entry.name) == set()
    # One character too many, next to the word: not the format.
    assert quotes(example.text.replace(example.value, example.value + "7"), entry.name) == set()


def test_a_spanish_licence_needs_its_dni_letter():
    assert quotes("permiso de conducir 12345678Z", "SPAIN_DRIVERS_LICENSE_NUMBER") == {"12345678Z"}
    assert quotes("permiso de conducir 12345678A", "SPAIN_DRIVERS_LICENSE_NUMBER") == set()


def test_the_dlp_compatibility_table_is_the_catalogue():
    import importlib.util
    from pathlib import Path

    root = Path(__file__).resolve().parents[3]
    spec = importlib.util.spec_from_file_location(
        "render_dlp_compatibility", root / "scripts" / "render_dlp_compatibility.py")
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    page = (root / "docs" / "dlp-compatibility.md").read_text(encoding="utf-8")
    assert script.render(page) == page, \
        "docs/dlp-compatibility.md is stale: run python scripts/render_dlp_compatibility.py"
