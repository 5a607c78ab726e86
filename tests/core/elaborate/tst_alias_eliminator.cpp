// A chain of aliases as long as a big model: y_i = y_{i+1} + 1 for i < N and y_N = 0.5
// make a union–find chain N links deep, which the alias eliminator must walk without
// recursion (a recursive find overflowed an 8 MB stack well below this depth). Every
// unknown folds to a constant, and the signals read the closed form y_i = (N − i) + 0.5.
// Aliases that appear only once others have folded (a branch voltage v = v_p − v_n with
// v_n grounded; a product with an unknown that turns out constant) fold as well, and the
// survivors read the closed forms.

#define QT_NO_KEYWORDS  // FlatSystem has a member named `signals`
#include <QtTest>

#include <vector>

#include "elaborate/alias_eliminator.h"
#include "elaborate/flat_system.h"
#include "expr/tape.h"

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
  void foldsAnAliasUncoveredByAGround();
  void foldsAProductWithAConstantUnknown();
};

namespace {
/// Value of e (over the surviving unknowns) at y.
double valueAt(const FlatSystem& system, Expr e, std::vector<double> y) {
  const Tape tape(*system.pool, e, {});
  std::vector<double> yp(y.size(), 0.0), work(tape.size());
  return tape.evaluate(EvalPoint{0.0, y.data(), yp.data(), nullptr, nullptr}, work.data());
}
}  // namespace

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

void TestAliasEliminator::foldsAnAliasUncoveredByAGround() {
  // Unknowns: vp (0), vn (1), v (2, a state), i (3). Equations: vn = 0 (a ground);
  // v − (vp − vn) = 0 (a branch voltage: an alias only once vn is 0); C·der(v) − i = 0.
  // The ground's equation comes last, so the branch has three unknowns when first met.
  FlatSystem system;
  ExprPool& pool = *system.pool;
  for (const char* name : {"vp", "vn", "v", "i"}) system.unknowns.push_back({name, 0.0, false, -1});
  system.unknowns[2].state = true;
  const Expr vp = pool.variable(0), vn = pool.variable(1), v = pool.variable(2), i = pool.variable(3);
  system.equations.push_back({v - (vp - vn), -1, -1, {}});
  system.equations.push_back({2.0 * der(v) - i, -1, -1, {}});
  system.equations.push_back({vn, -1, -1, {}});
  system.signals.push_back({"vp", vp, true});
  system.signals.push_back({"vn", vn, true});

  AliasEliminator().run(system);

  // vp folds into the state v (a state is never replaced), vn is the constant 0.
  QCOMPARE(system.unknowns.size(), std::size_t{2});
  QCOMPARE(QString::fromStdString(system.unknowns[0].name), QString("v"));
  QCOMPARE(QString::fromStdString(system.unknowns[1].name), QString("i"));
  QCOMPARE(system.equations.size(), std::size_t{1});
  QVERIFY(system.signals[1].value.isConstant());
  QCOMPARE(system.signals[1].value.constantValue(), 0.0);
  // vp reads v: at v = 1.25 it is 1.25 (exact: one copy, no arithmetic).
  QCOMPARE(valueAt(system, system.signals[0].value, {1.25, 0.0}), 1.25);
}

void TestAliasEliminator::foldsAProductWithAConstantUnknown() {
  // Unknowns u (0), x (1), y (2), z (3). u − 3 = 0 pins u; x + z − 1 = 0 is an alias;
  // y − u·x = 0 is a product until u is known, then y = 3·(1 − z), an alias of z: a second
  // pass must fold it. Nothing is left but z, and y reads 3 − 3·z.
  FlatSystem system;
  ExprPool& pool = *system.pool;
  for (const char* name : {"u", "x", "y", "z"}) system.unknowns.push_back({name, 0.0, false, -1});
  const Expr u = pool.variable(0), x = pool.variable(1), y = pool.variable(2), z = pool.variable(3);
  system.equations.push_back({y - u * x, -1, -1, {}});
  system.equations.push_back({u - 3.0, -1, -1, {}});
  system.equations.push_back({x + z - 1.0, -1, -1, {}});
  system.signals.push_back({"y", y, true});

  AliasEliminator().run(system);

  QVERIFY(system.equations.empty());
  QCOMPARE(system.unknowns.size(), std::size_t{1});
  QCOMPARE(QString::fromStdString(system.unknowns[0].name), QString("z"));
  // At z = 0.25: y = 3·0.75 = 2.25, exact in binary.
  QCOMPARE(valueAt(system, system.signals[0].value, {0.25}), 2.25);
}

QTEST_APPLESS_MAIN(TestAliasEliminator)
#include "tst_alias_eliminator.moc"
