unsigned rng();
