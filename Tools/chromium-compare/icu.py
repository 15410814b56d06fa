"""ICU's line break iterator from Python (the system's libicuuc through ctypes, standard library
only): the break opportunities UAX #14 gives a text in a language, as Core Text's line breaker
and LabelSpec (Sources/CLineBreak: `ubrk_open(UBRK_LINE, locale)`) find them, and each
character's UAX #14 line break class, for the expected differences (expected.py) to name.

    import icu
    icu.opportunities("example.com/privacy", "en")   # {12, 19}: after "example.com/", and the end
    icu.line_break_class("/")                        # "SY"
"""

import ctypes
import ctypes.util
import re

_lib = None
_suffix = ""
UCHAR_LINE_BREAK = 0x1008  # UProperty
U_LONG_PROPERTY_NAME, U_SHORT_PROPERTY_NAME = 1, 0
UBRK_LINE = 2
UBRK_DONE = -1


class Unavailable(Exception):
    """The system's ICU cannot be loaded (no libicuuc)."""


def _load():
    global _lib, _suffix
    if _lib is not None:
        return _lib
    name = ctypes.util.find_library("icuuc")
    if not name:
        raise Unavailable("libicuuc not found (apt-get install libicu-dev)")
    lib = ctypes.CDLL(name)
    # ICU's C functions carry the major version (`ubrk_open_72`) unless built without renaming.
    m = re.search(r"\.so\.(\d+)", name)
    for suffix in (["_" + m.group(1)] if m else []) + [""]:
        if hasattr(lib, "ubrk_open" + suffix):
            _suffix = suffix
            break
    else:
        raise Unavailable("%s has no ubrk_open" % name)

    def fn(n, restype, *argtypes):
        f = getattr(lib, n + _suffix)
        f.restype = restype
        f.argtypes = argtypes
        return f

    status = ctypes.POINTER(ctypes.c_int)
    lib.open = fn("ubrk_open", ctypes.c_void_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_void_p, ctypes.c_int32, status)
    lib.close = fn("ubrk_close", None, ctypes.c_void_p)
    lib.first = fn("ubrk_first", ctypes.c_int32, ctypes.c_void_p)
    lib.next = fn("ubrk_next", ctypes.c_int32, ctypes.c_void_p)
    lib.prop = fn("u_getIntPropertyValue", ctypes.c_int32, ctypes.c_int32, ctypes.c_int)
    lib.value_name = fn("u_getPropertyValueName", ctypes.c_char_p, ctypes.c_int, ctypes.c_int32, ctypes.c_int)
    lib.version = fn("u_getVersion", None, ctypes.c_char * 4)
    _lib = lib
    return lib


def version():
    """ICU's version here, as "72.1"."""
    lib = _load()
    v = (ctypes.c_char * 4)()
    lib.version(v)
    return "%d.%d" % (v.raw[0], v.raw[1])


_cache = {}


def opportunities(text, language):
    """The offsets (in code points) after which ICU's line break iterator for `language` (a BCP 47
    tag; "-" becomes "_" as LabelSpec passes it) allows a line break, the end of the text
    included; offsets inside a surrogate pair cannot occur (ICU breaks between code points)."""
    key = (text, language)
    if key in _cache:
        return _cache[key]
    lib = _load()
    units = text.encode("utf-16-le", "surrogatepass")  # a lone surrogate is a code unit of its own
    n = len(units) // 2
    buf = ctypes.create_string_buffer(units, len(units) + 2)
    err = ctypes.c_int(0)
    it = lib.open(UBRK_LINE, (language or "en").replace("-", "_").encode(), buf, n, ctypes.byref(err))
    if err.value > 0 or not it:
        raise Unavailable("ubrk_open failed (%d)" % err.value)
    try:
        # UTF-16 offsets to code point offsets.
        to_cp = {}
        u = 0
        for i, ch in enumerate(text):
            to_cp[u] = i
            u += 2 if ord(ch) > 0xFFFF else 1
        to_cp[u] = len(text)
        out = set()
        lib.first(it)
        b = lib.next(it)
        while b != UBRK_DONE:
            out.add(to_cp[b])
            b = lib.next(it)
    finally:
        lib.close(it)
    out = frozenset(out)
    _cache[key] = out
    return out


def line_break_class(ch):
    """UAX #14's class of a character, as ICU has it ("AL", "SY", "HY", …)."""
    lib = _load()
    v = lib.prop(ord(ch), UCHAR_LINE_BREAK)
    name = lib.value_name(UCHAR_LINE_BREAK, v, U_SHORT_PROPERTY_NAME)
    return name.decode() if name else "XX"
