// makeSampledVector: IDAGetDky's linear combination of 1 to 6 history vectors computed at the
// sampled entries only gives there, bit for bit, what the full combination of fast_vector_ops
// (the output vector's operation before) gives, and leaves every other entry zero.

#include <QtTest>
#include <cstring>
#include <random>
#include <vector>

#include <nvector/nvector_serial.h>

#include "solve/fast_vector_ops.h"
#include "solve/sampled_vector.h"
#include "support/sundials_context.h"

using namespace kelvin;

class TestSampledVector : public QObject {
  Q_OBJECT

 private:
  SundialsContext context_;

 private Q_SLOTS:
  void combinesOnlyTheSampledEntries_data();
  void combinesOnlyTheSampledEntries();
};

void TestSampledVector::combinesOnlyTheSampledEntries_data() {
  QTest::addColumn<int>("count");
  for (int count = 1; count <= 6; ++count) QTest::addRow("%d vectors", count) << count;
}

void TestSampledVector::combinesOnlyTheSampledEntries() {
  QFETCH(int, count);
  constexpr int kLength = 1003;
  const std::vector<int> entries = {0, 1, 17, 500, 1002};
  std::mt19937 random(11);
  std::uniform_real_distribution<double> value(-3.0, 3.0);
  std::vector<N_Vector> history;
  std::vector<double> c;
  for (int k = 0; k < count; ++k) {
    history.push_back(N_VNew_Serial(kLength, context_));
    for (int i = 0; i < kLength; ++i) NV_Ith_S(history.back(), i) = value(random);
    c.push_back(value(random));
  }
  N_Vector full = N_VNew_Serial(kLength, context_);
  core::installFastVectorOps(full);
  N_Vector sampled = core::makeSampledVector(kLength, entries, context_);
  QCOMPARE(N_VGetLength(sampled), sunindextype{kLength});
  QCOMPARE(N_VLinearCombination(count, c.data(), history.data(), full), 0);
  QCOMPARE(N_VLinearCombination(count, c.data(), history.data(), sampled), 0);
  const double* computed = N_VGetArrayPointer(sampled);
  for (int i = 0, next = 0; i < kLength; ++i) {
    const bool isSampled = next < static_cast<int>(entries.size()) && entries[next] == i;
    if (isSampled) ++next;
    // Bitwise (QCOMPARE on doubles is fuzzy): the same operations in the same order.
    const double expected = isSampled ? NV_Ith_S(full, i) : 0.0;
    if (std::memcmp(&computed[i], &expected, sizeof(double)) != 0)
      QFAIL(qPrintable(QStringLiteral("entry %1: %2, not %3").arg(i).arg(computed[i]).arg(expected)));
  }
  N_VDestroy(sampled);
  N_VDestroy(full);
  for (N_Vector v : history) N_VDestroy(v);
}

QTEST_APPLESS_MAIN(TestSampledVector)
#include "tst_sampled_vector.moc"
