"""The expected differences' predicates on cases written out by hand (no Chromium, no LabelSpec):
each rule explains the cases it is about and nothing else, so that a new kind of difference is
never absorbed. `python3 Tools/chromium-compare/test_expected.py` (standard library; the system's
ICU through ctypes). .ci/run runs it before the comparisons."""

import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import expected  # noqa: E402


def case(text, ours, chromium, lang="en", mode="word", lines=0, **extra):
    return dict(text=text, lang=lang, mode=mode, lines=lines, ours=ours, chromium=chromium, **extra)


def name(diff):
    rule = expected.explain(diff)
    return rule.name if rule else None


class BlinkAsciiTable(unittest.TestCase):
    def test_no_break_after_a_slash_in_blink(self):
        # UAX #14 breaks after "/" (SY) before a letter; Blink's table does not, and breaks the word.
        self.assertEqual(name(case("https://example.com/privacy", ["https://example.com/", "privacy"],
                                   ["https://example.com/p", "rivacy"])), "blink-ascii-table")
        self.assertEqual(name(case("$1,299.00/year", ["$1,299.00/", "year"], ["$1,299.00/ye", "ar"])), "blink-ascii-table")

    def test_blink_breaks_between_a_hyphen_and_a_digit(self):
        # LB25 (HY × NU) keeps "-1" together; Blink breaks after "-" after a letter or digit.
        self.assertEqual(name(case("2024-03-18T14:30:00Z", ["2024-", "03-18", "T14:3", "0:00Z"],
                                   ["2024-", "03-", "18T14:", "30:00", "Z"])), "blink-ascii-table")
        self.assertEqual(name(case("ISBN 978-3-16-148410-0", ["ISBN", "978-3-16-148410-0"],
                                   ["ISBN 978-3-16-", "148410-0"])), "blink-ascii-table")

    def test_a_hyphen_both_engines_break_after_is_not_blinks_table(self):
        # "my-" ⏎ "company": both break after "-" before a letter; where they part (after "io/")
        # is the table, so the case is explained; but the same lines with a width difference at a
        # shared opportunity are not.
        self.assertEqual(name(case("https://my-company.io/images", ["https://my-company.io/", "images"],
                                   ["https://my-", "company.io/images"])), "blink-ascii-table")
        self.assertIsNone(name(case("Hello world again", ["Hello world", "again"], ["Hello", "world again"])))

    def test_a_break_iOS_does_not_have_is_not_absorbed(self):
        # LabelSpec breaking between two letters where neither engine has an opportunity: a bug of
        # LabelSpec's, never Blink's table.
        self.assertIsNone(name(case("privacy settings", ["priv", "acy settings"], ["privacy", "settings"])))
        # Lines that start at different places, or a cut last line, are not this rule's.
        self.assertIsNone(name(case("https://example.com/privacy", ["https://example.com/…"], ["https://example.com/p…"],
                                    mode="tail", lines=1)))

    def test_char_wrapping_is_never_the_table(self):
        self.assertIsNone(name(case("https://example.com/privacy", ["https://example.com/", "privacy"],
                                    ["https://example.com/p", "rivacy"], mode="char")))

    def test_non_ascii_pairs_are_icus_in_both(self):
        # Between a kana and a small kana both engines ask ICU (ja: line_normal breaks there).
        self.assertIsNone(name(case("コーヒー・ティー", ["コーヒー・テ", "ィー"], ["コーヒー・", "ティー"], lang="ja")))


def tab_case(plain, close_gap, chrome_w, ours_w, width=113):
    return case("42\tTrip\t€5", ["42\tTrip\t€5"], ["42\tTrip", "€5"], width=width,
                tabs={"halfCh": 6.0, "ours": [{"plain": plain, "closeGap": close_gap}]},
                chromium_widths_of_ours=[chrome_w], our_width=lambda t: ours_w)


class CssTabHalfCh(unittest.TestCase):
    def test_a_tab_moved_on_by_css_explains_the_line(self):
        self.assertEqual(name(tab_case(plain=108.2, close_gap=True, chrome_w=136.2, ours_w=108.21)), "css-tab-half-ch")

    def test_without_a_close_tab_or_with_other_widths_it_does_not(self):
        self.assertIsNone(name(tab_case(plain=108.2, close_gap=False, chrome_w=136.2, ours_w=108.21)))
        # LabelSpec's own width is not the stops' model: something else differs.
        self.assertIsNone(name(tab_case(plain=108.2, close_gap=True, chrome_w=136.2, ours_w=110.0)))
        # The line does not fit by the model either.
        self.assertIsNone(name(tab_case(plain=115.0, close_gap=True, chrome_w=143.0, ours_w=115.0)))

    def test_right_to_left_text_is_not_explained(self):
        diff = tab_case(plain=40.0, close_gap=True, chrome_w=60.0, ours_w=40.0, width=47)
        diff.update(text="שם\tישראל ישראלי", ours=["שם\tישר", "אל", "ישראלי"], chromium=["שם", "ישראל", "ישראלי"])
        self.assertIsNone(name(diff))


if __name__ == "__main__":
    unittest.main()
