#ifndef LABELSPEC_PLURAL_H
#define LABELSPEC_PLURAL_H
#include <stdint.h>

/// The CLDR plural category that ICU's plural rules give `number` in `locale` (an ICU or BCP 47
/// locale id: "en", "pt-BR", "zh_Hant"): writes its name (zero, one, two, few, many or other),
/// NUL-terminated, to `out`, at most `capacity` bytes. Returns the name's length, or -1 when ICU
/// fails (an unknown language gets the root rules: always "other").
int32_t ls_plural_category(const char *locale, double number, char *out, int32_t capacity);

#endif
