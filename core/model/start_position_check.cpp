#include "model/start_position_check.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <sstream>

namespace kelvin::core {

namespace {

std::string formatValue(double value) {
  std::ostringstream os;
  os << value;
  return os.str();
}

/// Positions agree when they differ by no more than rounding of the texts they
/// were typed as: 1e-9 of the largest of them (a nanometre in a metre), or 1e-15 m.
bool agree(double a, double b, double scale) { return std::abs(a - b) <= 1e-9 * scale + 1e-15; }

/// Flanges wired together at this level ("M.a" and "S.b" in one set).
class Flanges {
 public:
  std::string root(std::string key) {
    for (;;) {
      const auto it = parent_.find(key);
      if (it == parent_.end() || it->second == key) return key;
      it->second = parent_.at(it->second);  // path halving: chains stay short
      key = it->second;
    }
  }
  void join(const std::string& a, const std::string& b) {
    parent_.try_emplace(a, a);
    parent_.try_emplace(b, b);
    const std::string ra = root(a), rb = root(b);
    if (ra != rb) parent_[ra] = rb;
  }

 private:
  std::map<std::string, std::string> parent_;
};

struct Stated {
  std::string block;  // as reported, with the prefix
  std::string param;
  double value = 0.0;
  std::string label() const { return block + "." + param + " = " + formatValue(value); }
};

struct Relative {
  Stated stated;
  std::string port, reference;  // flange keys "id.port"
};

}  // namespace

std::vector<Diagnostic> checkStartPositions(const std::vector<Block>& blocks,
                                            const std::vector<Connection>& connections, const std::string& prefix,
                                            const ParameterScope& scope, const BlockRegistry& registry,
                                            const std::string& file) {
  // Most levels state no position at all (electrical, thermal, signal models): nothing to compare.
  const bool statesPositions = std::any_of(blocks.begin(), blocks.end(), [&](const Block& block) {
    const ComponentType* type = registry.find(block.type);
    return type && !type->positions.empty();
  });
  if (!statesPositions) return {};

  Flanges flanges;
  for (const Connection& c : connections)
    if (c.from.find('.') != std::string::npos && c.to.find('.') != std::string::npos) flanges.join(c.from, c.to);

  std::vector<Diagnostic> warnings;
  auto warn = [&](const std::string& block, const std::string& port, const std::string& message) {
    warnings.push_back(Diagnostic{file, block, port, message, Severity::Warning});
  };
  std::map<std::string, Stated> absolute;  // root flange -> the first absolute position stated there
  std::vector<Relative> relatives;
  for (const Block& block : blocks) {
    const ComponentType* type = registry.find(block.type);
    if (!type) continue;
    for (const PositionDecl& decl : type->positions) {
      const ParamDecl* param = type->findParam(decl.param);
      if (!param) continue;
      const auto given = block.params.find(decl.param);
      double value = 0.0;
      try {
        value = evaluateNumber(given != block.params.end() ? given->second : param->defaultValue, param->unit, scope);
      } catch (const ParameterError&) {
        continue;  // reported by the validator
      }
      const Stated stated{prefix + block.id, decl.param, value};
      const std::string port = block.id + "." + decl.port;
      if (!decl.reference.empty()) {
        relatives.push_back({stated, port, block.id + "." + decl.reference});
        continue;
      }
      const auto [it, first] = absolute.emplace(flanges.root(port), stated);
      if (first || it->second.block == stated.block) continue;
      if (!agree(value, it->second.value, std::max(std::abs(value), std::abs(it->second.value))))
        warn(stated.block, decl.port,
             stated.param + " = " + formatValue(value) + " but " + it->second.label() +
                 " on the same flange: both are readouts of one position and should agree");
    }
  }
  for (const Relative& r : relatives) {
    const auto a = absolute.find(flanges.root(r.port));
    const auto b = absolute.find(flanges.root(r.reference));
    if (a == absolute.end() || b == absolute.end()) continue;
    const double implied = a->second.value - b->second.value;
    const double scale = std::max({std::abs(r.stated.value), std::abs(a->second.value), std::abs(b->second.value)});
    if (agree(r.stated.value, implied, scale)) continue;
    const std::string port = r.port.substr(r.port.find('.') + 1);
    const std::string reference = r.reference.substr(r.reference.find('.') + 1);
    warn(r.stated.block, "",
         r.stated.param + " = " + formatValue(r.stated.value) + " but the start positions of its flanges (" + port +
             ": " + a->second.label() + ", " + reference + ": " + b->second.label() + ") make it " +
             formatValue(implied) +
             ": its stretch is its own state, which sets the force; the positions are only readouts");
  }
  return warnings;
}

}  // namespace kelvin::core
