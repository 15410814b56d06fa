#ifndef LABELSPEC_CJSONC_SHIM_H
#define LABELSPEC_CJSONC_SHIM_H
#include <json-c/json.h>
#include <json-c/printbuf.h>
#endif
