// Acceptance on a large sparse system: the 1000-section RC ladder of
// bench/make_rc_ladder.py (R = 1 kΩ, C = 1 pF per section, a 1 V source,
// capacitors from 0 V, 1 µs), built here as a core::Model and run with IDA
// (KLU) at rtol 1e-8, atol 1e-12. The node voltages at nodes 1, 10, 100 and
// 1000 are compared with the closed form (tests/data/rc_ladder_1000_analytic.csv)
// and with ngspice (tests/data/rc_ladder_1000_ngspice.csv) at the times in those
// files; tests/data/README.md says how both were made.

// simulator.h names a parameter `signals`, which Qt's keywords would turn into a macro.
#define QT_NO_KEYWORDS

#include <QFile>
#include <QtTest>
#include <algorithm>
#include <cmath>
#include <map>

#include "elaborate/block_registry.h"
#include "library.h"
#include "model/model.h"
#include "run/simulator.h"
#include "support/rc_ladder_model.h"

using namespace kelvin;

namespace {

constexpr int kSections = 1000;
const int kSensed[] = {1, 10, 100, 1000};

/// The ladder as make_rc_ladder.py writes it (test::rcLadder), with sensors Sk at nodes 1, 10, 100, 1000.
core::Model ladder(int sections) {
  core::Model m = test::rcLadder(sections);
  m.settings.stopTime = "1u";
  m.settings.step = "100n";  // samples at 0.1, 0.2, …, 1 µs: every time of the reference files
  m.settings.rtol = 1e-8;
  m.settings.atol = 1e-12;
  for (int k : kSensed) {
    if (k > sections) continue;
    const std::string n = std::to_string(k);
    m.blocks.push_back(test::ladderBlock("S" + n, "electrical.VoltageSensor"));
    m.connections.push_back(test::ladderWire("S" + n + ".p", "R" + n + ".n"));
    m.connections.push_back(test::ladderWire("S" + n + ".n", "G.p"));
  }
  return m;
}

/// Rows of a reference CSV `time,v_n1,v_n10,v_n100,v_n1000`.
std::vector<std::vector<double>> readReference(const QString& name) {
  QFile file(QStringLiteral(KELVIN_TEST_DATA_DIR "/") + name);
  if (!file.open(QIODevice::ReadOnly | QIODevice::Text)) qFatal("cannot read %s", qPrintable(file.fileName()));
  const QString header = QString::fromUtf8(file.readLine()).trimmed();
  if (header != QLatin1String("time,v_n1,v_n10,v_n100,v_n1000")) qFatal("unexpected header %s", qPrintable(header));
  std::vector<std::vector<double>> rows;
  while (!file.atEnd()) {
    const QString line = QString::fromUtf8(file.readLine()).trimmed();
    if (line.isEmpty()) continue;
    std::vector<double> row;
    for (const QString& field : line.split(QLatin1Char(','))) row.push_back(field.toDouble());
    rows.push_back(std::move(row));
  }
  return rows;
}

struct Trace {
  std::vector<double> time;
  std::map<std::string, std::vector<double>> signal;
};

}  // namespace

class TestRcLadder : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase();
  void matchesReference_data();
  void matchesReference();
  void defaultTolerancesHoldAtAnySize_data();
  void defaultTolerancesHoldAtAnySize();

 private:
  core::BlockRegistry registry_;
  Trace trace_;  // one run serves every comparison
};

void TestRcLadder::initTestCase() {
  blocks::registerAll(registry_);
  const core::Model model = ladder(kSections);
  QCOMPARE(static_cast<int>(model.blocks.size()), 2 * kSections + 2 + 4);
  const auto compiled = core::compileModel(model, registry_, model.name);
  std::vector<std::size_t> columns;
  const std::vector<std::string>& names = core::signalNames(*compiled);
  std::vector<std::string> wanted;
  for (int k : kSensed) wanted.push_back("S" + std::to_string(k) + ".y");
  for (const std::string& w : wanted) {
    const auto it = std::find(names.begin(), names.end(), w);
    QVERIFY2(it != names.end(), w.c_str());
    columns.push_back(static_cast<std::size_t>(it - names.begin()));
  }
  core::simulate(*compiled, core::SimulationOptions::fromSettings(model.settings),
                 [&](double t, const std::vector<double>& values) {
                   trace_.time.push_back(t);
                   for (std::size_t k = 0; k < wanted.size(); ++k)
                     trace_.signal[wanted[k]].push_back(values[columns[k]]);
                 });
  QCOMPARE(trace_.time.size(), std::size_t{11});  // t = 0 and ten samples 100 ns apart
}

void TestRcLadder::matchesReference_data() {
  QTest::addColumn<QString>("file");
  QTest::addColumn<double>("tolerance");
  // The closed form is exact to double precision. IDA's local error control at
  // rtol 1e-8 keeps each step's error near 1e-8 of the ≤ 1 V node voltages, and
  // the ladder (a diffusion) damps earlier errors rather than adding them up:
  // 1e-7 V is ten times rtol·1 V.
  QTest::newRow("closed form") << QStringLiteral("rc_ladder_1000_analytic.csv") << 1e-7;
  // ngspice itself is 4.5e-8 V from the closed form at node 10 (tests/data/README.md):
  // Kelvin's 1e-7 V plus that.
  QTest::newRow("ngspice") << QStringLiteral("rc_ladder_1000_ngspice.csv") << 1.5e-7;
}

void TestRcLadder::matchesReference() {
  QFETCH(QString, file);
  QFETCH(double, tolerance);
  const auto rows = readReference(file);
  QCOMPARE(rows.size(), std::size_t{4});
  double worst = 0.0;
  for (const std::vector<double>& row : rows) {
    // The sample at the reference time: the grid is k·100 ns, so it is there to rounding.
    const double t = row[0];
    std::size_t k = 0;
    for (std::size_t j = 1; j < trace_.time.size(); ++j)
      if (std::abs(trace_.time[j] - t) < std::abs(trace_.time[k] - t)) k = j;
    QVERIFY2(std::abs(trace_.time[k] - t) <= 1e-12 * t, qPrintable(QString::number(t)));
    for (std::size_t s = 0; s < std::size(kSensed); ++s) {
      const std::string name = "S" + std::to_string(kSensed[s]) + ".y";
      const double kelvin = trace_.signal.at(name)[k], reference = row[s + 1];
      const double error = std::abs(kelvin - reference);
      worst = std::max(worst, error);
      QVERIFY2(error <= tolerance, qPrintable(QStringLiteral("%1 at %2 s: Kelvin %3, %4 %5")
                                                  .arg(QString::fromStdString(name))
                                                  .arg(t)
                                                  .arg(kelvin, 0, 'g', 12)
                                                  .arg(file)
                                                  .arg(reference, 0, 'g', 12)));
    }
  }
  qInfo("%s: largest |Kelvin - reference| = %.3g V", QTest::currentDataTag(), worst);
}

void TestRcLadder::defaultTolerancesHoldAtAnySize_data() {
  QTest::addColumn<int>("sections");
  QTest::newRow("1000 sections") << 1000;
  QTest::newRow("4000 sections") << 4000;
}

// At Kelvin's default tolerances (rtol 1e-6, atol 1e-9) the nodes the step reaches must be
// within 1e-7 V of the closed form (issue #16: SPICE-like accuracy), however many still
// sections lie beyond them. IDA's error test in the RMS norm over all unknowns failed this
// (1.6e-7 at 1000 sections, growing with the size): the few active unknowns' errors were
// divided by the many idle ones. The closed form is exact for nodes 1, 10 and 100 of any
// ladder of 1000 sections or more (tests/data/README.md).
void TestRcLadder::defaultTolerancesHoldAtAnySize() {
  QFETCH(int, sections);
  core::Model model = ladder(sections);
  model.settings.rtol = core::Settings{}.rtol;
  model.settings.atol = core::Settings{}.atol;
  QCOMPARE(model.settings.rtol, 1e-6);
  const auto compiled = core::compileModel(model, registry_, model.name);
  const std::vector<std::string>& names = core::signalNames(*compiled);
  core::SimulationOptions options = core::SimulationOptions::fromSettings(model.settings);
  for (int k : {1, 10, 100})
    options.outputs.push_back(
        static_cast<int>(std::find(names.begin(), names.end(), "S" + std::to_string(k) + ".y") - names.begin()));
  std::vector<std::vector<double>> samples;  // time, then nodes 1, 10, 100
  core::simulate(*compiled, options, [&](double t, const std::vector<double>& values) {
    samples.push_back({t, values[0], values[1], values[2]});
  });
  double worst = 0.0;
  for (const std::vector<double>& row : readReference(QStringLiteral("rc_ladder_1000_analytic.csv"))) {
    const auto at = std::min_element(samples.begin(), samples.end(), [&](const auto& a, const auto& b) {
      return std::abs(a[0] - row[0]) < std::abs(b[0] - row[0]);
    });
    QVERIFY(std::abs((*at)[0] - row[0]) <= 1e-12 * row[0]);
    for (int s = 0; s < 3; ++s) worst = std::max(worst, std::abs((*at)[s + 1] - row[s + 1]));
  }
  qInfo("%d sections at rtol 1e-6, atol 1e-9: largest error at nodes 1, 10, 100 = %.3g V", sections, worst);
  QVERIFY2(worst <= 1e-7, qPrintable(QString::number(worst)));
}

QTEST_APPLESS_MAIN(TestRcLadder)
#include "tst_rc_ladder.moc"
