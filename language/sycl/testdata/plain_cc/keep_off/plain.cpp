int plain() { return 0; }
