int extra_steps() { return 3; }
