#pragma once
// A sparse LU factorisation (SuiteSparse KLU) for matrices whose pattern is
// fixed: the symbolic analysis (ordering) is done once, then each new set of
// values is refactorised, reusing the pivot order when it stays stable. Each
// block of KLU's block triangular form is ordered by bisectionOrdering (two
// independent chains of pivots, so the solves overlap them).

#include <cstddef>
#include <memory>
#include <vector>

namespace kelvin::core {

class SparseLu {
 public:
  /// The CSC pattern (n×n, columnStart has n+1 entries). The vectors are
  /// observed and must outlive this object.
  SparseLu(int n, const std::vector<int>& columnStart, const std::vector<int>& rowIndex);
  /// A factorisation of matrices with `pattern`'s pattern that shares its symbolic analysis (on
  /// a large model the ordering costs as much as a few dozen refactorisations). The analysis
  /// outlives `pattern` if need be; the pattern vectors must outlive both.
  struct ShareAnalysis {};
  SparseLu(const SparseLu& pattern, ShareAnalysis);
  ~SparseLu();
  SparseLu(const SparseLu&) = delete;
  SparseLu& operator=(const SparseLu&) = delete;

  /// Factorises the matrix with these values (in pattern order). Returns false if singular.
  bool factorize(const double* values);
  /// Solves A x = b in place. Precondition: the last factorize() succeeded.
  void solve(double* b);
  /// Entries of L and U (diagonals included) of the last factorisation; 0 before one.
  std::size_t factorEntries() const;

 private:
  struct Klu;
  std::unique_ptr<Klu> klu_;
  int n_;
  bool scaledRefactor_ = false;  // refactorisations scale rows too (see factorize)
  const std::vector<int>& columnStart_;
  const std::vector<int>& rowIndex_;
};

}  // namespace kelvin::core
