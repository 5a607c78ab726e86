// Structural analysis on hand-made incidences: maximum matching of equations
// to unknowns (perfect, and deficient with its Dulmage–Mendelsohn parts from
// structuralDeficiency), and the block lower triangular order with its
// algebraic loops. Expected results are worked out by hand from the graphs.

// flat_system.h has a member `signals`, which Qt's keywords would turn into a macro.
#define QT_NO_KEYWORDS

#include <QtTest>
#include <algorithm>
#include <set>

#include "structure/blt.h"
#include "structure/matching.h"

using namespace kelvin::core;

namespace {

Incidence incidence(int unknowns, std::vector<std::vector<int>> unknownsOf) {
  Incidence g;
  g.unknownCount = unknowns;
  g.unknownsOf = std::move(unknownsOf);
  return g;
}

std::vector<int> sorted(std::vector<int> v) {
  std::sort(v.begin(), v.end());
  return v;
}

/// Why `m` is not a valid matching of `g`, or an empty string: every pair is an
/// edge, the two directions agree, and size counts the pairs.
QString invalidMatching(const Incidence& g, const Matching& m) {
  if (m.unknownOfEquation.size() != g.unknownsOf.size()) return QStringLiteral("wrong equation count");
  if (static_cast<int>(m.equationOfUnknown.size()) != g.unknownCount) return QStringLiteral("wrong unknown count");
  int pairs = 0;
  for (std::size_t e = 0; e < g.unknownsOf.size(); ++e) {
    const int u = m.unknownOfEquation[e];
    if (u < 0) continue;
    ++pairs;
    const auto& adj = g.unknownsOf[e];
    if (std::find(adj.begin(), adj.end(), u) == adj.end())
      return QStringLiteral("equation %1 matched to unknown %2 it does not contain").arg(e).arg(u);
    if (m.equationOfUnknown[u] != static_cast<int>(e)) return QStringLiteral("unknown %1 disagrees").arg(u);
  }
  for (int u = 0; u < g.unknownCount; ++u) {
    const int e = m.equationOfUnknown[u];
    if (e >= 0 && m.unknownOfEquation[e] != u) return QStringLiteral("equation %1 disagrees").arg(e);
  }
  if (pairs != m.size) return QStringLiteral("size %1 but %2 pairs").arg(m.size).arg(pairs);
  return {};
}

/// Why `blocks` is not a BLT order of (g, m), or an empty string: each equation
/// once, and every unknown an equation uses is determined in its own block or
/// an earlier one.
QString invalidOrder(const Incidence& g, const Matching& m, const std::vector<std::vector<int>>& blocks) {
  std::vector<int> blockOf(g.unknownsOf.size(), -1);
  for (std::size_t b = 0; b < blocks.size(); ++b)
    for (int e : blocks[b]) {
      if (blockOf[e] >= 0) return QStringLiteral("equation %1 twice").arg(e);
      blockOf[e] = static_cast<int>(b);
    }
  for (std::size_t e = 0; e < g.unknownsOf.size(); ++e) {
    if (blockOf[e] < 0) return QStringLiteral("equation %1 missing").arg(e);
    for (int u : g.unknownsOf[e])
      if (blockOf[m.equationOfUnknown[u]] > blockOf[e])
        return QStringLiteral("equation %1 uses unknown %2 of a later block").arg(e).arg(u);
  }
  return {};
}

}  // namespace

Q_DECLARE_METATYPE(Incidence)
using Blocks = std::vector<std::vector<int>>;  // std::vector is a metatype already

class TestMatching : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void perfectMatching_data();
  void perfectMatching();
  void longAugmentingPathIsFound();
  void deficiency_data();
  void deficiency();
  void bltOrder_data();
  void bltOrder();
};

void TestMatching::perfectMatching_data() {
  QTest::addColumn<Incidence>("graph");
  QTest::addColumn<std::vector<int>>("unknownOfEquation");  // the only perfect matching; empty if several
  QTest::newRow("triangular") << incidence(3, {{0, 1}, {1}, {1, 2}}) << std::vector<int>{0, 1, 2};
  // Greedy gives e0 → 0 and leaves e1 nothing: one augmenting path fixes it.
  QTest::newRow("greedy is wrong") << incidence(2, {{0, 1}, {0}}) << std::vector<int>{1, 0};
  QTest::newRow("a cycle has two") << incidence(3, {{0, 1}, {1, 2}, {0, 2}}) << std::vector<int>{};
  QTest::newRow("empty system") << incidence(0, {}) << std::vector<int>{};
  // An RC circuit's shape: node potential, branch currents, and the capacitor's v' column.
  QTest::newRow("circuit-like") << incidence(4, {{0, 1}, {1, 2}, {2, 3}, {0, 3}}) << std::vector<int>{};
}

void TestMatching::perfectMatching() {
  QFETCH(Incidence, graph);
  QFETCH(std::vector<int>, unknownOfEquation);
  const Matching m = maximumMatching(graph);
  QCOMPARE(invalidMatching(graph, m), QString());
  QVERIFY(m.perfect());
  QCOMPARE(m.size, graph.unknownCount);
  if (!unknownOfEquation.empty()) QCOMPARE(m.unknownOfEquation, unknownOfEquation);
  const Deficiency d = structuralDeficiency(graph, m);
  QVERIFY(d.overEquations.empty() && d.overUnknowns.empty() && d.underEquations.empty() && d.underUnknowns.empty());
}

// A chain e_k = {k, k+1}, closed by e_{n−1} = {0}: greedy matches e_k → k and
// leaves the last equation free; the only augmenting path runs through all n
// equations (deep enough to overflow a recursive search).
void TestMatching::longAugmentingPathIsFound() {
  const int n = 200000;
  Incidence g;
  g.unknownCount = n;
  for (int k = 0; k + 1 < n; ++k) g.unknownsOf.push_back({k, k + 1});
  g.unknownsOf.push_back({0});
  const Matching m = maximumMatching(g);
  QCOMPARE(invalidMatching(g, m), QString());
  QVERIFY(m.perfect());
  QCOMPARE(m.unknownOfEquation[n - 1], 0);
  QCOMPARE(m.unknownOfEquation[0], 1);
}

void TestMatching::deficiency_data() {
  QTest::addColumn<Incidence>("graph");
  QTest::addColumn<int>("size");
  QTest::addColumn<std::vector<int>>("overEquations");
  QTest::addColumn<std::vector<int>>("overUnknowns");
  QTest::addColumn<std::vector<int>>("underEquations");
  QTest::addColumn<std::vector<int>>("underUnknowns");
  using V = std::vector<int>;
  // Two voltage sources in parallel: both fix unknown 0; unknowns 1, 2 share one equation.
  QTest::newRow("over and under") << incidence(3, {{0}, {0}, {1, 2}}) << 2 << V{0, 1} << V{0} << V{2} << V{1, 2};
  QTest::newRow("only over") << incidence(1, {{0}, {0}}) << 1 << V{0, 1} << V{0} << V{} << V{};
  QTest::newRow("only under") << incidence(2, {{0, 1}}) << 1 << V{} << V{} << V{0} << V{0, 1};
  // A well-determined part (e0 → 0) is in neither: the over part reaches e1, e2 through unknown 1.
  QTest::newRow("sound part excluded") << incidence(2, {{0}, {1}, {1}}) << 2 << V{1, 2} << V{1} << V{} << V{};
  // An unknown no equation uses, next to a square part.
  QTest::newRow("unused unknown") << incidence(3, {{0, 1}, {1}}) << 2 << V{} << V{} << V{} << V{2};
  // Alternating paths reach further: e3 is free; it uses 2 (matched to e2), which uses 1 (matched to e1).
  QTest::newRow("alternating path") << incidence(3, {{0}, {0, 1}, {1, 2}, {2}}) << 3 << V{0, 1, 2, 3} << V{0, 1, 2}
                                    << V{} << V{};
}

void TestMatching::deficiency() {
  QFETCH(Incidence, graph);
  QFETCH(int, size);
  QFETCH(std::vector<int>, overEquations);
  QFETCH(std::vector<int>, overUnknowns);
  QFETCH(std::vector<int>, underEquations);
  QFETCH(std::vector<int>, underUnknowns);
  const Matching m = maximumMatching(graph);
  QCOMPARE(invalidMatching(graph, m), QString());
  QCOMPARE(m.size, size);
  QVERIFY(!m.perfect());
  // The parts do not depend on which maximum matching was found.
  const Deficiency d = structuralDeficiency(graph, m);
  QCOMPARE(sorted(d.overEquations), overEquations);
  QCOMPARE(sorted(d.overUnknowns), overUnknowns);
  QCOMPARE(sorted(d.underEquations), underEquations);
  QCOMPARE(sorted(d.underUnknowns), underUnknowns);
}

void TestMatching::bltOrder_data() {
  QTest::addColumn<Incidence>("graph");
  QTest::addColumn<Blocks>("expected");  // blocks in order, each sorted
  QTest::newRow("already triangular") << incidence(3, {{0}, {0, 1}, {1, 2}}) << Blocks{{0}, {1}, {2}};
  QTest::newRow("listed backwards") << incidence(3, {{1, 2}, {0, 1}, {0}}) << Blocks{{2}, {1}, {0}};
  // e1 and e2 determine unknowns 1 and 2 together: an algebraic loop between e0 and e3.
  QTest::newRow("algebraic loop") << incidence(4, {{0}, {0, 1, 2}, {1, 2}, {1, 3}}) << Blocks{{0}, {1, 2}, {3}};
  // Every equation needs the next one's unknown: one block of all.
  QTest::newRow("one loop of all") << incidence(3, {{0, 1}, {1, 2}, {2, 0}}) << Blocks{{0, 1, 2}};
  // Two independent loops feed a last equation; neither depends on the other.
  QTest::newRow("two loops") << incidence(5, {{0, 1}, {0, 1}, {2, 3}, {2, 3}, {0, 2, 4}})
                             << Blocks{{0, 1}, {2, 3}, {4}};
}

void TestMatching::bltOrder() {
  QFETCH(Incidence, graph);
  QFETCH(Blocks, expected);
  const Matching m = maximumMatching(graph);
  QVERIFY(m.perfect());
  Blocks blocks = bltBlocks(graph, m);
  QCOMPARE(invalidOrder(graph, m, blocks), QString());
  for (auto& b : blocks) std::sort(b.begin(), b.end());
  if (QTest::currentDataTag() == QLatin1String("two loops")) {
    // The two loops may come in either order; only the last block is fixed.
    QCOMPARE(blocks.size(), std::size_t{3});
    QCOMPARE(std::set<std::vector<int>>(blocks.begin(), blocks.begin() + 2),
             std::set<std::vector<int>>(expected.begin(), expected.begin() + 2));
    QCOMPARE(blocks.back(), expected.back());
    return;
  }
  QCOMPARE(blocks, expected);
}

QTEST_APPLESS_MAIN(TestMatching)
#include "tst_matching.moc"
