// installFastVectorOps against SUNDIALS' own serial vector operations: every replaced
// operation, including each special case of N_VLinearSum (unit, opposite and equal
// coefficients, a result that is one of the operands), linear combinations of 1 to 9
// vectors and linear sums of 1 to 9 pairs (separate, or chained as IDA updates its history),
// gives bit for bit the result of the SUNDIALS implementation (for the
// combinations: of SUNDIALS' fallback, a scale followed by linear sums, which is what IDA
// ran before). Bitwise, not within a tolerance: the fast operations promise the same
// floating-point operations in the same order, so a run's results do not change.

#include <QtTest>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include <nvector/nvector_serial.h>

#include "solve/fast_vector_ops.h"
#include "support/sundials_context.h"

using namespace kelvin;

namespace {

constexpr int kLength = 1003;  // odd, so a vectorised loop's remainder is exercised too

/// One set of vectors with SUNDIALS' operations and one with the fast ones, same contents.
class Pair {
 public:
  explicit Pair(SUNContext context, int count) {
    std::mt19937 random(7);
    std::uniform_real_distribution<double> value(-3.0, 3.0);
    for (int k = 0; k < count; ++k) {
      N_Vector a = N_VNew_Serial(kLength, context);
      N_Vector b = N_VNew_Serial(kLength, context);
      core::installFastVectorOps(b);
      for (int i = 0; i < kLength; ++i) NV_Ith_S(a, i) = NV_Ith_S(b, i) = value(random);
      NV_Ith_S(a, 0) = NV_Ith_S(b, 0) = 0.0;  // 1/0 and 0·∞ appear as in SUNDIALS
      slow.push_back(a);
      fast.push_back(b);
    }
  }
  ~Pair() {
    for (N_Vector v : slow) N_VDestroy(v);
    for (N_Vector v : fast) N_VDestroy(v);
  }
  bool same(int k) const { return std::memcmp(NV_DATA_S(slow[k]), NV_DATA_S(fast[k]), kLength * sizeof(double)) == 0; }
  std::vector<N_Vector> slow, fast;
};

}  // namespace

class TestFastVectorOps : public QObject {
  Q_OBJECT

 private:
  SundialsContext context_;

 private Q_SLOTS:

  void linearSum_data() {
    QTest::addColumn<double>("a");
    QTest::addColumn<double>("b");
    QTest::addColumn<int>("target");  // 0: a separate z, 1: z = x, 2: z = y
    const double coefficients[] = {1.0, -1.0, 0.5, -0.5, 2.75};
    for (double a : coefficients)
      for (double b : coefficients)
        for (int target = 0; target < 3; ++target)
          QTest::addRow("a=%g b=%g z=%s", a, b, target == 0 ? "new" : target == 1 ? "x" : "y") << a << b << target;
  }
  void linearSum() {
    QFETCH(double, a);
    QFETCH(double, b);
    QFETCH(int, target);
    Pair p(context_, 3);
    const int z = target == 0 ? 2 : target - 1;
    N_VLinearSum(a, p.slow[0], b, p.slow[1], p.slow[z]);
    N_VLinearSum(a, p.fast[0], b, p.fast[1], p.fast[z]);
    QVERIFY(p.same(z));
  }

  void elementwise() {
    Pair p(context_, 3);
    N_VConst(1.25, p.slow[2]);
    N_VConst(1.25, p.fast[2]);
    QVERIFY(p.same(2));
    N_VProd(p.slow[0], p.slow[1], p.slow[2]);
    N_VProd(p.fast[0], p.fast[1], p.fast[2]);
    QVERIFY(p.same(2));
    N_VDiv(p.slow[0], p.slow[1], p.slow[2]);
    N_VDiv(p.fast[0], p.fast[1], p.fast[2]);
    QVERIFY(p.same(2));
    for (double c : {1.0, -1.0, 0.3}) {
      N_VScale(c, p.slow[0], p.slow[2]);
      N_VScale(c, p.fast[0], p.fast[2]);
      QVERIFY(p.same(2));
      N_VScale(c, p.slow[1], p.slow[1]);
      N_VScale(c, p.fast[1], p.fast[1]);
      QVERIFY(p.same(1));
    }
    N_VAbs(p.slow[0], p.slow[2]);
    N_VAbs(p.fast[0], p.fast[2]);
    QVERIFY(p.same(2));
    N_VInv(p.slow[0], p.slow[2]);
    N_VInv(p.fast[0], p.fast[2]);
    QVERIFY(p.same(2));
    N_VAddConst(p.slow[0], -0.7, p.slow[2]);
    N_VAddConst(p.fast[0], -0.7, p.fast[2]);
    QVERIFY(p.same(2));
  }

  void linearCombination_data() {
    QTest::addColumn<int>("count");
    QTest::addColumn<bool>("inPlace");  // z = X[0], as IDA's interpolation and predictor do
    for (int count = 1; count <= 9; ++count)
      for (bool inPlace : {false, true})
        QTest::addRow("%d vectors%s", count, inPlace ? ", z = X[0]" : "") << count << inPlace;
  }
  void linearCombination() {
    QFETCH(int, count);
    QFETCH(bool, inPlace);
    Pair p(context_, count + 1);
    std::vector<double> c;
    for (int k = 0; k < count; ++k) c.push_back(k % 3 == 1 ? 1.0 : k % 3 == 2 ? -1.0 : 0.37 * (k + 1));
    const int z = inPlace ? 0 : count;
    // SUNDIALS' fallback (what IDA runs when the vector has no fused combination).
    N_VScale(c[0], p.slow[0], p.slow[z]);
    for (int k = 1; k < count; ++k) N_VLinearSum(c[k], p.slow[k], 1.0, p.slow[z], p.slow[z]);
    QCOMPARE(N_VLinearCombination(count, c.data(), p.fast.data(), p.fast[z]), 0);
    QVERIFY(p.same(z));
  }

  void linearSumArray_data() {
    QTest::addColumn<int>("count");
    QTest::addColumn<double>("a");
    QTest::addColumn<double>("b");
    QTest::addColumn<bool>("chained");  // IDA's history update: X[k] += X[k - 1], from the top down
    for (int count = 1; count <= 9; ++count)
      for (double a : {1.0, 0.5})
        for (bool chained : {false, true})
          QTest::addRow("%d pairs a=%g%s", count, a, chained ? ", chained" : "")
              << count << a << (a == 1.0 ? 1.0 : -2.0) << chained;
  }
  void linearSumArray() {
    QFETCH(int, count);
    QFETCH(double, a);
    QFETCH(double, b);
    QFETCH(bool, chained);
    Pair p(context_, 3 * count + 1);
    // chained: Z[k] = X[k] = vector k + 1, Y[0] = vector 0, Y[k] = X[k - 1] (IDACompleteStep's
    // phi[j] += phi[j + 1] with ee on top); else three separate vectors per pair.
    auto arrays = [&](std::vector<N_Vector>& v, std::vector<N_Vector>& X, std::vector<N_Vector>& Y,
                      std::vector<N_Vector>& Z) {
      for (int k = 0; k < count; ++k) {
        X.push_back(chained ? v[k + 1] : v[3 * k]);
        Y.push_back(chained ? v[k] : v[3 * k + 1]);
        Z.push_back(chained ? v[k + 1] : v[3 * k + 2]);
      }
    };
    std::vector<N_Vector> xs, ys, zs, xf, yf, zf;
    arrays(p.slow, xs, ys, zs);
    arrays(p.fast, xf, yf, zf);
    // SUNDIALS' fallback (one N_VLinearSum per pair), then the fused operation.
    QCOMPARE(N_VLinearSumVectorArray(count, a, xs.data(), b, ys.data(), zs.data()), 0);
    QCOMPARE(N_VLinearSumVectorArray(count, a, xf.data(), b, yf.data(), zf.data()), 0);
    for (int k = 0; k < 3 * count + 1; ++k) QVERIFY(p.same(k));
  }

  // The weighted maximum norm against the definition computed here element by element (max is
  // exact, so equality is exact too); the masked one skips id <= 0; one NaN makes the norm NaN.
  void maxNorm() {
    Pair p(context_, 3);
    N_Vector x = p.fast[0], w = p.fast[1], id = p.fast[2];
    core::installMaxNorm(x);
    NV_Ith_S(x, 300) = 10.0;  // the largest term, at an index the mask leaves out (300 % 3 == 0)
    double worst = 0.0, worstMasked = 0.0;
    for (int i = 0; i < kLength; ++i) {
      NV_Ith_S(w, i) = std::abs(NV_Ith_S(w, i));
      NV_Ith_S(id, i) = i % 3 == 0 ? 0.0 : 1.0;
      const double e = std::abs(NV_Ith_S(x, i) * NV_Ith_S(w, i));
      worst = std::max(worst, e);
      if (i % 3 != 0) worstMasked = std::max(worstMasked, e);
    }
    QVERIFY(worstMasked < worst);  // the largest term is masked out, so the mask is tested
    QCOMPARE(N_VWrmsNorm(x, w), worst);
    QCOMPARE(N_VWrmsNormMask(x, w, id), worstMasked);
    NV_Ith_S(x, kLength - 2) = std::numeric_limits<double>::quiet_NaN();
    QVERIFY(std::isnan(N_VWrmsNorm(x, w)));
    QVERIFY(std::isnan(N_VWrmsNormMask(x, w, id)));
  }

  // The error weights against 1/(rtol·|y| + atol) element by element, to the bit, and the
  // smallest tolerance (the weights run as AVX-512 or AVX2 code where the processor has it).
  void errorWeights() {
    Pair p(context_, 2);
    const double rtol = 1e-6, atol = 1e-9;
    const double smallest = core::errorWeights(p.fast[0], p.fast[1], rtol, atol);
    double expectedSmallest = HUGE_VAL;
    for (int i = 0; i < kLength; ++i) {
      const double tolerance = rtol * std::abs(NV_Ith_S(p.fast[0], i)) + atol;
      expectedSmallest = std::min(expectedSmallest, tolerance);
      const double weight = 1.0 / tolerance;  // bitwise: QCOMPARE would let a fused multiply-add pass
      QVERIFY(std::memcmp(&NV_Ith_S(p.fast[1], i), &weight, sizeof(double)) == 0);
    }
    QCOMPARE(smallest, expectedSmallest);
    QCOMPARE(core::errorWeights(p.fast[0], p.fast[1], 0.0, 0.0), 0.0);  // y[0] = 0: no valid weight
  }

  // allFinite: true for finite values (negative, zero, huge, tiny), false for one infinity or
  // NaN anywhere, first, last or in the middle of a vectorised block.
  void allFinite_data() {
    QTest::addColumn<double>("odd");
    QTest::addColumn<int>("at");
    QTest::addColumn<bool>("finite");
    const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
    QTest::newRow("all finite") << 1.0 << 0 << true;
    QTest::newRow("largest double") << std::numeric_limits<double>::max() << 5 << true;
    QTest::newRow("-0 and denormal") << std::numeric_limits<double>::denorm_min() << 6 << true;
    for (int at : {0, 7, kLength - 1}) {
      QTest::addRow("+inf at %d", at) << inf << at << false;
      QTest::addRow("-inf at %d", at) << -inf << at << false;
      QTest::addRow("NaN at %d", at) << nan << at << false;
    }
  }
  void allFinite() {
    QFETCH(double, odd);
    QFETCH(int, at);
    QFETCH(bool, finite);
    Pair p(context_, 1);
    double* x = NV_DATA_S(p.fast[0]);
    x[1] = -0.0;
    x[at] = odd;
    QCOMPARE(core::allFinite(x, kLength), finite);
  }
};

QTEST_APPLESS_MAIN(TestFastVectorOps)
#include "tst_fast_vector_ops.moc"
