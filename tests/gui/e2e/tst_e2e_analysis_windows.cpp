// The analysis windows as a user meets them (issue 13, items 4 and 6): the
// real MainWindow at 1600×1000 with fresh settings; a model opened with
// Ctrl+O, F5, then Simulation ▸ Noise Spectrum / Frequency Response / Identify
// ABCD chosen from the menu by keyboard. Each window closes on Escape and on
// its Close button, at once even while it is still computing; the range
// controls start at the defaults of the poles (every pole inside), and with
// them the integrated noise is the equipartition value and the Bode plot
// reaches the resonance's peak.

#include <cmath>
#include <numbers>

#include <QCheckBox>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QtTest>

#include "analysis/abcd_table_window.h"
#include "analysis/frequency_window.h"
#include "analysis/noise_spectrum_window.h"
#include "e2e/analysis_e2e_support.h"
#include "elaborate/block_registry.h"
#include "expr/si_number.h"
#include "library.h"
#include "main_window.h"

using namespace kelvin;

namespace {

constexpr double kBoltzmann = 1.380649e-23;
/// The issue's bound on the integrated noise with default options.
constexpr double kAccuracy = 1e-3;

QString example(const char* name) { return QStringLiteral(KELVIN_EXAMPLES_DIR "/") + QString::fromLatin1(name); }

double fieldValue(QWidget* window, const char* name) {
  auto* field = window->findChild<QLineEdit*>(QString::fromLatin1(name));
  return field ? core::parseSiNumber(field->text().toStdString()).value_or(std::nan("")) : std::nan("");
}

/// A series RLC driven through analysis.Inp, its capacitor voltage to analysis.Out:
/// L = 1 mH, C = 1 nF (f0 = 159.15 kHz), R = 10 Ω (Q = 100).
const char* kRlcBode = R"({"format": "kelvin-model", "version": 1, "name": "rlc_bode",
  "settings": {"stop_time": "100u", "step": "1u"},
  "blocks": [
    {"id": "Src", "type": "signal.Constant", "params": {"value": "0"}, "pos": [0, 0]},
    {"id": "Inp", "type": "analysis.Inp", "pos": [100, 0]},
    {"id": "SV", "type": "electrical.SignalVoltage", "pos": [200, 60], "rotation": 90},
    {"id": "R1", "type": "electrical.Resistor", "params": {"R": "10"}, "pos": [300, 0]},
    {"id": "L1", "type": "electrical.Inductor", "params": {"L": "1m"}, "pos": [420, 0]},
    {"id": "C1", "type": "electrical.Capacitor", "params": {"C": "1n"}, "pos": [540, 60], "rotation": 90},
    {"id": "VS", "type": "electrical.VoltageSensor", "pos": [640, 60], "rotation": 90},
    {"id": "G", "type": "electrical.Ground", "pos": [420, 180]},
    {"id": "Out", "type": "analysis.Out", "params": {"inputs": "1"}, "pos": [760, 60]}],
  "connections": [
    {"from": "Src.y", "to": "Inp.u"}, {"from": "Inp.y", "to": "SV.u"}, {"from": "SV.p", "to": "R1.p"},
    {"from": "R1.n", "to": "L1.p"}, {"from": "L1.n", "to": "C1.p"}, {"from": "C1.n", "to": "G.p"},
    {"from": "SV.n", "to": "G.p"}, {"from": "VS.p", "to": "C1.p"}, {"from": "VS.n", "to": "G.p"},
    {"from": "VS.y", "to": "Out.u1"}]})";

}  // namespace

class TestE2eAnalysisWindows : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() {
    test::useFreshSettings("tst_e2e_analysis_windows");
    blocks::registerAll(registry_);
  }

  void noiseSpectrumOfTheBrownianResonator() {
    gui::MainWindow window(registry_);
    QVERIFY(test::showAtFullSize(window));
    QVERIFY(test::openByKeyboard(window, example("brownian_resonator.kelvin")));
    QVERIFY(test::runByF5(window));
    QVERIFY(test::chooseFromSimulationMenu(window, Qt::Key_N));
    auto* noise = test::activeAnalysisWindow<gui::NoiseSpectrumWindow>(window);
    QVERIFY(noise);
    QTRY_VERIFY_WITH_TIMEOUT(noise->spectrum(), 20000);
    // The range controls show the band of the poles: f0 = 159 kHz, five decades either side.
    const double f0 = std::sqrt(1.0 / 1e-12) / (2.0 * std::numbers::pi);
    const double fmin = fieldValue(noise, "noiseFmin"), fmax = fieldValue(noise, "noiseFmax");
    qInfo("Noise Spectrum defaults: %g .. %g Hz, %d points", fmin, fmax, noise->findChild<QSpinBox*>("noisePoints")->value());
    QVERIFY(fmin <= f0 * 1e-4 && fmax >= f0 * 1e4);
    // With them, equipartition: ⟨x²⟩ = kT/k, ⟨v²⟩ = kT/m (T = 300.15 K, k = 1 N/m, m = 1 pg).
    const double kT = kBoltzmann * 300.15;
    const core::NoiseSpectrum& s = *noise->spectrum();
    const double errorX = std::abs(s.totalVariance[0] / kT - 1.0), errorV = std::abs(s.totalVariance[1] / (kT / 1e-12) - 1.0);
    qInfo("GUI noise spectrum: ⟨x²⟩ relative error %.2e, ⟨v²⟩ %.2e", errorX, errorV);
    QVERIFY(errorX < kAccuracy && errorV < kAccuracy);
    QVERIFY2(noise->warningText().isEmpty(), qPrintable(noise->warningText()));

    // A coarse grid of the user's (20 points, unrefined): the window warns.
    auto* points = noise->findChild<QSpinBox*>("noisePoints");
    points->setFocus();
    QTest::keyClick(points, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(points, QStringLiteral("20"));
    auto* refine = noise->findChild<QCheckBox*>(QStringLiteral("noiseRefine"));
    QTest::mouseClick(refine, Qt::LeftButton);  // untick Refine
    QVERIFY(!refine->isChecked());
    QTest::mouseClick(noise->findChild<QPushButton*>(QStringLiteral("applyButton")), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(noise->spectrum() && !noise->spectrum()->refined, 20000);
    QVERIFY2(noise->warningText().contains(QStringLiteral("may be off")), qPrintable(noise->warningText()));

    // Escape closes it.
    test::pressEscape(noise);
    QVERIFY(noise->isHidden());
  }

  void closeButtonAndEscapeWhileComputing() {
    gui::MainWindow window(registry_);
    QVERIFY(test::showAtFullSize(window));
    QVERIFY(test::openByKeyboard(window, example("rc_noise_spectrum.kelvin")));
    QVERIFY(test::runByF5(window));
    // Escape right after the window opens, before its result can have arrived: it closes at once.
    QVERIFY(test::chooseFromSimulationMenu(window, Qt::Key_N));
    auto* noise = test::activeAnalysisWindow<gui::NoiseSpectrumWindow>(window);
    QVERIFY(noise);
    test::pressEscape(noise);
    QVERIFY(noise->isHidden());
    // Opened again: the Close button closes it.
    QVERIFY(test::chooseFromSimulationMenu(window, Qt::Key_N));
    QVERIFY(test::activeAnalysisWindow<gui::NoiseSpectrumWindow>(window) == noise);
    QTRY_VERIFY_WITH_TIMEOUT(noise->spectrum(), 20000);
    auto* close = noise->findChild<QPushButton*>(QStringLiteral("closeButton"));
    QVERIFY(close && close->isVisible());
    QTest::mouseClick(close, Qt::LeftButton);
    QVERIFY(noise->isHidden());

    // The ABCD table: Escape and Close too.
    QVERIFY(test::chooseFromSimulationMenu(window, Qt::Key_A));
    auto* abcd = test::activeAnalysisWindow<gui::AbcdTableWindow>(window);
    QVERIFY(abcd);
    test::pressEscape(abcd);
    QVERIFY(abcd->isHidden());
    QVERIFY(test::chooseFromSimulationMenu(window, Qt::Key_A));
    QVERIFY(test::activeAnalysisWindow<gui::AbcdTableWindow>(window) == abcd);
    QTest::mouseClick(abcd->findChild<QPushButton*>(QStringLiteral("closeButton")), Qt::LeftButton);
    QVERIFY(abcd->isHidden());
  }

  void frequencyResponseCoversTheResonance() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("rlc_bode.kelvin"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(kRlcBode);
    file.close();
    gui::MainWindow window(registry_);
    QVERIFY(test::showAtFullSize(window));
    QVERIFY(test::openByKeyboard(window, path));
    QVERIFY(test::runByF5(window));
    QVERIFY(test::chooseFromSimulationMenu(window, Qt::Key_F));
    auto* frequency = test::activeAnalysisWindow<gui::FrequencyWindow>(window);
    QVERIFY(frequency);
    QTRY_VERIFY_WITH_TIMEOUT(!frequency->transferSweep().samples.empty(), 20000);
    // The default range holds the resonance at 159 kHz with two decades either side.
    const double f0 = 1.0 / (2.0 * std::numbers::pi * std::sqrt(1e-3 * 1e-9));
    const double fmin = fieldValue(frequency, "frequencyFmin"), fmax = fieldValue(frequency, "frequencyFmax");
    double peakDb = -1e300;
    for (const core::FrequencySample& s : frequency->transferSweep().samples) peakDb = std::max(peakDb, s.magnitudeDb);
    qInfo("Frequency Response defaults: %g .. %g Hz; peak %.3f dB (Q = 100: 40.0 dB)", fmin, fmax, peakDb);
    QVERIFY(fmin <= f0 / 100.0 * (1.0 + 1e-5) && fmax >= f0 * 100.0 * (1.0 - 1e-5));
    // Points across the resonance: within σ/4 of the peak, |H| ≥ 0.97 of Q (−0.27 dB).
    QVERIFY2(std::abs(peakDb - 40.0) < 0.27, qPrintable(QString::number(peakDb)));
    test::pressEscape(frequency);
    QVERIFY(frequency->isHidden());
    QVERIFY(test::chooseFromSimulationMenu(window, Qt::Key_F));
    QVERIFY(test::activeAnalysisWindow<gui::FrequencyWindow>(window) == frequency);
    QTest::mouseClick(frequency->findChild<QPushButton*>(QStringLiteral("closeButton")), Qt::LeftButton);
    QVERIFY(frequency->isHidden());
  }

 private:
  core::BlockRegistry registry_;
};

QTEST_MAIN(TestE2eAnalysisWindows)
#include "tst_e2e_analysis_windows.moc"
