// ExprPool::renumberUnknowns: the elimination passes renumber the surviving unknowns in
// place instead of rewriting the system. Every expression held before must read the new
// numbering with the same node ids, the hash-consing must find the renumbered leaves
// again, and an eliminated unknown's old leaf must never be mistaken for a survivor.

#include <QtTest>
#include <vector>

#include "expr/expr.h"
#include "expr/tape.h"

using namespace kelvin::core;

class TestUnknownRenumbering : public QObject {
  Q_OBJECT

 private slots:
  void heldExpressionsReadTheNewNumbering();
  void internFindsTheRenumberedLeaves();
  void retiredLeavesNeverCollide();
};

void TestUnknownRenumbering::heldExpressionsReadTheNewNumbering() {
  ExprPool pool;
  // e = 2·y1·y2 + der(y2) − y3; y0 is eliminated, y1..y3 become y0..y2.
  const Expr e = 2.0 * pool.variable(1) * pool.variable(2) + der(pool.variable(2)) - pool.variable(3);
  const std::uint32_t id = e.id();
  pool.renumberUnknowns({-1, 0, 1, 2});
  QCOMPARE(e.id(), id);
  QCOMPARE(QString::fromStdString(pool.toString(e)),
           QString::fromStdString(
               pool.toString(2.0 * pool.variable(0) * pool.variable(1) + der(pool.variable(1)) - pool.variable(2))));
  // Its value at y = (3, 5, 7), y' = (0, 11, 0) under the new numbering: 2·3·5 + 11 − 7.
  const Tape tape(pool, e, {});
  std::vector<double> y{3.0, 5.0, 7.0}, yp{0.0, 11.0, 0.0}, work(tape.size());
  QCOMPARE(tape.evaluate(EvalPoint{0.0, y.data(), yp.data(), nullptr, nullptr}, work.data()), 34.0);
}

void TestUnknownRenumbering::internFindsTheRenumberedLeaves() {
  ExprPool pool;
  const Expr y5 = pool.variable(5), sum = pool.variable(5) + pool.variable(7);
  const std::size_t nodes = pool.size();
  std::vector<int> newIndex(8, -1);
  newIndex[5] = 1;
  newIndex[7] = 0;  // a renumbering need not keep the order
  pool.renumberUnknowns(newIndex);
  // The same nodes, found by their new indices: nothing is made anew.
  QCOMPARE(pool.variable(1).id(), y5.id());
  QCOMPARE((pool.variable(0) + pool.variable(1)).id(), sum.id());
  QCOMPARE(pool.size(), nodes);
}

void TestUnknownRenumbering::retiredLeavesNeverCollide() {
  ExprPool pool;
  const Expr gone = pool.variable(0), goneRate = pool.derivative(0), kept = pool.variable(1);
  pool.renumberUnknowns({-1, 0});  // y0 eliminated, y1 becomes y0
  QCOMPARE(pool.variable(0).id(), kept.id());
  QVERIFY(gone.node().index < 0);
  QVERIFY(goneRate.node().index < 0);
  // A second pass retires y0 (the old y1) too: its leaf must not meet the first retired one.
  const std::size_t before = pool.size();
  const Expr fresh = pool.variable(3);  // an unknown past the end of newIndex is retired as well
  pool.renumberUnknowns({-1});
  QVERIFY(kept.node().index < 0);
  QVERIFY(fresh.node().index < 0);
  QVERIFY(kept.node().index != gone.node().index);
  QVERIFY(fresh.node().index != gone.node().index && fresh.node().index != kept.node().index);
  // A new y0 is a new leaf, not one of the retired ones.
  const Expr y0 = pool.variable(0);
  QVERIFY(y0.id() != kept.id() && y0.id() != gone.id());
  QCOMPARE(pool.size(), before + 2);  // fresh and the new y0
}

QTEST_APPLESS_MAIN(TestUnknownRenumbering)
#include "tst_unknown_renumbering.moc"
