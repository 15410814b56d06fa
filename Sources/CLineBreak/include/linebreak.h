#ifndef LABELSPEC_LINEBREAK_H
#define LABELSPEC_LINEBREAK_H
#include <stdint.h>

/// Unicode line-break opportunities (UAX #14, ICU) of UTF-16 text, with the rules of `locale`
/// (an ICU locale id such as "ja" or "th"; NULL or "" is "en").
/// Writes the UTF-16 offsets after which a line may break (the end of the text included) to
/// `offsets`, and to `hard` 1 where the break is mandatory (after a line feed), at most
/// `capacity` of them. Returns how many there are (more than `capacity` means: call again with
/// more room), or -1 when ICU fails.
int32_t ls_line_breaks(const char *locale, const uint16_t *text, int32_t length, int32_t *offsets, uint8_t *hard,
                       int32_t capacity);

/// The ISO 15924 code of the scalar's script (ICU's Script property): "Latn", "Hani", "Zyyy"
/// (common), "Zinh" (inherited), "Zzzz" (unknown: unassigned or private use). A static string.
const char *ls_script_code(uint32_t scalar);

/// The paragraph direction of UTF-16 text from its first strong character (UAX #9 P2–P3):
/// 0 left to right, 1 right to left, -1 none (no strong character).
int32_t ls_bidi_base_direction(const uint16_t *text, int32_t length);

/// Writes UTF-16 text in visual order (UAX #9, ICU's ubidi) as one line of a paragraph of base
/// direction `level` (0 left to right, 1 right to left), brackets mirrored, to `out`. Returns the
/// number of units (more than `capacity`: call again with more room), or -1 when ICU fails.
int32_t ls_bidi_reorder(const uint16_t *text, int32_t length, int32_t level, uint16_t *out, int32_t capacity);

/// The runs of one line in visual order (UAX #9), left to right as drawn, in a paragraph of base
/// direction `level`: for run i, `runs[3i]` its logical start (UTF-16 units), `runs[3i+1]` its
/// length, `runs[3i+2]` 1 when it is right to left. Returns the number of runs (more than
/// `capacity`: call again with more room), or -1 when ICU fails.
int32_t ls_bidi_runs(const uint16_t *text, int32_t length, int32_t level, int32_t *runs, int32_t capacity);

/// Whether the scalar is East Asian Wide or Fullwidth (UAX #11): two cells in a terminal.
int32_t ls_east_asian_wide(uint32_t scalar);

/// Whether the scalar is a strong right-to-left character (bidi class R or AL).
int32_t ls_bidi_is_rtl(uint32_t scalar);

/// The scalar's Unicode Joining_Type (cursive scripts: Arabic, Syriac, N'Ko, Mongolian…): 'D'
/// dual, 'R' right, 'L' left, 'C' join causing, 'T' transparent, 'U' non-joining.
int32_t ls_joining_type(uint32_t scalar);

#endif
