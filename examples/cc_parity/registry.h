#pragma once
// Filled by plugin.cpp's static initializer: only an alwayslink library's object is kept
// by the linker when nothing refers to it.
void parity_register(int value);
int parity_registered();
