// ICU's plural rules (CLDR) behind one opaque function, like linebreak.c: Swift cannot import
// ICU's headers next to Foundation's own ICU module.
#include "plural.h"
#include <unicode/upluralrules.h>
#include <unicode/uloc.h>
#include <unicode/ustring.h>

int32_t ls_plural_category(const char *locale, double number, char *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    char id[ULOC_FULLNAME_CAPACITY];
    int32_t parsed = 0;
    uloc_forLanguageTag(locale, id, (int32_t)sizeof id, &parsed, &status);
    if (U_FAILURE(status) || parsed == 0) {
        status = U_ZERO_ERROR;
        uloc_canonicalize(locale, id, (int32_t)sizeof id, &status);
        if (U_FAILURE(status)) return -1;
    }
    UPluralRules *rules = uplrules_open(id, &status);
    if (U_FAILURE(status)) return -1;
    UChar keyword[32];
    int32_t length = uplrules_select(rules, number, keyword, 32, &status);
    uplrules_close(rules);
    if (U_FAILURE(status) || length < 0 || length >= capacity || length >= 32) return -1;
    u_UCharsToChars(keyword, out, length);
    out[length] = 0;
    return length;
}
