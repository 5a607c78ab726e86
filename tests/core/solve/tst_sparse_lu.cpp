// SparseLu's solve, which runs on KLU's packed factors with its own sweeps (a register for the
// next row's update, reciprocal pivots), against KLU's own klu_solve on the same matrices: a
// chain (the ladder's tridiagonal Jacobian, a single block), and a random sparse matrix whose
// block triangular form has many blocks, singletons among them (so the entries above the
// diagonal blocks carry solved blocks into earlier rows); after a refactorisation with new
// values too. Independent check: the residual |A·x - b|.

#include <QtTest>
#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include <suitesparse/klu.h>

#include "solve/sparse_lu.h"

using namespace kelvin;

namespace {

/// A CSC matrix (rows ascending in each column).
struct Csc {
  int n = 0;
  std::vector<int> start, row;
  std::vector<double> value;
};

/// Tridiagonal, diagonally dominant, like the RC ladder's J = G + cj·C.
Csc chain(int n) {
  Csc a;
  a.n = n;
  for (int j = 0; j < n; ++j) {
    a.start.push_back(static_cast<int>(a.row.size()));
    for (int i = std::max(0, j - 1); i <= std::min(n - 1, j + 1); ++i) {
      a.row.push_back(i);
      a.value.push_back(i == j ? 2.5e-3 + 1e-4 * (j % 7) : -1e-3);
    }
  }
  a.start.push_back(static_cast<int>(a.row.size()));
  return a;
}

/// Random: a strong diagonal, entries below it in every column, entries above it only within
/// groups of consecutive columns (so the block triangular form has one block per group),
/// groups of 1 to 6 columns.
Csc blocks(int n, std::mt19937& random) {
  std::uniform_real_distribution<double> value(-1.0, 1.0);
  std::vector<int> group(n);
  for (int j = 0, g = 0; j < n; ++g)
    for (int size = 1 + static_cast<int>(random() % 6); size > 0 && j < n; --size) group[j++] = g;
  Csc a;
  a.n = n;
  for (int j = 0; j < n; ++j) {
    std::vector<int> rows{j};
    for (int e = 0; e < 3; ++e) {
      const int i = static_cast<int>(random() % n);
      if (i > j || group[i] == group[j]) rows.push_back(i);
    }
    std::sort(rows.begin(), rows.end());
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    a.start.push_back(static_cast<int>(a.row.size()));
    for (int i : rows) {
      a.row.push_back(i);
      a.value.push_back(i == j ? 8.0 + value(random) : value(random));
    }
  }
  a.start.push_back(static_cast<int>(a.row.size()));
  return a;
}

/// KLU's own solve of a·x = b.
std::vector<double> kluSolve(Csc& a, std::vector<double> b) {
  klu_common common;
  klu_defaults(&common);
  klu_symbolic* symbolic = klu_analyze(a.n, a.start.data(), a.row.data(), &common);
  klu_numeric* numeric = klu_factor(a.start.data(), a.row.data(), a.value.data(), symbolic, &common);
  klu_solve(symbolic, numeric, a.n, 1, b.data(), &common);
  klu_free_numeric(&numeric, &common);
  klu_free_symbolic(&symbolic, &common);
  return b;
}

double largestResidual(const Csc& a, const std::vector<double>& x, const std::vector<double>& b) {
  std::vector<double> r(b);
  for (int j = 0; j < a.n; ++j)
    for (int p = a.start[j]; p < a.start[j + 1]; ++p) r[a.row[p]] -= a.value[p] * x[j];
  double worst = 0.0;
  for (double e : r) worst = std::max(worst, std::abs(e));
  return worst;
}

int blockCount(Csc& a) {
  klu_common common;
  klu_defaults(&common);
  klu_symbolic* symbolic = klu_analyze(a.n, a.start.data(), a.row.data(), &common);
  const int count = symbolic->nblocks;
  klu_free_symbolic(&symbolic, &common);
  return count;
}

}  // namespace

class TestSparseLu : public QObject {
  Q_OBJECT

 private:
  /// SparseLu and klu_solve agree to rounding (the sweeps differ only in multiplying by a
  /// reciprocal pivot and in summation kept in a register: relative differences of a few
  /// units of 1e-16 per step of the recurrence, here 1e-12 of the solution's size at most),
  /// and the residual is at rounding level of |A|·|x| (1e-12 relative).
  static void compare(Csc& a, core::SparseLu& lu, std::mt19937& random) {
    std::uniform_real_distribution<double> value(-1.0, 1.0);
    std::vector<double> b(a.n);
    for (double& e : b) e = value(random);
    std::vector<double> x(b);
    lu.solve(x.data());
    const std::vector<double> expected = kluSolve(a, b);
    double size = 0.0, difference = 0.0;
    for (int i = 0; i < a.n; ++i) {
      size = std::max(size, std::abs(expected[i]));
      difference = std::max(difference, std::abs(x[i] - expected[i]));
    }
    QVERIFY2(difference <= 1e-12 * size, qPrintable(QString("difference %1, size %2").arg(difference).arg(size)));
    double scale = 0.0;
    for (double v : a.value) scale = std::max(scale, std::abs(v));
    QVERIFY(largestResidual(a, x, b) <= 1e-12 * scale * size * 8);
  }

 private Q_SLOTS:
  void chainAsKlu() {
    std::mt19937 random(1);
    Csc a = chain(3001);
    QCOMPARE(blockCount(a), 1);
    core::SparseLu lu(a.n, a.start, a.row);
    QVERIFY(lu.factorize(a.value.data()));
    compare(a, lu, random);
    for (double& v : a.value) v *= 1.5 + 0.25 * std::sin(v * 1e4);  // same pattern, new values: a refactorisation
    QVERIFY(lu.factorize(a.value.data()));
    compare(a, lu, random);
  }

  void blockTriangularAsKlu() {
    std::mt19937 random(2);
    for (int n : {1, 2, 7, 60, 1000}) {
      Csc a = blocks(n, random);
      if (n >= 60) QVERIFY(blockCount(a) > 10);  // many blocks, so Off and singletons are exercised
      core::SparseLu lu(a.n, a.start, a.row);
      QVERIFY(lu.factorize(a.value.data()));
      compare(a, lu, random);
      for (double& v : a.value) v *= 0.75;
      QVERIFY(lu.factorize(a.value.data()));
      compare(a, lu, random);
    }
  }
};

QTEST_APPLESS_MAIN(TestSparseLu)
#include "tst_sparse_lu.moc"
