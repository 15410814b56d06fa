// A tiny shim over ICU's line break iterator: Swift cannot import ICU's headers next to
// Foundation's own ICU module, so only opaque functions cross the boundary.
#include "linebreak.h"
#include <unicode/ubrk.h>
#include <unicode/utypes.h>

#include <string.h>

// Opening an iterator loads ICU's rules: keep one per thread and only hand it new text; it is
// opened again only when the locale changes.
static __thread UBreakIterator *cached = NULL;
static __thread char cachedLocale[64] = "";

int32_t ls_line_breaks(const char *locale, const uint16_t *text, int32_t length, int32_t *offsets, uint8_t *hard,
                       int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    if (locale == NULL || locale[0] == 0 || strlen(locale) >= sizeof cachedLocale) locale = "en";
    if (cached != NULL && strcmp(cachedLocale, locale) != 0) {
        ubrk_close(cached);
        cached = NULL;
    }
    if (cached == NULL) {
        cached = ubrk_open(UBRK_LINE, locale, NULL, 0, &status);
        if (U_FAILURE(status)) {
            cached = NULL;
            return -1;
        }
        strcpy(cachedLocale, locale);
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

#include <unicode/uscript.h>

const char *ls_script_code(uint32_t scalar) {
    UErrorCode status = U_ZERO_ERROR;
    UScriptCode script = uscript_getScript((UChar32)scalar, &status);
    if (U_FAILURE(status)) return "Zzzz";
    const char *name = uscript_getShortName(script);
    return name ? name : "Zzzz";
}

#include <unicode/ubidi.h>
#include <unicode/uchar.h>

int32_t ls_bidi_base_direction(const uint16_t *text, int32_t length) {
    switch (ubidi_getBaseDirection((const UChar *)text, length)) {
    case UBIDI_LTR: return 0;
    case UBIDI_RTL: return 1;
    default: return -1;
    }
}

static __thread UBiDi *bidi = NULL;

/// The thread's UBiDi (opened once) set to `text` as one paragraph of base direction `level`;
/// 0 when ICU fails (`status` says why).
static int set_paragraph(const uint16_t *text, int32_t length, int32_t level, UErrorCode *status) {
    if (bidi == NULL) {
        bidi = ubidi_open();
        if (bidi == NULL) return 0;
    }
    ubidi_setPara(bidi, (const UChar *)text, length, level ? 1 : 0, NULL, status);
    return U_SUCCESS(*status);
}

/// Lets go of the caller's text (the thread's UBiDi must not keep pointing at its buffer).
static void release_paragraph(void) {
    UErrorCode ignored = U_ZERO_ERROR;
    ubidi_setPara(bidi, NULL, 0, 0, NULL, &ignored);
}

int32_t ls_bidi_reorder(const uint16_t *text, int32_t length, int32_t level, uint16_t *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    if (!set_paragraph(text, length, level, &status)) return -1;
    int32_t written = ubidi_writeReordered(bidi, (UChar *)out, capacity, UBIDI_DO_MIRRORING, &status);
    release_paragraph();
    if (status == U_BUFFER_OVERFLOW_ERROR) return written;
    return U_FAILURE(status) ? -1 : written;
}

int32_t ls_bidi_runs(const uint16_t *text, int32_t length, int32_t level, int32_t *runs, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    if (!set_paragraph(text, length, level, &status)) return -1;
    int32_t count = ubidi_countRuns(bidi, &status);
    if (U_FAILURE(status)) count = -1;
    for (int32_t i = 0; i < count && i < capacity; i++) {
        int32_t start = 0, n = 0;
        UBiDiDirection d = ubidi_getVisualRun(bidi, i, &start, &n);
        runs[3 * i] = start;
        runs[3 * i + 1] = n;
        runs[3 * i + 2] = d == UBIDI_RTL ? 1 : 0;
    }
    release_paragraph();
    return count;
}

int32_t ls_east_asian_wide(uint32_t scalar) {
    int32_t w = u_getIntPropertyValue((UChar32)scalar, UCHAR_EAST_ASIAN_WIDTH);
    return w == U_EA_WIDE || w == U_EA_FULLWIDTH;
}

int32_t ls_bidi_is_rtl(uint32_t scalar) {
    UCharDirection d = u_charDirection((UChar32)scalar);
    return d == U_RIGHT_TO_LEFT || d == U_RIGHT_TO_LEFT_ARABIC;
}

int32_t ls_joining_type(uint32_t scalar) {
    switch (u_getIntPropertyValue((UChar32)scalar, UCHAR_JOINING_TYPE)) {
    case U_JT_DUAL_JOINING: return 'D';
    case U_JT_RIGHT_JOINING: return 'R';
    case U_JT_LEFT_JOINING: return 'L';
    case U_JT_JOIN_CAUSING: return 'C';
    case U_JT_TRANSPARENT: return 'T';
    default: return 'U';
    }
}
