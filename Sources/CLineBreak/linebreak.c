// A tiny shim over ICU's line break iterator: Swift cannot import ICU's headers next to
// Foundation's own ICU module, so only opaque functions cross the boundary.
#include "linebreak.h"
#include <unicode/ubrk.h>
#include <unicode/utypes.h>

// Opening an iterator loads ICU's rules: keep one per thread and only hand it new text.
static __thread UBreakIterator *cached = NULL;

int32_t ls_line_breaks(const uint16_t *text, int32_t length, int32_t *offsets, uint8_t *hard, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    if (cached == NULL) {
        cached = ubrk_open(UBRK_LINE, "en", NULL, 0, &status);
        if (U_FAILURE(status)) {
            cached = NULL;
            return -1;
        }
    }
    ubrk_setText(cached, (const UChar *)text, length, &status);
    if (U_FAILURE(status)) return -1;
    int32_t count = 0;
    ubrk_first(cached);
    for (int32_t b = ubrk_next(cached); b != UBRK_DONE; b = ubrk_next(cached)) {
        if (count < capacity) {
            offsets[count] = b;
            hard[count] = ubrk_getRuleStatus(cached) >= UBRK_LINE_HARD ? 1 : 0;
        }
        count++;
    }
    // Do not keep pointing at the caller's buffer.
    ubrk_setText(cached, NULL, 0, &status);
    return count;
}
