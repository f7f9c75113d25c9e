"""The risk table: the defaults in docs/design.md (the paper's Table 6) and its configuration."""
import pytest

from veil.run.errors import ConfigError
from veil.risk.table import DEFAULT_TABLE, RiskTable, parse_risk_settings

DESIGN_TABLE = {
    5: "PERSON_NAME PASSPORT MEDICAL_RECORD_NUMBER VEHICLE_IDENTIFICATION_NUMBER "
       "CREDIT_CARD_NUMBER CREDIT_CARD_TRACK_NUMBER IBAN_CODE US_SOCIAL_SECURITY_NUMBER "
       "CANADA_SOCIAL_INSURANCE_NUMBER",
    4: "EMAIL_ADDRESS LOCATION_COORDINATES PHONE_NUMBER STREET_ADDRESS GENERIC_ID ICCID_NUMBER "
       "IMEI_HARDWARE_ID IMSI_ID",
    3: "USER_NAME STORAGE_SIGNED_URL DATE_OF_BIRTH ADVERTISING_ID IP_ADDRESS MAC_ADDRESS "
       "MAC_ADDRESS_LOCAL ROUTING_NUMBER",
    2: "LOCATION ORGANIZATION_NAME_SPEAKER PRODUCT_SPEAKER STORAGE_SIGNED_POLICY_DOCUMENT URL "
       "ICD9_CODE ICD10_CODE VAT_NUMBER",
    1: "US_STATE DOMAIN_NAME HTTP_COOKIE AGE MEDICAL_TERM SWIFT_CODE",
    0: "ORGANIZATION_NAME PRODUCT",
}
# Veil's other types, scored by Table 6's logic: passports, licences, taxpayer, health and bank
# account numbers identify a person directly (as PASSPORT, SSN, MEDICAL_RECORD_NUMBER, IBAN);
# provider and business numbers are public registers (as ROUTING_NUMBER, VAT_NUMBER); postal
# codes are areas (as LOCATION); dates, gender and ethnicity are quasi-identifiers (as AGE,
# MEDICAL_TERM); a toll-free number is a business's (as DOMAIN_NAME); a time alone is nothing.
# DLP's UK and EU national, health and tax numbers are a person's own (as SSN); credentials
# open a person's accounts (as an e-mail address, 4), a UK taxpayer reference may be a
# business's (4); a CVV, an API key or a MICR line identify a card, project or account only
# with more (as ROUTING_NUMBER, 3); a card's expiry date is a quasi-identifier (2), as a UK
# postcode is (as a US ZIP code, 2); a licence plate leads to its registered keeper through one
# public register (as a street address, 4); a UPI id is an address to pay someone at, as an
# e-mail address is one to write to (4).
OTHER_TYPES = {
    5: "US_PASSPORT CANADA_PASSPORT US_DRIVERS_LICENSE_NUMBER CANADA_DRIVERS_LICENSE_NUMBER "
       "US_INDIVIDUAL_TAXPAYER_IDENTIFICATION_NUMBER CANADA_OHIP CANADA_BC_PHN CANADA_QUEBEC_HIN "
       "CANADA_BANK_ACCOUNT US_BANK_ACCOUNT_NUMBER "
       "UK_NATIONAL_INSURANCE_NUMBER UK_NATIONAL_HEALTH_SERVICE_NUMBER UK_PASSPORT "
       "UK_DRIVERS_LICENSE_NUMBER FRANCE_NIR FRANCE_CNI GERMANY_IDENTITY_CARD_NUMBER "
       "GERMANY_TAXPAYER_IDENTIFICATION_NUMBER SPAIN_DNI_NUMBER SPAIN_NIE_NUMBER SPAIN_NIF_NUMBER "
       "ITALY_FISCAL_CODE NETHERLANDS_BSN_NUMBER POLAND_PESEL_NUMBER IRELAND_PPSN "
       "DENMARK_CPR_NUMBER SWEDEN_NATIONAL_ID_NUMBER BELGIUM_NATIONAL_ID_CARD_NUMBER "
       "PORTUGAL_CDC_NUMBER FINLAND_NATIONAL_ID_NUMBER US_MEDICARE_BENEFICIARY_ID_NUMBER "
       "DRIVERS_LICENSE_NUMBER GOVERNMENT_ID FINANCIAL_ACCOUNT_NUMBER CRYPTO_WALLET_ADDRESS",
    4: "PASSWORD AUTH_TOKEN BASIC_AUTH_HEADER JSON_WEB_TOKEN GCP_CREDENTIALS AWS_CREDENTIALS "
       "AZURE_AUTH_TOKEN ENCRYPTION_KEY UK_TAXPAYER_REFERENCE LICENSE_PLATE_NUMBER INDIA_UPI_ID",
    3: "US_HEALTHCARE_NPI US_DEA_NUMBER CVV_NUMBER GCP_API_KEY US_BANK_ROUTING_MICR",
    2: "US_EMPLOYER_IDENTIFICATION_NUMBER US_ZIP CANADA_POSTAL_CODE CREDIT_CARD_EXPIRATION_DATE "
       "UK_POSTAL_CODE",
    1: "DATE GENDER ETHNIC_GROUP US_TOLLFREE_PHONE_NUMBER",
    0: "TIME",
}


# DLP's identifiers of the rest of the world (issue #29): national ids, passports, driving
# licences and health numbers are a person's own (5); tax numbers and secrets that open an
# account, as a password (4); an electoral-roll or preparer number identifies with more (3); a
# postcode (Eircode), a company's CIF, a certificate or an XSRF token are quasi-identifiers (2).
REGIONAL_TYPES = {
    5: "ARGENTINA_DNI_NUMBER ARMENIA_PASSPORT AUSTRALIA_DRIVERS_LICENSE_NUMBER "
       "AUSTRALIA_MEDICARE_NUMBER AUSTRALIA_PASSPORT AUSTRALIA_TAX_FILE_NUMBER "
       "AUSTRIA_SOCIAL_SECURITY_NUMBER AZERBAIJAN_PASSPORT BELARUS_PASSPORT BRAZIL_CPF_NUMBER "
       "CHILE_CDI_NUMBER CHINA_PASSPORT CHINA_RESIDENT_ID_NUMBER COLOMBIA_CDC_NUMBER "
       "CROATIA_PERSONAL_ID_NUMBER CZECHIA_PASSPORT DOD_ID_NUMBER FRANCE_DRIVERS_LICENSE_NUMBER "
       "FRANCE_PASSPORT GERMANY_DRIVERS_LICENSE_NUMBER GERMANY_PASSPORT HONG_KONG_ID_NUMBER "
       "INDIA_AADHAAR_INDIVIDUAL INDIA_PASSPORT INDONESIA_NIK_NUMBER INDONESIA_PASSPORT "
       "IRELAND_DRIVING_LICENSE_NUMBER IRELAND_PASSPORT ISRAEL_IDENTITY_CARD_NUMBER "
       "JAPAN_BANK_ACCOUNT JAPAN_DRIVERS_LICENSE_NUMBER JAPAN_INDIVIDUAL_NUMBER JAPAN_PASSPORT "
       "KAZAKHSTAN_PASSPORT KOREA_PASSPORT KOREA_RRN MEXICO_CURP_NUMBER MEXICO_PASSPORT "
       "NETHERLANDS_PASSPORT NEW_ZEALAND_IRD_NUMBER NEW_ZEALAND_NHI_NUMBER NORWAY_NI_NUMBER "
       "PARAGUAY_CIC_NUMBER PERU_DNI_NUMBER PHILIPPINES_PASSPORT POLAND_NATIONAL_ID_NUMBER "
       "POLAND_PASSPORT RUSSIA_PASSPORT SCOTLAND_COMMUNITY_HEALTH_INDEX_NUMBER "
       "SINGAPORE_NATIONAL_REGISTRATION_ID_NUMBER SINGAPORE_PASSPORT SOUTH_AFRICA_ID_NUMBER "
       "SPAIN_DRIVERS_LICENSE_NUMBER SPAIN_PASSPORT SPAIN_SOCIAL_SECURITY_NUMBER SWEDEN_PASSPORT "
       "TAIWAN_ID_NUMBER TAIWAN_PASSPORT THAILAND_NATIONAL_ID_NUMBER TURKEY_ID_NUMBER "
       "UKRAINE_PASSPORT URUGUAY_CDI_NUMBER US_ADOPTION_TAXPAYER_IDENTIFICATION_NUMBER "
       "VENEZUELA_CDI_NUMBER",
    4: "FRANCE_TAX_IDENTIFICATION_NUMBER INDIA_GST_INDIVIDUAL INDIA_PAN_INDIVIDUAL "
       "OAUTH_CLIENT_SECRET WEAK_PASSWORD_HASH",
    3: "UK_ELECTORAL_ROLL_NUMBER US_PREPARER_TAXPAYER_IDENTIFICATION_NUMBER",
    2: "IRELAND_EIRCODE SPAIN_CIF_NUMBER SSL_CERTIFICATE XSRF_TOKEN",
}

# DLP's last names (issue #29): a SCHUFA ID is the credit bureau's key to one person, and
# FINANCIAL_ID reports cards, IBANs and account numbers under one name, so both score as a
# bank account (5, direct). A blood type and a criminal past are special-category data (GDPR
# Art. 9 and 10) that identify nobody alone: quasi-identifiers, scored as MEDICAL_TERM (1).
# So are religion, politics, sexual orientation and union membership (Art. 9), and marital,
# employment and immigration status, which say much about a person but point at nobody;
# DEMOGRAPHIC_DATA reports AGE, GENDER and ETHNIC_GROUP, each scored 1, so it scores 1.
SENSITIVE_TYPES = {
    5: "GERMANY_SCHUFA_ID FINANCIAL_ID",
    1: "BLOOD_TYPE CRIME_STATUS RELIGIOUS_TERM POLITICAL_TERM SEXUAL_ORIENTATION TRADE_UNION "
       "MARITAL_STATUS EMPLOYMENT_STATUS IMMIGRATION_STATUS DEMOGRAPHIC_DATA",
}


def table(rows: dict) -> dict:
    return {name: score for score, names in rows.items() for name in names.split()}


def test_defaults_are_exactly_the_design_table_and_the_other_types():
    assert dict(DEFAULT_TABLE.scores) == {
        **table(DESIGN_TABLE), **table(OTHER_TYPES), **table(REGIONAL_TYPES),
        **table(SENSITIVE_TYPES)}
    assert set(table(DESIGN_TABLE)).isdisjoint(table(OTHER_TYPES))
    assert set(table(REGIONAL_TYPES)).isdisjoint({**table(DESIGN_TABLE), **table(OTHER_TYPES)})
    assert set(table(SENSITIVE_TYPES)).isdisjoint(
        {**table(DESIGN_TABLE), **table(OTHER_TYPES), **table(REGIONAL_TYPES)})


@pytest.mark.parametrize("info_type, partial, expected", [
    ("PERSON_NAME", True, 3),       # ceil(5/2)
    ("PERSON_NAME", False, 5),
    ("EMAIL_ADDRESS", True, 2),     # floor(4/2)
    ("PASSPORT", True, 2),          # floor(5/2): only names round up
    ("USER_NAME", True, 1),         # floor(3/2)
    ("US_STATE", True, 0),          # floor(1/2)
])
def test_partial_halves_with_the_types_rounding(info_type, partial, expected):
    assert DEFAULT_TABLE.score(info_type, partial) == expected


def test_speaker_variants():
    assert DEFAULT_TABLE.score("ORGANIZATION_NAME") == 0
    assert DEFAULT_TABLE.score("ORGANIZATION_NAME", speaker=True) == 2
    assert DEFAULT_TABLE.score("PRODUCT", speaker=True) == 2
    assert DEFAULT_TABLE.score("ORGANIZATION_NAME", partial=True, speaker=True) == 1
    assert DEFAULT_TABLE.score("LOCATION", speaker=True) == 2  # no _SPEAKER row: base score
    assert DEFAULT_TABLE.resolve("ORGANIZATION_NAME_SPEAKER").speaker


def test_aliases_and_name_subtypes():
    assert DEFAULT_TABLE.resolve("EMAIL").info_type == "EMAIL_ADDRESS"
    assert DEFAULT_TABLE.resolve("ssn").info_type == "US_SOCIAL_SECURITY_NUMBER"
    first = DEFAULT_TABLE.resolve("FIRST_NAME")  # 4.2: first and last names are PARTIAL
    assert (first.info_type, first.partial) == ("PERSON_NAME", True)


def test_direct_identifiers_follow_section_4_2():
    for name in ("PERSON_NAME", "STREET_ADDRESS", "PHONE_NUMBER", "EMAIL_ADDRESS",
                 "CREDIT_CARD_NUMBER", "PASSPORT", "US_SOCIAL_SECURITY_NUMBER",
                 "CANADA_SOCIAL_INSURANCE_NUMBER", "IBAN_CODE"):
        assert DEFAULT_TABLE.is_direct(name)
    for name in ("ORGANIZATION_NAME", "LOCATION", "AGE", "URL", "US_STATE"):
        assert not DEFAULT_TABLE.is_direct(name)


def test_config_overrides_merge_over_the_defaults():
    table = RiskTable.from_config({
        "threshold": 4, "scores": {"EMAIL_ADDRESS": 3, "US_ZIP": 1},
        "rounding": {"EMAIL_ADDRESS": "up", "PERSON_NAME": "down"},
        "direct_identifiers": ["PERSON_NAME"],
    })
    assert table.threshold == 4
    assert table.score("EMAIL_ADDRESS", partial=True) == 2   # ceil(3/2)
    assert table.score("PERSON_NAME", partial=True) == 2     # floor(5/2)
    assert table.score("US_ZIP") == 1 and table.score("PHONE_NUMBER") == 4
    assert table.direct_identifiers == {"PERSON_NAME"}


def test_empty_config_is_the_default_table():
    assert RiskTable.from_config(None).scores == DEFAULT_TABLE.scores
    assert RiskTable.from_config({}).threshold == 5


@pytest.mark.parametrize("config, path", [
    ({"treshold": 5}, "risk.treshold: unknown key"),
    ({"scores": {"EMAIL_ADDRESS": "high"}}, "risk.scores.EMAIL_ADDRESS"),
    ({"scores": {"EMAIL_ADDRESS": -1}}, "risk.scores"),
    ({"scores": {"email": 3}}, "risk.scores"),
    ({"rounding": {"PERSON_NAME": "sideways"}}, "risk.rounding.PERSON_NAME"),
    ({"rounding": {"NOT_A_TYPE": "up"}}, "risk.rounding.NOT_A_TYPE"),
    ({"threshold": 0}, "risk.threshold"),
])
def test_bad_config_names_the_key(config, path):
    with pytest.raises(ConfigError) as error:
        RiskTable.from_config(config)
    assert path in str(error.value)


def test_settings_carry_sample_and_seed():
    settings = parse_risk_settings({"review_sample": 7, "seed": 3})
    assert (settings.review_sample, settings.seed) == (7, 3)
