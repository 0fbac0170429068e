struct vec3 { float x, y, z; };
