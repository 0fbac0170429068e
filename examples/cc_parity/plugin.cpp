#include "registry.h"

namespace {
struct Register {
  Register() { parity_register(7); }
} register_plugin;
}  // namespace
