int parity_shared_dep() { return 3; }
