// Expressions far deeper than any call stack: a chain of 100,000 additions
// (what a long ladder network becomes after alias elimination) goes through
// substitution, node replacement, coefficient extraction, printing and the
// tape without recursion, and every result is checked against its closed form.

#include <QtTest>
#include <algorithm>
#include <string>
#include <unordered_map>
#include <vector>

#include "expr/expr.h"
#include "expr/tape.h"

using namespace kelvin::core;

namespace {

// Deeper than an 8 MB stack allows a recursive walk of a few hundred bytes per level
// (the recursive substitute overflowed on a 20,000-section ladder), and still fast.
constexpr int kDepth = 100000;

/// y0 + y1 + y1 + ... (kDepth times y1): each sum one level deeper than the last.
Expr chain(ExprPool& pool) {
  Expr e = pool.variable(0);
  for (int i = 0; i < kDepth; ++i) e = e + pool.variable(1);
  return e;
}

}  // namespace

class TestDeepExpressions : public QObject {
  Q_OBJECT

 private slots:
  void substituteFoldsTheWholeChain();
  void replaceNodesReachesTheBottom();
  void linearCoefficientCountsEveryTerm();
  void toStringWritesEveryTerm();
  void tapeEvaluatesTheChain();
};

void TestDeepExpressions::substituteFoldsTheWholeChain() {
  ExprPool pool;
  const Expr e = chain(pool);
  const Expr folded = pool.substitute(e, {{0, pool.constant(3.0)}, {1, pool.constant(2.0)}});
  QVERIFY(folded.isConstant());
  // Integers below 2^53: every partial sum is exact.
  QCOMPARE(folded.constantValue(), 3.0 + 2.0 * kDepth);
  // Replacing only y1 keeps y0: the result is still linear in y0 with coefficient 1.
  const Expr partial = pool.substitute(e, {{1, pool.constant(2.0)}});
  QCOMPARE(pool.linearCoefficient(partial, 0).value(), 1.0);
}

void TestDeepExpressions::replaceNodesReachesTheBottom() {
  ExprPool pool;
  const Expr e = chain(pool);
  const Expr replaced =
      pool.replaceNodes(e, {{pool.variable(0).id(), pool.constant(5.0)}, {pool.variable(1).id(), pool.constant(1.0)}});
  QVERIFY(replaced.isConstant());
  QCOMPARE(replaced.constantValue(), 5.0 + kDepth);  // exact: integers below 2^53
}

void TestDeepExpressions::linearCoefficientCountsEveryTerm() {
  ExprPool pool;
  const Expr e = chain(pool);
  QCOMPARE(pool.linearCoefficient(e, 1).value(), static_cast<double>(kDepth));  // exact sum of ones
  QCOMPARE(pool.linearCoefficient(e, 0).value(), 1.0);
  QCOMPARE(pool.linearCoefficient(e, 2).value(), 0.0);
  // Under a nonlinear op at the top, y1 has no constant coefficient.
  QVERIFY(!pool.linearCoefficient(sin(e), 1).has_value());
}

void TestDeepExpressions::toStringWritesEveryTerm() {
  ExprPool pool;
  const std::string text = pool.toString(chain(pool), nullptr);
  QCOMPARE(std::count(text.begin(), text.end(), '+'), static_cast<long>(kDepth));
  QCOMPARE(std::count(text.begin(), text.end(), '('), static_cast<long>(kDepth));
  // Addition is stored with the older operand first, so y[1] leads every sum but the innermost.
  QVERIFY(text.starts_with("(y[1] + (y[1] + (y[1] + "));
  QVERIFY(text.ends_with("(y[0] + y[1])" + std::string(kDepth - 1, ')')));
}

void TestDeepExpressions::tapeEvaluatesTheChain() {
  ExprPool pool;
  const Tape tape(pool, chain(pool), {});
  std::vector<double> y{3.0, 2.0}, yp{0.0, 0.0}, work(tape.size());
  EvalPoint at;
  at.y = y.data();
  at.yp = yp.data();
  QCOMPARE(tape.evaluate(at, work.data()), 3.0 + 2.0 * kDepth);  // exact: integers below 2^53
}

QTEST_APPLESS_MAIN(TestDeepExpressions)
#include "tst_deep_expressions.moc"
