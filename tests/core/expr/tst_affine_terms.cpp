// ExprPool::affineTerms: the eliminations read each equation as constant + Σ coefficient·term
// instead of compiling a tape for it. The reading must agree with the tape's own value and
// gradient at zero (an independent method: reverse-mode AD), keep nonlinear and varying parts
// whole, list the leaves in the tape's order, merge repeats, and stay bounded on a DAG whose
// tree expansion is exponential.

#include <QtTest>
#include <vector>

#include "expr/expr.h"
#include "expr/tape.h"

using namespace kelvin::core;

class TestAffineTerms : public QObject {
  Q_OBJECT

 private slots:
  void agreesWithTheTapeGradient();
  void keepsNonlinearAndVaryingPartsWhole();
  void mergesRepeatsOfManyTerms();
  void boundedOnAnExponentialDag();
};

void TestAffineTerms::agreesWithTheTapeGradient() {
  ExprPool pool;
  const Expr y0 = pool.variable(0), y1 = pool.variable(1), y2 = pool.variable(2);
  // 3·(y0 − 2·y1)/4 + 5 − 4·der(y2) − (y1 − 0.5)
  const Expr e = 3.0 * (y0 - 2.0 * y1) / 4.0 + 5.0 - 4.0 * der(y2) - (y1 - 0.5);
  double constant = 0.0;
  std::vector<AffineTerm> terms;
  QVERIFY(pool.affineTerms(e, constant, terms, 1000));

  const Tape tape(pool, e, {});
  std::vector<double> zeros(3, 0.0), work(tape.size()), adjoint(tape.size()), gradient(tape.leaves().size());
  const double atZero = tape.gradient(EvalPoint{0.0, zeros.data(), zeros.data(), nullptr, nullptr}, work.data(),
                                      adjoint.data(), gradient.data());
  // Quarters, halves and small integers: every product and sum is exact in binary, so the
  // two methods agree exactly, and with the closed form 5.5, 0.75, −2.5, −4.
  QCOMPARE(constant, atZero);
  QCOMPARE(constant, 5.5);
  QCOMPARE(terms.size(), tape.leaves().size());
  for (std::size_t k = 0; k < terms.size(); ++k) {
    const ExprNode& leaf = pool.node(terms[k].node);
    QCOMPARE(leaf.index, tape.leaves()[k].index);  // the tape's order
    QCOMPARE(leaf.op == Op::Derivative, tape.leaves()[k].derivative);
    QCOMPARE(terms[k].coefficient, gradient[k]);
  }
  QCOMPARE(terms[0].coefficient, 0.75);
  QCOMPARE(terms[1].coefficient, -2.5);
  QCOMPARE(terms[2].coefficient, -4.0);
}

void TestAffineTerms::keepsNonlinearAndVaryingPartsWhole() {
  ExprPool pool;
  const Expr y0 = pool.variable(0), y1 = pool.variable(1), d0 = pool.discrete(0), t = pool.time();
  const Expr curve = exp(y1), varying = t * y0;
  // y0 − 2·exp(y1) + t·y0 + 3·d0: exp(y1) is nonlinear, t·y0 has a coefficient that varies,
  // d0 is free of unknowns but not constant. Each stays one term.
  const Expr e = y0 - 2.0 * curve + varying + 3.0 * d0;
  double constant = 1.0;
  std::vector<AffineTerm> terms;
  QVERIFY(pool.affineTerms(e, constant, terms, 1000));
  QCOMPARE(constant, 0.0);
  QCOMPARE(terms.size(), std::size_t{4});
  // (Sums put their operands in a canonical order, so the order here is the DAG's, not the text's.)
  auto coefficientOf = [&](Expr node) {
    for (const AffineTerm& t : terms)
      if (t.node == node.id()) return t.coefficient;
    return 0.0;
  };
  QCOMPARE(coefficientOf(y0), 1.0);
  QCOMPARE(coefficientOf(curve), -2.0);
  QCOMPARE(coefficientOf(varying), 1.0);
  QCOMPARE(coefficientOf(d0), 3.0);
}

void TestAffineTerms::mergesRepeatsOfManyTerms() {
  // Σ y_k + Σ 2·y_k over 40 unknowns: more terms than the short list holds, so the repeats
  // are found through the index. Each y_k once, coefficient 3, in the order first met.
  constexpr int kCount = 40;
  ExprPool pool;
  Expr e = pool.constant(0.0);
  for (int k = 0; k < kCount; ++k) e = e + pool.variable(k);
  for (int k = 0; k < kCount; ++k) e = e + 2.0 * pool.variable(k);
  double constant = 1.0;
  std::vector<AffineTerm> terms;
  QVERIFY(pool.affineTerms(e, constant, terms, 1000));
  QCOMPARE(constant, 0.0);
  QCOMPARE(terms.size(), std::size_t{kCount});
  for (int k = 0; k < kCount; ++k) {
    QCOMPARE(pool.node(terms[k].node).index, k);
    QCOMPARE(terms[k].coefficient, 3.0);
  }
}

void TestAffineTerms::boundedOnAnExponentialDag() {
  // x_{k+1} = x_k + x_k over 64 levels: 129 nodes as a DAG, 2^64 leaves as a tree. The reading
  // gives up after its bound instead of running for ever; the tape (which shares) is exact.
  ExprPool pool;
  Expr x = pool.variable(0);
  for (int k = 0; k < 64; ++k) x = x + x;
  double constant = 0.0;
  std::vector<AffineTerm> terms;
  QVERIFY(!pool.affineTerms(x, constant, terms, 10000));
  // 20 levels fit a bound of 2^22 visits: the coefficient is 2^20, exactly.
  Expr small = pool.variable(0);
  for (int k = 0; k < 20; ++k) small = small + small;
  QVERIFY(pool.affineTerms(small, constant, terms, std::size_t{1} << 22));
  QCOMPARE(terms.size(), std::size_t{1});
  QCOMPARE(terms[0].coefficient, 1048576.0);
}

QTEST_APPLESS_MAIN(TestAffineTerms)
#include "tst_affine_terms.moc"
