#ifndef LABELSPEC_CFONTCONFIG_SHIM_H
#define LABELSPEC_CFONTCONFIG_SHIM_H
#include <fontconfig/fontconfig.h>
#endif
