// The expression DAG and its evaluation tape: exact gradients by reverse-mode
// automatic differentiation, checked against central finite differences of
// the same tape (every op, switches frozen and unfrozen); hash-consing; the
// linearity classification of residuals; collectUnknowns and
// ExprPool::linearCoefficient.

#include <QtTest>
#include <algorithm>
#include <cmath>
#include <functional>
#include <unordered_map>
#include <vector>

#include "expr/expr.h"
#include "expr/tape.h"

using namespace kelvin::core;

namespace {

/// The leaves test expressions are made of: x = y[0], z = y[1], x' = y'[0],
/// the time and a discrete value d[0].
struct Leaves {
  Expr x, z, xdot, t, d;
};

Leaves leavesOf(ExprPool& pool) {
  return {pool.variable(0), pool.variable(1), pool.derivative(0), pool.time(), pool.discrete(0)};
}

using Builder = std::function<Expr(ExprPool&, const Leaves&)>;

/// Switch indices for every switched node under `root`, numbered in the order
/// the nodes were made (ascending node id), so a test row can freeze them by
/// position.
std::unordered_map<std::uint32_t, int> switchesUnder(const ExprPool& pool, Expr root) {
  std::vector<std::uint32_t> stack{root.id()}, found, seen;
  while (!stack.empty()) {
    const std::uint32_t id = stack.back();
    stack.pop_back();
    if (std::find(seen.begin(), seen.end(), id) != seen.end()) continue;
    seen.push_back(id);
    const ExprNode& n = pool.node(id);
    if (isSwitched(n.op)) found.push_back(id);
    const int k = operandCount(n.op);
    if (k > 0) stack.push_back(n.a);
    if (k > 1) stack.push_back(n.b);
    if (k > 2) stack.push_back(n.c);
  }
  std::sort(found.begin(), found.end());
  std::unordered_map<std::uint32_t, int> index;
  for (std::size_t k = 0; k < found.size(); ++k) index.emplace(found[k], static_cast<int>(k));
  return index;
}

/// A tape with its inputs: values of y, y', d and (optionally) frozen switches.
struct Probe {
  const Tape& tape;
  std::vector<double> y, yp, d;
  std::vector<std::uint8_t> frozen;  // empty: outcomes computed from the values

  EvalPoint at() const { return {0.25, y.data(), yp.data(), d.data(), frozen.empty() ? nullptr : frozen.data()}; }
  double value() const {
    std::vector<double> work(tape.size());
    return tape.evaluate(at(), work.data());
  }
  /// Reads (or writes) the input a leaf of the tape stands for.
  double& input(const TapeLeaf& leaf) { return leaf.derivative ? yp[leaf.index] : y[leaf.index]; }
};

}  // namespace

Q_DECLARE_METATYPE(Builder)

class TestTape : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void gradientMatchesFiniteDifferences_data();
  void gradientMatchesFiniteDifferences();
  void frozenTiesFollowTheSwitch_data();
  void frozenTiesFollowTheSwitch();
  void leavesAreTheReferencedUnknowns();
  void hashConsingMakesEachNodeOnce();
  void linearity_data();
  void linearity();
  void collectUnknownsFindsEachLeafOnce();
  void linearCoefficient_data();
  void linearCoefficient();
};

void TestTape::gradientMatchesFiniteDifferences_data() {
  QTest::addColumn<Builder>("build");
  QTest::addColumn<double>("x");
  QTest::addColumn<double>("z");
  QTest::addColumn<double>("xdot");
  QTest::addColumn<QList<int>>("frozen");            // switch outcomes by switch number; empty: from values
  QTest::addColumn<QList<double>>("exactGradient");  // d/dx, d/dz, d/dx' where known by hand; empty: skip

  const QList<int> free;
  const QList<double> skip;
  QTest::newRow("product") << Builder([](ExprPool&, const Leaves& l) { return l.x * l.z * l.x; }) << 1.3 << -0.7 << 0.0
                           << free << QList<double>{2 * 1.3 * -0.7, 1.3 * 1.3, 0.0};
  QTest::newRow("quotient") << Builder([](ExprPool&, const Leaves& l) { return (l.x + 2.0) / (l.z * l.z + 1.0); })
                            << 0.4 << 1.5 << 0.0 << free << skip;
  QTest::newRow("pow, both unknown") << Builder([](ExprPool&, const Leaves& l) { return pow(l.x, l.z); }) << 1.7 << 2.3
                                     << 0.0 << free << skip;
  QTest::newRow("pow, constant exponent, negative base")
      << Builder([](ExprPool&, const Leaves& l) { return pow(l.x, 3.0); }) << -1.3 << 0.0 << 0.0 << free
      << QList<double>{3 * 1.3 * 1.3, 0.0, 0.0};
  QTest::newRow("pow, constant base") << Builder([](ExprPool& p, const Leaves& l) { return pow(p.constant(2.5), l.z); })
                                      << 0.0 << 0.8 << 0.0 << free << skip;
  QTest::newRow("exp") << Builder([](ExprPool&, const Leaves& l) { return exp(-l.x * l.z); }) << 0.6 << 1.1 << 0.0
                       << free << skip;
  QTest::newRow("log") << Builder([](ExprPool&, const Leaves& l) { return log(l.x * l.x + l.z); }) << 0.6 << 0.3 << 0.0
                       << free << skip;
  QTest::newRow("sin") << Builder([](ExprPool&, const Leaves& l) { return sin(3.0 * l.x + l.z); }) << 0.6 << 0.3 << 0.0
                       << free << skip;
  QTest::newRow("cos") << Builder([](ExprPool&, const Leaves& l) { return cos(l.x * l.z); }) << 0.9 << 2.0 << 0.0
                       << free << skip;
  QTest::newRow("tan") << Builder([](ExprPool&, const Leaves& l) { return tan(l.x); }) << 0.7 << 0.0 << 0.0 << free
                       << skip;
  QTest::newRow("tanh") << Builder([](ExprPool&, const Leaves& l) { return tanh(2.0 * l.x - l.z); }) << 0.3 << 0.1
                        << 0.0 << free << skip;
  QTest::newRow("sqrt") << Builder([](ExprPool&, const Leaves& l) { return sqrt(l.x * l.x + l.z * l.z); }) << 0.3 << 0.4
                        << 0.0 << free << QList<double>{0.6, 0.8, 0.0};
  QTest::newRow("atan") << Builder([](ExprPool&, const Leaves& l) { return atan(l.x / l.z); }) << 0.5 << 2.0 << 0.0
                        << free << skip;
  QTest::newRow("limexp below its knee") << Builder([](ExprPool&, const Leaves& l) { return limexp(l.x / 0.025); })
                                         << 0.6 << 0.0 << 0.0 << free << skip;
  QTest::newRow("limexp above its knee") << Builder([](ExprPool&, const Leaves& l) { return limexp(l.x / 0.025); })
                                         << 1.5 << 0.0 << 0.0 << free
                                         << QList<double>{std::exp(kLimExpKnee) / 0.025, 0.0, 0.0};
  QTest::newRow("diode-like residual with der()") << Builder([](ExprPool&, const Leaves& l) {
    return 1e-6 * l.xdot + 1e-14 * (limexp(l.x / 0.025865) - 1.0) - l.z / 1e3;
  }) << 0.55 << 2.0 << 3.0e4 << free << skip;
  QTest::newRow("shared subexpression") << Builder([](ExprPool&, const Leaves& l) {
    const Expr s = l.x * l.z;
    return s * s + sin(s) + s / (1.0 + s * s);
  }) << 0.8 << -1.2 << 0.0 << free << skip;
  QTest::newRow("time and discrete as parameters")
      << Builder([](ExprPool&, const Leaves& l) { return l.d * sin(l.t * l.x) + l.t * l.z; }) << 1.4 << 0.2 << 0.0
      << free << skip;
  QTest::newRow("min, from values") << Builder([](ExprPool&, const Leaves& l) { return min(l.x * l.x, l.z); }) << 0.5
                                    << 2.0 << 0.0 << free << QList<double>{1.0, 0.0, 0.0};
  QTest::newRow("min, frozen to the larger argument")
      << Builder([](ExprPool&, const Leaves& l) { return min(l.x * l.x, l.z); }) << 0.5 << 2.0 << 0.0 << QList<int>{0}
      << QList<double>{0.0, 1.0, 0.0};
  QTest::newRow("max, from values") << Builder([](ExprPool&, const Leaves& l) { return max(l.x, 3.0 * l.z); }) << 0.5
                                    << 0.4 << 0.0 << free << QList<double>{0.0, 3.0, 0.0};
  QTest::newRow("max, frozen to the smaller argument")
      << Builder([](ExprPool&, const Leaves& l) { return max(l.x, 3.0 * l.z); }) << 0.5 << 0.4 << 0.0 << QList<int>{1}
      << QList<double>{1.0, 0.0, 0.0};
  QTest::newRow("abs, from values") << Builder([](ExprPool&, const Leaves& l) { return abs(l.x - l.z) * l.z; }) << 0.2
                                    << 0.5 << 0.0 << free << skip;
  QTest::newRow("abs, frozen positive past zero")
      << Builder([](ExprPool&, const Leaves& l) { return abs(l.x - l.z) * l.z; }) << 0.2 << 0.5 << 0.0 << QList<int>{1}
      << QList<double>{0.5, 0.2 - 2 * 0.5, 0.0};
  QTest::newRow("ifThenElse, from values")
      << Builder([](ExprPool&, const Leaves& l) { return ifThenElse(greater(l.x, l.z), l.x * l.z, l.x / l.z); }) << 2.0
      << 1.5 << 0.0 << free << QList<double>{1.5, 2.0, 0.0};
  QTest::newRow("ifThenElse, frozen to the other branch")
      << Builder([](ExprPool&, const Leaves& l) { return ifThenElse(greater(l.x, l.z), l.x * l.z, l.x / l.z); }) << 2.0
      << 1.5 << 0.0 << QList<int>{0} << QList<double>{1 / 1.5, -2.0 / (1.5 * 1.5), 0.0};
  QTest::newRow("saturation, two switches frozen")
      << Builder([](ExprPool& p, const Leaves& l) { return min(max(l.x * l.z, p.constant(-1.0)), p.constant(1.0)); })
      << 2.0 << 0.9 << 0.0 << QList<int>{1, 1} << QList<double>{0.9, 2.0, 0.0};
}

// Fourth-order central differences of the same tape with the same frozen
// switches, f' ≈ (f(v−2h) − 8f(v−h) + 8f(v+h) − f(v+2h)) / 12h with
// h = 1e-4·max(1, |v|): truncation h⁴·|f⁽⁵⁾|/30 (below 1e-11 relative even for
// limexp(v/25 mV), whose scale is 40 per volt) and rounding about ε·|f|/h ≈ 1e-12
// relative. So 1e-7 relative leaves a margin above 1e4, while a wrong rule is
// off by O(1). Components that are exactly zero (a frozen-out branch) are held
// to 1e-10 of the largest component.
void TestTape::gradientMatchesFiniteDifferences() {
  QFETCH(Builder, build);
  QFETCH(double, x);
  QFETCH(double, z);
  QFETCH(double, xdot);
  QFETCH(QList<int>, frozen);
  QFETCH(QList<double>, exactGradient);

  ExprPool pool;
  const Expr root = build(pool, leavesOf(pool));
  const auto switches = switchesUnder(pool, root);
  if (!frozen.isEmpty()) QCOMPARE(static_cast<qsizetype>(switches.size()), frozen.size());
  const Tape tape(pool, root, switches);

  Probe probe{tape, {x, z}, {xdot, 0.0}, {1.7}, {}};
  for (int outcome : frozen) probe.frozen.push_back(static_cast<std::uint8_t>(outcome));

  const std::size_t leafCount = tape.leaves().size();
  std::vector<double> work(tape.size()), adjoint(tape.size()), gradient(leafCount);
  const double value = tape.gradient(probe.at(), work.data(), adjoint.data(), gradient.data());
  QCOMPARE(value, probe.value());  // the same program runs for both
  double largest = 0.0;
  for (double g : gradient) largest = std::max(largest, std::abs(g));

  for (std::size_t k = 0; k < leafCount; ++k) {
    const TapeLeaf leaf = tape.leaves()[k];
    double& v = probe.input(leaf);
    const double base = v, h = 1e-4 * std::max(1.0, std::abs(base));
    auto at = [&](double offset) {
      v = base + offset;
      return probe.value();
    };
    const double difference = (at(-2 * h) - 8 * at(-h) + 8 * at(h) - at(2 * h)) / (12 * h);
    v = base;
    QVERIFY2(std::abs(gradient[k] - difference) <= 1e-7 * std::max(std::abs(gradient[k]), 1e-3 * largest),
             qPrintable(QStringLiteral("leaf %1%2: tape %3, finite difference %4")
                            .arg(leaf.derivative ? "der y" : "y")
                            .arg(leaf.index)
                            .arg(gradient[k], 0, 'g', 17)
                            .arg(difference, 0, 'g', 17)));
    if (!exactGradient.isEmpty()) {
      const double exact = exactGradient[leaf.derivative ? 2 : leaf.index];
      // By-hand derivatives: a few roundings apart from the tape's.
      QVERIFY2(std::abs(gradient[k] - exact) <= 1e-12 * std::max(1.0, std::abs(exact)),
               qPrintable(QStringLiteral("leaf %1: tape %2, exact %3").arg(k).arg(gradient[k], 0, 'g', 17).arg(exact)));
    }
  }
}

// At a tie (both arguments of min/max equal, or abs at exactly 0) the value
// does not depend on the frozen outcome but the derivative does: the solver
// froze the switch to pick one branch, so the Jacobian must be that branch's.
// (Before 6904a06 the tape chose the branch by comparing the result with the
// first operand, so at a tie it always differentiated the first branch.)
void TestTape::frozenTiesFollowTheSwitch_data() {
  QTest::addColumn<Builder>("build");
  QTest::addColumn<double>("x");
  QTest::addColumn<double>("z");
  QTest::addColumn<int>("outcome");
  QTest::addColumn<double>("dx");
  QTest::addColumn<double>("dz");
  QTest::newRow("min tie, second chosen")
      << Builder([](ExprPool&, const Leaves& l) { return min(l.x, 2.0 * l.z); }) << 1.0 << 0.5 << 0 << 0.0 << 2.0;
  QTest::newRow("max tie, second chosen")
      << Builder([](ExprPool&, const Leaves& l) { return max(l.x, 2.0 * l.z); }) << 1.0 << 0.5 << 0 << 0.0 << 2.0;
  QTest::newRow("abs at zero, frozen negative")
      << Builder([](ExprPool&, const Leaves& l) { return abs(l.x - l.z); }) << 0.5 << 0.5 << 0 << -1.0 << 1.0;
  QTest::newRow("min tie, first chosen") << Builder([](ExprPool&, const Leaves& l) { return min(l.x, 2.0 * l.z); })
                                         << 1.0 << 0.5 << 1 << 1.0 << 0.0;
}

void TestTape::frozenTiesFollowTheSwitch() {
  QFETCH(Builder, build);
  QFETCH(double, x);
  QFETCH(double, z);
  QFETCH(int, outcome);
  QFETCH(double, dx);
  QFETCH(double, dz);
  ExprPool pool;
  const Expr root = build(pool, leavesOf(pool));
  const Tape tape(pool, root, switchesUnder(pool, root));
  const std::vector<double> y{x, z}, yp{0.0, 0.0}, d{0.0};
  const std::uint8_t frozen = static_cast<std::uint8_t>(outcome);
  const EvalPoint at{0.0, y.data(), yp.data(), d.data(), &frozen};
  std::vector<double> work(tape.size()), adjoint(tape.size()), gradient(tape.leaves().size());
  tape.gradient(at, work.data(), adjoint.data(), gradient.data());
  for (std::size_t k = 0; k < gradient.size(); ++k)  // exact: ±1 and 2 are representable
    QCOMPARE(gradient[k], tape.leaves()[k].index == 0 ? dx : dz);
}

void TestTape::leavesAreTheReferencedUnknowns() {
  ExprPool pool;
  const Leaves l = leavesOf(pool);
  // A capacitor-like residual: C·x' − (z − x)/R; the time and d are no leaves.
  const Expr residual = 1e-6 * l.xdot - (l.z - l.x) / 1e3 + 0.0 * l.t + l.d;
  const Tape tape(pool, residual, {});
  std::vector<TapeLeaf> leaves = tape.leaves();
  std::sort(leaves.begin(), leaves.end(), [](const TapeLeaf& a, const TapeLeaf& b) {
    return std::make_pair(a.derivative, a.index) < std::make_pair(b.derivative, b.index);
  });
  QCOMPARE(leaves.size(), std::size_t{3});
  QVERIFY((leaves[0] == TapeLeaf{0, false}));
  QVERIFY((leaves[1] == TapeLeaf{1, false}));
  QVERIFY((leaves[2] == TapeLeaf{0, true}));
}

void TestTape::hashConsingMakesEachNodeOnce() {
  ExprPool pool;
  const Leaves l = leavesOf(pool);
  auto build = [&] { return exp(-l.x * l.z) * sin(l.t) + ifThenElse(greater(l.x, l.z), sqrt(l.x), l.z) / 3.0; };
  const Expr first = build();
  const std::size_t size = pool.size();
  const Expr second = build();
  QCOMPARE(second.id(), first.id());
  QCOMPARE(pool.size(), size);  // nothing new was made

  QCOMPARE((l.x * l.z).id(), (l.z * l.x).id());  // commutative ops have one canonical order
  QCOMPARE((l.x + l.z).id(), (l.z + l.x).id());
  QCOMPARE((l.x + 0.0).id(), l.x.id());
  QCOMPARE((1.0 * l.x).id(), l.x.id());
  QCOMPARE((-(-l.x)).id(), l.x.id());
  QCOMPARE(pool.constant(-0.0).id(), pool.constant(0.0).id());
  QVERIFY((l.x - l.z).id() != (l.z - l.x).id());

  const Expr folded = pool.constant(2.0) * pool.constant(3.0) + 1.0;
  QVERIFY(folded.isConstant());
  QCOMPARE(folded.constantValue(), 7.0);
  QCOMPARE(folded.id(), pool.constant(7.0).id());
}

void TestTape::linearity_data() {
  QTest::addColumn<Builder>("build");
  QTest::addColumn<bool>("linear");
  QTest::newRow("resistor: x − z − R·i") << Builder([](ExprPool& p, const Leaves& l) {
    return l.x - l.z - 1e3 * p.variable(2);
  }) << true;
  QTest::newRow("capacitor: C·x' − i") << Builder([](ExprPool& p, const Leaves& l) {
    return 1e-6 * l.xdot - p.variable(2);
  }) << true;
  QTest::newRow("source: x − sin(ωt)") << Builder([](ExprPool&, const Leaves& l) {
    return l.x - 10.0 * sin(314.0 * l.t);
  }) << true;
  QTest::newRow("division by a constant")
      << Builder([](ExprPool&, const Leaves& l) { return l.x / 4.0 - l.z; }) << true;
  QTest::newRow("switch on time only") << Builder([](ExprPool& p, const Leaves& l) {
    return l.x - ifThenElse(greaterEqual(l.t, p.constant(1.0)), p.constant(2.0), p.constant(0.0));
  }) << true;
  QTest::newRow("product of unknowns") << Builder([](ExprPool&, const Leaves& l) { return l.x * l.z; }) << false;
  QTest::newRow("unknown in a denominator") << Builder([](ExprPool&, const Leaves& l) { return 2.0 / l.x; }) << false;
  QTest::newRow("time-varying coefficient")
      << Builder([](ExprPool&, const Leaves& l) { return sin(l.t) * l.x; }) << false;
  QTest::newRow("discrete coefficient") << Builder([](ExprPool&, const Leaves& l) { return l.d * l.x; }) << false;
  QTest::newRow("diode: i − Is·(limexp(v/Vt) − 1)")
      << Builder([](ExprPool&, const Leaves& l) { return l.z - 1e-14 * (limexp(l.x / 0.025865) - 1.0); }) << false;
  QTest::newRow("abs of an unknown") << Builder([](ExprPool&, const Leaves& l) { return abs(l.x) - l.z; }) << false;
  QTest::newRow("switch on an unknown") << Builder([](ExprPool& p, const Leaves& l) {
    return ifThenElse(greater(l.x, p.constant(0.0)), l.x, 0.1 * l.x);
  }) << false;
  QTest::newRow("pow of an unknown") << Builder([](ExprPool&, const Leaves& l) { return pow(l.x, 2.0); }) << false;
}

void TestTape::linearity() {
  QFETCH(Builder, build);
  QFETCH(bool, linear);
  ExprPool pool;
  QCOMPARE(build(pool, leavesOf(pool)).node().linear, linear);
}

void TestTape::collectUnknownsFindsEachLeafOnce() {
  ExprPool pool;
  const Leaves l = leavesOf(pool);
  const Expr w = pool.variable(5);
  const Expr e = 3.0 * l.x + l.xdot * l.x + sin(w) * l.t + l.d + exp(l.x * w);
  std::vector<int> variables, derivatives;
  pool.collectUnknowns(e, variables, derivatives);
  std::sort(variables.begin(), variables.end());
  QCOMPARE(variables, (std::vector<int>{0, 5}));
  QCOMPARE(derivatives, (std::vector<int>{0}));

  variables.clear();
  derivatives.clear();
  pool.collectUnknowns(sin(l.t) + l.d, variables, derivatives);
  QVERIFY(variables.empty() && derivatives.empty());

  // Past the short list of nodes met (a ground node's law): a sum over y[10..109], each twice,
  // under a DAG that doubles 60 times (a walk without its marks would never end). Read twice:
  // the second reading must meet the nodes the first marked.
  Expr sum = pool.constant(0.0);
  for (int k = 10; k < 110; ++k) sum = sum + pool.variable(k) * pool.variable(k + 1);
  Expr doubled = sum + der(l.x);
  for (int k = 0; k < 60; ++k) doubled = doubled * doubled;
  std::vector<int> expected(101);
  for (int k = 0; k < 101; ++k) expected[k] = 10 + k;
  for (int reading = 0; reading < 2; ++reading) {
    variables.clear();
    derivatives.clear();
    pool.collectUnknowns(doubled, variables, derivatives);
    std::sort(variables.begin(), variables.end());
    QCOMPARE(variables, expected);
    QCOMPARE(derivatives, (std::vector<int>{0}));
  }
}

void TestTape::linearCoefficient_data() {
  QTest::addColumn<Builder>("build");
  QTest::addColumn<int>("variable");
  QTest::addColumn<bool>("affine");
  QTest::addColumn<double>("coefficient");
  const Builder sum = [](ExprPool&, const Leaves& l) { return 3.0 * l.x - 2.0 * l.z + 5.0; };
  QTest::newRow("sum, x") << sum << 0 << true << 3.0;
  QTest::newRow("sum, z") << sum << 1 << true << -2.0;
  QTest::newRow("absent") << sum << 7 << true << 0.0;
  QTest::newRow("collected terms") << Builder([](ExprPool&, const Leaves& l) {
    return 2.0 * (l.x + 3.0 * l.x) - l.x / 4.0;
  }) << 0 << true << 7.75;
  QTest::newRow("beside a nonlinear term")
      << Builder([](ExprPool&, const Leaves& l) { return exp(l.z) + 2.0 * l.x; }) << 0 << true << 2.0;
  QTest::newRow("inside a nonlinear term")
      << Builder([](ExprPool&, const Leaves& l) { return exp(l.z) + 2.0 * l.x; }) << 1 << false << 0.0;
  QTest::newRow("product of unknowns") << Builder([](ExprPool&, const Leaves& l) { return l.x * l.z; }) << 0 << false
                                       << 0.0;
  QTest::newRow("time-varying coefficient")
      << Builder([](ExprPool&, const Leaves& l) { return sin(l.t) * l.x; }) << 0 << false << 0.0;
  QTest::newRow("under der()") << Builder([](ExprPool&, const Leaves& l) { return l.xdot + l.x; }) << 0 << false << 0.0;
  QTest::newRow("der() of another unknown")
      << Builder([](ExprPool&, const Leaves& l) { return l.xdot - 4.0 * l.z; }) << 1 << true << -4.0;
}

void TestTape::linearCoefficient() {
  QFETCH(Builder, build);
  QFETCH(int, variable);
  QFETCH(bool, affine);
  QFETCH(double, coefficient);
  ExprPool pool;
  const std::optional<double> found = pool.linearCoefficient(build(pool, leavesOf(pool)), variable);
  QCOMPARE(found.has_value(), affine);
  if (affine) QCOMPARE(*found, coefficient);  // sums and products of exact binary fractions: exact
}

QTEST_APPLESS_MAIN(TestTape)
#include "tst_tape.moc"
