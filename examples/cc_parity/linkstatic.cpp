int parity_shared_dep();
int main() { return parity_shared_dep() == 3 ? 0 : 1; }
