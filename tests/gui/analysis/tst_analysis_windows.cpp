// The analysis windows of a paused or finished run, driven through the main
// window's real actions: the ABCD table of a paused run of a conducting diode
// (tests/data/forward_diode_rc.kelvin) equals
// `kelvin-cli abcd --at T` at the paused time T; the Bode data of the K2
// example equals `kelvin-cli freq` on the same grid, its W1/W2 ratio is the
// Sallen–Key closed form and its poles are those of both links; the noise
// spectrum of the RC example integrates to kT/C less the tails outside the band,
// all of it from R1, and its ABCD (a noise-envelope run: identified by running
// to the time) has the pole −1/RC; the actions are disabled while a run goes.

#include <cmath>
#include <complex>
#include <numbers>

#include <QAction>
#include <QFile>
#include <QLabel>
#include <QProcess>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QUndoStack>
#include <nlohmann/json.hpp>

#include "../gui_test_support.h"
#include "analysis/abcd_table_window.h"
#include "analysis/analysis_launcher.h"
#include "analysis/frequency_window.h"
#include "analysis/noise_spectrum_window.h"
#include "analysis/pole_plot.h"
#include "canvas/commands/set_settings_command.h"
#include "document/model_document.h"
#include "engine/simulation_controller.h"
#include "engine/simulation_session.h"
#include "library.h"
#include "model/model_file.h"
#include "scopes/run_history.h"
#include "scopes/run_result.h"

namespace core = kelvin::core;
using kelvin::gui::AnalysisLauncher;
using kelvin::gui::RunOutcome;
using kelvin::gui::SimulationController;

namespace {

constexpr int kTimeoutMs = 60000;
constexpr double kBoltzmann = 1.380649e-23;

QString example(const char* name) { return QStringLiteral(KELVIN_EXAMPLES_DIR "/") + QString::fromLatin1(name); }

QString cli(const QStringList& arguments) {
  QProcess process;
  process.start(QStringLiteral(KELVIN_CLI_PATH), arguments);
  if (!process.waitForFinished(kTimeoutMs) || process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0) {
    qWarning("kelvin-cli %s failed: %s", qPrintable(arguments.join(QLatin1Char(' '))),
             process.readAllStandardError().constData());
    return {};
  }
  return QString::fromUtf8(process.readAllStandardOutput());
}

QString exact(double v) { return QString::number(v, 'g', 17); }

/// Runs the window's model to its end through the Run action.
bool runToEnd(kelvin::gui::MainWindow& window) {
  QSignalSpy ended(window.simulation(), &kelvin::gui::SimulationSession::runEnded);
  window.action(QStringLiteral("run"))->trigger();
  if (!QTest::qWaitFor([&] { return ended.count() == 1; }, kTimeoutMs)) return false;
  return ended.at(0).at(0).value<RunOutcome>().status == RunOutcome::Status::Finished;
}

/// Triggers `action` and waits until its window has its result.
bool analyse(kelvin::gui::MainWindow& window, const char* action) {
  QSignalSpy done(window.analysis(), &AnalysisLauncher::analysisDone);
  window.action(QString::fromLatin1(action))->trigger();
  return QTest::qWaitFor([&] { return done.count() >= 1; }, kTimeoutMs);
}

/// Rows of `kelvin-cli freq` CSV: freq_hz, re, im, mag_db, phase_deg.
std::vector<std::array<double, 5>> parseFreqCsv(const QString& csv) {
  std::vector<std::array<double, 5>> rows;
  const QStringList lines = csv.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
  for (int i = 1; i < lines.size(); ++i) {
    const QStringList cells = lines[i].split(QLatin1Char(','));
    if (cells.size() != 5) continue;
    std::array<double, 5> row{};
    for (int c = 0; c < 5; ++c) row[c] = cells[c].toDouble();
    rows.push_back(row);
  }
  return rows;
}

}  // namespace

class TestAnalysisWindows : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() {
    kelvin::test::useTestSettings("tst_analysis_windows");
    kelvin::blocks::registerAll(registry_);
  }

  void pausedRunAbcdEqualsCli_data() {
    QTest::addColumn<QString>("solver");
    QTest::addColumn<double>("tolerance");
    // IDA: the paused state is the run's output sample at T (interpolated from IDA's step
    // across T), the CLI's the end of a run stopped exactly at T: two solutions within IDA's
    // error control, rtol 1e-6 on v ≈ 0.65 V plus atol 1e-9, i.e. ~1e-6 V apart. The diode's
    // conductance (Is/Vt)·exp(v/Vt), 90 % of the entry, then moves by δv/Vt ≈ 4e-5 relative;
    // 4e-4 leaves a factor 10 for the global error accumulated before T.
    QTest::newRow("ida") << QStringLiteral("ida") << 4e-4;
    // Trapezoidal rule with a fixed step: both runs take the same steps to T (a multiple of
    // the step), so only rounding differs: 1e-9 relative.
    QTest::newRow("trapezoid") << QStringLiteral("trapezoid") << 1e-9;
  }

  void pausedRunAbcdEqualsCli() {
    QFETCH(QString, solver);
    QFETCH(double, tolerance);
    kelvin::gui::MainWindow window(registry_);
    window.show();
    // A diode that conducts all the time: the matrix depends on the state at any instant.
    QVERIFY(window.openFile(QStringLiteral(KELVIN_TEST_DATA_DIR "/forward_diode_rc.kelvin")));
    // Long enough (10^6 samples) to be still going when paused.
    core::Settings settings = window.model().settings;
    settings.solver = solver.toStdString();
    window.document()->undoStack()->push(new kelvin::gui::SetSettingsCommand(window.document(), settings));
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("forward_diode_rc.kelvin"));
    core::saveModel(window.model(), file.toStdString());

    QAction* identify = window.action(QStringLiteral("identifyAbcd"));
    QVERIFY(identify && !identify->isEnabled());
    kelvin::gui::SimulationSession* session = window.simulation();
    window.action(QStringLiteral("run"))->trigger();
    // Some way into the run, past the initial transient (τ = RC ≈ 0.2 ms with the diode on).
    QVERIFY(QTest::qWaitFor([&] {
      return session->history()->current() && session->history()->current()->sampleCount() > 600;
    }, kTimeoutMs));
    QVERIFY(!identify->isEnabled());  // running: no instant to analyse
    window.action(QStringLiteral("pause"))->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(window.analysis()->snapshot(), kTimeoutMs);
    QVERIFY(identify->isEnabled());
    const double t = window.analysis()->snapshot()->time;
    // The paused time is the last sample the scope shows.
    QCOMPARE(t, session->history()->current()->times().back());

    QVERIFY(analyse(window, "identifyAbcd"));
    kelvin::gui::AbcdTableWindow* table = window.analysis()->abcdWindow();
    QVERIFY(table && table->report());
    const QString json = cli({QStringLiteral("abcd"), file, QStringLiteral("--at"), exact(t)});
    QVERIFY(!json.isEmpty());
    const nlohmann::json reference = nlohmann::json::parse(json.toStdString());
    const auto& a = reference["A"];
    QCOMPARE(table->table()->rowCount(), static_cast<int>(a.size()));
    QCOMPARE(table->table()->columnCount(), static_cast<int>(a.size()));  // no Inp: no u column
    double worst = 0.0, scale = 0.0;
    for (std::size_t r = 0; r < a.size(); ++r) {
      const std::string label = reference["rows"][r];
      QVERIFY2(table->table()->verticalHeaderItem(int(r))->text().startsWith(QString::fromStdString(label)),
               qPrintable(table->table()->verticalHeaderItem(int(r))->text()));
      double rowScale = 0.0;
      for (std::size_t c = 0; c < a[r].size(); ++c) rowScale = std::max(rowScale, std::abs(a[r][c].get<double>()));
      for (std::size_t c = 0; c < a[r].size(); ++c) {
        const double shown = table->table()->item(int(r), int(c))->data(Qt::UserRole).toDouble();
        const double difference = std::abs(shown - a[r][c].get<double>()) / std::max(rowScale, 1e-300);
        worst = std::max(worst, difference);
      }
      scale = std::max(scale, rowScale);
    }
    qInfo("%s: paused at t = %.9g s, %zu rows, largest row-relative difference from kelvin-cli abcd --at T: %.3g",
          qPrintable(solver), t, a.size(), worst);
    QVERIFY2(worst <= tolerance, qPrintable(QString::number(worst)));
    // Copy gives the same numbers at full precision.
    const QStringList copied = table->tableText(false).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(copied.size(), table->table()->rowCount() + 1);
    QCOMPARE(copied[1].split(QLatin1Char('\t')).at(1).toDouble(), table->table()->item(0, 0)->data(Qt::UserRole).toDouble());
    // Export: the CLI's JSON contract.
    QString error;
    const QString exported = dir.filePath(QStringLiteral("abcd.json"));
    QVERIFY2(table->exportTo(exported, &error), qPrintable(error));
    QFile in(exported);
    QVERIFY(in.open(QIODevice::ReadOnly));
    const nlohmann::json written = nlohmann::json::parse(in.readAll().toStdString());
    QCOMPARE(written["rows"], reference["rows"]);

    // Resuming makes the instant stale.
    window.action(QStringLiteral("resume"))->trigger();
    QVERIFY(!identify->isEnabled());
    QSignalSpy ended(session, &kelvin::gui::SimulationSession::runEnded);
    window.action(QStringLiteral("stop"))->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(ended.count(), 1, kTimeoutMs);
    QVERIFY(identify->isEnabled());  // a stopped run is analysable at its last sample
  }

  void k2BodeEqualsCli() {
    kelvin::gui::MainWindow window(registry_);
    window.show();
    const QString file = example("k2_demo.kelvin");
    QVERIFY(window.openFile(file));
    QVERIFY(runToEnd(window));
    const double t = window.analysis()->snapshot()->time;
    QVERIFY(analyse(window, "frequencyResponse"));
    kelvin::gui::FrequencyWindow* frequency = window.analysis()->frequencyWindow();
    QVERIFY(frequency);

    struct Case {
      int k, m;
      QStringList options;
    };
    for (const Case& c : {Case{0, 0, {}}, Case{0, 1, {QStringLiteral("--w1"), QStringLiteral("1"), QStringLiteral("--w2"), QStringLiteral("2")}}}) {
      frequency->setSweep(1.0, 1e5, 200, c.k, c.m);  // the same explicit grid on both sides
      QTRY_VERIFY(!frequency->isComputing());         // computed on a pool thread
      const auto reference = parseFreqCsv(cli(QStringList{QStringLiteral("freq"), file, QStringLiteral("--at"), exact(t),
                                                          QStringLiteral("--fmin"), QStringLiteral("1"), QStringLiteral("--fmax"),
                                                          QStringLiteral("100k"), QStringLiteral("--points"), QStringLiteral("200")} +
                                              c.options));
      const core::FrequencySweep& sweep = frequency->transferSweep();
      QCOMPARE(sweep.samples.size(), reference.size());
      QCOMPARE(reference.size(), std::size_t(200));
      double worstValue = 0.0, worstDb = 0.0, worstDeg = 0.0;
      for (std::size_t i = 0; i < reference.size(); ++i) {
        const core::FrequencySample& s = sweep.samples[i];
        QCOMPARE(s.hz, reference[i][0]);
        const std::complex<double> w(reference[i][1], reference[i][2]);
        worstValue = std::max(worstValue, std::abs(s.value - w) / std::abs(w));
        worstDb = std::max(worstDb, std::abs(s.magnitudeDb - reference[i][3]));
        worstDeg = std::max(worstDeg, std::abs(s.phaseDeg - reference[i][4]));
      }
      qInfo("K2 W%d/W%d: 200 frequencies, largest difference from kelvin-cli freq: %.3g relative, %.3g dB, %.3g deg",
            c.k + 1, c.m + 1, worstValue, worstDb, worstDeg);
      // The model is linear: the matrix does not depend on the state, and both sides solve the
      // same 5×5 system at each frequency in double precision; 1e-12 is rounding.
      QVERIFY2(worstValue < 1e-12, qPrintable(QString::number(worstValue)));
      QVERIFY(worstDb < 1e-10 && worstDeg < 1e-9);
      // Export writes the sweep shown, in kelvin-cli freq's columns, to the last bit.
      QTemporaryDir dir;
      const QString path = dir.filePath(QStringLiteral("bode.csv"));
      QString error;
      QVERIFY2(frequency->exportCsv(path, &error), qPrintable(error));
      QFile csv(path);
      QVERIFY(csv.open(QIODevice::ReadOnly));
      const std::vector<std::array<double, 5>> exported = parseFreqCsv(QString::fromUtf8(csv.readAll()));
      QCOMPARE(exported.size(), sweep.samples.size());
      for (std::size_t i = 0; i < exported.size(); ++i) {
        const core::FrequencySample& s = sweep.samples[i];
        QVERIFY(exported[i] == (std::array<double, 5>{s.hz, s.value.real(), s.value.imag(), s.magnitudeDb, s.phaseDeg}));
      }
    }

    // W1/W2 is the Sallen–Key link alone: 1/(T²s² + 2ξTs + 1), T = 1 ms, ξ = 0.2. The op-amp is
    // ideal, so this is exact up to rounding in the ratio of two solves: 1e-9 relative.
    double worstClosed = 0.0;
    for (const core::FrequencySample& s : frequency->transferSweep().samples) {
      const std::complex<double> jw(0.0, 2.0 * std::numbers::pi * s.hz);
      const std::complex<double> expected = 1.0 / (1e-6 * jw * jw + 2.0 * 0.2 * 1e-3 * jw + 1.0);
      worstClosed = std::max(worstClosed, std::abs(s.value - expected) / std::abs(expected));
    }
    qInfo("K2 W1/W2 against the Sallen-Key closed form: largest relative error %.3g", worstClosed);
    QVERIFY2(worstClosed < 1e-9, qPrintable(QString::number(worstClosed)));

    // Poles: −1/T2 = −100 (the differentiating link) and (−ξ ± j√(1−ξ²))/T (Sallen–Key).
    const Eigen::VectorXcd poles = frequency->polePlot()->poles();
    const std::complex<double> expected[] = {{-100.0, 0.0}, {-200.0, 1000.0 * std::sqrt(0.96)}, {-200.0, -1000.0 * std::sqrt(0.96)}};
    QCOMPARE(poles.size(), Eigen::Index(3));
    for (const std::complex<double>& p : expected) {
      double nearest = 1e300;
      for (Eigen::Index i = 0; i < poles.size(); ++i) nearest = std::min(nearest, std::abs(poles(i) - p));
      // Eigenvalues of a 3×3 matrix with entries up to ~1e6: 1e-6 absolute is rounding.
      QVERIFY2(nearest < 1e-6 * std::abs(p), qPrintable(QString::number(nearest)));
    }
  }

  void rcNoiseSpectrumIntegratesToKtOverC() {
    kelvin::gui::MainWindow window(registry_);
    window.show();
    QVERIFY(window.openFile(example("rc_noise_spectrum.kelvin")));
    QVERIFY(runToEnd(window));
    QVERIFY(window.action(QStringLiteral("noiseSpectrum"))->isEnabled());
    QVERIFY(analyse(window, "noiseSpectrum"));
    kelvin::gui::NoiseSpectrumWindow* noise = window.analysis()->noiseWindow();
    QVERIFY(noise && noise->spectrum());
    const core::NoiseSpectrum& spectrum = *noise->spectrum();
    QCOMPARE(spectrum.outputs, std::vector<std::string>{"NS.y"});
    // 4kTR/(1 + (f/fc)²) over the default band [fc/1e5, 1e5 fc] integrates to
    // (kT/C)·(2/π)·(atan(1e5) − atan(1e-5)): kT/C less the two tails outside the band.
    const double kT = kBoltzmann * 300.15, R = 1e3, C = 1e-9, fc = 1.0 / (2.0 * std::numbers::pi * R * C);
    QVERIFY(spectrum.refined && spectrum.basePoints == 200 && spectrum.frequencies.size() > 200);
    QVERIFY(std::abs(spectrum.frequencies.front() / (fc / 1e5) - 1.0) < 1e-6);
    const double f0 = spectrum.frequencies.front(), f1 = spectrum.frequencies.back();
    const double inBand = 4.0 * kT * R * fc * (std::atan(f1 / fc) - std::atan(f0 / fc));
    const double error = std::abs(spectrum.totalVariance[0] / inBand - 1.0);
    qInfo("RC noise: integrated %.6g V² over %.4g .. %.4g Hz (%zu frequencies), closed form %.6g V² (kT/C = %.6g V²): error %.3g",
          spectrum.totalVariance[0], f0, f1, spectrum.frequencies.size(), inBand, kT / C, error);
    // The refinement stops at an estimated 1e-5 (Simpson's Richardson estimate); 1e-4 leaves it
    // a margin of 10, and is 10 times inside the 1e-3.
    QVERIFY2(error < 1e-4, qPrintable(QString::number(error)));
    QVERIFY(spectrum.warnings.empty());
    // The PSD at the lowest frequency is the resistor's 4kTR to within (f0/fc)² = 1e-6.
    QVERIFY(std::abs(spectrum.psd[0].front() / (4.0 * kT * R) - 1.0) < 1e-5);
    // The budget: all of it from R1, shown in the window's table.
    QCOMPARE(noise->budget()->rowCount(), 1);
    QCOMPARE(noise->budget()->item(0, 0)->data(Qt::UserRole).toString(), QStringLiteral("R1"));
    QVERIFY(noise->budget()->item(0, 3)->text().startsWith(QLatin1String("100.00")));
    // Export: the CSV holds every frequency and PSD value of the spectrum, to the last bit (%.17g).
    {
      QTemporaryDir dir;
      const QString path = dir.filePath(QStringLiteral("psd.csv"));
      QString error;
      QVERIFY2(noise->exportCsv(path, &error), qPrintable(error));
      QFile csv(path);
      QVERIFY(csv.open(QIODevice::ReadOnly));
      QCOMPARE(csv.readLine().trimmed(), QByteArray("freq_hz,NS.y.psd"));
      std::size_t row = 0;
      bool exact = true;
      for (; !csv.atEnd(); ++row) {
        const QList<QByteArray> f = csv.readLine().trimmed().split(',');
        exact = exact && f.size() == 2 && row < spectrum.frequencies.size() &&
                f[0].toDouble() == spectrum.frequencies[row] && f[1].toDouble() == spectrum.psd[0][row];
      }
      QCOMPARE(row, spectrum.frequencies.size());
      QVERIFY(exact);
    }

    // A noise-envelope run reports no state with its samples: the identification runs the
    // model to the last sample's time instead. Its one pole is −1/RC.
    QVERIFY(!window.analysis()->snapshot()->state);
    QVERIFY(analyse(window, "identifyAbcd"));
    const kelvin::core::AbcdReport* report = window.analysis()->abcdWindow()->report();
    QVERIFY(report);
    QCOMPARE(report->eigenvalues.size(), Eigen::Index(1));
    // A 1×1 reduction of exact Jacobian entries: rounding only.
    QVERIFY(std::abs(report->eigenvalues(0) - std::complex<double>(-1.0 / (R * C), 0.0)) < 1e-9 / (R * C));
  }

 private:
  core::BlockRegistry registry_;
};

QTEST_MAIN(TestAnalysisWindows)
#include "tst_analysis_windows.moc"
