#include <smf.h>
