// The analysis windows as a user meets them (issue 13, items 4 and 6): the
// real MainWindow at 1600×1000 with fresh settings; an example opened from
// Help ▸ Examples… by keyboard, F5, then Simulation ▸ Noise Spectrum / Frequency Response / Identify
// ABCD chosen from the menu by keyboard. Each window closes on Escape and on
// its Close button, at once even while it is still computing; the range
// controls start at the defaults of the poles (every pole inside), and with
// them the integrated noise is the equipartition value and the frequency grid
// crosses each resonance.

#include <cmath>
#include <numbers>

#include <QCheckBox>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QtTest>

#include "analysis/abcd_table_window.h"
#include "analysis/frequency_window.h"
#include "analysis/noise_spectrum_window.h"
#include "analysis/pole_plot.h"
#include "gui/e2e/analysis_e2e_support.h"
#include "elaborate/block_registry.h"
#include "expr/si_number.h"
#include "library.h"
#include "main_window.h"

using namespace kelvin;

namespace {

constexpr double kBoltzmann = 1.380649e-23;
/// The bound on the integrated noise with default options.
constexpr double kAccuracy = 1e-3;

double fieldValue(QWidget* window, const char* name) {
  auto* field = window->findChild<QLineEdit*>(QString::fromLatin1(name));
  return field ? core::parseSiNumber(field->text().toStdString()).value_or(std::nan("")) : std::nan("");
}

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
    QVERIFY(test::openExampleByKeyboard(window, QStringLiteral("Brownian"), QStringLiteral("brownian_resonator.kelvin")));
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
    auto* apply = noise->findChild<QPushButton*>(QStringLiteral("applyButton"));
    QVERIFY(refine && apply);
    QTest::mouseClick(refine, Qt::LeftButton);  // untick Refine
    QVERIFY(!refine->isChecked());
    QTest::mouseClick(apply, Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(noise->spectrum() && !noise->spectrum()->refined, 20000);
    QVERIFY2(noise->warningText().contains(QStringLiteral("may be off")), qPrintable(noise->warningText()));

    // Escape closes it.
    test::pressEscape(noise);
    QVERIFY(noise->isHidden());
  }

  void closeButtonAndEscapeWhileComputing() {
    gui::MainWindow window(registry_);
    QVERIFY(test::showAtFullSize(window));
    QVERIFY(test::openExampleByKeyboard(window, QStringLiteral("RC noise"), QStringLiteral("rc_noise_spectrum.kelvin")));
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

  void frequencyResponseCoversThePoles() {
    // K2: a differentiating link (pole −100 s⁻¹) and a Sallen–Key link (T = 1 ms, ξ = 0.2:
    // poles (−ξ ± j√(1−ξ²))/T, a resonance at 156 Hz with a half-bandwidth of 32 Hz).
    gui::MainWindow window(registry_);
    QVERIFY(test::showAtFullSize(window));
    QVERIFY(test::openExampleByKeyboard(window, QStringLiteral("K2"), QStringLiteral("k2_demo.kelvin")));
    QVERIFY(test::runByF5(window));
    QVERIFY(test::chooseFromSimulationMenu(window, Qt::Key_F));
    auto* frequency = test::activeAnalysisWindow<gui::FrequencyWindow>(window);
    QVERIFY(frequency);
    QTRY_VERIFY_WITH_TIMEOUT(!frequency->transferSweep().samples.empty(), 20000);
    const Eigen::VectorXcd poles = frequency->polePlot()->poles();
    QCOMPARE(poles.size(), Eigen::Index(3));
    double slowest = 1e300, fastest = 0.0;
    for (Eigen::Index i = 0; i < poles.size(); ++i) {
      slowest = std::min(slowest, std::abs(poles(i)) / (2.0 * std::numbers::pi));
      fastest = std::max(fastest, std::abs(poles(i)) / (2.0 * std::numbers::pi));
    }
    // The default range: two decades beyond the slowest and the fastest pole.
    const double fmin = fieldValue(frequency, "frequencyFmin"), fmax = fieldValue(frequency, "frequencyFmax");
    qInfo("Frequency Response defaults: %g .. %g Hz for poles at %g .. %g Hz, %zu frequencies", fmin, fmax, slowest,
          fastest, frequency->frequencies().size());
    QVERIFY(fmin <= slowest / 100.0 * (1.0 + 1e-5) && fmax >= fastest * 100.0 * (1.0 - 1e-5));
    // The grid crosses the resonance in steps of half its half-bandwidth σ/2π.
    for (Eigen::Index i = 0; i < poles.size(); ++i) {
      if (poles(i).imag() <= 0.0) continue;
      const double peak = poles(i).imag() / (2.0 * std::numbers::pi), sigma = -poles(i).real() / (2.0 * std::numbers::pi);
      double nearest = 1e300;
      for (double f : frequency->frequencies()) nearest = std::min(nearest, std::abs(f - peak));
      QVERIFY2(nearest <= 0.25 * sigma * (1.0 + 1e-9), qPrintable(QString::number(nearest)));
    }
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
