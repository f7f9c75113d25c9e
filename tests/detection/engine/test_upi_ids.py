"""India's UPI payment addresses (veil.detection.infotypes.upi): written and said aloud, in the
call profile, with surrogates that keep the bank's handle and replace the holder's part."""
import pytest

from tests.detection.engine.conftest import surrogate_in
from veil.detection.detect import ConversationDetector
from veil.detection.infotypes.upi import upi_key
from veil.run.config import load_config


@pytest.fixture(scope="module")
def call_detector():
    return ConversationDetector(load_config("call_transcripts"))


def found(detector, texts):
    return {(f.turn, texts[f.turn][f.start:f.end], f.info_type) for f in detector.detect(texts)}


@pytest.mark.parametrize("text,value", [
    ("send it to rahul.sharma@oksbi please", "rahul.sharma@oksbi"),
    ("my upi id is rahul dot sharma at oksbi", "rahul dot sharma at oksbi"),
    ("it's nine eight seven six five four three two one zero at the rate paytm",
     "nine eight seven six five four three two one zero at the rate paytm"),  # a number, "@" said
    ("my upi is priya at okaxis", "priya at okaxis"),  # a plain word, where UPI is spoken of
    ("Pay to 9876543210@ybl.", "9876543210@ybl"),
])
def test_a_upi_id_written_or_said_is_found_whole(call_detector, text, value):
    assert (0, value, "INDIA_UPI_ID") in found(call_detector, [text])


@pytest.mark.parametrize("text", [
    "we met at sbi last year",  # a bank, not an address
    "i bank at icici",
    "email me at rahul.sharma@gmail.com",  # an e-mail address, not a payment address
])
def test_a_bank_named_after_at_is_no_upi_id(call_detector, text):
    assert not any(t == "INDIA_UPI_ID" for _, _, t in found(call_detector, [text]))


@pytest.mark.parametrize("value,handle", [
    ("rahul.sharma@oksbi", "@oksbi"),
    ("rahul dot sharma at oksbi", " at oksbi"),
])
def test_a_surrogate_keeps_the_handle_and_replaces_the_holder(value, handle):
    fake = surrogate_in(f"send it to {value} please", value, "INDIA_UPI_ID")
    assert fake.endswith(handle) and fake != value
    assert "rahul" not in fake and "sharma" not in fake


def test_an_address_written_and_said_is_one_entity():
    assert upi_key("rahul.sharma@oksbi") == upi_key("Rahul dot Sharma at the rate oksbi") \
        == upi_key("rahul dot sharma at oksbi") != upi_key("priya at oksbi")
