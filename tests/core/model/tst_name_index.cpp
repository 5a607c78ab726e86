// NameIndex, the name -> place lookup of block ids: what was added is found with its value,
// a name added twice keeps its first value, names that differ only a little (a prefix, a
// trailing blank, the empty name) stay apart, and an index that outgrows its expected size
// still finds every name (a model of 300,000 blocks, from an index expecting none).

#include <QtTest>

#include <string>
#include <vector>

#include "model/name_index.h"

using kelvin::core::NameIndex;

class TestNameIndex : public QObject {
  Q_OBJECT

 private slots:
  void findsWhatWasAdded();
  void keepsTheFirstValueOfAName();
  void keepsCloseNamesApart();
  void growsPastTheExpectedSize();
};

void TestNameIndex::findsWhatWasAdded() {
  NameIndex index(2);
  QCOMPARE(index.find("R1"), -1);
  QCOMPARE(index.insert("R1", 7), std::make_pair(7, true));
  QCOMPARE(index.insert("C1", 3), std::make_pair(3, true));
  QCOMPARE(index.find("R1"), 7);
  QCOMPARE(index.find("C1"), 3);
  QCOMPARE(index.find("L1"), -1);
  QCOMPARE(index.size(), std::size_t{2});
}

void TestNameIndex::keepsTheFirstValueOfAName() {
  NameIndex index;
  QCOMPARE(index.insert("R1", 0), std::make_pair(0, true));
  QCOMPARE(index.insert("R1", 5), std::make_pair(0, false));
  QCOMPARE(index.find("R1"), 0);
  QCOMPARE(index.size(), std::size_t{1});
}

void TestNameIndex::keepsCloseNamesApart() {
  const std::vector<std::string> names{"R1", "R10", "R1 ", "r1", "", "R", "Я1"};
  NameIndex index;
  for (std::size_t k = 0; k < names.size(); ++k) QVERIFY(index.insert(names[k], static_cast<int>(k)).second);
  for (std::size_t k = 0; k < names.size(); ++k) QCOMPARE(index.find(names[k]), static_cast<int>(k));
  QCOMPARE(index.find("R100"), -1);
}

void TestNameIndex::growsPastTheExpectedSize() {
  constexpr int kNames = 300000;
  std::vector<std::string> names;
  names.reserve(kNames);
  for (int k = 0; k < kNames; ++k) names.push_back((k % 2 ? "C" : "R") + std::to_string(k));
  NameIndex index;  // expects nothing: grows many times
  for (int k = 0; k < kNames; ++k) QVERIFY(index.insert(names[k], 2 * k).second);
  QCOMPARE(index.size(), std::size_t{kNames});
  for (int k = 0; k < kNames; ++k)
    if (index.find(names[k]) != 2 * k) QFAIL(qPrintable(QString::fromStdString(names[k])));
  // The same names with the other letter were never added.
  for (int k = 0; k < 1000; ++k) QCOMPARE(index.find((k % 2 ? "R" : "C") + std::to_string(k)), -1);
}

QTEST_APPLESS_MAIN(TestNameIndex)
#include "tst_name_index.moc"
