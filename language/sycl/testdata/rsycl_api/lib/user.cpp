#include "kern.h"
int main() { kern(); }
