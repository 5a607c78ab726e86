#include "declarations.h"

#include <cctype>
#include <sstream>
#include <utility>

namespace kelvin::blocks {

using core::Domain;
using core::ParamDecl;
using core::ParamKind;
using core::PortDecl;
using core::PortDirection;

PortDecl pin(std::string name, std::string description) {
  return physical(Domain::Electrical, std::move(name), std::move(description));
}

PortDecl physical(Domain domain, std::string name, std::string description) {
  return {.name = std::move(name),
          .domain = domain,
          .direction = PortDirection::Physical,
          .description = std::move(description)};
}

PortDecl reference(PortDecl port) {
  port.reference = true;
  return port;
}

PortDecl required(PortDecl port) {
  port.required = true;
  return port;
}

std::vector<PortDecl> required(std::vector<PortDecl> ports) {
  for (PortDecl& port : ports) port.required = port.direction == PortDirection::Physical;
  return ports;
}

PortDecl signalInput(std::string name, std::string description) {
  return {.name = std::move(name), .direction = PortDirection::Input, .description = std::move(description)};
}

PortDecl signalOutput(std::string name, std::string description) {
  return {.name = std::move(name), .direction = PortDirection::Output, .description = std::move(description)};
}

PortDecl variadicInput(std::string name, bool optional, std::string description) {
  PortDecl port = signalInput(std::move(name), std::move(description));
  port.variadic = true;
  port.optional = optional;
  return port;
}

ParamDecl number(std::string name, std::string unit, std::string defaultValue, std::string description) {
  ParamDecl p;
  p.name = std::move(name);
  p.unit = std::move(unit);
  p.defaultValue = std::move(defaultValue);
  p.description = std::move(description);
  return p;
}

ParamDecl positive(std::string name, std::string unit, std::string defaultValue, std::string description) {
  ParamDecl p = number(std::move(name), std::move(unit), std::move(defaultValue), std::move(description));
  p.min = 0.0;
  p.minInclusive = false;
  return p;
}

ParamDecl nonNegative(std::string name, std::string unit, std::string defaultValue, std::string description) {
  ParamDecl p = number(std::move(name), std::move(unit), std::move(defaultValue), std::move(description));
  p.min = 0.0;
  return p;
}

namespace {
ParamDecl ofKind(ParamKind kind, std::string name, std::string defaultValue, std::string description) {
  ParamDecl p = number(std::move(name), "", std::move(defaultValue), std::move(description));
  p.kind = kind;
  return p;
}
}  // namespace

ParamDecl text(std::string name, std::string defaultValue, std::string description) {
  return ofKind(ParamKind::Text, std::move(name), std::move(defaultValue), std::move(description));
}

ParamDecl vector(std::string name, std::string defaultValue, std::string description) {
  return ofKind(ParamKind::Vector, std::move(name), std::move(defaultValue), std::move(description));
}

ParamDecl matrix(std::string name, std::string defaultValue, std::string description) {
  return ofKind(ParamKind::Matrix, std::move(name), std::move(defaultValue), std::move(description));
}

ParamDecl inputsParam() {
  ParamDecl p = number("inputs", "", "2", "number of inputs");
  p.min = 1.0;
  return p;
}

std::string iconFor(std::string_view type) {
  const auto dot = type.find('.');
  std::string path = ":/icons/" + std::string(type.substr(0, dot)) + "/";
  const std::string_view name = type.substr(dot + 1);
  // A word starts at an upper-case letter after a lower-case one, or at the
  // last capital of an acronym that a lower-case letter follows: OpAmp → op_amp,
  // EMF → emf, PWMSource → pwm_source.
  const auto upper = [&](std::size_t k) { return std::isupper(static_cast<unsigned char>(name[k])) != 0; };
  for (std::size_t k = 0; k < name.size(); ++k) {
    const bool wordStart = k > 0 && upper(k) && (!upper(k - 1) || (k + 1 < name.size() && !upper(k + 1)));
    if (wordStart) path += '_';
    path += static_cast<char>(std::tolower(static_cast<unsigned char>(name[k])));
  }
  return path + ".svg";
}

std::string formatValue(double value) {
  std::ostringstream os;
  os << value;
  return os.str();
}

std::vector<core::Expr> variadicInputs(core::ComponentBuilder& b, const std::string& name) {
  std::vector<core::Expr> inputs;
  for (int k = 1; k <= b.variadicCount(); ++k) inputs.push_back(b.input(name + std::to_string(k)));
  return inputs;
}

}  // namespace kelvin::blocks
