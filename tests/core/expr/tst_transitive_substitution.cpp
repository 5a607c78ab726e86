// ExprPool::substituteTransitively and ExprPool::substituteAll: the explicit-unknown
// elimination keeps each eliminated unknown's value as it was solved for (over unknowns some of
// which are eliminated later) and rewrites an equation once through those values, and it
// rewrites all the signals under one memo. The result must be the expression that substituting
// the chain by hand gives (the same node, by hash-consing), its value must be the one the
// chain of definitions gives, and rewriting many targets must make only the result's nodes. A
// replacement the caller calls settled is taken as it is, not walked.

#include <QtTest>
#include <vector>

#include "expr/expr.h"
#include "expr/tape.h"

using namespace kelvin::core;

class TestTransitiveSubstitution : public QObject {
  Q_OBJECT

 private slots:
  void chainOfDefinitionsResolves();
  void valueMatchesTheDefinitions();
  void sharedMemoMakesEachNodeOnce();
  void leavesTargetsWithoutReplacedUnknowns();
  void takesASettledReplacementAsItIs();
  void keepsTheNodesItWalksIntact();
};

namespace {
/// A chain of two definitions over y0..y3: y0 = y1 + 1, y1 = 2·y2.
std::vector<Expr> chainOfTwo(ExprPool& pool) {
  std::vector<Expr> byVariable(4);
  byVariable[0] = pool.variable(1) + 1.0;
  byVariable[1] = 2.0 * pool.variable(2);
  return byVariable;
}
}  // namespace

void TestTransitiveSubstitution::chainOfDefinitionsResolves() {
  ExprPool pool;
  const Expr y0 = pool.variable(0), y1 = pool.variable(1), y2 = pool.variable(2), y3 = pool.variable(3);
  // y0 = y1 + 1, y1 = 2·y2: y0·y3 is (2·y2 + 1)·y3.
  const std::vector<Expr> byVariable = chainOfTwo(pool);
  const Expr rewritten = pool.substituteTransitively(y0 * y3, byVariable);
  QCOMPARE(rewritten.id(), ((2.0 * y2 + 1.0) * y3).id());
  // One level only (substitute) leaves y1 where y0 was.
  QCOMPARE(pool.substitute(y0 * y3, byVariable).id(), ((y1 + 1.0) * y3).id());
}

void TestTransitiveSubstitution::valueMatchesTheDefinitions() {
  ExprPool pool;
  const Expr y0 = pool.variable(0), y1 = pool.variable(1), y2 = pool.variable(2), y3 = pool.variable(3);
  // A conservation law over three unknowns defined in a chain and one survivor y3:
  // y0 = (y1 − y3)/4, y1 = 3·y2 + der(y3), y2 = 5 − y3.
  std::vector<Expr> byVariable(4);
  byVariable[0] = (y1 - y3) / 4.0;
  byVariable[1] = 3.0 * y2 + der(y3);
  byVariable[2] = 5.0 - y3;
  const Expr law = y0 + y1 * y2 - y3;
  const Expr rewritten = pool.substituteTransitively(law, byVariable);
  std::vector<int> variables, derivatives;
  pool.collectUnknowns(rewritten, variables, derivatives);
  QCOMPARE(variables, std::vector<int>{3});
  QCOMPARE(derivatives, std::vector<int>{3});
  // At y3 = 2, y3' = 7: y2 = 3, y1 = 16, y0 = 3.5, law = 3.5 + 48 − 2 (exact in binary).
  const Tape tape(pool, rewritten, {});
  std::vector<double> y{0.0, 0.0, 0.0, 2.0}, yp{0.0, 0.0, 0.0, 7.0}, work(tape.size());
  QCOMPARE(tape.evaluate(EvalPoint{0.0, y.data(), yp.data(), nullptr, nullptr}, work.data()), 49.5);
}

void TestTransitiveSubstitution::sharedMemoMakesEachNodeOnce() {
  ExprPool pool;
  const Expr y0 = pool.variable(0), y1 = pool.variable(1), y2 = pool.variable(2);
  std::vector<Expr> byVariable(3);
  byVariable[0] = y1 * y2 + 1.0;
  // Many signals that all read the same sub-expression over y0.
  const Expr shared = sin(y0) * y2;
  std::vector<Expr> targets(50, shared);
  targets.push_back(shared + y1);
  std::vector<Expr*> pointers;
  for (Expr& t : targets) pointers.push_back(&t);
  const std::size_t before = pool.size();
  pool.substituteAll(pointers, byVariable, true);
  const std::size_t made = pool.size() - before;
  const Expr expected = sin(y1 * y2 + 1.0) * y2;
  for (std::size_t k = 0; k + 1 < targets.size(); ++k) QCOMPARE(targets[k].id(), expected.id());
  QCOMPARE(targets.back().id(), (expected + y1).id());
  // Only the result's new nodes are made: sin of the replacement, its product with y2 and the
  // last sum (the replacement itself exists already). No node of an intermediate form is left.
  QCOMPARE(made, std::size_t{3});
}

void TestTransitiveSubstitution::leavesTargetsWithoutReplacedUnknowns() {
  ExprPool pool;
  const Expr y0 = pool.variable(0), y1 = pool.variable(1);
  std::vector<Expr> byVariable(1);
  byVariable[0] = 3.0 * y1;
  Expr untouched = y1 * y1, constant = pool.constant(4.0), invalid;
  const std::uint32_t untouchedId = untouched.id(), constantId = constant.id();
  std::vector<Expr*> pointers{&untouched, &constant, &invalid};
  pool.substituteAll(pointers, byVariable, false);
  QCOMPARE(untouched.id(), untouchedId);
  QCOMPARE(constant.id(), constantId);
  QVERIFY(!invalid.valid());
  // An index past the end of byVariable keeps its leaf.
  QCOMPARE(pool.substituteTransitively(y0 + y1, byVariable).id(), (3.0 * y1 + y1).id());
}

void TestTransitiveSubstitution::takesASettledReplacementAsItIs() {
  ExprPool pool;
  const std::vector<Expr> byVariable = chainOfTwo(pool);
  const Expr y0 = pool.variable(0), y1 = pool.variable(1), y2 = pool.variable(2), y3 = pool.variable(3);
  const Expr expected = (2.0 * y2 + 1.0) * y3;
  // y1's replacement has no replaced variable in it: calling it settled changes nothing.
  const auto onlyY1 = [](int k) { return k == 1; };
  QCOMPARE(pool.substituteTransitively(y0 * y3, byVariable, onlyY1).id(), expected.id());
  QCOMPARE(pool.substituteTransitively(y1 * y3, byVariable, onlyY1).id(), (2.0 * y2 * y3).id());
  // Called settled, y0's replacement is not walked: the y1 in it stays, as an operand and as a
  // whole target (the proof that the walk was skipped; a caller never says so of such a one).
  const auto all = [](int) { return true; };
  QCOMPARE(pool.substituteTransitively(y0 * y3, byVariable, all).id(), ((y1 + 1.0) * y3).id());
  Expr target = y0, product = y0 * y3;
  pool.substituteAll({&target, &product}, byVariable, true, all);
  QCOMPARE(target.id(), (y1 + 1.0).id());
  QCOMPARE(product.id(), ((y1 + 1.0) * y3).id());
  pool.substituteAll({&target, &product}, byVariable, true, onlyY1);
  QCOMPARE(target.id(), (2.0 * y2 + 1.0).id());
  QCOMPARE(product.id(), expected.id());
}

void TestTransitiveSubstitution::keepsTheNodesItWalksIntact() {
  // A rewrite keeps its memo in the nodes it walks (ExprNode::walk): a constant it meets (as an
  // operand, or as a replacement reached transitively) must keep its value, and a der() of a
  // replaced variable (a walk nested in the walk) must not disturb the outer walk's memo.
  ExprPool pool;
  const Expr y0 = pool.variable(0), y1 = pool.variable(1), y2 = pool.variable(2), y3 = pool.variable(3);
  std::vector<Expr> byVariable(4);
  byVariable[0] = pool.constant(2.5);
  byVariable[1] = y0 + y2;
  byVariable[2] = 4.0 * y3 + 1.0;
  const Expr law = y1 * y3 + der(y2) * (y1 * y3) + 0.75 * y0;
  for (int round = 0; round < 3; ++round) {
    const Expr rewritten = pool.substituteTransitively(law, byVariable);
    const Expr y1Now = 2.5 + (4.0 * y3 + 1.0);
    const Expr derY2 = (4.0 * der(y3) + 1.0) - (4.0 * pool.constant(0.0) + 1.0);
    QCOMPARE(rewritten.id(), (y1Now * y3 + derY2 * (y1Now * y3) + 0.75 * 2.5).id());
    QCOMPARE(pool.constant(2.5).constantValue(), 2.5);
    QCOMPARE(pool.constant(0.75).constantValue(), 0.75);
    QCOMPARE(pool.constant(4.0).constantValue(), 4.0);
  }
}

QTEST_APPLESS_MAIN(TestTransitiveSubstitution)
#include "tst_transitive_substitution.moc"
