// A simcore file that reaches into the editor: check_includes.cmake must refuse it.
#include "../../../../editor/charts/chartrender.h"
