#include "solve/bisection_ordering.h"

#include <algorithm>

#include <amd.h>
#include <camd.h>
#include <metis.h>

namespace kelvin::core {

namespace {

/// Below this many pivots AMD's ordering is kept: the chains are short and METIS's set-up
/// (tens of microseconds) costs more than the overlapped solves save.
constexpr int kSmallestBisected = 64;
/// The halves' ordering is taken while its L has at most this many times AMD's entries: the
/// overlapped chains make a solve ~1.9 times faster on the ladder (bisection_ordering.h), so a
/// little more fill still pays; much more would make the refactorisations dearer than that.
constexpr double kMostFillRatio = 1.1;
/// METIS's random seed, fixed so that an ordering (and so a run's rounding) never varies.
constexpr idx_t kMetisSeed = 1;

std::vector<int> amdOrdering(int n, const int* columnStart, const int* rowIndex, double* lnz) {
  std::vector<int> order(n);
  double control[AMD_CONTROL], info[AMD_INFO];
  amd_defaults(control);
  if (amd_order(n, columnStart, rowIndex, order.data(), control, info) < AMD_OK) {
    for (int k = 0; k < n; ++k) order[k] = k;
    *lnz = 0.5 * n * (n - 1.0);
    return order;
  }
  *lnz = info[AMD_LNZ];
  return order;
}

/// The graph of A + Aᵀ without self-loops, in METIS's adjacency form.
void symmetricGraph(int n, const int* columnStart, const int* rowIndex, std::vector<idx_t>& start,
                    std::vector<idx_t>& adjacent) {
  std::vector<idx_t> degree(n + 1, 0);
  for (int j = 0; j < n; ++j)
    for (int p = columnStart[j]; p < columnStart[j + 1]; ++p)
      if (rowIndex[p] != j) ++degree[rowIndex[p]], ++degree[j];
  start.assign(n + 1, 0);
  for (int i = 0; i < n; ++i) start[i + 1] = start[i] + degree[i];
  adjacent.resize(start[n]);
  std::vector<idx_t> next(start.begin(), start.end() - 1);
  for (int j = 0; j < n; ++j)
    for (int p = columnStart[j]; p < columnStart[j + 1]; ++p) {
      const int i = rowIndex[p];
      if (i == j) continue;
      adjacent[next[i]++] = j;
      adjacent[next[j]++] = i;
    }
  // Entries (i, j) and (j, i) both present give each neighbour twice: keep one of each.
  std::vector<idx_t> seen(n, -1);
  idx_t kept = 0;
  for (int i = 0; i < n; ++i) {
    const idx_t first = start[i];
    start[i] = kept;
    for (idx_t p = first; p < start[i + 1]; ++p)
      if (seen[adjacent[p]] != i) seen[adjacent[p]] = i, adjacent[kept++] = adjacent[p];
  }
  start[n] = kept;
  adjacent.resize(kept);
}

}  // namespace

std::vector<int> bisectionOrdering(int n, const int* columnStart, const int* rowIndex, double* lnz) {
  double unwanted = 0.0;
  if (!lnz) lnz = &unwanted;
  if (n < kSmallestBisected) return amdOrdering(n, columnStart, rowIndex, lnz);

  std::vector<idx_t> start, adjacent;
  symmetricGraph(n, columnStart, rowIndex, start, adjacent);
  idx_t options[METIS_NOPTIONS];
  METIS_SetDefaultOptions(options);
  options[METIS_OPTION_SEED] = kMetisSeed;
  idx_t vertices = n, separatorSize = 0;
  std::vector<idx_t> part(n);  // 0 or 1: a half; 2: the separator
  if (METIS_ComputeVertexSeparator(&vertices, start.data(), adjacent.data(), nullptr, options, &separatorSize,
                                   part.data()) != METIS_OK)
    return amdOrdering(n, columnStart, rowIndex, lnz);

  // CAMD with the separator last (constraint 1) orders both halves (constraint 0) at once.
  std::vector<int> constraint(n), order(n);
  for (int i = 0; i < n; ++i) constraint[i] = part[i] == 2 ? 1 : 0;
  double control[CAMD_CONTROL], info[CAMD_INFO];
  camd_defaults(control);
  if (camd_order(n, columnStart, rowIndex, order.data(), control, info, constraint.data()) < CAMD_OK)
    return amdOrdering(n, columnStart, rowIndex, lnz);
  // No ordering's L has fewer entries than A + Aᵀ below the diagonal (one per edge of the graph):
  // within the ratio of that, CAMD's is within it of AMD's too, and AMD need not run (the
  // ladder: no fill). Otherwise AMD's ordering is computed to compare.
  const double edges = 0.5 * static_cast<double>(adjacent.size());
  if (info[CAMD_LNZ] > kMostFillRatio * edges) {
    double amdFill = 0.0;
    std::vector<int> amd = amdOrdering(n, columnStart, rowIndex, &amdFill);
    if (info[CAMD_LNZ] > kMostFillRatio * amdFill) {
      *lnz = amdFill;
      return amd;
    }
  }

  // The halves' pivots alternately (each in CAMD's order), then the separator's.
  std::vector<int> halves[2], separator;
  for (int i : order) (part[i] == 2 ? separator : halves[part[i]]).push_back(i);
  std::vector<int> interleaved;
  interleaved.reserve(n);
  const std::size_t longer = std::max(halves[0].size(), halves[1].size());
  for (std::size_t k = 0; k < longer; ++k)
    for (const std::vector<int>& half : halves)
      if (k < half.size()) interleaved.push_back(half[k]);
  interleaved.insert(interleaved.end(), separator.begin(), separator.end());
  *lnz = info[CAMD_LNZ];
  return interleaved;
}

}  // namespace kelvin::core
