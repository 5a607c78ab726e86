// bisectionOrdering and the KLU factorisation it orders (SparseLu). On a path (the RC ladder's
// tridiagonal matrix) the ordering must keep AMD's zero fill and leave two independent chains
// of pivots: the elimination tree, computed here by Liu's algorithm from the pattern alone, is
// half as tall as the path. On other patterns (a 2-D grid, random unsymmetric matrices with
// several blocks of KLU's block triangular form) SparseLu's solutions agree with a dense LU.

#include <QtTest>
#include <algorithm>
#include <random>
#include <vector>

#include <Eigen/Dense>

#include "solve/bisection_ordering.h"
#include "solve/sparse_lu.h"

using namespace kelvin;

namespace {

/// A CSC matrix.
struct Csc {
  int n = 0;
  std::vector<int> start, row;
  std::vector<double> value;
};

/// Builds a CSC matrix from (row, column, value) triples, sorted, without duplicates.
Csc fromTriples(int n, std::vector<std::tuple<int, int, double>> triples) {
  std::sort(triples.begin(), triples.end(), [](const auto& a, const auto& b) {
    return std::get<1>(a) != std::get<1>(b) ? std::get<1>(a) < std::get<1>(b) : std::get<0>(a) < std::get<0>(b);
  });
  Csc m;
  m.n = n;
  m.start.assign(n + 1, 0);
  for (const auto& [i, j, v] : triples) {
    if (!m.row.empty() && m.start[j + 1] > 0 && m.row.back() == i) {
      m.value.back() += v;
      continue;
    }
    m.row.push_back(i);
    m.value.push_back(v);
    ++m.start[j + 1];
  }
  for (int j = 0; j < n; ++j) m.start[j + 1] += m.start[j];
  return m;
}

/// The RC ladder's Newton matrix: conductance 1 mS between neighbours, 1 pF at every node, cj = 1e9.
Csc ladder(int n) {
  std::vector<std::tuple<int, int, double>> t;
  for (int k = 0; k < n; ++k) {
    t.emplace_back(k, k, (k == n - 1 ? 1e-3 : 2e-3) + 1e-3);
    if (k > 0) t.emplace_back(k, k - 1, -1e-3);
    if (k + 1 < n) t.emplace_back(k, k + 1, -1e-3);
  }
  return fromTriples(n, t);
}

/// Height of the elimination tree of the symmetric pattern of m in the given pivot order (Liu's
/// algorithm with path compression): the longest chain of pivots that must wait for each other.
int eliminationTreeHeight(const Csc& m, const std::vector<int>& order) {
  const int n = m.n;
  std::vector<int> position(n), parent(n, -1), ancestor(n, -1), height(n, 0);
  for (int k = 0; k < n; ++k) position[order[k]] = k;
  // Rows of A + Aᵀ: the neighbours of each unknown.
  std::vector<std::vector<int>> neighbours(n);
  for (int j = 0; j < n; ++j)
    for (int p = m.start[j]; p < m.start[j + 1]; ++p) {
      neighbours[j].push_back(m.row[p]);
      neighbours[m.row[p]].push_back(j);
    }
  for (int k = 0; k < n; ++k)
    for (int other : neighbours[order[k]])
      for (int i = position[other]; i < k;) {
        const int next = ancestor[i];
        ancestor[i] = k;
        if (next == -1) {
          parent[i] = k;
          break;
        }
        i = next;
      }
  int tallest = 0;
  for (int k = 0; k < n; ++k)
    if (parent[k] >= 0) {
      height[parent[k]] = std::max(height[parent[k]], height[k] + 1);
      tallest = std::max(tallest, height[parent[k]]);
    }
  return tallest;
}

/// SparseLu's solution of m x = b against Eigen's dense LU with partial pivoting.
double largestSolveDifference(const Csc& m, std::mt19937& random) {
  Eigen::MatrixXd dense = Eigen::MatrixXd::Zero(m.n, m.n);
  for (int j = 0; j < m.n; ++j)
    for (int p = m.start[j]; p < m.start[j + 1]; ++p) dense(m.row[p], j) = m.value[p];
  std::uniform_real_distribution<double> value(-1.0, 1.0);
  Eigen::VectorXd b(m.n);
  for (int i = 0; i < m.n; ++i) b[i] = value(random);
  const Eigen::VectorXd expected = dense.partialPivLu().solve(b);
  core::SparseLu lu(m.n, m.start, m.row);
  if (!lu.factorize(m.value.data())) return HUGE_VAL;
  std::vector<double> x(b.data(), b.data() + m.n);
  lu.solve(x.data());
  double worst = 0.0;
  for (int i = 0; i < m.n; ++i) worst = std::max(worst, std::abs(x[i] - expected[i]) / expected.cwiseAbs().maxCoeff());
  return worst;
}

}  // namespace

class TestBisectionOrdering : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void pathKeepsZeroFillInTwoChains() {
    const int n = 1000;
    const Csc m = ladder(n);
    double lnz = -1.0;
    const std::vector<int> order = core::bisectionOrdering(n, m.start.data(), m.row.data(), &lnz);
    std::vector<int> sorted = order;
    std::sort(sorted.begin(), sorted.end());
    for (int k = 0; k < n; ++k) QCOMPARE(sorted[k], k);  // a permutation
    QCOMPARE(lnz, n - 1.0);  // a path can be eliminated without fill: one entry below each pivot
    // AMD's order eliminates the path from one end (a chain of n - 1); here two halves meet at a
    // separator of one or two unknowns: a chain of about n/2 (a few more for the separator).
    const int height = eliminationTreeHeight(m, order);
    QVERIFY2(height <= n / 2 + 2, qPrintable(QString("elimination tree height %1").arg(height)));
    // KLU's factors have no fill either: n + (n - 1) entries in L and in U.
    core::SparseLu lu(n, m.start, m.row);
    QVERIFY(lu.factorize(m.value.data()));
    QCOMPARE(lu.factorEntries(), static_cast<std::size_t>(4 * n - 2));
  }

  void smallMatricesKeepOneChain() {
    // Below 64 unknowns AMD's ordering is kept: it eliminates the path from (nearly) one end
    // to the other, a chain far longer than the halves' n/2.
    const int n = 40;
    const Csc m = ladder(n);
    const std::vector<int> order = core::bisectionOrdering(n, m.start.data(), m.row.data());
    QVERIFY(eliminationTreeHeight(m, order) > n / 2 + 2);
  }

  void solvesAgreeWithDenseLu() {
    // The difference is rounding: these matrices are well conditioned (diagonally dominant, a
    // condition number below ~10), so both solutions are within ~n·eps·cond ≈ 1e-12 of the
    // exact one, relative to the largest entry.
    std::mt19937 random(11);
    QVERIFY(largestSolveDifference(ladder(500), random) < 1e-12);
    // A 20 × 20 grid (five-point stencil): the separator is a line of the grid.
    std::vector<std::tuple<int, int, double>> grid;
    const int side = 20;
    for (int r = 0; r < side; ++r)
      for (int c = 0; c < side; ++c) {
        const int k = r * side + c;
        grid.emplace_back(k, k, 4.5);
        if (r > 0) grid.emplace_back(k, k - side, -1.0);
        if (r + 1 < side) grid.emplace_back(k, k + side, -1.0);
        if (c > 0) grid.emplace_back(k, k - 1, -1.0);
        if (c + 1 < side) grid.emplace_back(k, k + 1, -1.0);
      }
    QVERIFY(largestSolveDifference(fromTriples(side * side, grid), random) < 1e-12);
    // Random unsymmetric patterns, some with entries only below the diagonal in places (several
    // blocks of the block triangular form, each ordered on its own).
    std::uniform_int_distribution<int> pick(0, 299);
    std::uniform_real_distribution<double> value(-1.0, 1.0);
    for (int trial = 0; trial < 5; ++trial) {
      const int n = 300;
      std::vector<std::tuple<int, int, double>> t;
      for (int k = 0; k < n; ++k) t.emplace_back(k, k, 8.0 + value(random));
      for (int e = 0; e < 3 * n; ++e) {
        int i = pick(random), j = pick(random);
        if (i == j) continue;
        if (trial % 2 && (i / 50) < (j / 50)) std::swap(i, j);  // block lower triangular: 6 blocks of 50
        t.emplace_back(i, j, value(random));
      }
      QVERIFY(largestSolveDifference(fromTriples(n, t), random) < 1e-12);
    }
  }
};

QTEST_GUILESS_MAIN(TestBisectionOrdering)
#include "tst_bisection_ordering.moc"
