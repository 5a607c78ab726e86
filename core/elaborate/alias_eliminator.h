#pragma once
// Removes trivial equations from a FlatSystem before it is solved:
//   a·y_i + b·y_j + c = 0  (an alias: y_i = s·y_j + o, e.g. i_n = −i_p)
//   a·y_i + c = 0          (a constant, e.g. a grounded node's potential)
// Each is folded into a weighted union–find (y = scale·root + offset). The
// linear equations are read once and re-read through the union–find until
// nothing more folds (v = v_p − v_n becomes an alias once v_n is grounded),
// then every expression is rewritten once over the surviving unknowns, which
// are renumbered. States are never replaced by other unknowns (their initial
// value must survive), and two states are never merged.

#include <cstdint>
#include <vector>

#include "elaborate/flat_system.h"

namespace kelvin::core {

class AliasEliminator {
 public:
  /// Rewrites `system` in place.
  void run(FlatSystem& system);

 private:
  /// One pass: folds until nothing more folds, rewrites the system. Returns true when the
  /// rewrite made some other equation linear (a product with an unknown folded to a
  /// constant), so that another pass may find more.
  bool pass(FlatSystem& system);

  /// A linear equation read as constant + Σ coefficient·y[unknown]: its terms are those of
  /// terms_ from `begin` to the next equation's begin (or the end). 16 bytes: a big model's
  /// array of them is faulted in page by page.
  struct LinearEquation {
    double constant = 0.0;
    int equation = 0;
    std::uint32_t begin = 0;
  };
  struct Term {
    int unknown;
    double coefficient;
  };
  /// Reads the linear equations (those with one or two unknowns at most after folding are
  /// aliases) into equations_ and terms_; marks the others in `nonlinear`.
  void readLinear(const FlatSystem& system, std::vector<bool>& nonlinear);
  /// Tries to fold equations_[k], its unknowns mapped through the union–find.
  bool fold(std::size_t k, int block);

  struct Link {
    int parent;
    double scale = 1.0;  // y = scale * y_parent + offset
    double offset = 0.0;
  };
  struct Root {
    bool pinned = false;  // the root's value is fixed to `value`
    double value = 0.0;
  };
  int find(int i);
  bool unite(int i, int j, double s, double c);  // y_i = s*y_j + c
  bool pin(int i, double value);                 // y_i = value

  /// Per root, the blocks whose alias equations were folded into it: a list of entries of
  /// blocks_ (first and last, -1 when empty), so that uniting two roots joins their lists in
  /// place (no vector per root to allocate, grow and free).
  struct BlockList {
    int first = -1, last = -1;
  };
  struct BlockEntry {
    int block;
    int next;  // -1 at the end
  };
  void addBlock(int root, int block);
  /// Moves the blocks of `from` to the end of those of `into`.
  void joinBlocks(int into, int from);

  std::vector<Link> links_;
  std::vector<Root> roots_;
  std::vector<bool> state_;
  std::vector<BlockList> blockLists_;
  std::vector<BlockEntry> blocks_;
  std::vector<int> findPath_;  // scratch of find()
  std::vector<LinearEquation> equations_;
  std::vector<Term> terms_;
  std::vector<int> slotOfRoot_;  // scratch of fold(): a root's place in rootTerms_, or -1
  std::vector<Term> rootTerms_;  // scratch of fold(): the equation over roots
};

}  // namespace kelvin::core
