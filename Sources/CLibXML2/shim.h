#ifndef LABELSPEC_CLIBXML2_SHIM_H
#define LABELSPEC_CLIBXML2_SHIM_H
// libxml2 (pkg-config `libxml-2.0`: Debian's libxml2-dev, Homebrew's libxml2 or the macOS SDK's):
// only the InterfaceBuilder target imports it, for its SAX2 parser.
#include <libxml/xmlversion.h>
// A libxml2 built with ICU (Debian's) includes ICU's headers from encoding.h, which clash with
// Foundation's own ICU module in Swift (as CLineBreak's do). The reader never touches an encoding
// handler (only UTF-8 is read), the one struct whose fields depend on this.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlerror.h>
#endif
