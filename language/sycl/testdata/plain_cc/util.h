#pragma once
int twice(int x);
