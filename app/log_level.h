#pragma once
// The `--log-level` option shared by kelvin and kelvin-cli: trace, debug,
// info, warn, error or off. spdlog's own from_str maps any unknown word to
// `off`, which would silence a typo; this accepts only the six names.

#include <optional>
#include <string_view>

#include <spdlog/common.h>

namespace kelvin {

/// The level named `name`, or nullopt when it is not one of the six names.
std::optional<spdlog::level::level_enum> parseLogLevel(std::string_view name);

/// "trace|debug|info|warn|error|off", for usage texts.
inline constexpr std::string_view kLogLevelNames = "trace|debug|info|warn|error|off";

}  // namespace kelvin
