"""Email addresses and URLs as people say and type them in conversations."""
import pytest

from tests.detection.engine.conftest import quotes


@pytest.mark.parametrize("text,expected", [
    ("Send it to bryan at hotmail.com, please.", "bryan at hotmail.com"),
    ("piotrnine four at yahoo dot com.", "piotrnine four at yahoo dot com"),
    ("Their email is ernesto underscore perez at copperleafauto dot com.",
     "ernesto underscore perez at copperleafauto dot com"),
    ("Sure, my email is linh dot duong @ bayviewrealty.biz.", "linh dot duong @ bayviewrealty.biz"),
    ("a reset link to katie dot simmons at yahoo.com.", "katie dot simmons at yahoo.com"),
    ("Send it to noreen dot kavanagh at example dot ie.", "noreen dot kavanagh at example dot ie"),
    ("And the email is faith dot o c at example dot com.", "faith dot o c at example dot com"),
])
def test_spoken_email_addresses_are_found_whole(text, expected):
    assert quotes(text, "EMAIL_ADDRESS") == {expected}


@pytest.mark.parametrize("text", ["look at google.com for it", "we met at noon. Then"])
def test_spoken_email_near_misses(text):
    assert quotes(text, "EMAIL_ADDRESS") == set()


@pytest.mark.parametrize("text,expected", [
    ("marcy . delgado88 @ example . com", "marcy . delgado88 @ example . com"),
    ("tobyhale07 @ example . net", "tobyhale07 @ example . net"),
    ("can u use my dads, gareth.hale @example.org", "gareth.hale @example.org"),
    ("tobyhale07 @ example net", "tobyhale07 @ example net"),  # a transcript dropped its dot
    ("request sorgelaw@yahoo com", "sorgelaw@yahoo com"),
])
def test_an_address_typed_with_spaces(text, expected):
    """Autocorrect and careful typists leave spaces around the "@" and the dots."""
    assert quotes(text, "EMAIL_ADDRESS") == {expected}


@pytest.mark.parametrize("text", [
    "rt @bbcbreaking us economy grows", "and @mcilroyrory in a 3 ball", "lol @ me. Come on",
    "i'm @ home . com", "me @ home . com",
])
def test_a_handle_or_a_sentence_is_no_address_typed_with_spaces(text):
    assert quotes(text, "EMAIL_ADDRESS") == set()


@pytest.mark.parametrize("text,expected", [
    ("my email is kayla.m.fox at gmail", "kayla.m.fox at gmail"),
    ("my email is kfox88@gmail", "kfox88@gmail"),
    ("email me at kayla fox at yahoo", "fox at yahoo"),  # a plain word, after "email"
    ("yeah it's k fox eighty eight at hotmail", "k fox eighty eight at hotmail"),  # tens, initial
    ("it's j d smith nineteen at outlook", "j d smith nineteen at outlook"),
])
def test_an_address_at_a_provider_named_without_its_ending(text, expected):
    """People name the provider and leave ".com" unsaid: the provider says it is a mailbox."""
    assert quotes(text, "EMAIL_ADDRESS") == {expected}


@pytest.mark.parametrize("text", [
    "we met at yahoo", "she's at hotmail", "i used to work at yahoo",
    "I emailed the people at comcast", "i have an account at gmail",
    "call me at five at gmail", "i worked ten years at yahoo", "it's fox at hotmail",
])
def test_who_is_at_a_provider_is_no_mailbox(text):
    assert quotes(text, "EMAIL_ADDRESS") == set()


@pytest.mark.parametrize("text,expected", [
    ("You can see the pricing at brightpathbakery.com/careers.", "brightpathbakery.com/careers"),
    ("i saw your profile at linkedin.com/in/norman-keller", "linkedin.com/in/norman-keller"),
])
def test_a_domain_with_a_path_is_a_url(text, expected):
    assert quotes(text, "URL") == {expected}


@pytest.mark.parametrize("text", ["and/or 9.5/10 km/h", "the file is notes.docx/old"])
def test_url_path_near_misses(text):
    assert quotes(text, "URL") == set()


@pytest.mark.parametrize("text,expected", [
    ("It was coming from a single host, ten dot twenty dot four dot one seven, which is one",
     "ten dot twenty dot four dot one seven"),
    ("my work vpn it is two zero three dot zero dot one one three dot forty five",
     "two zero three dot zero dot one one three dot forty five"),
    ("the printer is on one ninety two dot one sixty eight dot oh dot twelve",
     "one ninety two dot one sixty eight dot oh dot twelve"),
])
def test_an_ip_address_said_aloud(text, expected):
    assert quotes(text, "IP_ADDRESS") == {expected}


@pytest.mark.parametrize("text", [
    "version two dot one dot three dot four is out",  # a version's number
    "it went from one dot five to two dot oh",  # two numbers, not four
])
def test_numbers_said_with_dot_that_are_no_ip_address(text):
    assert quotes(text, "IP_ADDRESS") == set()
