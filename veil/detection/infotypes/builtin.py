"""Veil's catalogue: every built-in infoType, and the profile types with facts of their own.

    from veil.detection.infotypes.builtin import BUILTINS
    BUILTINS["US_SOCIAL_SECURITY_NUMBER"].score      # 5

The families, each a module of entries:

- `numbers`: payment cards and track data, IBAN, SSN, SIN, routing numbers, IMEI, ICCID,
  IMSI, VIN, passport, medical record numbers, generic IDs, SWIFT, VAT, ICD codes;
- `network`: email, URL, signed storage URLs and policies, domain names, IP and MAC
  addresses, HTTP cookies, advertising IDs;
- `text`: phone numbers, dates, dates of birth, times, ages, gender, ethnic groups, medical
  terms, US states, US and Canadian postal codes, street addresses, coordinates, user names;
- `regional`: further US and Canadian identifiers (EIN, ITIN, NPI, DEA, passports, driving
  licences, health numbers, bank accounts, toll-free numbers);
- `names`: person names, organisations, places and products, without a model;
- `european`: UK and EU national identifiers (NI, NHS, NIR, DNI/NIE/NIF, codice fiscale,
  BSN, PESEL, PPSN, CPR, personnummer, HETU, ...), with their check digits;
- `secrets`: passwords, tokens, cloud credentials, private keys;
- `crypto`: cryptocurrency wallet addresses, with their checksums;
- `upi`: India's UPI payment addresses, written and said aloud;
- `general`: payment details (CVV, expiry, account numbers, MICR), the Medicare MBI, and
  the SCHUFA ID, and DLP's general types (DRIVERS_LICENSE_NUMBER, GOVERNMENT_ID,
  FINANCIAL_ID, DEMOGRAPHIC_DATA, MALE_NAME, FEMALE_NAME);
- `sensitive_attributes`: DLP's sensitive attributes that Veil finds from word lists, phrase
  patterns and context: BLOOD_TYPE, CRIME_STATUS, RELIGIOUS_TERM, POLITICAL_TERM,
  SEXUAL_ORIENTATION, TRADE_UNION, MARITAL_STATUS, EMPLOYMENT_STATUS, IMMIGRATION_STATUS;
- `asia_pacific`, `latin_america`, `middle_east_africa`: the national identifiers of those
  regions (and of Norway, Croatia, Austria, Poland's card, Spain's CIF) under DLP's names,
  with their check digits (python-stdnum where it has the scheme);
- `travel_documents`: passports and driving licences of the countries DLP names, near
  their context words;
- `callers`: what callers say about where they live and what they carry: UK postcodes,
  licence plates, and detectors added to existing entries (European street addresses, card
  expiry dates said aloud, passports and IBANs written lower-case);
- `undetected`: types without built-in detectors: the ones the bundled profiles define
  themselves (DIGIT_SEQUENCE, ...) and ones only labels name (US_BANK_ACCOUNT_NUMBER).
"""
from __future__ import annotations

from veil.detection.infotypes import (
    asia_pacific, callers, crypto, european, general, latin_america, middle_east_africa, names,
    network, numbers, regional, secrets, sensitive_attributes, text, travel_documents, undetected,
    upi,
)
from veil.detection.infotypes.catalogue import Catalogue

BUILTINS = Catalogue([
    *numbers.ENTRIES, *network.ENTRIES, *text.ENTRIES, *regional.ENTRIES, *names.ENTRIES,
    *european.ENTRIES, *secrets.ENTRIES, *crypto.ENTRIES, *general.ENTRIES, *undetected.ENTRIES,
    *asia_pacific.ENTRIES, *latin_america.ENTRIES, *middle_east_africa.ENTRIES,
    *travel_documents.ENTRIES, *callers.ENTRIES, *sensitive_attributes.ENTRIES, *upi.ENTRIES,
]).with_entries(callers.EXTENDED)
