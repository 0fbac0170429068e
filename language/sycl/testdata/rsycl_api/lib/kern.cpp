#include "kern.h"
void kern() {}
