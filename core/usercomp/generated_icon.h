#pragma once
// The icon of a user component that declares none: SVG markup of a 60 x 40
// box with the component's name (the canvas adds the ports and their leads
// by rule, as for any icon without leads on its frame).

#include <string>

namespace kelvin::core {

/// Inline SVG markup; `name` is escaped.
std::string generatedIconSvg(const std::string& name);

}  // namespace kelvin::core
