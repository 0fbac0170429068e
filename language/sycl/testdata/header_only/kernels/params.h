#pragma once
struct Params { float a; };
