#pragma once
// Turns a Model into a FlatSystem: subsystems are flattened (inner ids become
// "Sub1/R1"), connected ports are joined into nets, each physical net gets
// one across unknown and a conservation law (the through values of its ports
// sum to zero), each signal input reads the output that drives its net, and
// every component adds its declared equations. Trivial aliases are then
// eliminated (AliasEliminator). The model's user components are compiled
// first and found as `user.NAME` beside the registry's types.

#include <functional>
#include <set>
#include <string>

#include "elaborate/compile_products.h"
#include "elaborate/flat_system.h"
#include "model/model.h"

namespace kelvin::core {

class BlockRegistry;

class Elaborator {
 public:
  /// `registry` must outlive the elaborator; `file` is used in diagnostics. The parameters
  /// named in `runtime` ("R1.R") become run-time values (FlatSystem::parameters) where
  /// their block lets them (ComponentBuilder::parameter). `products` says whether the
  /// noise sources and the stored energies are built (all by default).
  Elaborator(const BlockRegistry& registry, std::string file, std::set<std::string> runtime = {},
             CompileProducts products = {});

  /// Throws ModelError naming the block (and port) on any problem found while
  /// building equations (bad parameter, unknown type, undriven input, ...). With
  /// `eliminateAliases` false the trivial equations stay: every port keeps its through
  /// unknown and every node its conservation law (the noise portions' characterisation
  /// needs them; a run needs the aliases eliminated).
  FlatSystem elaborate(const Model& model, bool eliminateAliases = true) const;
  /// As above, taking the model: it is let go once the flat system is built, before the
  /// elimination, where compiling a large model needs the most memory (its blocks and
  /// connections, 120 MB at 100,000 RC sections, are then reused rather than held).
  FlatSystem elaborate(Model&& model, bool eliminateAliases = true) const;

 private:
  /// The flat system before alias elimination. `wired`, when given, is called once the net list
  /// is made: the model's top-level connections are not read after it.
  FlatSystem build(const Model& model, const std::function<void()>& wired = {}) const;
  /// `system` (built) with its aliases eliminated when asked.
  FlatSystem eliminated(FlatSystem system, bool eliminateAliases) const;

  const BlockRegistry& registry_;
  std::string file_;
  std::set<std::string> runtime_;
  CompileProducts products_;
};

}  // namespace kelvin::core
