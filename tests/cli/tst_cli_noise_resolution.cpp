// kelvin-cli noise --psd and freq with default options (the band and grid of
// the poles): the integrated noise of the shipped Brownian resonator and of
// series RLC circuits with Q = 10³ and 10⁵ is the equipartition value to 1e-3;
// an unrefined sweep warns on stderr; freq's default band holds a resonance at
// 159 kHz and its grid reaches the peak of |H|.

#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>

#include "support/cli_runner.h"

using kelvin::test::CliRun;
using kelvin::test::runCli;

namespace {

const QString kBrownian = QStringLiteral(KELVIN_EXAMPLES_DIR "/brownian_resonator.kelvin");
constexpr double kBoltzmann = 1.380649e-23;
/// The issue's bound on the integrated noise with default options.
constexpr double kAccuracy = 1e-3;

/// The "NAME: integrated noise X" figures of the budget text.
QMap<QString, double> integrals(const QString& text) {
  QMap<QString, double> out;
  static const QRegularExpression line(QStringLiteral("^(\\S+): integrated noise (\\S+)"), QRegularExpression::MultilineOption);
  for (auto it = line.globalMatch(text); it.hasNext();) {
    const auto m = it.next();
    out[m.captured(1)] = m.captured(2).toDouble();
  }
  return out;
}

QString writeModel(const QTemporaryDir& dir, const QString& name, const QString& json) {
  const QString path = dir.filePath(name);
  QFile f(path);
  if (!f.open(QIODevice::WriteOnly)) return {};
  f.write(json.toUtf8());
  return path;
}

/// A series RLC at 300 K with a noise sensor across C.
QString seriesRlc(double r, double l, double c) {
  return QStringLiteral(R"({"format": "kelvin-model", "version": 1, "name": "rlc",
    "settings": {"stop_time": "1m", "temperature": 300},
    "blocks": [
      {"id": "R1", "type": "electrical.Resistor", "params": {"R": "%1"}},
      {"id": "L1", "type": "electrical.Inductor", "params": {"L": "%2"}},
      {"id": "C1", "type": "electrical.Capacitor", "params": {"C": "%3"}},
      {"id": "G", "type": "electrical.Ground"},
      {"id": "NS", "type": "electrical.NoiseSensor"}],
    "connections": [
      {"from": "R1.n", "to": "L1.p"}, {"from": "L1.n", "to": "C1.p"}, {"from": "C1.n", "to": "G.p"},
      {"from": "R1.p", "to": "G.p"}, {"from": "NS.p", "to": "C1.p"}, {"from": "NS.n", "to": "G.p"}]})")
      .arg(r, 0, 'g', 17)
      .arg(l, 0, 'g', 17)
      .arg(c, 0, 'g', 17);
}

}  // namespace

class TestCliNoiseResolution : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void brownianResonatorByDefault() {
    const CliRun run = runCli({"noise", kBrownian, "--psd"});
    QCOMPARE(run.exitCode, 0);
    const QMap<QString, double> total = integrals(run.err);
    const double kT = kBoltzmann * 300.15;
    const double errorX = std::abs(total.value("NX.y") / (kT / 1.0) - 1.0);
    const double errorV = std::abs(total.value("NV.y") / (kT / 1e-12) - 1.0);
    qInfo("brownian_resonator: ⟨x²⟩ relative error %.2e, ⟨v²⟩ %.2e", errorX, errorV);
    QVERIFY2(errorX < kAccuracy, qPrintable(run.err));
    QVERIFY2(errorV < kAccuracy, qPrintable(run.err));
    QVERIFY2(!run.err.contains("warning"), qPrintable(run.err));
  }

  void seriesRlcByDefault_data() {
    QTest::addColumn<double>("q");
    QTest::newRow("Q = 1000") << 1e3;
    QTest::newRow("Q = 1e5") << 1e5;
  }
  void seriesRlcByDefault() {
    QFETCH(double, q);
    QTemporaryDir dir;
    const double l = 10e-3, c = 1e-6;
    const QString model = writeModel(dir, "rlc.kelvin", seriesRlc(std::sqrt(l / c) / q, l, c));
    const CliRun run = runCli({"noise", model, "--psd", "--out", dir.filePath("psd.csv")});
    QCOMPARE(run.exitCode, 0);
    const double error = std::abs(integrals(run.out).value("NS.y") / (kBoltzmann * 300.0 / c) - 1.0);
    qInfo("series RLC, Q = %g: ⟨v_C²⟩ relative error %.2e", q, error);
    QVERIFY2(error < kAccuracy, qPrintable(run.out));
    QVERIFY2(run.err.isEmpty(), qPrintable(run.err));
  }

  void unrefinedSweepWarns() {
    const CliRun run = runCli({"noise", kBrownian, "--psd", "--no-refine"});
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.err.contains("kelvin-cli: warning: NX.y: the integrated noise may be off by more than 0.1 %"),
             qPrintable(run.err));
  }

  void freqDefaultBandHoldsTheResonance() {
    // L = 1 mH, C = 1 nF: f0 = 159.15 kHz; R = 10 Ω: Q = sqrt(L/C)/R = 100. W = v_C/v_in.
    QTemporaryDir dir;
    const QString model = writeModel(dir, "rlc_bode.kelvin", QStringLiteral(R"({"format": "kelvin-model", "version": 1,
      "name": "rlc_bode", "settings": {"stop_time": "1m"},
      "blocks": [
        {"id": "Src", "type": "signal.Constant", "params": {"value": "0"}},
        {"id": "Inp", "type": "analysis.Inp"},
        {"id": "SV", "type": "electrical.SignalVoltage"},
        {"id": "R1", "type": "electrical.Resistor", "params": {"R": "10"}},
        {"id": "L1", "type": "electrical.Inductor", "params": {"L": "1m"}},
        {"id": "C1", "type": "electrical.Capacitor", "params": {"C": "1n"}},
        {"id": "VS", "type": "electrical.VoltageSensor"},
        {"id": "G", "type": "electrical.Ground"},
        {"id": "Out", "type": "analysis.Out", "params": {"inputs": "1"}}],
      "connections": [
        {"from": "Src.y", "to": "Inp.u"}, {"from": "Inp.y", "to": "SV.u"}, {"from": "SV.p", "to": "R1.p"},
        {"from": "R1.n", "to": "L1.p"}, {"from": "L1.n", "to": "C1.p"}, {"from": "C1.n", "to": "G.p"},
        {"from": "SV.n", "to": "G.p"}, {"from": "VS.p", "to": "C1.p"}, {"from": "VS.n", "to": "G.p"},
        {"from": "VS.y", "to": "Out.u1"}]})"));
    const CliRun run = runCli({"freq", model});
    QCOMPARE(run.exitCode, 0);
    const QStringList lines = run.out.split('\n', Qt::SkipEmptyParts);
    const double first = lines[1].section(',', 0, 0).toDouble(), last = lines.back().section(',', 0, 0).toDouble();
    double peakDb = -1e9;
    for (int i = 1; i < lines.size(); ++i) peakDb = std::max(peakDb, lines[i].section(',', 3, 3).toDouble());
    const double f0 = 1.0 / (2.0 * M_PI * std::sqrt(1e-3 * 1e-9));
    qInfo("freq: %g .. %g Hz, %lld points, peak %.3f dB (Q = 100: 40.000 dB)", first, last, lines.size() - 1LL, peakDb);
    QVERIFY(first <= f0 / 100.0 * (1.0 + 1e-9) && last >= f0 * 100.0 * (1.0 - 1e-9));
    // Points every half of a half-bandwidth around the peak: within σ/4 of it, |H| ≥ 0.97 of
    // Q/sqrt(1 − 1/(4Q²)) (−0.26 dB).
    QVERIFY2(std::abs(peakDb - 20.0 * std::log10(100.0 / std::sqrt(1.0 - 1.0 / 40000.0))) < 0.27, qPrintable(QString::number(peakDb)));
  }
};

QTEST_GUILESS_MAIN(TestCliNoiseResolution)
#include "tst_cli_noise_resolution.moc"
