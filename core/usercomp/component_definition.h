#pragma once
// A user component as written in the component language (docs/components.md),
// after parsing and before compilation: declarations with the source texts of
// their expressions and where each stands in the source. ComponentParser makes
// it; ComponentCompiler turns it into a ComponentType.

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "elaborate/component_type.h"

namespace kelvin::core {

/// An expression as written, and the byte offset where it starts in the source.
struct SourceText {
  std::string text;
  std::size_t offset = 0;
  bool quoted = false;  // written as a "string" (a text argument of a sub-model)
};

struct UserPort {
  std::string name;
  Domain domain = Domain::Signal;
  PortDirection direction = PortDirection::Physical;
  bool reference = false;
  std::size_t offset = 0;
};

struct UserParameter {
  std::string name;
  SourceText value;
  std::string unit;
  std::string description;
  std::optional<double> min, max;
  std::size_t offset = 0;
};

/// `variable v;` (algebraic) or `state q = 0;` (its der() appears; start value).
struct UserUnknown {
  std::string name;
  bool state = false;
  SourceText start;  // states only; empty text means 0
  std::size_t offset = 0;
};

/// `R1 : electrical.Resistor(R = 2*Rx);`
struct UserSubModel {
  std::string name;
  std::string type;
  std::vector<std::pair<std::string, SourceText>> arguments;
  std::size_t offset = 0;
};

/// `connect(R1.p, p);` An end is "R1.p" (a sub-model's port) or "p" (the component's own).
struct UserConnect {
  std::string a, b;
  std::size_t offset = 0;
};

struct UserEquation {
  SourceText left, right;
  std::size_t offset = 0;
};

/// `current(p, n) = 4*k*T/R;`: kind is current, voltage, force, torque or flow.
struct UserNoise {
  std::string kind;
  std::string a, b;
  SourceText psd;
  std::size_t offset = 0;
};

struct ComponentDefinition {
  std::string name;
  std::string description;
  std::string icon;  // as written in `icon "..."`: SVG markup or a file path
  std::size_t offset = 0;
  std::shared_ptr<const std::string> source;  // the whole text it was read from
  std::vector<UserPort> ports;
  std::vector<UserParameter> parameters;
  std::vector<UserUnknown> unknowns;
  std::vector<UserSubModel> subModels;
  std::vector<UserConnect> connects;
  std::vector<UserEquation> equations;
  std::vector<SourceText> energy;
  std::vector<UserNoise> noise;
};

}  // namespace kelvin::core
