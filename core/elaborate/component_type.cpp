#include "elaborate/component_type.h"

#include <algorithm>
#include <array>
#include <sstream>

namespace kelvin::core {

namespace {
constexpr std::array<std::pair<Domain, std::string_view>, 7> kDomainNames{{
    {Domain::Signal, "signal"},
    {Domain::Electrical, "electrical"},
    {Domain::Rotational, "rotational"},
    {Domain::Translational, "translational"},
    {Domain::Hydraulic, "hydraulic"},
    {Domain::Thermal, "thermal"},
    {Domain::Pneumatic, "pneumatic"},
}};
}  // namespace

std::string_view domainName(Domain d) {
  for (const auto& [domain, name] : kDomainNames)
    if (domain == d) return name;
  return "signal";
}

std::optional<Domain> domainFromName(std::string_view name) {
  for (const auto& [domain, n] : kDomainNames)
    if (n == name) return domain;
  return std::nullopt;
}

std::string_view throughName(Domain d) {
  switch (d) {
    case Domain::Electrical: return "current";
    case Domain::Rotational: return "torque";
    case Domain::Translational: return "force";
    case Domain::Hydraulic: return "volume flow";
    case Domain::Thermal: return "heat flow";
    case Domain::Pneumatic: return "mass flow";
    case Domain::Signal: break;
  }
  return "value";
}

const PortDecl* ComponentType::findPort(std::string_view name) const {
  auto it = std::find_if(ports.begin(), ports.end(), [&](const PortDecl& p) { return p.name == name; });
  return it == ports.end() ? nullptr : &*it;
}

const ParamDecl* ComponentType::findParam(std::string_view name) const {
  auto it = std::find_if(params.begin(), params.end(), [&](const ParamDecl& p) { return p.name == name; });
  return it == params.end() ? nullptr : &*it;
}

std::string ComponentType::family() const { return type.substr(0, type.find('.')); }

std::string rangeProblem(const ParamDecl& decl, double value) {
  auto text = [](double v) {
    std::ostringstream os;
    os << v;
    return os.str();
  };
  const bool belowMin = decl.min && (decl.minInclusive ? value < *decl.min : value <= *decl.min);
  const bool aboveMax = decl.max && (decl.maxInclusive ? value > *decl.max : value >= *decl.max);
  if (belowMin)
    return decl.name + " = " + text(value) + " is out of range: must be " + (decl.minInclusive ? "≥ " : "> ") +
           text(*decl.min);
  if (aboveMax)
    return decl.name + " = " + text(value) + " is out of range: must be " + (decl.maxInclusive ? "≤ " : "< ") +
           text(*decl.max);
  return {};
}

std::vector<std::pair<std::string, const PortDecl*>> expandPorts(const ComponentType& type, int variadicCount) {
  std::vector<std::pair<std::string, const PortDecl*>> result;
  for (const PortDecl& port : type.ports) {
    if (!port.variadic) {
      result.emplace_back(port.name, &port);
      continue;
    }
    for (int k = 1; k <= variadicCount; ++k) result.emplace_back(port.name + std::to_string(k), &port);
  }
  return result;
}

int portOrdinal(const ComponentType& type, int variadicCount, std::string_view name) {
  int ordinal = 0;
  for (const PortDecl& port : type.ports) {
    if (!port.variadic) {
      if (name == port.name) return ordinal;
      ++ordinal;
      continue;
    }
    // name<k> with k written as std::to_string writes it: 1..variadicCount, no sign, no leading zero.
    if (name.size() > port.name.size() && name.starts_with(port.name)) {
      const std::string_view digits = name.substr(port.name.size());
      int k = 0;
      bool plain = digits.front() != '0' && digits.size() <= 9;
      for (char c : digits) {
        plain = plain && c >= '0' && c <= '9';
        if (plain) k = 10 * k + (c - '0');
      }
      if (plain && k >= 1 && k <= variadicCount) return ordinal + k - 1;
    }
    ordinal += variadicCount;
  }
  return -1;
}

}  // namespace kelvin::core
