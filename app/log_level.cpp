#include "log_level.h"

#include <array>
#include <utility>

namespace kelvin {

std::optional<spdlog::level::level_enum> parseLogLevel(std::string_view name) {
  static constexpr std::array<std::pair<std::string_view, spdlog::level::level_enum>, 6> kLevels{{
      {"trace", spdlog::level::trace},
      {"debug", spdlog::level::debug},
      {"info", spdlog::level::info},
      {"warn", spdlog::level::warn},
      {"error", spdlog::level::err},
      {"off", spdlog::level::off},
  }};
  for (const auto& [levelName, level] : kLevels) {
    if (levelName == name) return level;
  }
  return std::nullopt;
}

}  // namespace kelvin
