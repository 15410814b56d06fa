// A tiny shim over ICU's line break iterator: Swift cannot import ICU's headers next to
// Foundation's own ICU module, so only opaque functions cross the boundary.
#include "linebreak.h"
#include <unicode/ubrk.h>
#include <unicode/utypes.h>

int32_t ls_line_breaks(const uint16_t *text, int32_t length, int32_t *offsets, uint8_t *hard, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *it = ubrk_open(UBRK_LINE, "en", (const UChar *)text, length, &status);
    if (U_FAILURE(status)) return -1;
    int32_t count = 0;
    ubrk_first(it);
    for (int32_t b = ubrk_next(it); b != UBRK_DONE; b = ubrk_next(it)) {
        if (count < capacity) {
            offsets[count] = b;
            hard[count] = ubrk_getRuleStatus(it) >= UBRK_LINE_HARD ? 1 : 0;
        }
        count++;
    }
    ubrk_close(it);
    return count;
}
