#pragma once
int lib_value();
