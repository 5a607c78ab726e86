// A chain of aliases as long as a big model: y_i = y_{i+1} + 1 for i < N and y_N = 0.5
// make a union–find chain N links deep, which the alias eliminator must walk without
// recursion (a recursive find overflowed an 8 MB stack well below this depth). Every
// unknown folds to a constant, and the signals read the closed form y_i = (N − i) + 0.5.

#define QT_NO_KEYWORDS  // FlatSystem has a member named `signals`
#include <QtTest>

#include "elaborate/alias_eliminator.h"
#include "elaborate/flat_system.h"

using namespace kelvin::core;

namespace {
// About 50 bytes per level of a recursive find: 500,000 levels need ~25 MB of stack,
// three times the usual 8 MB. The whole test takes about a second.
constexpr int kLength = 500000;
}  // namespace

class TestAliasEliminator : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void foldsAChainAsLongAsTheModel();
};

void TestAliasEliminator::foldsAChainAsLongAsTheModel() {
  FlatSystem system;
  ExprPool& pool = *system.pool;
  for (int i = 0; i <= kLength; ++i) system.unknowns.push_back({"y" + std::to_string(i), 0.0, false, -1});
  for (int i = 0; i < kLength; ++i)
    system.equations.push_back({pool.variable(i) - pool.variable(i + 1) - 1.0, -1, -1, {}});
  system.equations.push_back({pool.variable(kLength) - 0.5, -1, -1, {}});
  for (int i : {0, kLength / 2, kLength})
    system.signals.push_back({"y" + std::to_string(i), pool.variable(i), true});

  AliasEliminator().run(system);

  QVERIFY(system.equations.empty());
  QVERIFY(system.unknowns.empty());
  // Sums of integers and one half, all below 2^53: exact, so compared exactly.
  QVERIFY(system.signals[0].value.isConstant());
  QCOMPARE(system.signals[0].value.constantValue(), kLength + 0.5);
  QCOMPARE(system.signals[1].value.constantValue(), kLength - kLength / 2 + 0.5);
  QCOMPARE(system.signals[2].value.constantValue(), 0.5);
}

QTEST_APPLESS_MAIN(TestAliasEliminator)
#include "tst_alias_eliminator.moc"
