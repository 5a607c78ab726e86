#pragma once
// What the names in a user component's expressions stand for: its parameters,
// variables, states and signal ports by name, `across(p)` and `through(p)` of
// its physical ports, `der(x)` of its states, `time`, and the Boltzmann
// constant `k` and temperature `T` (a declared name hides these). Used twice:
// by ComponentCompiler on stand-in unknowns, to check names and count
// incidence, and by each instance's build on the real ones.

#include <map>
#include <set>
#include <string>

#include "expr/expr.h"
#include "usercomp/component_definition.h"

namespace kelvin::core {

inline constexpr double kBoltzmannConstant = 1.380649e-23;  // J/K

class UserExpressionScope {
 public:
  std::map<std::string, Expr, std::less<>> names;    // parameters, variables, states, signals; k, T, time
  std::map<std::string, Expr, std::less<>> across;   // physical ports
  std::map<std::string, Expr, std::less<>> through;  // physical ports, as the equations see them
  std::set<std::string, std::less<>> states;

  /// Parses `text` (from `def`'s source) into `pool`. Throws ComponentError at the
  /// line and column of an unknown name, port or function, der() of a non-state,
  /// or a syntax error.
  Expr parse(const SourceText& text, ExprPool& pool, const ComponentDefinition& def) const;
};

/// Throws ComponentError of `def` at byte `offset` of its source.
[[noreturn]] void failIn(const ComponentDefinition& def, std::size_t offset, const std::string& message);

}  // namespace kelvin::core
