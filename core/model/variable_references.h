#pragma once
// Why a model variable that uses an unknown name cannot be evaluated: the
// variables it uses form a cycle with it ("a cycle among variables: a → b → a"),
// or it uses one defined after it. Built once per model from the variables'
// texts, with the cycles found by an iterative Tarjan over "uses" (linear in
// the variables and their references; no recursion), so that a model of
// 100,000 variables each failing is explained in linear time.

#include <cstddef>
#include <string>
#include <unordered_map>
#include <vector>

#include "model/model.h"

namespace kelvin::core {

class VariableReferences {
 public:
  explicit VariableReferences(const std::vector<Variable>& variables);

  /// For variable `v` (an index into the variables): the cycle it lies on, or the first later
  /// variable it uses ("it uses b, which is defined after it; move b up"); empty when neither.
  /// The members of one component share the cycle found from the first of them asked about, each
  /// on it reading it from itself ("b → c → a → b"); a cycle longer than kShownCycle variables is
  /// shortened in the middle ("… (n variables)").
  std::string explain(std::size_t v);

  static constexpr std::size_t kShownCycle = 12;

 private:
  void findCycles();
  /// A shortest cycle through v inside its component: v, then the variables it goes through.
  std::vector<std::size_t> cycleFrom(std::size_t v) const;
  /// The cycle read from its member at `start`, shortened when long.
  std::string describe(const std::vector<std::size_t>& cycle, std::size_t start) const;

  /// A cycle found in a component, and where each of its members stands on it.
  struct Cycle {
    std::vector<std::size_t> members;
    std::unordered_map<std::size_t, std::size_t> position;
  };

  const std::vector<Variable>& variables_;
  std::unordered_map<std::string, std::size_t> index_;  // name → its first definition
  std::vector<std::vector<std::size_t>> uses_;          // the variables each one's text names
  std::vector<std::size_t> component_;                  // strongly connected component of each
  std::vector<bool> cyclic_;                            // per component: it holds a cycle
  std::unordered_map<std::size_t, Cycle> cycles_;       // per component, once found
};

}  // namespace kelvin::core
