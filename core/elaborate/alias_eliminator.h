#pragma once
// Removes trivial equations from a FlatSystem before it is solved:
//   a·y_i + b·y_j + c = 0  (an alias: y_i = s·y_j + o, e.g. i_n = −i_p)
//   a·y_i + c = 0          (a constant, e.g. a grounded node's potential)
// Each is folded into a weighted union–find (y = scale·root + offset), then
// every expression is rewritten once over the surviving unknowns, which are
// renumbered. States are never replaced by other unknowns (their initial
// value must survive), and two states are never merged.

#include <vector>

#include "elaborate/flat_system.h"

namespace kelvin::core {

class AliasEliminator {
 public:
  /// Rewrites `system` in place, pass after pass until no trivial equation is left
  /// (a pass can uncover more: v = v_p − v_n becomes an alias once v_n is grounded).
  void run(FlatSystem& system);

 private:
  /// One pass; returns how many equations it folded.
  int pass(FlatSystem& system);

  struct Link {
    int parent;
    double scale = 1.0;   // y = scale * y_parent + offset
    double offset = 0.0;
  };
  struct Root {
    bool pinned = false;  // the root's value is fixed to `value`
    double value = 0.0;
  };
  int find(int i);
  bool unite(int i, int j, double s, double c);  // y_i = s*y_j + c
  bool pin(int i, double value);                 // y_i = value

  std::vector<Link> links_;
  std::vector<Root> roots_;
  std::vector<bool> state_;
  std::vector<std::vector<int>> aliasBlocks_;
  std::vector<int> findPath_;  // scratch of find()  // per root: blocks whose alias equations were folded into it
};

}  // namespace kelvin::core
