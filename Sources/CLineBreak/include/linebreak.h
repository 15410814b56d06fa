#ifndef LABELSPEC_LINEBREAK_H
#define LABELSPEC_LINEBREAK_H
#include <stdint.h>

/// Unicode line-break opportunities (UAX #14, ICU) of UTF-16 text.
/// Writes the UTF-16 offsets after which a line may break (the end of the text included) to
/// `offsets`, and to `hard` 1 where the break is mandatory (after a line feed), at most
/// `capacity` of them. Returns how many there are (more than `capacity` means: call again with
/// more room), or -1 when ICU fails.
int32_t ls_line_breaks(const uint16_t *text, int32_t length, int32_t *offsets, uint8_t *hard, int32_t capacity);

#endif
