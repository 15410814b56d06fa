#ifndef LABELSPEC_CHARFBUZZ_SHIM_H
#define LABELSPEC_CHARFBUZZ_SHIM_H
#include <hb.h>
#include <hb-ot.h>
#endif
