#include "cli/fast_exit.h"

#include <cstdio>
#include <cstdlib>
#include <iostream>

#include <spdlog/spdlog.h>

namespace kelvin::cli {

void exitWithoutTeardown(int code) {
  if constexpr (kUnderAddressSanitizer) return;
  spdlog::default_logger()->flush();
  std::cout.flush();
  std::cerr.flush();
  std::fflush(nullptr);
  std::_Exit(code);
}

}  // namespace kelvin::cli
