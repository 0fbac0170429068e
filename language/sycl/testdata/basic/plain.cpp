#include <vector>
int plain() { return 1; }
